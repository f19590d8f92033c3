// RUN: not vpuc-opt %s --vpuc-convert-vpu-to-vpuip 2>&1 | FileCheck %s
// An NCE layer on a cluster the target does not have cannot be bufferised: the error names the
// layer, its cluster and the target's cluster count.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK: error: loc("pool2"): cannot bufferise 1 op(s) of the VPU IR:
// CHECK-NEXT: 1 x 'VPU.NCE.MaxPool': runs on cluster 2 but VPUX37XX has 2 clusters (at pool2)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @no_such_cluster(%x: tensor<1x16x4x4xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
    %0 = VPU.NCE.MaxPool(%x) {cluster = 2 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC> loc("pool2")
    return %0 : tensor<1x16x4x4xf16, #NHWC>
  }
}
