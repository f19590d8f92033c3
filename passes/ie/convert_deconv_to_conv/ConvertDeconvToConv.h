//===- ConvertDeconvToConv.h - Deconvolution to conv ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertDeconvToConvPass() and the pass's pattern.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_DECONV_TO_CONV_CONVERTDECONVTOCONV_H_
#define VPUC_PASSES_IE_CONVERT_DECONV_TO_CONV_CONVERTDECONVTOCONV_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTDECONVTOCONVPASS
#include "passes/ie/convert_deconv_to_conv/Passes.h.inc" // IWYU pragma: keep

/// Adds the pattern of vpuc-ie-convert-deconv-to-conv: an IE.Deconvolution
/// whose kernel equals its stride (no padding, one group, constant filter)
/// becomes, where the NCE runs the result, a 1x1 IE.Convolution with
/// stride * stride times the output channels and an IE.DepthToSpace. The
/// context must have the NCE legality models
/// (VPU::registerNCELegalityModels).
void populateConvertDeconvToConvPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_DECONV_TO_CONV_CONVERTDECONVTOCONV_H_
