//===- ConvertScaleShiftToDepthwise.td - ScaleShift to DW conv -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertScaleShiftToDepthwisePass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE
#define VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE

include "mlir/Pass/PassBase.td"

def ConvertScaleShiftToDepthwisePass
    : Pass<"vpuc-ie-convert-scale-shift-to-depthwise", "::mlir::func::FuncOp"> {
  let summary = "Rewrites per-channel ScaleShifts and Multiplys as 1x1 depthwise convolutions the NCE runs";
  let description = [{
    `IE.ScaleShift(x) weights(w) biases(b)` on a rank-4 `x` `[N, C, H, W]` computes
    `x[n, c, h, w] * w[0, c, 0, 0] + b[0, c, 0, 0]`, which is a 1x1 depthwise convolution:
    `IE.GroupConvolution(x, w', b)` with `groups = C`, the filter `w'` `[C, 1, 1, 1]` (the
    weights reshaped: a reshaped `const.Declare`, or an `IE.Reshape` of other weights; a
    constant of ones without weights), the bias `b` `[1, C, 1, 1]` (none without biases),
    unit strides and dilations and no padding.

    The rewrite is made only where the NCE accepts the convolution (the
    `VPU::NCELegalityOpInterface` of `IE.GroupConvolution`, asked about its description
    before anything is built), without its layout and channel alignment checks (the layout
    assignment and the channel expansion come later): the biases must be constants, the
    activations f16 with batch 1; the weights must be constants too unless `float-multiplies`
    (below). Other ScaleShifts (other ranks, dynamic
    shapes) are left.

    Likewise `IE.Multiply(x, f)` (either operand order, NumPy broadcasting) of a static
    rank-4 `x` `[1, C, H, W]` by per-channel factors `f` `[1, C, 1, 1]` becomes
    `IE.GroupConvolution(x, f')` with `f'` the factors reshaped to `[C, 1, 1, 1]`, no bias,
    the Multiply's result type and post-op. The factors may be an activation, as in a
    squeeze-excitation block (`x * Sigmoid(...)`): the NCE reads a depthwise filter from
    memory, and the weights table needs only its offsets and the scales of the types. On
    quantized types the convolution computes the quantized Multiply in integers: the
    product of the operands less their zero points, requantised by input scale x factor
    scale / output scale. By default only quantized Multiplys are rewritten: their SHAVE
    kernel dequantizes and requantizes every element (4 cycles per vector on the modelled
    SHAVEs) where a float one is a single vector product, and with today's cost model a
    float Multiply costs less as a SHAVE kernel than the DMAs of the depthwise form (on a
    RegNetY-400MF at 160x160, VPUX37XX default_hw: the depthwise form took the FP16
    network from 1558 to 1608 us and the INT8 one from 995 to 949 us); `float-multiplies`
    rewrites both, and ScaleShifts with activation weights. The NCE must accept the convolution, as for a ScaleShift.

    The new ops take the location of the op they replace; the pass never fails. The
    rewrites are also exported as `populateConvertScaleShiftToDepthwisePatterns`.

    ```mlir
    %0 = IE.ScaleShift(%x) weights(%w : tensor<1x16x1x1xf16>) biases(%b : tensor<1x16x1x1xf16>)
           : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
    // becomes
    %f = const.Declare tensor<16x1x1x1xf16> = #const.Content<... : tensor<1x16x1x1xf16>, [#const.Reshape<[16, 1, 1, 1]>]>
    %0 = IE.GroupConvolution(%x, %f, %b) {dilations = array<i64: 1, 1>, groups = 16 : i64,
           pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16>, tensor<16x1x1x1xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16>
    ```
  }];
  let options = [
    Option<"floatMultiplies", "float-multiplies", "bool", /*default=*/"false",
           "Also rewrite per-channel Multiplys on float types (by default only quantized "
           "ones) and ScaleShifts with activation weights">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each rank-4 ScaleShift the pass leaves, with the reasons">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_SCALE_SHIFT_TO_DEPTHWISE_CONVERTSCALESHIFTTODEPTHWISE
