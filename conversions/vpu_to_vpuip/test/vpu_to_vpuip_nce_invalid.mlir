// RUN: not vpuc-opt %s --vpuc-convert-vpu-to-vpuip 2>&1 | FileCheck %s
// An NCE layer that does not fit the CMX of one cluster needs tiling first: the error names the
// layer and the bytes needed and available.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Input 1x16x16x16xf16 (8192 bytes) + output (8192 bytes) > 16000 bytes of CMX.
// CHECK: error: loc("pool1"): cannot bufferise 1 op(s) of the VPU IR:
// CHECK-NEXT: 1 x 'VPU.NCE.MaxPool': needs tiling: its activations, weights, weights table and output need 16384 bytes of CMX but a cluster of VPUX37XX has 16000 (at pool1)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 16000, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @too_big(%x: tensor<1x16x16x16xf16, #NHWC>) -> tensor<1x16x16x16xf16, #NHWC> {
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x16x16xf16, #NHWC> -> tensor<1x16x16x16xf16, #NHWC> loc("pool1")
    return %0 : tensor<1x16x16x16xf16, #NHWC>
  }
}
