// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-compress-input-channels))' --split-input-file | FileCheck %s

// The stem of an RGB network after the channel expansion: 3 channels padded to 16, reordered to
// NHWC, a filter whose input channels 3..15 are zeros. The convolution reads 4 channels instead.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
// CHECK-LABEL: func.func @stem
// CHECK-SAME:    (%[[X:.+]]: tensor<1x3x8x8xf16>)
// CHECK-NEXT:    %[[P:.+]] = IE.Pad(%[[X]]) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 1, 0, 0>} : tensor<1x3x8x8xf16> -> tensor<1x4x8x8xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.Reorder(%[[P]]) {dstOrder = #{{.+}}} : tensor<1x4x8x8xf16> -> tensor<1x4x8x8xf16, #{{.+}}>
// CHECK-NEXT:    %[[W:.+]] = const.Declare tensor<16x4x3x3xf16, #{{.+}}> = #const.Content<dense<5.000000e-01> : tensor<16x3x3x3xf16>, [#const.Reorder<#{{.+}}>, #const.PadWithZero<[0, 0, 0, 0], [0, 13, 0, 0]>, #const.SubView<[0, 0, 0, 0], [16, 4, 3, 3]>]>
// CHECK-NEXT:    %[[C:.+]] = IE.Convolution(%[[R]], %[[W]]) {{.+}} : tensor<1x4x8x8xf16, #{{.+}}>, tensor<16x4x3x3xf16, #{{.+}}> -> tensor<1x16x8x8xf16, #{{.+}}>
// CHECK-NEXT:    return %[[C]]
// CHECK-NOT:     IE.Pad
func.func @stem(%x: tensor<1x3x8x8xf16>) -> tensor<1x16x8x8xf16, #NHWC> {
  %w = const.Declare tensor<16x16x3x3xf16, #NHWC> = #const.Content<dense<0.5> : tensor<16x3x3x3xf16>, [#const.Reorder<#NHWC>, #const.PadWithZero<[0, 0, 0, 0], [0, 13, 0, 0]>]>
  %p = IE.Pad(%x) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 13, 0, 0>} : tensor<1x3x8x8xf16> -> tensor<1x16x8x8xf16>
  %r = IE.Reorder(%p) {dstOrder = #NHWC} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16, #NHWC>
  %c = IE.Convolution(%r, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %c : tensor<1x16x8x8xf16, #NHWC>
}
}

// -----

// Without a reorder, from 1 channel, with a bias; the pad has a second user, which keeps it.

module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
// CHECK-LABEL: func.func @gray
// CHECK-DAG:     %[[W:.+]] = const.Declare tensor<16x4x1x1xf16> = #const.Content<dense<2.000000e+00> : tensor<16x1x1x1xf16>, [#const.PadWithZero<[0, 0, 0, 0], [0, 15, 0, 0]>, #const.SubView<[0, 0, 0, 0], [16, 4, 1, 1]>]>
// CHECK-DAG:     %[[B:.+]] = const.Declare tensor<1x16x1x1xf16>
// CHECK-DAG:     %[[P16:.+]] = IE.Pad(%{{.+}}) {{.+}} -> tensor<1x16x4x4xf16>
// CHECK-DAG:     %[[P4:.+]] = IE.Pad(%{{.+}}) {{.+}}pads_end = array<i64: 0, 3, 0, 0>{{.+}} -> tensor<1x4x4x4xf16>
// CHECK:         IE.Convolution(%[[P4]], %[[W]], %[[B]])
// CHECK:         IE.MaxPool(%[[P16]])
func.func @gray(%x: tensor<1x1x4x4xf16>) -> (tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>) {
  %w = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<2.0> : tensor<16x1x1x1xf16>, [#const.PadWithZero<[0, 0, 0, 0], [0, 15, 0, 0]>]>
  %b = const.Declare tensor<1x16x1x1xf16> = #const.Content<dense<1.0> : tensor<1x16x1x1xf16>>
  %p = IE.Pad(%x) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 15, 0, 0>} : tensor<1x1x4x4xf16> -> tensor<1x16x4x4xf16>
  %c = IE.Convolution(%p, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16>, tensor<16x16x1x1xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x4x4xf16>
  %m = IE.MaxPool(%p) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  return %c, %m : tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>
}
}

// -----

// Unchanged: a filter with weights in the channels the pad made (their products are zero, but a
// compressed read would change what the layer means), more real channels than the compressed
// count, a pad that is not all zeros or not only channels, and a target without the mode.

module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-4: IE.Convolution({{.+}}) {{.+}} : tensor<1x16x4x4xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x4x4xf16>
// CHECK-NOT:     SubView
func.func @kept(%x: tensor<1x3x4x4xf16>, %y: tensor<1x5x4x4xf16>) -> (tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>) {
  %dense = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>>
  %w3 = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<1.0> : tensor<16x3x1x1xf16>, [#const.PadWithZero<[0, 0, 0, 0], [0, 13, 0, 0]>]>
  %w5 = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<1.0> : tensor<16x5x1x1xf16>, [#const.PadWithZero<[0, 0, 0, 0], [0, 11, 0, 0]>]>
  %p3 = IE.Pad(%x) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 13, 0, 0>} : tensor<1x3x4x4xf16> -> tensor<1x16x4x4xf16>
  %c0 = IE.Convolution(%p3, %dense) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x4x4xf16>
  %p5 = IE.Pad(%y) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 11, 0, 0>} : tensor<1x5x4x4xf16> -> tensor<1x16x4x4xf16>
  %c1 = IE.Convolution(%p5, %w5) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x4x4xf16>
  %p1 = IE.Pad(%x) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 13, 0, 0>, pad_value = 1.0 : f64} : tensor<1x3x4x4xf16> -> tensor<1x16x4x4xf16>
  %c2 = IE.Convolution(%p1, %w3) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x4x4xf16>
  %s = IE.Slice(%p3) {starts = array<i64: 0, 0, 0, 0>, ends = array<i64: 1, 16, 3, 4>} : tensor<1x16x4x4xf16> -> tensor<1x16x3x4xf16>
  %ps = IE.Pad(%s) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 0, 1, 0>} : tensor<1x16x3x4xf16> -> tensor<1x16x4x4xf16>
  %c3 = IE.Convolution(%ps, %w3) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x4x4xf16>
  return %c0, %c1, %c2, %c3 : tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>
}
}

// -----

module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
// CHECK-LABEL: func.func @no_mode
// CHECK:         IE.Convolution({{.+}}) {{.+}} : tensor<1x16x4x4xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x4x4xf16>
// CHECK-NOT:     SubView
func.func @no_mode(%x: tensor<1x3x4x4xf16>) -> tensor<1x16x4x4xf16> {
  %w = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<1.0> : tensor<16x3x1x1xf16>, [#const.PadWithZero<[0, 0, 0, 0], [0, 13, 0, 0]>]>
  %p = IE.Pad(%x) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 13, 0, 0>} : tensor<1x3x4x4xf16> -> tensor<1x16x4x4xf16>
  %c = IE.Convolution(%p, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x4x4xf16>
  return %c : tensor<1x16x4x4xf16>
}
}
