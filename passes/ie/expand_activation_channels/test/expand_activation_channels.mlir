// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-expand-activation-channels))' --split-input-file | FileCheck %s

// A convolution 3 -> 5 channels, then a depthwise convolution and a pool on 5 channels: the
// input is padded once, the layers chain on 16 channels and one slice restores 5 at the end.
// The filter gets zero filters and input channels, the bias zeros, the depthwise filter zero
// filters and groups = 16.

// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[X:.+]]: tensor<1x3x8x8xf16>)
// CHECK:         %[[P:.+]] = IE.Pad(%[[X]]) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 13, 0, 0>} : tensor<1x3x8x8xf16> -> tensor<1x16x8x8xf16>
// CHECK-NEXT:    %[[W:.+]] = const.Declare tensor<16x16x3x3xf16> = #const.Content<dense<5.000000e-01> : tensor<5x3x3x3xf16>, [#const.PadWithZero<[0, 0, 0, 0], [11, 13, 0, 0]>]>
// CHECK-NEXT:    %[[B:.+]] = const.Declare tensor<1x16x1x1xf16> = #const.Content<dense<1.000000e+00> : tensor<1x5x1x1xf16>, [#const.PadWithZero<[0, 0, 0, 0], [0, 11, 0, 0]>]>
// CHECK-NEXT:    %[[C:.+]] = IE.Convolution(%[[P]], %[[W]], %[[B]]) {{.+}}post_op = {name = "IE.ReLU"}{{.+}} : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16>
// CHECK-NEXT:    %[[D:.+]] = const.Declare tensor<16x1x3x3xf16> = #const.Content<dense<2.500000e-01> : tensor<5x1x3x3xf16>, [#const.PadWithZero<[0, 0, 0, 0], [11, 0, 0, 0]>]>
// CHECK-NEXT:    %[[G:.+]] = IE.GroupConvolution(%[[C]], %[[D]]) {{{.+}}, groups = 16 : i64, {{.+}}} : tensor<1x16x8x8xf16>, tensor<16x1x3x3xf16> -> tensor<1x16x8x8xf16>
// CHECK-NEXT:    %[[M:.+]] = IE.MaxPool(%[[G]]) {{.+}} : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
// CHECK-NEXT:    %[[S:.+]] = IE.Slice(%[[M]]) {ends = array<i64: 1, 5, 4, 4>, starts = array<i64: 0, 0, 0, 0>} : tensor<1x16x4x4xf16> -> tensor<1x5x4x4xf16>
// CHECK-NEXT:    return %[[S]]
func.func @chain(%x: tensor<1x3x8x8xf16>) -> tensor<1x5x4x4xf16> {
  %w = const.Declare tensor<5x3x3x3xf16> = #const.Content<dense<0.5> : tensor<5x3x3x3xf16>>
  %b = const.Declare tensor<1x5x1x1xf16> = #const.Content<dense<1.0> : tensor<1x5x1x1xf16>>
  %dw = const.Declare tensor<5x1x3x3xf16> = #const.Content<dense<0.25> : tensor<5x1x3x3xf16>>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>}
         : tensor<1x3x8x8xf16>, tensor<5x3x3x3xf16>, tensor<1x5x1x1xf16> -> tensor<1x5x8x8xf16>
  %1 = IE.GroupConvolution(%0, %dw) {dilations = array<i64: 1, 1>, groups = 5 : i64,
         pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x5x8x8xf16>, tensor<5x1x3x3xf16> -> tensor<1x5x8x8xf16>
  %2 = IE.MaxPool(%1) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x5x8x8xf16> -> tensor<1x5x4x4xf16>
  return %2 : tensor<1x5x4x4xf16>
}

// -----

// An eltwise op on 20 channels becomes 32; a value used by a layer and by another op keeps its
// slice for the other op. Aligned layers and ops the NCE cannot run are left alone.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @eltwise
// CHECK-SAME:    (%[[X:.+]]: tensor<1x20x2x2xf16, #[[$NHWC]]>, %[[Y:.+]]: tensor<1x16x2x2xf16>, %[[F:.+]]: tensor<1x20x2x2xf32>)
// CHECK-NEXT:    %[[P:.+]] = IE.Pad(%[[X]]) {{.+}} -> tensor<1x32x2x2xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[A:.+]] = IE.Add(%[[P]], %[[P]]) : tensor<1x32x2x2xf16, #[[$NHWC]]>, tensor<1x32x2x2xf16, #[[$NHWC]]> -> tensor<1x32x2x2xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[S:.+]] = IE.Slice(%[[A]]) {ends = array<i64: 1, 20, 2, 2>, starts = array<i64: 0, 0, 0, 0>} : tensor<1x32x2x2xf16, #[[$NHWC]]> -> tensor<1x20x2x2xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[M:.+]] = IE.Multiply(%[[A]], %[[A]]) {{.+}} -> tensor<1x32x2x2xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[S2:.+]] = IE.Slice(%[[M]])
// CHECK-NEXT:    %[[G:.+]] = IE.Sigmoid(%[[S]])
// CHECK-NEXT:    %[[Q:.+]] = IE.MaxPool(%[[Y]]) {{.+}} : tensor<1x16x2x2xf16> -> tensor<1x16x2x2xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.Add(%[[F]], %[[F]]) : tensor<1x20x2x2xf32>
// CHECK-NEXT:    return %[[S2]], %[[G]], %[[Q]], %[[R]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise(%x: tensor<1x20x2x2xf16, #NHWC>, %y: tensor<1x16x2x2xf16>, %f: tensor<1x20x2x2xf32>)
    -> (tensor<1x20x2x2xf16, #NHWC>, tensor<1x20x2x2xf16, #NHWC>, tensor<1x16x2x2xf16>, tensor<1x20x2x2xf32>) {
  %0 = IE.Add(%x, %x) : tensor<1x20x2x2xf16, #NHWC>, tensor<1x20x2x2xf16, #NHWC> -> tensor<1x20x2x2xf16, #NHWC>
  %1 = IE.Multiply(%0, %0) : tensor<1x20x2x2xf16, #NHWC>, tensor<1x20x2x2xf16, #NHWC> -> tensor<1x20x2x2xf16, #NHWC>
  %2 = IE.Sigmoid(%0) : tensor<1x20x2x2xf16, #NHWC> -> tensor<1x20x2x2xf16, #NHWC>
  %3 = IE.MaxPool(%y) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x2x2xf16> -> tensor<1x16x2x2xf16>
  %4 = IE.Add(%f, %f) : tensor<1x20x2x2xf32>, tensor<1x20x2x2xf32> -> tensor<1x20x2x2xf32>
  return %1, %2, %3, %4 : tensor<1x20x2x2xf16, #NHWC>, tensor<1x20x2x2xf16, #NHWC>, tensor<1x16x2x2xf16>, tensor<1x20x2x2xf32>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qs = !quant.uniform<u8:f32, 3.906250e-03>
!qy = !quant.uniform<u8:f32, 4.000000e-02:3>

// A depthwise convolution on 24 channels whose filter is an activation: the filter is padded to
// 32 filters by an IE.Pad (zeros: the real 0), like the input.
// CHECK-LABEL: func.func @activation_filter
// CHECK:         %[[X:.+]] = IE.Pad(%arg0) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 8, 0, 0>}
// CHECK:         %[[F:.+]] = IE.Pad(%arg1) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 8, 0, 0, 0>} : tensor<24x1x1x1x!quant.uniform<u8:f32, 3.906250e-03>> -> tensor<32x1x1x1x!quant.uniform<u8:f32, 3.906250e-03>>
// CHECK:         IE.GroupConvolution(%[[X]], %[[F]]) {{.+}} groups = 32
func.func @activation_filter(%x: tensor<1x24x8x8x!qx>, %s: tensor<24x1x1x1x!qs>) -> tensor<1x24x8x8x!qy> {
  %0 = IE.GroupConvolution(%x, %s) {dilations = array<i64: 1, 1>, groups = 24 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x24x8x8x!qx>, tensor<24x1x1x1x!qs> -> tensor<1x24x8x8x!qy>
  return %0 : tensor<1x24x8x8x!qy>
}

// -----

// Element-wise layers between expanded layers compute on the padded channels: a Swish and a
// product with a per-channel scale (a squeeze-excitation) between two convolutions of 24
// channels run on 32, and the second convolution reads the product without a pad. A division
// (the padded zeros would give NaN) and a Swish returned as well (no layer reads it padded)
// keep their slices.

// CHECK-LABEL: func.func @elementwise
// CHECK:         %[[C:.+]] = IE.Convolution({{.+}} -> tensor<1x32x4x4xf16>
// CHECK:         %[[K:.+]] = IE.Convolution({{.+}} -> tensor<1x32x1x1xf16>
// CHECK:         %[[S:.+]] = IE.Swish(%[[C]]) : tensor<1x32x4x4xf16> -> tensor<1x32x4x4xf16>
// CHECK:         %[[G:.+]] = IE.Sigmoid(%[[K]]) : tensor<1x32x1x1xf16> -> tensor<1x32x1x1xf16>
// CHECK:         %[[M:.+]] = IE.Multiply(%[[S]], %[[G]]) : tensor<1x32x4x4xf16>, tensor<1x32x1x1xf16> -> tensor<1x32x4x4xf16>
// CHECK-NOT:     IE.Pad
// CHECK:         IE.Convolution(%[[M]], {{.+}} -> tensor<1x16x4x4xf16>
// CHECK:         IE.Divide({{.+}} : tensor<1x24x4x4xf16>, tensor<1x24x1x1xf16> -> tensor<1x24x4x4xf16>
// CHECK:         IE.Pad
// CHECK:         IE.Swish({{.+}} : tensor<1x24x4x4xf16> -> tensor<1x24x4x4xf16>
func.func @elementwise(%x: tensor<1x16x4x4xf16>) -> (tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x24x4x4xf16>) {
  %w = const.Declare tensor<24x16x1x1xf16> = #const.Content<dense<0.5> : tensor<24x16x1x1xf16>>
  %w2 = const.Declare tensor<16x24x1x1xf16> = #const.Content<dense<0.25> : tensor<16x24x1x1xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x4x4xf16>, tensor<24x16x1x1xf16> -> tensor<1x24x4x4xf16>
  %p = IE.MaxPool(%x) {kernel_size = array<i64: 4, 4>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 4, 4>} : tensor<1x16x4x4xf16> -> tensor<1x16x1x1xf16>
  %k = IE.Convolution(%p, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x1x1xf16>, tensor<24x16x1x1xf16> -> tensor<1x24x1x1xf16>
  %1 = IE.Swish(%0) : tensor<1x24x4x4xf16> -> tensor<1x24x4x4xf16>
  %2 = IE.Sigmoid(%k) : tensor<1x24x1x1xf16> -> tensor<1x24x1x1xf16>
  %3 = IE.Multiply(%1, %2) : tensor<1x24x4x4xf16>, tensor<1x24x1x1xf16> -> tensor<1x24x4x4xf16>
  %4 = IE.Convolution(%3, %w2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x24x4x4xf16>, tensor<16x24x1x1xf16> -> tensor<1x16x4x4xf16>
  %5 = IE.Divide(%0, %k) : tensor<1x24x4x4xf16>, tensor<1x24x1x1xf16> -> tensor<1x24x4x4xf16>
  %6 = IE.Convolution(%5, %w2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x24x4x4xf16>, tensor<16x24x1x1xf16> -> tensor<1x16x4x4xf16>
  %7 = IE.Swish(%0) : tensor<1x24x4x4xf16> -> tensor<1x24x4x4xf16>
  return %4, %6, %7 : tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x24x4x4xf16>
}
