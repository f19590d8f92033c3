//===- Registration.cpp - Entry point of optimize_copies --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_optimize_copies`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/optimize_copies/OptimizeCopies.h"

extern "C" void
vpuc_register_vpuip_optimize_copies(mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createOptimizeCopiesPass(); });
}
