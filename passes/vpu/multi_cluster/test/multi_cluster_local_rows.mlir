// RUN: vpuc-opt %s --verify-diagnostics --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{remarks=true}))' -o /dev/null
// The cost of a piece split over height leaves out the input rows its cluster already holds.
// squeezenet's first pool (3x3, stride 2, over 64 channels of 111x111) on its own moves fewer
// bytes split over kernel; after a convolution split over height, whose rows each cluster
// holds, it splits over height too, so that its input does not move between the clusters.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{vpuc-vpu-multi-cluster over 2 clusters: 0 Clustering, 0 SplitOverHeight, 1 SplitOverKernel}}
  func.func @pool_alone(%x: tensor<1x64x111x111xf16, #NHWC>) -> tensor<1x64x55x55xf16, #NHWC> {
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
           : tensor<1x64x111x111xf16, #NHWC> -> tensor<1x64x55x55xf16, #NHWC>
    return %0 : tensor<1x64x55x55xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{vpuc-vpu-multi-cluster over 2 clusters: 0 Clustering, 2 SplitOverHeight, 0 SplitOverKernel}}
  func.func @pool_after_conv(%x: tensor<1x16x111x111xf16, #NHWC>, %w: tensor<64x16x1x1xf16, #NHWC>) -> tensor<1x64x55x55xf16, #NHWC> {
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
           : tensor<1x16x111x111xf16, #NHWC>, tensor<64x16x1x1xf16, #NHWC> -> tensor<1x64x111x111xf16, #NHWC>
    %1 = VPU.NCE.MaxPool(%0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
           : tensor<1x64x111x111xf16, #NHWC> -> tensor<1x64x55x55xf16, #NHWC>
    return %1 : tensor<1x64x55x55xf16, #NHWC>
  }
}
