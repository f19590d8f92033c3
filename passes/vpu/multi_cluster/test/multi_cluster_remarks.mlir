// RUN: vpuc-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpu-multi-cluster{strategy=soh remarks=true}))' -o /dev/null
// With `remarks`, each function reports the count of each strategy: the first pool splits over
// height, the second (2 output rows) cannot and runs whole on the least loaded cluster.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504,
    cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA,
    shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  // expected-remark @+1 {{vpuc-vpu-multi-cluster over 4 clusters: 1 Clustering, 1 SplitOverHeight, 0 SplitOverKernel}}
  func.func @counts(%x: tensor<1x16x8x8xf16, #NHWC>) -> (tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x2x8xf16, #NHWC>) {
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    %1 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 4, 1>}
           : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x2x8xf16, #NHWC>
    return %0, %1 : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x2x8xf16, #NHWC>
  }
}
