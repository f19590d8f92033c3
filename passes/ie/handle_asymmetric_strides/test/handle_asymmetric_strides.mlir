// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-handle-asymmetric-strides))' --split-input-file | FileCheck %s

// A convolution with stride x 16 (beyond the NCE limit): stride x 8, every second column.

// CHECK-LABEL: func.func @conv
// CHECK-SAME:    (%[[X:.+]]: tensor<1x16x8x64xf16>)
// CHECK:         %[[C:.+]] = IE.Convolution(%[[X]], %{{.+}}) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 0>, pads_end = array<i64: 1, 0>, strides = array<i64: 1, 8>} : tensor<1x16x8x64xf16>, tensor<32x16x3x4xf16> -> tensor<1x32x8x8xf16>
// CHECK-NEXT:    %[[S:.+]] = IE.Slice(%[[C]]) {axes = array<i64: 3>, ends = array<i64: 7>, starts = array<i64: 0>, steps = array<i64: 2>} : tensor<1x32x8x8xf16> -> tensor<1x32x8x4xf16>
// CHECK-NEXT:    return %[[S]]
func.func @conv(%x: tensor<1x16x8x64xf16>) -> tensor<1x32x8x4xf16> {
  %w = const.Declare tensor<32x16x3x4xf16> = #const.Content<dense<0.5> : tensor<32x16x3x4xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 0>, pads_end = array<i64: 1, 0>,
         strides = array<i64: 1, 16>} : tensor<1x16x8x64xf16>, tensor<32x16x3x4xf16> -> tensor<1x32x8x4xf16>
  return %0 : tensor<1x32x8x4xf16>
}

// -----

// Strides (2, 9): (1, 9) is still beyond the limit, (2, 3) has the largest product the NCE
// takes. A depthwise convolution with bias.

// CHECK-LABEL: func.func @depthwise
// CHECK:         %[[C:.+]] = IE.GroupConvolution(%{{.+}}, %{{.+}}, %{{.+}}) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 3>} : tensor<1x16x20x40xf16>, tensor<16x1x3x3xf16>, tensor<16xf16> -> tensor<1x16x10x14xf16>
// CHECK-NEXT:    IE.Slice(%[[C]]) {axes = array<i64: 3>, ends = array<i64: 13>, starts = array<i64: 0>, steps = array<i64: 3>} : tensor<1x16x10x14xf16> -> tensor<1x16x10x5xf16>
func.func @depthwise(%x: tensor<1x16x20x40xf16>) -> tensor<1x16x10x5xf16> {
  %w = const.Declare tensor<16x1x3x3xf16> = #const.Content<dense<0.5> : tensor<16x1x3x3xf16>>
  %b = const.Declare tensor<16xf16> = #const.Content<dense<1.0> : tensor<16xf16>>
  %0 = IE.GroupConvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 2, 9>} : tensor<1x16x20x40xf16>, tensor<16x1x3x3xf16>, tensor<16xf16> -> tensor<1x16x10x5xf16>
  return %0 : tensor<1x16x10x5xf16>
}

// -----

// Pools: a max pool with stride x 10, an average pool with stride y 9 (sliced over H).

// CHECK-LABEL: func.func @pools
// CHECK:         %[[M:.+]] = IE.MaxPool(%{{.+}}) {kernel_size = array<i64: 2, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 5>} : tensor<1x16x20x40xf16> -> tensor<1x16x19x8xf16>
// CHECK-NEXT:    %[[MS:.+]] = IE.Slice(%[[M]]) {axes = array<i64: 3>, ends = array<i64: 7>, starts = array<i64: 0>, steps = array<i64: 2>} : tensor<1x16x19x8xf16> -> tensor<1x16x19x4xf16>
// CHECK:         %[[A:.+]] = IE.AvgPool(%{{.+}}) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 3, 2>} : tensor<1x16x20x40xf16> -> tensor<1x16x6x19xf16>
// CHECK-NEXT:    %[[AS:.+]] = IE.Slice(%[[A]]) {axes = array<i64: 2>, ends = array<i64: 4>, starts = array<i64: 0>, steps = array<i64: 3>} : tensor<1x16x6x19xf16> -> tensor<1x16x2x19xf16>
// CHECK-NEXT:    return %[[MS]], %[[AS]]
func.func @pools(%x: tensor<1x16x20x40xf16>) -> (tensor<1x16x19x4xf16>, tensor<1x16x2x19xf16>) {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 10>} : tensor<1x16x20x40xf16> -> tensor<1x16x19x4xf16>
  %1 = IE.AvgPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 9, 2>} : tensor<1x16x20x40xf16> -> tensor<1x16x2x19xf16>
  return %0, %1 : tensor<1x16x19x4xf16>, tensor<1x16x2x19xf16>
}

// -----

// Left: asymmetric strides the NCE takes, symmetric strides, ops the NCE rejects for other
// reasons (f32, a ceil pool) whatever the strides.

// CHECK-LABEL: func.func @left
// CHECK-NOT:     IE.Slice
// CHECK:         IE.MaxPool(%{{.+}}) {{.+}} strides = array<i64: 1, 2>}
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {{.+}} strides = array<i64: 16, 16>}
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {{.+}} strides = array<i64: 1, 16>}
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {{.+}} strides = array<i64: 1, 16>}
// CHECK-NOT:     IE.Slice
func.func @left(%x: tensor<1x16x32x32xf16>, %y: tensor<1x16x32x32xf32>)
    -> (tensor<1x16x31x16xf16>, tensor<1x16x2x2xf16>, tensor<1x16x31x2xf32>, tensor<1x16x31x2xf16>) {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 2>} : tensor<1x16x32x32xf16> -> tensor<1x16x31x16xf16>
  %1 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 16, 16>} : tensor<1x16x32x32xf16> -> tensor<1x16x2x2xf16>
  %2 = IE.MaxPool(%y) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 16>} : tensor<1x16x32x32xf32> -> tensor<1x16x31x2xf32>
  %3 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 1, 16>} : tensor<1x16x32x32xf16> -> tensor<1x16x31x2xf16>
  return %0, %1, %2, %3 : tensor<1x16x31x16xf16>, tensor<1x16x2x2xf16>, tensor<1x16x31x2xf32>, tensor<1x16x31x2xf16>
}
