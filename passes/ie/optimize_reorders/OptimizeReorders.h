//===- OptimizeReorders.h - vpuc-ie-optimize-reorders pass ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createOptimizeReordersPass() and the pass's patterns.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS_H_
#define VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_OPTIMIZEREORDERSPASS
#include "passes/ie/optimize_reorders/Passes.h.inc" // IWYU pragma: keep

/// Adds the patterns of vpuc-ie-optimize-reorders: reorder chains merged,
/// reorders of constants folded, reorders moved down through layout-agnostic
/// ops (not through the layers the NCE runs). The context must have the NCE
/// legality models (VPU::registerNCELegalityModels).
void populateOptimizeReordersPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_OPTIMIZE_REORDERS_OPTIMIZEREORDERS_H_
