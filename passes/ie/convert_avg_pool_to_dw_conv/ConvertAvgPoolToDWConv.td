//===- ConvertAvgPoolToDWConv.td - AvgPool to depthwise conv -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertAvgPoolToDWConvPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV
#define VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV

include "mlir/Pass/PassBase.td"

def ConvertAvgPoolToDWConvPass : Pass<"vpuc-ie-convert-avg-pool-to-dw-conv", "::mlir::func::FuncOp"> {
  let summary = "Rewrites average pools the NCE cannot run as pools into forms it can run";
  let description = [{
    An `IE.AvgPool` the NCE rejects (its `VPU::NCELegalityOpInterface`) is rewritten, where the
    rewrite computes exactly the same values (up to the rounding of the constant weights and of
    the intermediate means in the element type), into a form the NCE runs:

    1. **Depthwise convolution.** The pool becomes an `IE.GroupConvolution` with
       `groups = C`, a constant filter `[C, 1, KY, KX]` of `1 / (KY * KX)` (in the
       activation element type), no bias, the pool's strides and `pads_begin`, and
       `pads_end` reduced to what the windows read. This is exact when every window
       divides by `KY * KX`: every window lies inside the padded input (the output size
       is the floor-rule one, so a `ceil` pool qualifies only where ceil and floor agree)
       and, with `exclude_pad`, no window reads padding (`pads_begin` 0 and the last
       window ends inside the input). The rewrite is made only if
       NCE accepts the convolution (`IE.GroupConvolution`'s legality interface).
    2. **Decomposition of large non-overlapping pools.** A pool whose windows tile the
       input without overlap and read no padding (per axis: the stride equals the kernel,
       or there is one window; `pads_begin` 0; `O = floor(I / K)`) but whose kernel the
       NCE rejects, e.g. a global pool over a 14x14 map, becomes a chain of pools with
       kernel = stride `(ky_i, kx_i)`, no padding and floor rounding, where the products
       of the `ky_i` and of the `kx_i` are KY and KX: the mean of equal-sized group means is
       the mean. Each stage takes the largest factor pair (by `ky * kx`) whose pool
       NCE accepts (`IE.AvgPool`'s legality interface); a kernel that does not factor so
       (e.g. a prime beyond the NCE kernel limit) is left. The first stage of an input
       larger than half the CMX of one cluster (the module's `VPUIP.resources`) takes the
       largest pair with `ky_1 = 1` where there is one: such an input is split over rows,
       between the clusters and into tiles, where its producer left it, and one-row windows
       make every such split a window boundary, so that each piece pools the rows it holds
       instead of rows moving between the clusters (EfficientNet-B3's 75x75 squeeze-excitation
       means, 38 / 37 rows per cluster, which no taller window divides).

    3. **Padded chain for a mean over the whole input** (one output per channel, no
       padding), where rule 2 finds no factors: a side with a prime factor beyond the NCE's
       window (EfficientNet-B2's 65 x 65 = 5 x 13 and 17 x 17 squeeze-excitation maps, with
       windows and strides up to 8). Each stage is a non-overlapping window `(dy, dx)` with
       end padding up to the next multiple of the window (`IE.AvgPool` with kernel = strides
       and `pads_end`, floor rounding, padding counted), so that it averages zeros with the
       input; the last stage is a depthwise convolution whose weights,
       (the product of the earlier windows' areas) / (H * W), make the sum of its window the
       mean: the zeros add nothing, and every earlier stage divided by its window's area. Each
       stage takes the window the NCE accepts (pool, or the depthwise convolution for the
       last) that leaves the fewest means, then reads the least padding, then is the larger;
       the first stage of an input larger than half the CMX prefers one-row windows, as in
       rule 2. Only maps of at least `min-padded-area` elements per channel are rewritten:
       on squeezenet1_1's 13 x 13 x 1000 mean, which ends the network while the SHAVEs idle,
       the chain made the run 1.6 % slower (its input copied per cluster into the NCE's
       layout), while on EfficientNet-B2 the means of the 17 x 17 maps run where the
       SHAVEs are the bottleneck (docs/cost_model.md). Nor on a target whose software
       layers run on UPA SHAVEs (`VPUIP.resources` with `shave_kind = UPA`, VPUX30XX):
       there the chains made EfficientNet-B2 4.4 % slower.

    Global average pools, `IE.ReduceMean` over axes 2 and 3 of a rank-4 input with
    `keep_dims` (the form of ONNX GlobalAveragePool), are treated as the average pool with
    kernel `[H, W]`, strides 1 and no padding: replaced by that pool if the NCE runs it,
    else by rule 1, 2 or 3.

    An `IE.AvgPool` on a quantized tensor (vpuc-ie-fuse-quantized-layers makes them of the
    float islands `Quantize(mean(Dequantize(x)))` of a quantized network) is left: a depthwise
    convolution would need quantized `1 / (KY * KX)` weights, and a chain would requantise
    each intermediate mean to x's steps (on RegNetY-400MF QDQ networks, whose
    squeeze-excitation means cover 56x56 to 7x7 maps, such roundings took the cosine to ONNX
    Runtime from 0.994-0.995 to 0.988-0.990). The NCE runs it where it can as one INT8 pool,
    the `quantized_avg_pool` SHAVE kernel otherwise.

    The NCE is asked without its layout and channel alignment checks
    (`SupportOptions{checkLayouts = false, checkChannelAlignment = false}`): the layout
    assignment and the channel expansion run later. Ops with dynamic shapes, 1-D pools and
    pools the NCE already runs are left; so is every op for which no rewrite is exact and
    supported. Each form is described (types and attributes) and the NCE asked before
    anything is built. The new ops take the location of the op they replace. The pass never
    fails. The rewrites are also exported as `populateConvertAvgPoolToDWConvPatterns`.

    ```mlir
    %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
    // becomes (no window reads the end padding)
    %w = const.Declare tensor<16x1x2x2xf16> = #const.Content<dense<2.500000e-01> : tensor<16x1x2x2xf16>>
    %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 16 : i64,
           pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>}
           : tensor<1x16x8x8xf16>, tensor<16x1x2x2xf16> -> tensor<1x16x4x4xf16>
    ```
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each average pool the NCE cannot run that the pass leaves, "
           "with the reasons">,
    Option<"minPaddedArea", "min-padded-area", "int64_t", /*default=*/"256",
           "Least H * W of a mean over the whole input that rule 3 (padded pools) rewrites "
           "(at least 1)">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_AVG_POOL_TO_DW_CONV_CONVERTAVGPOOLTODWCONV
