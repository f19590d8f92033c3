//===- PipelineSwLayers.td - vpuc-vpu-pipeline-sw-layers ---*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares PipelineSwLayersPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_PIPELINE_SW_LAYERS_PIPELINE_SW_LAYERS
#define VPUC_PASSES_VPU_PIPELINE_SW_LAYERS_PIPELINE_SW_LAYERS

include "mlir/Pass/PassBase.td"

def PipelineSwLayersPass : Pass<"vpuc-vpu-pipeline-sw-layers", "::mlir::func::FuncOp"> {
  let summary = "Cuts an NCE op and the element-wise software layers after it into row tiles, "
                "so that the DPU and the SHAVEs of a cluster work at once";
  let description = [{
    In a cluster, an element-wise software layer waits for the whole result
    of the NCE op before it (an EfficientNet expansion and its Swish): the
    DPU and the SHAVEs take turns. This pass cuts such a pair into row tiles,
    each part of the layer reading one tile, so that the SHAVEs run part `i`
    while the DPU computes tile `i + 1`.

    It runs after `vpuc-vpu-multi-cluster`, `vpuc-vpu-vertical-fusion` and
    `vpuc-vpu-tiling`, and visits the element-wise software layers
    (`isElementwiseSwLayer`) in program order:

    1. **Tiles given.** When every operand with the layer's shape is a
       `VPU.Concat` over `H` of pieces computed in one cluster (the tiles of
       `vpuc-vpu-tiling`, or of this pass for a layer before), the layer is
       split alike.
    2. **Producer.** Otherwise, when those operands are all the result of one
       NCE op with a `cluster`, which only this layer reads, the NCE op is
       cut into `tiles` row tiles (its windows' halo read from its input,
       the padding kept at the true edges), then the layer as in 1. The rows
       of every tile but the last are a multiple of the tallest MPE mode of
       the target (`nce.mpe_modes`), so that the DPU runs no more grid steps
       than for the whole op.

    A layer an NCE op reads directly is cut too: the Swish after a depthwise
    convolution, read by the NCE pools of its squeeze-and-excitation mean,
    and the Swish tiles of a vertically fused chain. Such layers were left
    whole until session 28 (cut further, EfficientNet-B3's spills had grown);
    with today's schedules, leaving them whole made EfficientNet-B0 2.3 %
    slower and no network of docs/cost_model.md faster.

    **Left alone** (the cost rules, measured on EfficientNets):
    - a split whose smallest part has less than `min-tile-bytes` of output:
      the SHAVE's task overhead of the extra parts outweighs the overlap;
    - a producer whose weights (and weights table), which each tile loads
      again, exceed `max-weights-ratio` times the smallest part's output
      bytes: the late layers of a network, where DMA is the bottleneck;
    - a layer whose tensors (its operands of its shape and its result, with
      the producer's input) exceed `max-cmx-share` of the CMX of a cluster
      (the module's `VPUIP.resources`; no limit without them): the CMX
      allocation of such large tensors is tight, and the tiles' buffers,
      allocated in another order, spill.

    **Targets.** The overlap needs each cluster's own activation SHAVEs: on
    a target whose software layers run on UPA SHAVEs (`shave_kind = UPA` in
    the module's `VPUIP.resources`, VPUX30XX), shared by the clusters and
    working in DDR, the pass does nothing (its tiles made EfficientNet-B0
    12.6 % slower there).

    **In `default_hw`** after `vpuc-vpu-tiling`, with `max-cmx-share=0.7`.
    When first tried there (with this option's default of 0.5) it made
    EfficientNet-B0 4.1 % and B1 1.3 % faster, but EfficientNet-B0 at
    256 x 256 4.3 % and MobileNetV3-Small 1.2 % slower: the list scheduler
    and the CMX allocation react to the extra tiles unevenly. With the
    schedule chosen by its estimate (`vpuc-vpuip-feasible-allocation`) and
    0.7, of the 19 networks of docs/cost_model.md only EfficientNet-B2 is
    slower (0.4 %; B0 at 256 x 256 is 2.7 % faster, B1 1.5 %), and of the
    six held out none by more than 0.1 % (B1 at 272 x 272 4.5 % faster).
    Since session 41 also with `max-weights-ratio=2`: the feasible scheduler
    prefetches the weights each tile loads again, and a walk of the critical
    path of EfficientNet-B0 at 288 x 288 put 568 of its 1366 us on the
    SHAVEs, most of it Swish kernels waiting whole for their producer. Of the
    37 networks of docs/cost_model.md, EfficientNetV2-S at 300 x 300 got
    3.3 % faster, B1 at 272 x 272 2.9 %, B0 at 288 x 288 and B2 1.9 %, and
    EfficientNet-B4 at 380 x 380 0.8 % slower, B0 at 192 x 192 0.3 %.

    The results are the same values: every element is computed once, by
    the same operation on the same inputs. Part `i` of layer `L` is located
    at `L/pipe<i>`.

    ```mlir
    // tiles=2, min-tile-bytes=1024
    %c = VPU.NCE.Convolution(%x, %w, %b) {cluster = 0 : i64, ...} -> tensor<1x32x8x32xf16, #NHWC>
    %s = VPU.SW.Swish(%c) : ... -> tensor<1x32x8x32xf16, #NHWC>
    // becomes
    %c0 = VPU.NCE.Convolution(%x0, %w, %b) {cluster = 0 : i64, ...} -> tensor<1x32x4x32xf16, #NHWC>
    %c1 = VPU.NCE.Convolution(%x1, %w, %b) {cluster = 0 : i64, ...} -> tensor<1x32x4x32xf16, #NHWC>
    %s0 = VPU.SW.Swish(%c0)
    %s1 = VPU.SW.Swish(%c1)
    %s = VPU.Concat(%s0, %s1) {axis = 2 : i64}
    ```
  }];
  let options = [
    Option<"tiles", "tiles", "int64_t", /*default=*/"2",
           "Row tiles an NCE op is cut into for a software layer after it (>= 2)">,
    Option<"minTileBytes", "min-tile-bytes", "int64_t", /*default=*/"32768",
           "Least output bytes of each part of a split software layer (>= 0)">,
    Option<"maxWeightsRatio", "max-weights-ratio", "double", /*default=*/"0.5",
           "Most weights bytes of a cut NCE op (weights table included), as a multiple "
           "(>= 0) of the output bytes of the smallest part of the software layer">,
    Option<"maxCmxShare", "max-cmx-share", "double", /*default=*/"0.5",
           "Most bytes of the layer's tensors (the producer's input included), as a share "
           "(> 0) of the CMX of a cluster (the module's VPUIP.resources)">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::VPU::VPUDialect",
  ];
}

#endif // VPUC_PASSES_VPU_PIPELINE_SW_LAYERS_PIPELINE_SW_LAYERS
