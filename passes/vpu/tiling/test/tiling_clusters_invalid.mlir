// RUN: vpuc-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling))'
// With target resources, an NCE op's cluster must exist.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @no_such_cluster(%x: tensor<1x16x4x4xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
    // expected-error @+1 {{'VPU.NCE.MaxPool' op runs on cluster 2 but the target has 2 clusters (checked by vpuc-vpu-tiling)}}
    %0 = VPU.NCE.MaxPool(%x) {cluster = 2 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
    return %0 : tensor<1x16x4x4xf16, #NHWC>
  }
}
