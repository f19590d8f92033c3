//===- VerticalFusion.td - vpuc-vpu-vertical-fusion pass ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares VerticalFusionPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_VERTICAL_FUSION_VERTICAL_FUSION
#define VPUC_PASSES_VPU_VERTICAL_FUSION_VERTICAL_FUSION

include "mlir/Pass/PassBase.td"

def VerticalFusionPass : Pass<"vpuc-vpu-vertical-fusion", "::mlir::func::FuncOp"> {
  let summary = "Tiles an NCE op, the element-wise software layers after it and the NCE op "
                "reading them (or an eltwise op reading it) together over rows";
  let description = [{
    A chain *producer -> element-wise software layers -> consumer*, where the
    producer and the consumer are NCE ops and the software layers are unary
    element-wise ones (an EfficientNet expansion, its Swish and the depthwise
    convolution after it), is computed tile by tile over the consumer's
    output rows: for each tile, the producer computes the rows the tile's
    windows read (its halo included, recomputed rather than copied from the
    tile before), the software layers run on those rows, and the consumer
    reads them. The intermediate tensors then exist one tile at a time, in
    the CMX of the cluster that computes the tile, instead of whole: a chain
    whose intermediate does not fit the CMX otherwise spills it to DDR or
    copies it between buffers (EfficientNet-B1's `features.2.0` at
    240 x 240: docs/cost_model.md).

    **Shape of the chain.** The pass runs after `vpuc-vpu-multi-cluster`, so
    the producer may be one NCE op or its pieces split over rows across the
    clusters (each reading a `VPU.Slice` over H of one input, as
    `rewriteIntoTiles` makes them) with the software layers split alike and
    joined by a `VPU.Concat` over H. Every piece and every software layer has
    exactly one user along the chain; every user of the chain's result reads
    it as the activation of an NCE op (not an eltwise op), directly or
    through a `VPU.Slice` over H only: each such consumer is rewritten, and
    the old chain is erased.

    **Eltwise consumers.** A chain may have no software layer when every
    consumer is an eltwise op reading the producer's result as its first
    input (a ResNet bottleneck's last convolution and its residual
    addition), and only when each consumer's two whole inputs are more than
    the CMX budget together: they cannot both stay in the CMX, so one would
    go to DDR and back (ResNet-50's `layer1` at 256 x 256: 64 x 64 x 256
    FP16, 1 MB per cluster each). Each tile then slices the other input's
    rows beside the producer's. Otherwise an NCE op reading another's result
    directly reads it in the CMX, and nothing changes.

    **Tiles (the cost rule).** A fused tile holds in the CMX of one cluster
    the producer's input rows, weights and weights table, its output rows
    (which the software layers overwrite in place and the consumer reads),
    and the consumer's weights, weights table and output rows. Each consumer
    takes the fewest tiles over its output rows (`planTiles`, the larger
    first) whose fused tiles each fit `share` of the CMX budget (the
    module's `VPUIP.resources` `cmx_size`, or `cmx-bytes`), so that the next
    tile loads while one runs. A chain is fused only when some consumer
    needs two tiles or more (otherwise it fits and nothing changes), when
    every consumer has a split that fits, and when the producer rows all the
    tiles compute together are at most `max-recompute` times the producer's
    rows (a consumer split over output channels reads every row: fusing
    would compute the producer once per cluster).

    **The consumer's tail.** The unary element-wise software layers after a
    consumer (its result's one user, and so on; EfficientNet's Swish after
    the depthwise convolution) are its tail. When the consumer's whole
    result is more than `tail-share` of the CMX budget, it does not stay in
    the CMX whole: the tail would read it back from DDR and write it there
    again. Each fused tile then runs the tail on its own output rows, in
    place while they are in the CMX, and the join of the tiles replaces the
    tail's last result. A smaller result keeps its tail whole: it runs in
    place on the joined result, which stays in the CMX for the layers after
    it (tiles of the tail would each be a buffer of their own, which the
    layers reading the whole result copy together again). The tail adds no
    bytes to a fused tile.

    Each tile runs on the consumer's `cluster` (the producer's pieces keep
    theirs when the consumer has none). Tile `t` of consumer layer `L` is
    located at `L/fused<t>`, and its producer and software layers at
    `<layer>/fused<t>` under the names of the producer piece (and its
    layers) of the consumer's cluster, or of the first piece.

    ```mlir
    // cmx-bytes=400000, share=0.5
    %e = VPU.NCE.Convolution(%x, %w, %b) ... -> tensor<1x64x32x32xf16, #NHWC>
    %s = VPU.SW.Swish(%e) : ... -> tensor<1x64x32x32xf16, #NHWC>
    %d = VPU.NCE.DepthConvolution(%s, %dw, %db) {pads_begin = [1, 1], ...}
    // becomes, per tile of %d's rows: the convolution on the rows of %x the
    // tile needs (halo included), the Swish on them, the depthwise tile;
    // then a VPU.Concat over H of the depthwise tiles.
    ```
  }];
  let options = [
    Option<"cmxBytes", "cmx-bytes", "int64_t", /*default=*/"0",
           "CMX budget in bytes (0: the cmx_size of the module's VPUIP.resources)">,
    Option<"share", "share", "double", /*default=*/"0.5",
           "Share of the budget in (0, 1] that each fused tile must fit">,
    Option<"tailShare", "tail-share", "double", /*default=*/"0.75",
           "Share of the CMX budget in (0, 1] above which a consumer's result runs its tail "
           "(the element-wise software layers after it) tile by tile">,
    Option<"maxRecompute", "max-recompute", "double", /*default=*/"1.25",
           "Most producer rows the fused tiles may compute together, as a multiple (>= 1) "
           "of the producer's rows">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_PASSES_VPU_VERTICAL_FUSION_VERTICAL_FUSION
