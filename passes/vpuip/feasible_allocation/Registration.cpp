//===- Registration.cpp - Entry point of feasible_allocation ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_feasible_allocation`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/feasible_allocation/FeasibleAllocation.h"

extern "C" void vpuc_register_vpuip_feasible_allocation(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createFeasibleAllocationPass(); });
}
