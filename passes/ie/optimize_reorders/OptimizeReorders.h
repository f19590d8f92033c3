//===- OptimizeReorders.h - vpuc-ie-optimize-reorders pass ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createOptimizeReordersPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS_H_
#define VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_OPTIMIZEREORDERSPASS
#include "passes/ie/optimize_reorders/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS_H_
