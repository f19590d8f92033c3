//===- Tiling.td - vpuc-vpu-tiling pass --------------------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares TilingPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_TILING_TILING
#define VPUC_PASSES_VPU_TILING_TILING

include "mlir/Pass/PassBase.td"

def TilingPass : Pass<"vpuc-vpu-tiling", "::mlir::func::FuncOp"> {
  let summary = "Splits NCE ops whose tensors do not fit CMX into tiles";
  let description = [{
    Splits every `VPU.NCE.*` op whose CMX footprint exceeds the CMX budget into tiles, as
    pure data flow: `VPU.Slice` of the activation inputs (a `const.Declare` filter or bias
    is sliced as a new constant with `#const.SubView`), one NCE op per tile and a
    `VPU.Concat` of the tile outputs, which replaces the op.

    **Footprint.** The bytes the op needs in the CMX of one cluster: its input, its output,
    the second input of an eltwise op, the weights (`filter`) and, for convolutions and
    depthwise convolutions, the weights table (16 bytes per output channel, which also
    holds the bias), each rounded up to the target's `cmx_alignment`. The budget is the
    module's `VPUIP.resources` `cmx_size`, or the `cmx-bytes` option when it is not 0 (the
    alignment is then still the target's, or 1 without target resources).

    **Axes.** Every op can be tiled over `H` (output rows): each tile reads the input rows
    its windows cover (the halo the kernel, stride and padding need) and keeps the op's
    top / bottom padding only where the tile touches the true edge of the padded input, so
    `pads_begin` / `pads_end` are adjusted per tile. A convolution can also be tiled over
    `K` (output channels: filter and bias sliced, the input read whole by every tile);
    depthwise convolutions, pools and eltwise ops over `C` (input and output channels
    together, with filter and bias for the depthwise convolution). Channel tiles are
    multiples of the NCE channel alignment (`VPU::NCE::kChannelAlignment`); tiles along
    an axis differ in size by at most one row (one channel group), the larger first.

    **Choice (the cost rule).** For each axis the pass takes the smallest tile count `N`
    for which every tile fits the budget. Among the axes it prefers (1) the smaller `N`
    (each tile costs a DPU task, its DMAs and their synchronisation), then (2) the fewer
    bytes moved between DDR and CMX, the sum over tiles of their footprints (this counts
    the re-read halo rows of `H` tiles, the weights every `H` tile re-reads and the input
    every `K` tile re-reads), then (3) the axis order `H`, `K`, `C`.

    **Combined axes.** When no single axis fits (e.g. a 3x3 convolution of 256 to 512
    channels on a large feature map: its weights alone exceed the budget, so no `H` tile
    fits, and every `K` tile reads the whole input), the op is split over its channel
    axis (`K` for a convolution, `C` otherwise) and every channel piece over `H`: for
    each channel tile count, every piece takes its smallest `H` tile count that fits
    (1 when the piece fits whole), and the combination with the fewest tiles in all,
    then the fewer bytes moved, wins. The reduction axis of a convolution (its input
    channels) is never split: the NCE has no partial-sum path. The `H` tiles of a piece
    are concatenated over `H`, then the pieces over the channel axis; the tiles of a
    piece of layer `conv` are located at `conv/tile<i>/row<j>`.

    **In place.** With `eltwise-in-place`, the whole footprint of an eltwise
    op that can write its result over an input (an input of the result's
    type that only it reads, the result of an NCE op, directly or as its
    piece of the join of a split over clusters:
    `dialects/vpu/ir/EltwiseInPlace.h`) counts no output, since
    `vpuc-vpuip-eltwise-in-place` makes it write over that input; its tiles,
    if it needs tiles, count their outputs. `vpuc-convert-vpu-to-vpuip`
    must then be run with its own `eltwise-in-place` option, which counts
    the same in its CMX check. (A ResNet-50 bottleneck's residual addition
    on 56 x 56 x 256 needs 2.4 MB with its output, 1.6 MB without: it then
    runs whole and nothing spills around it.)

    **Prefetch.** With `prefetch-share` above 0, an op whose activation input
    reaches CMX by DMA anyway (it is, or slices or joins, the result of a
    software layer or a network input, not only of NCE ops, which can keep
    their results in CMX) and whose footprint exceeds that share of the
    budget is split over `H` into the fewest tiles that each fit the share
    (when some count does): a tile then leaves room for the next tile's
    input rows, which load while it runs, instead of the whole input
    loading before the op starts (a U-Net decoder's convolution after its
    upsampling: 340 -> 316 us on unet_tiny with a share of one half). A
    convolution is split over `K` instead when the fewest `K` tiles that fit
    the share move fewer bytes than the `H` tiles: every `H` tile reloads
    the weights, every `K` tile the input (EfficientNet-B3's last projection,
    2304 to 384 channels on 10 x 10 after a squeeze-excitation product: five
    `H` tiles per cluster each reloaded 885 KB of weights). When no split
    fits the share, the op is tiled as above.

    **Streamed weights.** With `stream-weights-share` above 0, a convolution
    that needs no other split, whose weights (filter and weights table)
    exceed that share of the budget and take more than
    `stream-weights-ratio` times its NCE task to load from DDR (the target's
    cost model, core/cost/CostModel.h: so the module needs its
    `VPUIP.resources`) is split over `K` into the fewest tiles whose weights
    each fit the share (and whose footprints fit the budget). Each tile
    reads the whole input, which stays in CMX, and only its own weights: the
    memory scheduler can then load a tile's weights while the tile before
    runs, and prefetch the first tiles into CMX that the whole filter would
    not fit beside the layers before it (the 1 x 1 and 3 x 3 layers of a
    ResNet's last stage, a classifier). A layer whose compute covers its
    loads is left whole: its extra tasks would only add overhead (with a
    ratio of 1, ResNet-101's 14 x 14 stage got about 10 us slower per
    block). In `default_hw` with a share of 0.4 and a ratio of 2 on
    VPUX37XX: resnet18 1577.9 -> 1514.4 us, ResNet-50 3801.0 -> 3679.2 us,
    RegNetY-1.6GF 2144.7 -> 2177.3 us (docs/cost_model.md).

    **Order.** Tiles are emitted in ascending order along the axis, each preceded by its
    own slices, so that a scheduler can prefetch the inputs of tile `i + 1` while tile `i`
    runs; neighbouring `H` tiles share their halo rows.

    **Clusters.** The budget is the CMX of one cluster, so the pieces of a
    vpuc-vpu-multi-cluster split (which runs before this pass) are tiled against the CMX of
    the cluster that runs them; every tile keeps the op's attributes, its `cluster`
    included. With target resources, an op whose `cluster` is not below the module's
    cluster count is an error.

    An op that does not fit even in its smallest tiles (one output row, or one channel
    group, or one output row of one channel group) is an error naming the layer, its
    smallest footprint per axis (and per combination) and the budget.

    ```mlir
    // cmx-bytes=3000
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>,
           pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    // becomes (over H, 2 tiles of 4 output rows reading 5 input rows each)
    %s0 = VPU.Slice %x [0, 0, 0, 0] [1, 16, 5, 8] : ...
    %t0 = VPU.NCE.MaxPool(%s0) {..., pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ...}
    %s1 = VPU.Slice %x [0, 0, 3, 0] [1, 16, 5, 8] : ...
    %t1 = VPU.NCE.MaxPool(%s1) {..., pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>, ...}
    %0 = VPU.Concat(%t0, %t1) {axis = 2 : i64} : ...
    ```
  }];
  let options = [
    Option<"cmxBytes", "cmx-bytes", "int64_t", /*default=*/"0",
           "CMX budget in bytes per op (0: the cmx_size of the module's VPUIP.resources)">,
    Option<"eltwiseInPlace", "eltwise-in-place", "bool", /*default=*/"false",
           "Count no output for an eltwise op that can write it over an input "
           "(VPU::canOverwriteInput; vpuc-vpuip-eltwise-in-place does so)">,
    Option<"prefetchShare", "prefetch-share", "double", /*default=*/"0.0",
           "Share of the budget in [0, 1] that the H tiles of an op whose input arrives by DMA "
           "must each fit, so that the next tile's input loads while a tile runs (0: off)">,
    Option<"streamWeightsShare", "stream-weights-share", "double", /*default=*/"0.0",
           "Share of the budget in [0, 1] that the weights of each output-channel tile of a "
           "convolution must fit, so that its weights stream in while the tiles run (0: off)">,
    Option<"streamWeightsRatio", "stream-weights-ratio", "double", /*default=*/"2.0",
           "Weights are streamed only when loading them from DDR takes more than this many "
           "times the convolution's NCE task (cost model)">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_PASSES_VPU_TILING_TILING
