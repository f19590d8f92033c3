//===- ResolveStridedSlice.h - vpuc-ie-resolve-strided-slice ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createResolveStridedSlicePass() and the pattern of the pass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE_H_
#define VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_RESOLVESTRIDEDSLICEPASS
#include "passes/ie/resolve_strided_slice/Passes.h.inc" // IWYU pragma: keep

/// Adds the rewrite of IE.StridedSlice (static input) into its resolved form:
/// an IE.Slice when every stride is 1, else an IE.StridedSlice with resolved
/// begins, ends and strides and no masks.
void populateResolveStridedSlicePatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_RESOLVE_STRIDED_SLICE_RESOLVESTRIDEDSLICE_H_
