//===- AdjustLayouts.td - vpuc-ie-adjust-layouts pass ------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares AdjustLayoutsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_ADJUST_LAYOUTS_ADJUSTLAYOUTS
#define VPUC_PASSES_IE_ADJUST_LAYOUTS_ADJUSTLAYOUTS

include "mlir/Pass/PassBase.td"

def AdjustLayoutsPass : Pass<"vpuc-ie-adjust-layouts", "::mlir::func::FuncOp"> {
  let summary = "Gives the layers the NCE can run NHWC activations, through IE.Reorder";
  let description = [{
    The NCE reads and writes activations in NHWC and filters in OYXI order. For every
    `IE.Convolution`, `IE.GroupConvolution`, `IE.MaxPool`, `IE.AvgPool`, `IE.Add`,
    `IE.Subtract` and `IE.Multiply` that the NCE can run once its layouts and channel count
    are adjusted (`VPU::isNCELayer`, the NCE legality interface with the layout and channel-alignment checks
    off: a later pass pads the channels), this pass

    * reorders each activation input that is not NHWC with an `IE.Reorder` to NHWC (one per
      value, shared by the layers reading it);
    * gives a constant filter that is not OYXI that order (`#const.Reorder`, no op);
    * makes the result NHWC and, when it was not, reorders it back to its former order with
      an `IE.Reorder` that the former users read.

    Every other op keeps its layouts, so the function's signature and the values every op
    computes are unchanged. `vpuc-ie-optimize-reorders` then removes the reorders that
    cancel or can move through layout-agnostic ops.

    ```mlir
    %0 = IE.MaxPool(%x) {...} : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
    // becomes
    %r = IE.Reorder(%x) {dstOrder = #NHWC} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16, #NHWC>
    %p = IE.MaxPool(%r) {...} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
    %0 = IE.Reorder(%p) {dstOrder = #NCHW} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16>
    ```
  }];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_PASSES_IE_ADJUST_LAYOUTS_ADJUSTLAYOUTS
