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
    kernels. An `IE.GroupConvolution` with `G >= 2` groups that the NCE rejects (its
    `VPU::NCELegalityOpInterface`), with a constant filter `[OC, IC / G, KY, KX]` in the
    default order (and a constant bias, if any), becomes convolutions over runs of `R`
    consecutive groups. Each run is an `IE.Slice` of its input channels, an `IE.Convolution`
    with the run's block-diagonal filter `[R * OC / G, R * IC / G, KY, KX]` (group `g`'s block
    reads the run's input channels of group `g`; the other weights are zero: the real value 0,
    i.e. the output channel's zero point for a quantized filter, whose per-output-channel
    quantization is sliced), the run's slice of the bias and the attributes and post-op; an
    `IE.Concat` on the channel axis joins the results in group order, and the last run may
    have fewer groups (its channels are expanded later like any layer's). With `R = G` it is
    one `IE.Convolution` of the whole input, without slice or concat. Each output adds only
    products of zero weights to the group convolution's sum, so the result is the same (in
    float, up to a non-finite input value, whose product with a zero weight is NaN).

    A run of `R` groups computes `R` times its groups' MACs and reads `R` times their
    weights, while each run more costs a task, its weights' DMA latency and a copy of its
    input channels. `R` is chosen by the target's cost model (`core/cost`, the target of the
    module's `VPUIP.resources`), among the multiples of the fewest groups whose input and
    output channels are multiples of the NCE channel alignment, and `G`, up to `max-groups`:
    the lowest sum over the runs of the larger of the run's NCE task (its output rows split
    over the clusters, channels aligned) and the DMAs of its weights and weights table from
    DDR and, when there are several runs, of its input channels, plus a barrier. A
    convolution whose weights dwarf its MACs (RegNetY-3.2GF's 576-channel stage: 24 groups of
    24 channels on 14 x 14) then runs as runs of 2 groups rather than one dense convolution
    that reads 24 times the weights. The rewrite is made only if the NCE accepts every run's
    convolution (`IE.Convolution`'s legality interface, asked without the layout and channel
    alignment checks, which the later passes handle, and with the module's
    `VPU.nce_element_types`).

    A module without `VPUIP.resources` (run `vpuc-init-compiler`), or whose target the cost
    model cannot load, is an error, and so is a `max-groups` below 1.

    The new ops take the location of the op they replace. The rewrite is also exported as
    `populateConvertGroupConvToConvPatterns`.

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
           "The most groups one convolution may combine (it computes that many times "
           "their MACs and reads that many times their weights)">,
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
