//===- Registration.cpp - Entry point of split_dmas -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_split_dmas`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/split_dmas/SplitDmas.h"

extern "C" void
vpuc_register_vpuip_split_dmas(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPUIP::createSplitDmasPass(); });
}
