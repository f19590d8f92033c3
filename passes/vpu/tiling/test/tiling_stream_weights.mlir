// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=2000000 stream-weights-share=0.05}))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=2000000}))' | FileCheck %s --check-prefix=OFF

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A classifier-like 1x1 convolution of 512 to 256 channels on one pixel: 262144 bytes of filter
// and 4096 of weights table, within the budget of 2000000 but above the streaming share of
// 100000, and loading them takes far longer than the one-pixel NCE task (VPUX37XX cost model).
// The fewest output-channel tiles whose weights each fit the share are three of 96, 80 and 80
// channels (96 x 512 x 2 + 96 x 16 = 99840 bytes): every tile reads the whole input, and its
// weights load while the tile before runs. Without the option (OFF) it stays whole.
// CHECK-LABEL: func.func @classifier
// CHECK-NOT:  VPU.Slice
// CHECK:      %[[W0:.+]] = const.Declare tensor<96x512x1x1xf16, {{.+}}#const.SubView<[0, 0, 0, 0], [96, 512, 1, 1]>
// CHECK-NEXT: %[[T0:.+]] = VPU.NCE.Convolution(%arg0, %[[W0]])
// CHECK-SAME: -> tensor<1x96x1x1xf16
// CHECK-NEXT: %[[W1:.+]] = const.Declare tensor<80x512x1x1xf16, {{.+}}#const.SubView<[96, 0, 0, 0], [80, 512, 1, 1]>
// CHECK-NEXT: %[[T1:.+]] = VPU.NCE.Convolution(%arg0, %[[W1]])
// CHECK-NEXT: %[[W2:.+]] = const.Declare tensor<80x512x1x1xf16, {{.+}}#const.SubView<[176, 0, 0, 0], [80, 512, 1, 1]>
// CHECK-NEXT: %[[T2:.+]] = VPU.NCE.Convolution(%arg0, %[[W2]])
// CHECK-NEXT: VPU.Concat(%[[T0]], %[[T1]], %[[T2]]) {axis = 1 : i64}
// OFF-LABEL: func.func @classifier
// OFF-NOT:   const.SubView
// OFF:       VPU.NCE.Convolution
// OFF-SAME:  -> tensor<1x256x1x1xf16
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 64, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @classifier(%x: tensor<1x512x1x1xf16, #NHWC>) -> tensor<1x256x1x1xf16, #NHWC> {
    %w = const.Declare tensor<256x512x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<256x512x1x1xf16>, [#const.Reorder<#NHWC>]>
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x512x1x1xf16, #NHWC>, tensor<256x512x1x1xf16, #NHWC> -> tensor<1x256x1x1xf16, #NHWC>
    return %0 : tensor<1x256x1x1xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A 3x3 convolution of 64 to 96 channels on 64 x 64 pixels: its 110592 bytes of filter exceed the
// share, but its NCE task (56.6 M MACs) takes far longer than loading them, so they are not
// streamed. Weights within the share (16 to 32 channels) and a depthwise convolution (no
// output-channel axis of its own) are left whole too.
// CHECK-LABEL: func.func @compute_bound
// CHECK-NOT:  const.SubView
// CHECK:      VPU.NCE.Convolution
// CHECK-SAME: -> tensor<1x96x64x64xf16
// CHECK:      VPU.NCE.Convolution
// CHECK-SAME: -> tensor<1x32x8x8xf16
// CHECK:      VPU.NCE.DepthConvolution
// CHECK-SAME: -> tensor<1x32x8x8xf16
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464,
    cmx_alignment = 64, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT,
    shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @compute_bound(%x: tensor<1x64x64x64xf16, #NHWC>, %y: tensor<1x16x8x8xf16, #NHWC>)
      -> (tensor<1x96x64x64xf16, #NHWC>, tensor<1x32x8x8xf16, #NHWC>) {
    %w = const.Declare tensor<96x64x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<96x64x3x3xf16>, [#const.Reorder<#NHWC>]>
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x64x64x64xf16, #NHWC>, tensor<96x64x3x3xf16, #NHWC> -> tensor<1x96x64x64xf16, #NHWC>
    %v = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %1 = VPU.NCE.Convolution(%y, %v) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x8x8xf16, #NHWC>
    %d = const.Declare tensor<32x1x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x1x3x3xf16>, [#const.Reorder<#NHWC>]>
    %2 = VPU.NCE.DepthConvolution(%1, %d) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x32x8x8xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x8x8xf16, #NHWC>
    return %0, %2 : tensor<1x96x64x64xf16, #NHWC>, tensor<1x32x8x8xf16, #NHWC>
  }
}
