//===- HandleAsymmetricStrides.h - Asymmetric strides -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createHandleAsymmetricStridesPass() and the pass's patterns.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES_H_
#define VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_HANDLEASYMMETRICSTRIDESPASS
#include "passes/ie/handle_asymmetric_strides/Passes.h.inc" // IWYU pragma: keep

/// Adds the patterns of vpuc-ie-handle-asymmetric-strides: an IE.Convolution,
/// depthwise IE.GroupConvolution, IE.MaxPool or IE.AvgPool with asymmetric
/// strides the NCE rejects becomes the op at the divisor strides the NCE takes
/// with the largest product, then a strided IE.Slice. The context must have
/// the NCE legality models (VPU::registerNCELegalityModels).
void populateHandleAsymmetricStridesPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_HANDLE_ASYMMETRIC_STRIDES_HANDLEASYMMETRICSTRIDES_H_
