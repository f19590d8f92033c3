//===- ConvertConv1DToConv2D.h - 1-D to 2-D window ops ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertConv1DToConv2DPass() and the patterns of the pass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_CONV1D_TO_CONV2D_CONVERTCONV1DTOCONV2D_H_
#define VPUC_PASSES_IE_CONVERT_CONV1D_TO_CONV2D_CONVERTCONV1DTOCONV2D_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTCONV1DTOCONV2DPASS
#include "passes/ie/convert_conv1d_to_conv2d/Passes.h.inc" // IWYU pragma: keep

/// Adds the rewrite of the static 1-D IE.Convolution, IE.GroupConvolution,
/// IE.Deconvolution, IE.MaxPool and IE.AvgPool into their 2-D forms (H = 1)
/// between reshapes.
void populateConvertConv1DToConv2DPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_CONV1D_TO_CONV2D_CONVERTCONV1DTOCONV2D_H_
