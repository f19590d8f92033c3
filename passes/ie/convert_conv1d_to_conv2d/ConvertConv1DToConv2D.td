//===- ConvertConv1DToConv2D.td - 1-D to 2-D window ops ----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertConv1DToConv2DPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_CONV1D_TO_CONV2D_CONVERTCONV1DTOCONV2D
#define VPUC_PASSES_IE_CONVERT_CONV1D_TO_CONV2D_CONVERTCONV1DTOCONV2D

include "mlir/Pass/PassBase.td"

def ConvertConv1DToConv2DPass : Pass<"vpuc-ie-convert-conv1d-to-conv2d", "::mlir::func::FuncOp"> {
  let summary = "Rewrites 1-D convolutions and pools as 2-D ones with H = 1";
  let description = [{
    `IE.Convolution`, `IE.GroupConvolution`, `IE.Deconvolution`, `IE.MaxPool`, `IE.AvgPool`
    and `IE.LpPool` accept 1-D forms (input `[N, C, W]`, one value per window attribute); the
    software kernels take 2-D ones only. This pass rewrites every such 1-D op as its 2-D form
    with H = 1, which computes the same values:

    * the input `[N, C, W]` is reshaped to `[N, C, 1, W]`, the filter `[O, I, K]` to
      `[O, I, 1, K]` and a bias `[1, C, 1]` to `[1, C, 1, 1]` (a bias `[C]` is kept);
    * `strides`, `dilations` and `kernel_size` get 1 for y, `pads_begin`, `pads_end` and
      `output_padding` get 0; the other attributes (`groups`, `rounding_type`,
      `exclude_pad`, `p`) are kept;
    * the 2-D result `[N, C', 1, OW]` is reshaped back to the op's result type.

    A reshape is an `IE.Reshape` for a tensor without layout encoding, an `IE.AffineReshape`
    (which carries the layout: channels last `[N, C, W]` becomes NHWC) for one with an
    encoding, and a `#const.Reshape` of the content for a `const.Declare` without encoding.
    The new ops take the location of the op they replace; the reshapes between consecutive
    converted layers cancel in canonicalisation. Ops with a dynamic N, C or W are left as
    they are (`IE.Reshape` takes a static shape). The pass never fails on verified IR.

    ```mlir
    %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1>, pads_begin = array<i64: 1>,
           pads_end = array<i64: 1>, strides = array<i64: 2>}
           : tensor<1x3x10xf32>, tensor<4x3x3xf32> -> tensor<1x4x5xf32>
    // becomes
    %1 = IE.Reshape(%x) {shape = array<i64: 1, 3, 1, 10>} : tensor<1x3x10xf32> -> tensor<1x3x1x10xf32>
    %2 = IE.Reshape(%w) {shape = array<i64: 4, 3, 1, 3>} : tensor<4x3x3xf32> -> tensor<4x3x1x3xf32>
    %3 = IE.Convolution(%1, %2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 1>,
           pads_end = array<i64: 0, 1>, strides = array<i64: 1, 2>}
           : tensor<1x3x1x10xf32>, tensor<4x3x1x3xf32> -> tensor<1x4x1x5xf32>
    %0 = IE.Reshape(%3) {shape = array<i64: 1, 4, 5>} : tensor<1x4x1x5xf32> -> tensor<1x4x5xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_CONV1D_TO_CONV2D_CONVERTCONV1DTOCONV2D
