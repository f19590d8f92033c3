//===- ConvertFCToConv.h - FullyConnected to conv ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertFCToConvPass() and the pass's patterns.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV_H_
#define VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTFCTOCONVPASS
#include "passes/ie/convert_fc_to_conv/Passes.h.inc" // IWYU pragma: keep

/// Adds the patterns of vpuc-ie-convert-fc-to-conv: IE.FullyConnected, and
/// IE.MatMul with constant 2-D weights, become 1x1 IE.Convolutions between
/// reshapes where the NCE runs the convolution. The context must have the NCE
/// legality models (VPU::registerNCELegalityModels).
void populateConvertFCToConvPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_FC_TO_CONV_CONVERTFCTOCONV_H_
