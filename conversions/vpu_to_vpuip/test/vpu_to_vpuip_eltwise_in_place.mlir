// RUN: vpuc-opt %s --vpuc-convert-vpu-to-vpuip="eltwise-in-place=true" | FileCheck %s
// RUN: not vpuc-opt %s --vpuc-convert-vpu-to-vpuip 2>&1 | FileCheck %s --check-prefix=OFF

// The addition reads the pool's result, which nothing else reads, and a network input: 2048 bytes
// each, and 2048 for its output, in a CMX of 5000 bytes. With eltwise-in-place the check counts
// no output (vpuc-vpuip-eltwise-in-place writes it over the pool's result): it is lowered.
// Without, it needs tiling.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @residual
// CHECK: VPUIP.NCEClusterTask<MAXPOOL>
// CHECK: VPUIP.NCEClusterTask<ELTWISE_ADD>
// OFF: 1 x 'VPU.NCE.Eltwise': needs tiling: its activations, weights, weights table and output need 6144 bytes of CMX but a cluster of VPUX37XX has 5000 (at add)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 5000, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @residual(%x: tensor<1x16x8x8xf16, #NHWC>, %y: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC> loc("pool")
    %1 = VPU.NCE.Eltwise(%0, %y) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC> loc("add")
    return %1 : tensor<1x16x8x8xf16, #NHWC>
  }
}
