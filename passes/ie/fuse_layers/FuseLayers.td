//===- FuseLayers.td - vpuc-ie-fuse-layers pass ------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares FuseLayersPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_LAYERS_FUSELAYERS
#define VPUC_PASSES_IE_FUSE_LAYERS_FUSELAYERS

include "mlir/Pass/PassBase.td"

def FuseLayersPass : Pass<"vpuc-ie-fuse-layers"> {
  let summary = "Fuses chains of IE layers with constant parameters into fewer layers";
  let description = [{
    Rewrites chains of IE ops whose parameters are constants (`const.Declare`) into fewer,
    larger layers:

    * `conv-bias`: `Add(Convolution | GroupConvolution | FullyConnected, c)` where the layer
      has no bias and no other user, the Add does not broadcast the layer's output, and the
      constant `c` holds one value per output channel (its shape, aligned on the right with
      the output's as in NumPy broadcasting, is 1 everywhere but at the channel dim, where
      it is C or 1: `[1, C, 1, 1]`, `[C, 1, 1]`, `[O]` for FullyConnected, a scalar; a `[C]`
      addend of a 4-D output is per column, not per channel), becomes the layer with bias
      `c` reshaped (and broadcast) to `[1, C, 1, 1]` (`[1, O]` for FullyConnected) through
      `#const` transformations. Also `Add(Reshape(FullyConnected), c)` where the reshape only
      puts unit dims in front of the layer's `[N, O]` (how `vpuc-ie-convert-shape-to-4d`
      leaves a Gemm's bias Add: `[1, 1, N, O]`) and `c` holds one value per output feature
      (1 everywhere but at the last dim, O or 1): the layer takes the bias `[1, O]` and the
      reshape replaces the Add.
    * `batch-norm`: `BatchNormInference(Convolution | GroupConvolution | Deconvolution)` with
      constant statistics, a constant filter in the default order and a constant or no bias,
      the convolution having no other user, becomes one convolution with the filter scaled
      per output channel, `filter[o] * s[o]` (a Deconvolution's filter `[C_in, C_out /
      groups, ...]` holds output channel `o` in its second dim, within the group of its input
      channel), and the bias `(bias[o] - mean[o]) * s[o] + beta[o]` (`[C_out]`, the form of
      an imported bias, which the layer takes at every rank), where `s = gamma / sqrt(variance + epsilon)`; the new constants are
      computed in double and rounded once to the element type.
    * `batch-norm-to-scale-shift`: a `BatchNormInference` with constant statistics that is not
      folded into a convolution becomes `ScaleShift` with weights `s` and biases
      `beta - mean * s` (without the weights when all are 1, without the biases when all are 0,
      and no op at all when both are).

    Folding a BatchNorm matters for precision as well as speed: a trained convolution's
    output often carries a large per-channel offset (`bias - mean`, hundreds of standard
    deviations) that the BatchNorm removes. Folded, the offset cancels inside the bias, in
    double; unfolded, the convolution's output holds it, and an `f16` output keeps 11
    significant bits of it, which the BatchNorm's scale then magnifies. `ie_adaptation` runs
    `batch-norm` alone while the network is still `f32`, before
    `vpuc-ie-convert-precision-to-fp16`.
    * `scale-shift`: `Add(Multiply(x, w), b)` with per-channel constants `w` and `b` (as for
      the bias above), a multiply with no other user and no broadcasting of `x` or of the
      product, becomes `ScaleShift(x) weights(w) biases(b)`.
    * `matmul-to-fc`: `MatMul(x, w)` with a constant 2-D `w` and no `transpose_a` becomes
      `FullyConnected(x, w')` where `w'` is `w` (`transpose_b`) or `#const.Transpose<[1, 0]>`
      of it; a statically shaped `x` of rank > 2 is reshaped to 2-D around the
      FullyConnected and back. 1-D inputs and batched weights are left alone.

    These are fusions, not canonicalisations: they replace ops by other ops (and create
    `IE.ScaleShift`, which no importer produces), and whether that pays off depends on the
    target, so a pipeline chooses to run them; each can be switched off with its option.
    Semantics-preserving simplifications (constant folding, neutral constants, reshape and
    transpose chains, constant operands to attributes) are canonicalisations of the IE ops.
    The results equal the original computation up to float rounding (the fused constants are
    rounded once where the original rounds per op). The greedy driver also applies the IE
    folders while it runs.

    ```mlir
    %0 = IE.Convolution(%x, %w) {...} : tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32> -> tensor<1x16x6x6xf32>
    %1 = IE.Add(%0, %b) : tensor<1x16x6x6xf32>, tensor<1x16x1x1xf32> -> tensor<1x16x6x6xf32>
    // becomes
    %1 = IE.Convolution(%x, %w, %b) {...} : tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<1x16x1x1xf32> -> tensor<1x16x6x6xf32>
    ```
  }];
  let options = [
    Option<"convBias", "conv-bias", "bool", /*default=*/"true",
           "Fuse a per-channel constant Add into the bias of the preceding layer">,
    Option<"batchNorm", "batch-norm", "bool", /*default=*/"true",
           "Fold BatchNormInference into the preceding (group / transposed) convolution">,
    Option<"batchNormToScaleShift", "batch-norm-to-scale-shift", "bool", /*default=*/"true",
           "Convert BatchNormInference that is not folded into a convolution into ScaleShift">,
    Option<"scaleShift", "scale-shift", "bool", /*default=*/"true",
           "Fuse Multiply + Add with per-channel constants into ScaleShift">,
    Option<"matMulToFC", "matmul-to-fc", "bool", /*default=*/"true",
           "Convert MatMul with constant 2-D weights into FullyConnected">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_FUSE_LAYERS_FUSELAYERS
