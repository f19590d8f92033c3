//===- Registration.cpp - Entry point of assign_shaves ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_assign_shaves`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/assign_shaves/AssignShaves.h"

extern "C" void
vpuc_register_vpuip_assign_shaves(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPUIP::createAssignShavesPass(); });
}
