// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=8000 prefetch-share=0.6}))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=8000}))' | FileCheck %s --check-prefix=OFF

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A 1x1 convolution of 16 to 32 channels on 8x8 pixels needs 7680 bytes (input 2048, filter
// 1024, weights table 512, output 4096): it fits the budget of 8000 but not the prefetch share
// of 4800. Its input is a network input, which arrives by DMA: two H tiles of 4 rows (4608
// bytes each), so the second tile's rows can load while the first runs. Without the option
// (OFF) it stays whole.
// CHECK-LABEL: func.func @network_input
// CHECK:      VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 4, 8]
// CHECK-NEXT: VPU.NCE.Convolution
// CHECK-SAME: -> tensor<1x32x4x8xf16
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 4, 0] [1, 16, 4, 8]
// CHECK-NEXT: VPU.NCE.Convolution
// CHECK-SAME: -> tensor<1x32x4x8xf16
// CHECK-NEXT: VPU.Concat
// OFF-LABEL: func.func @network_input
// OFF-NOT:   VPU.Slice
// OFF:       VPU.NCE.Convolution
// OFF-SAME:  -> tensor<1x32x8x8xf16
func.func @network_input(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x32x8x8xf16, #NHWC> {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x8x8xf16, #NHWC>
  return %0 : tensor<1x32x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The same convolution reading the result of an NCE op (4096 bytes, within the share), which can
// stay in CMX: not tiled. Reading a concatenation of that result with a network input: tiled.
// CHECK-LABEL: func.func @nce_input
// CHECK:      %[[P:.+]] = VPU.NCE.MaxPool
// CHECK-NEXT: VPU.NCE.Convolution(%[[P]], %{{.+}})
// CHECK-SAME: -> tensor<1x32x8x8xf16
// CHECK:      %[[Q:.+]] = VPU.NCE.MaxPool
// CHECK-NEXT: %[[C:.+]] = VPU.Concat(%[[Q]], %arg1)
// CHECK-NEXT: VPU.Slice %[[C]] [0, 0, 0, 0] [1, 16, 4, 8]
// CHECK-NEXT: VPU.NCE.Convolution
// CHECK-SAME: -> tensor<1x32x4x8xf16
// CHECK-NEXT: VPU.Slice %[[C]] [0, 0, 4, 0] [1, 16, 4, 8]
func.func @nce_input(%x: tensor<1x16x8x8xf16, #NHWC>, %y: tensor<1x16x4x8xf16, #NHWC>)
    -> (tensor<1x32x8x8xf16, #NHWC>, tensor<1x32x8x8xf16, #NHWC>) {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %p = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %0 = VPU.NCE.Convolution(%p, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x8x8xf16, #NHWC>
  %s = VPU.Slice %x [0, 0, 0, 0] [1, 16, 4, 8] : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x4x8xf16, #NHWC>
  %q = VPU.NCE.MaxPool(%s) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x4x8xf16, #NHWC> -> tensor<1x16x4x8xf16, #NHWC>
  %c = VPU.Concat(%q, %y) {axis = 2 : i64} : tensor<1x16x4x8xf16, #NHWC>, tensor<1x16x4x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %1 = VPU.NCE.Convolution(%c, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x8x8xf16, #NHWC>
  return %0, %1 : tensor<1x32x8x8xf16, #NHWC>, tensor<1x32x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A 1x1 convolution of 16 to 64 channels on 2x8 pixels whose weights outweigh its input needs
// 5632 bytes (input 512, filter 2048, weights table 1024, output 2048), above the share of 4800.
// Two H tiles fit it (4352 bytes each) but each reloads the filter: 8704 bytes moved. Two K
// tiles read the input twice and the filter once (3072 bytes each, 6144 moved): K wins.
// CHECK-LABEL: func.func @weights_outweigh_input
// CHECK-NOT:  VPU.Slice %arg0
// CHECK:      %[[W0:.+]] = const.Declare tensor<32x16x1x1xf16, {{.+}}#const.SubView<[0, 0, 0, 0], [32, 16, 1, 1]>
// CHECK-NEXT: %[[T0:.+]] = VPU.NCE.Convolution(%arg0, %[[W0]])
// CHECK-SAME: -> tensor<1x32x2x8xf16
// CHECK-NEXT: %[[W1:.+]] = const.Declare tensor<32x16x1x1xf16, {{.+}}#const.SubView<[32, 0, 0, 0], [32, 16, 1, 1]>
// CHECK-NEXT: %[[T1:.+]] = VPU.NCE.Convolution(%arg0, %[[W1]])
// CHECK-SAME: -> tensor<1x32x2x8xf16
// CHECK:      VPU.Concat(%[[T0]], %[[T1]]) {axis = 1 : i64}
// OFF-LABEL: func.func @weights_outweigh_input
// OFF-NOT:   VPU.Slice
// OFF:       VPU.NCE.Convolution
// OFF-SAME:  -> tensor<1x64x2x8xf16
func.func @weights_outweigh_input(%x: tensor<1x16x2x8xf16, #NHWC>) -> tensor<1x64x2x8xf16, #NHWC> {
  %w = const.Declare tensor<64x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<64x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x2x8xf16, #NHWC>, tensor<64x16x1x1xf16, #NHWC> -> tensor<1x64x2x8xf16, #NHWC>
  return %0 : tensor<1x64x2x8xf16, #NHWC>
}
