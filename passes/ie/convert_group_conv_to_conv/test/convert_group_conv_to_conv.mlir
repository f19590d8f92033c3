// RUN: vpuc-opt %s --split-input-file --vpuc-ie-convert-group-conv-to-conv | FileCheck %s

// Two groups of 2 input and 2 output channels: the filter's rows 0-1 read input channels 0-1,
// rows 2-3 channels 2-3; the other weights are 0. Bias and post-op carry over.
// CHECK-LABEL: func.func @groups_2
// CHECK: %[[W:.+]] = const.Declare tensor<4x4x1x1xf16> = #const.Content<dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]], {{\[\[}}0.000000e+00]], {{\[\[}}0.000000e+00]]], {{\[\[\[}}3.000000e+00]], {{\[\[}}4.000000e+00]], {{\[\[}}0.000000e+00]], {{\[\[}}0.000000e+00]]], {{\[\[\[}}0.000000e+00]], {{\[\[}}0.000000e+00]], {{\[\[}}5.000000e+00]], {{\[\[}}6.000000e+00]]], {{\[\[\[}}0.000000e+00]], {{\[\[}}0.000000e+00]], {{\[\[}}7.000000e+00]], {{\[\[}}8.000000e+00]]]]> : tensor<4x4x1x1xf16>>
// CHECK: IE.Convolution(%arg0, %[[W]], %{{.+}}) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x4x8x8xf16>
// CHECK-NOT: IE.GroupConvolution
func.func @groups_2(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x8x8xf16> {
  %w = const.Declare tensor<4x2x1x1xf16> = #const.Content<dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]], [[[7.0]], [[8.0]]]]> : tensor<4x2x1x1xf16>>
  %b = const.Declare tensor<4xf16> = #const.Content<dense<0.5> : tensor<4xf16>>
  %0 = IE.GroupConvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x4x8x8xf16>, tensor<4x2x1x1xf16>, tensor<4xf16> -> tensor<1x4x8x8xf16>
  return %0 : tensor<1x4x8x8xf16>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<u8:f32:0, {1.0:3, 2.0:3, 3.0:3, 4.0:3}>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// A quantized filter: the weights outside the blocks are the output channel's zero point (the
// real 0); the per-channel quantization is the group filter's.
// CHECK-LABEL: func.func @quantized
// CHECK: const.Declare tensor<4x4x1x1x!quant.uniform<u8:f32:0, {1.000000e+00:3,2.000000e+00:3,3.000000e+00:3,4.000000e+00:3}>> = #const.Content<dense<{{\[\[\[\[}}9]], {{\[\[}}8]], {{\[\[}}3]], {{\[\[}}3]]], {{\[\[\[}}7]], {{\[\[}}6]], {{\[\[}}3]], {{\[\[}}3]]], {{\[\[\[}}3]], {{\[\[}}3]], {{\[\[}}4]], {{\[\[}}3]]], {{\[\[\[}}3]], {{\[\[}}3]], {{\[\[}}2]], {{\[\[}}1]]]]> : tensor<4x4x1x1xui8>, [#const.QuantCast<!quant.uniform<u8:f32:0, {1.000000e+00:3,2.000000e+00:3,3.000000e+00:3,4.000000e+00:3}>>]>
// CHECK: IE.Convolution
// CHECK-SAME: -> tensor<1x4x8x8x!quant.uniform<u8:f32, 1.000000e-01:10>>
func.func @quantized(%x: tensor<1x4x8x8x!qx>) -> tensor<1x4x8x8x!qy> {
  %w = const.Declare tensor<4x2x1x1x!qw> = #const.Content<dense<[[[[9]], [[8]]], [[[7]], [[6]]], [[[4]], [[3]]], [[[2]], [[1]]]]> : tensor<4x2x1x1xui8>, [#const.QuantCast<!qw>]>
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x8x8x!qx>, tensor<4x2x1x1x!qw> -> tensor<1x4x8x8x!qy>
  return %0 : tensor<1x4x8x8x!qy>
}

// -----

// A depthwise convolution (the NCE runs it) and a group convolution over max-groups stay.
// CHECK-LABEL: func.func @kept
// CHECK: IE.GroupConvolution({{.+}}) {dilations = array<i64: 1, 1>, groups = 16 : i64
// CHECK: IE.GroupConvolution({{.+}}) {dilations = array<i64: 1, 1>, groups = 64 : i64
// CHECK-NOT: IE.Convolution
func.func @kept(%x: tensor<1x16x8x8xf16>, %y: tensor<1x128x8x8xf16>) -> (tensor<1x16x8x8xf16>, tensor<1x128x8x8xf16>) {
  %w = const.Declare tensor<16x1x3x3xf16> = #const.Content<dense<1.0> : tensor<16x1x3x3xf16>>
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16>, tensor<16x1x3x3xf16> -> tensor<1x16x8x8xf16>
  %v = const.Declare tensor<128x2x1x1xf16> = #const.Content<dense<1.0> : tensor<128x2x1x1xf16>>
  %1 = IE.GroupConvolution(%y, %v) {dilations = array<i64: 1, 1>, groups = 64 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x128x8x8xf16>, tensor<128x2x1x1xf16> -> tensor<1x128x8x8xf16>
  return %0, %1 : tensor<1x16x8x8xf16>, tensor<1x128x8x8xf16>
}
