//===- ConvertGroupConvToConv.td - Group conv to dense conv -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertGroupConvToConvPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_GROUP_CONV_TO_CONV_CONVERTGROUPCONVTOCONV
#define VPUC_PASSES_IE_CONVERT_GROUP_CONV_TO_CONV_CONVERTGROUPCONVTOCONV

include "mlir/Pass/PassBase.td"

def ConvertGroupConvToConvPass : Pass<"vpuc-ie-convert-group-conv-to-conv", "::mlir::func::FuncOp"> {
  let summary = "Rewrites group convolutions the NCE cannot run into convolutions with block-diagonal filters";
  let description = [{
    The NCE runs dense and depthwise convolutions, not group convolutions with several
    channels per group (ResNeXt- and RegNet-style blocks), which therefore run as software
    kernels. An `IE.GroupConvolution` with `G` groups that the NCE rejects (its
    `VPU::NCELegalityOpInterface`), with a constant filter `[OC, IC / G, KY, KX]` in the
    default order (and a constant bias, if any) and `2 <= G <= max-groups`, becomes an
    `IE.Convolution` with the same input,
    bias, attributes and post-op and the constant filter `[OC, IC, KY, KX]` whose block of
    group `g` (output channels `[g * OC / G, (g + 1) * OC / G)`, input channels
    `[g * IC / G, (g + 1) * IC / G)`) is the group's filter and whose other weights are zero:
    the real value 0, i.e. the output channel's zero point for a quantized filter. Each output
    then adds only products of zero weights to the group convolution's sum, so the result is
    the same (in float, up to a non-finite input value, whose product with a zero weight is
    NaN). The rewrite is made only if the NCE accepts the convolution (`IE.Convolution`'s
    legality interface, asked without the layout and channel alignment checks, which the
    later passes handle, and with the module's `VPU.nce_element_types`).

    The convolution computes `G` times the group convolution's MACs and its filter is `G`
    times larger, which pays off while the NCE's MAC rate is that many times a SHAVE's (on the
    modelled targets the DPUs of a tile run 1024 to 2048 MACs per cycle against 16 FP16 lanes
    of a SHAVE): `max-groups` (default 32) bounds it.

    With more groups (RegNetY's stage-4 blocks: 55 groups of 8 channels) the group
    convolution is split into runs of `R` consecutive groups: the fewest whose input and
    output channels are multiples of the NCE channel alignment (16), taken as many times as
    needed for at least `min-run-channels` output channels (default 32: fewer, smaller
    convolutions cost more in per-task DMA and barrier latency than the zero weights of a
    larger block cost in MACs). Each run becomes an `IE.Slice` of its input channels, an
    `IE.Convolution` with the run's block-diagonal filter `[R * OC / G, R * IC / G, KY, KX]`
    (per-output-channel quantization sliced), the run's slice of the bias and the
    attributes and post-op, and an `IE.Concat` on the channel axis joins the results in
    group order; the last run may have fewer groups (its channels are expanded later like any
    layer's). Each convolution computes `R` times its groups' MACs. `R` must not exceed
    `max-groups`, and the NCE must accept every run's convolution.

    The new ops take the location of the op they replace. The pass never fails. The rewrite is
    also exported as `populateConvertGroupConvToConvPatterns`.

    ```mlir
    %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 2 : i64,
           pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
           : tensor<1x32x8x8xf16>, tensor<32x16x1x1xf16> -> tensor<1x32x8x8xf16>
    // becomes (the filter's rows 0-15 read input channels 0-15, rows 16-31 channels 16-31)
    %w2 = const.Declare tensor<32x32x1x1xf16> = #const.Content<dense<...> : tensor<32x32x1x1xf16>>
    %0 = IE.Convolution(%x, %w2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
           : tensor<1x32x8x8xf16>, tensor<32x32x1x1xf16> -> tensor<1x32x8x8xf16>
    ```
  }];
  let options = [
    Option<"maxGroups", "max-groups", "int64_t", /*default=*/"32",
           "The most groups a group convolution may have to be rewritten (the "
           "convolution computes that many times its MACs)">,
    Option<"minRunChannels", "min-run-channels", "int64_t", /*default=*/"32",
           "The fewest output channels of each convolution a group convolution with more "
           "than max-groups groups is split into (rounded up to whole runs of groups with "
           "aligned channels)">,
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each group convolution the NCE cannot run that the pass "
           "leaves, with the reasons">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_GROUP_CONV_TO_CONV_CONVERTGROUPCONVTOCONV
