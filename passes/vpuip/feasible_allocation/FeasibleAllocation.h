//===- FeasibleAllocation.h - CMX feasible scheduling -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFeasibleAllocationPass() and its options.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_FEASIBLEALLOCATION_H_
#define VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_FEASIBLEALLOCATION_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_FEASIBLEALLOCATIONPASS
#include "passes/vpuip/feasible_allocation/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_FEASIBLEALLOCATION_H_
