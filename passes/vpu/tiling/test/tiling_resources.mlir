// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=20000}))' | FileCheck %s --check-prefix=OPTION

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The budget is the module's cmx_size (9216 bytes) and every buffer is rounded up to the
// cmx_alignment of 1024 bytes: input 8192, filter 512 -> 1024, table 256 -> 1024, output 8192.
// Unaligned, two tiles of 8 rows would fit (8960 bytes); aligned they need 10240, so three tiles
// of 6, 5 and 5 rows (8192 bytes at most). With cmx-bytes=20000 the op fits as it is.
// CHECK-LABEL: func.func @aligned
// CHECK:      VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 6, 16]
// CHECK-NEXT: VPU.NCE.Convolution
// CHECK-SAME: -> tensor<1x16x6x16xf16
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 6, 0] [1, 16, 5, 16]
// CHECK-NEXT: VPU.NCE.Convolution
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 11, 0] [1, 16, 5, 16]
// CHECK-NEXT: VPU.NCE.Convolution
// CHECK-NEXT: VPU.Concat
// OPTION-LABEL: func.func @aligned
// OPTION-NOT:   VPU.Slice
// OPTION:       VPU.NCE.Convolution(%arg0, %{{.*}})
// OPTION-SAME:  -> tensor<1x16x16x16xf16
// OPTION-NOT:   VPU.Concat
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 9216,
    cmx_alignment = 1024, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @aligned(%x: tensor<1x16x16x16xf16, #NHWC>) -> tensor<1x16x16x16xf16, #NHWC> {
    %w = const.Declare tensor<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x16x16xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x16x16xf16, #NHWC>
    return %0 : tensor<1x16x16x16xf16, #NHWC>
  }
}
