//===- MultiCluster.td - vpuc-vpu-multi-cluster pass -------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares MultiClusterPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER
#define VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER

include "mlir/Pass/PassBase.td"

def MultiClusterPass : Pass<"vpuc-vpu-multi-cluster", "::mlir::func::FuncOp"> {
  let summary = "Spreads NCE ops over the clusters of the target";
  let description = [{
    Chooses, for every `VPU.NCE.*` op in program order, how it runs on the `N` clusters
    (tiles) of the target, and records the cluster of each piece in the op's `cluster`
    attribute (the lowering then puts the piece's CMX buffers in `CMX_NN[cluster]` and
    runs its NCE cluster task there, its DPU variants split over that cluster's DPUs).
    Run it after `vpuc-convert-ie-to-vpu{use-nce=true}` and before `vpuc-vpu-tiling`,
    which tiles every piece against the CMX of its cluster and keeps `cluster` on its
    tiles. The strategies:

    * **SplitOverHeight** (`soh`): the output rows are split into `N` pieces (rows
      differing by at most one, the larger first), piece `i` on cluster `i`; each piece
      reads the input rows its windows cover (its halo) and keeps the top / bottom
      padding only where it touches the edge of the padded input.
    * **SplitOverKernel** (`sok`): the output channels are split into `N` pieces of
      multiples of 16 channels; a convolution's filter and bias are sliced and every
      piece reads the whole input; depthwise convolutions, pools and eltwise ops slice
      their input channels (and filter, bias) the same way.
    * **Clustering**: the whole op on one cluster, the least loaded one (the smallest
      sum of the estimated costs of the pieces already placed on it; the lowest index on
      a tie), so that independent branches land on different clusters.

    The pieces are pure data flow, like tiles: `VPU.Slice` / NCE op `{cluster = i}` /
    `VPU.Concat` (slicing shared with vpuc-vpu-tiling, passes/vpu/utils/TileUtils.h); a
    piece of a named layer is located at `<layer>/cluster<i>`.

    **Cost model** (`auto`), the one of the compiler and the emulator
    (core/cost/CostModel.h, from the arch description named by the module's
    `VPUIP.resources`). The cost of a piece on its cluster is its NCE task cycles plus its
    DMA cycles. NCE task cycles: `CostModel::getNceTaskCycles` of the piece's output on the
    cluster's DPUs (split over them as the lowering splits it, each box in its cheapest MPE
    mode of the arch; the CMX bytes the piece reads and writes bound it from below), at
    the MAC rate of its input element type. DMA cycles: one DMA latency per transferred
    tensor plus the bytes the piece moves (its input rows with halo or channels, the
    eltwise's second input, its weights and weights table, its output) at
    `CostModel::getDmaCycles`'s rate between DDR and CMX. A piece split over height
    moves no bytes for the input rows its cluster holds already: those of an input that
    the ops placed before split over height across the clusters (a `VPU.Concat` over H
    of NCE pieces on clusters 0, 1, ... in order, or a `VPU.Concat` over channels of
    inputs split alike), which the producers write into the piece's input buffer in
    place (vpuc-vpuip-write-in-place); only its halo rows come from the other clusters.
    A strategy costs the maximum
    over clusters of its pieces' costs, at least the DMA cycles of all pieces divided by
    the DMA ports, and at least all their bytes at the effective DDR bandwidth (the
    clusters share the DMA engines, and the engines share the DDR). The cheapest strategy
    wins; on a tie the order
    Clustering, SplitOverHeight, SplitOverKernel decides. An op with fewer than `N`
    output rows cannot be split over height, one with fewer than `16 * N` output channels
    not over kernel; an op that can be split neither way is Clustering.

    **Element-wise software layers** (`sw-layers`): a software layer that
    computes every output element from its operands at that element's index
    (the unary activations and math layers, `Convert`, the binary arithmetic
    layers; passes/vpu/utils/ClusterPieces.h) whose operands of its whole
    shape are split alike across the clusters, over height (a `VPU.Concat`
    over H of pieces computed on clusters 0, 1, ... in order, or a
    `VPU.Concat` over channels of values split so) or over channels (a
    `VPU.Concat` over C of pieces computed on clusters 0, 1, ... in order:
    the results of a SplitOverKernel op), is split the same way in program
    order: one layer per cluster on that cluster's rows or channels, and a
    `VPU.Concat` over the same dim. Its smaller operands broadcast: one with
    the split dim is cut alike (a squeeze-excitation scale over channels),
    one without it is passed whole. Piece `i` is computed in cluster `i`:
    the SHAVEs of its tile read its operands where the NCE pieces left them
    (vpuc-vpuip-assign-shaves), and an op placed after it finds its part
    there, so a SplitOverHeight convolution, a Swish and the next
    SplitOverHeight convolution move only halo rows between the clusters,
    and a SplitOverKernel expansion, a Swish and a SplitOverKernel depthwise
    convolution move nothing. A piece of a named layer is located at
    `<layer>/cluster<i>`.

    ```mlir
    // %c = VPU.Concat(%p0, %p1) {axis = 2} of NCE pieces on clusters 0 and 1
    %s = VPU.SW.Swish(%c) : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    // becomes
    %s0 = VPU.SW.Swish(%p0) : tensor<1x16x4x8xf16, #NHWC> -> tensor<1x16x4x8xf16, #NHWC>
    %s1 = VPU.SW.Swish(%p1) : tensor<1x16x4x8xf16, #NHWC> -> tensor<1x16x4x8xf16, #NHWC>
    %s = VPU.Concat(%s0, %s1) {axis = 2 : i64} : ... -> tensor<1x16x8x8xf16, #NHWC>
    ```

    With `sw-layers`, a global average pool (`VPU.SW.ReduceMean` over H and W
    with `keep_dims`, a squeeze-excitation's squeeze) of rows split so runs
    per cluster on its rows too, and the partial means are summed weighted by
    each cluster's share of the rows (`VPU.SW.Multiply` by an f16 constant,
    `VPU.SW.Add`): no cluster copies the other's rows. The weighted sum of the
    FP16 partial means rounds a few more times than one mean.

    With `strategy` other than `auto`, every op uses that strategy where it can be split
    so (Clustering otherwise). NCE ops that already have a `cluster` are left as they are
    (their cost counts towards their cluster's load). The pass statistics count the
    strategies chosen (when LLVM is built with statistics); with `remarks`, every function
    gets a remark with its counts (with `sw-layers`, also of the software layers split), e.g. `vpuc-vpu-multi-cluster over 4 clusters: 3
    Clustering, 2 SplitOverHeight, 1 SplitOverKernel`.
  }];
  let options = [
    Option<"clusters", "clusters", "int64_t", /*default=*/"0",
           "Clusters to spread the ops over (0: the clusters of the module's VPUIP.resources)">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"auto\"",
           "auto (cost model), clustering, soh or sok">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per function with the count of each strategy chosen">,
    Option<"swLayers", "sw-layers", "bool", /*default=*/"false",
           "Split element-wise software layers whose operands are split over "
           "height or channels across the clusters the same way">,
  ];
  let statistics = [
    Statistic<"numClustering", "clustering", "NCE ops run whole on one cluster">,
    Statistic<"numSplitOverHeight", "split-over-height", "NCE ops split over output rows">,
    Statistic<"numSplitOverKernel", "split-over-kernel", "NCE ops split over output channels">,
    Statistic<"numSwLayers", "sw-layers", "Element-wise software layers split over the clusters">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER
