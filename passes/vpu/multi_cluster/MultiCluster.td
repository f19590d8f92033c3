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

    **Cost model** (`auto`). The cost of a piece on its cluster is its DPU cycles plus
    its DMA cycles. DPU cycles: the NCE task overhead (`nce.task_overhead_cycles` of the
    arch) plus the busiest DPU, the piece's output split over the cluster's DPUs as the
    lowering splits it (over rows when there are at least as many rows as DPUs or channel
    groups, else over channel groups), each DPU box `W x H x C` costing
    `ceil(W / gw) * gw * ceil(H / gh) * gh * ceil(C / 16) * 16 * MACs per element / MACs
    per cycle` (the emulator's formula: MPE grid `gw x gh` 4 x 4 when the box is at least
    4 x 4, else 16 x 1; MACs per element `KY * KX * IC` for convolutions, `KY * KX` for
    depthwise convolutions and pools, 1 for eltwise ops; the arch's f16 MACs per cycle of
    one DPU). DMA cycles: one DMA latency per transferred tensor plus the bytes the piece
    moves (its input rows with halo or channels, the eltwise's second input, its weights
    and weights table, its output) at the DMA bandwidth (the port bandwidth capped by the
    derated DDR bandwidth). The rates come from the arch description named by the
    module's `VPUIP.resources`. A strategy costs the maximum over clusters of its
    pieces' costs, and at least the DMA cycles of all pieces divided by the DMA ports
    (the clusters share the DMA engines). The cheapest strategy wins; on a tie the order
    Clustering, SplitOverHeight, SplitOverKernel decides. An op with fewer than `N`
    output rows cannot be split over height, one with fewer than `16 * N` output channels
    not over kernel; an op that can be split neither way is Clustering.

    With `strategy` other than `auto`, every op uses that strategy where it can be split
    so (Clustering otherwise). NCE ops that already have a `cluster` are left as they are
    (their cost counts towards their cluster's load). The pass statistics count the
    strategies chosen (when LLVM is built with statistics); with `remarks`, every function
    gets a remark with its counts, e.g. `vpuc-vpu-multi-cluster over 4 clusters: 3
    Clustering, 2 SplitOverHeight, 1 SplitOverKernel`.
  }];
  let options = [
    Option<"clusters", "clusters", "int64_t", /*default=*/"0",
           "Clusters to spread the ops over (0: the clusters of the module's VPUIP.resources)">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"auto\"",
           "auto (cost model), clustering, soh or sok">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark per function with the count of each strategy chosen">,
  ];
  let statistics = [
    Statistic<"numClustering", "clustering", "NCE ops run whole on one cluster">,
    Statistic<"numSplitOverHeight", "split-over-height", "NCE ops split over output rows">,
    Statistic<"numSplitOverKernel", "split-over-kernel", "NCE ops split over output channels">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_PASSES_VPU_MULTI_CLUSTER_MULTICLUSTER
