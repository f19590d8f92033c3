//===- Registration.cpp - Entry point of fold_result_copies -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_fold_result_copies`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/fold_result_copies/FoldResultCopies.h"

extern "C" void vpuc_register_vpuip_fold_result_copies(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createFoldResultCopiesPass(); });
}
