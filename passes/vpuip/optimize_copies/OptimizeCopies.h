//===- OptimizeCopies.h - Remove DDR round trips of CMX data ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createOptimizeCopiesPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_OPTIMIZE_COPIES_OPTIMIZECOPIES_H_
#define VPUC_PASSES_VPUIP_OPTIMIZE_COPIES_OPTIMIZECOPIES_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_OPTIMIZECOPIESPASS
#include "passes/vpuip/optimize_copies/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_OPTIMIZE_COPIES_OPTIMIZECOPIES_H_
