//===- Registration.cpp - Entry point of write_in_place ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_write_in_place`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/write_in_place/WriteInPlace.h"

extern "C" void
vpuc_register_vpuip_write_in_place(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPUIP::createWriteInPlacePass(); });
}
