//===- ConvertScaleShiftToDepthwise.h - ScaleShift to depthwise -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertScaleShiftToDepthwisePass() and the pass's pattern.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE_H_
#define VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_CONVERTSCALESHIFTTODEPTHWISEPASS
#include "passes/ie/convert_scale_shift_to_depthwise/Passes.h.inc" // IWYU pragma: keep

/// Adds the patterns of vpuc-ie-convert-scale-shift-to-depthwise: a static
/// rank-4 IE.ScaleShift, or a quantized (with `floatMultiplies`, any)
/// IE.Multiply of a tensor by per-channel factors, becomes a 1x1 depthwise
/// IE.GroupConvolution where the NCE runs it. The context must have the NCE
/// legality models (VPU::registerNCELegalityModels).
void populateConvertScaleShiftToDepthwisePatterns(RewritePatternSet &patterns,
                                                  bool floatMultiplies = false);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE_H_
