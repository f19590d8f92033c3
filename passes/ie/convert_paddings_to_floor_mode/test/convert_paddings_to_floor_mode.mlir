// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-paddings-to-floor-mode))' --split-input-file | FileCheck %s

// A ceil max pool whose last window reaches one element beyond the input: one more end pad,
// floor rounding (the default, so the attribute is not printed).

// CHECK-LABEL: func.func @max_pool
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x9xf16> -> tensor<1x16x4x5xf16>
func.func @max_pool(%x: tensor<1x16x8x9xf16>) -> tensor<1x16x4x5xf16> {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x8x9xf16> -> tensor<1x16x4x5xf16>
  return %0 : tensor<1x16x4x5xf16>
}

// -----

// ceil and floor agree: only the rounding type changes, also for an average pool counting
// the padding.

// CHECK-LABEL: func.func @same_size
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>}
// CHECK-NEXT:    IE.AvgPool(%{{.+}}) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>}
func.func @same_size(%x: tensor<1x16x9x9xf16>) -> (tensor<1x16x5x5xf16>, tensor<1x16x5x5xf16>) {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x9x9xf16> -> tensor<1x16x5x5xf16>
  %1 = IE.AvgPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x9x9xf16> -> tensor<1x16x5x5xf16>
  return %0, %1 : tensor<1x16x5x5xf16>, tensor<1x16x5x5xf16>
}

// -----

// Average pools: with exclude_pad the extra padding is exact; counting the padding it is not,
// and the pool is left.

// CHECK-LABEL: func.func @avg_pool
// CHECK-NEXT:    IE.AvgPool(%{{.+}}) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x7x7xf16> -> tensor<1x16x4x4xf16>
// CHECK-NEXT:    IE.AvgPool(%{{.+}}) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x7x7xf16> -> tensor<1x16x4x4xf16>
func.func @avg_pool(%x: tensor<1x16x7x7xf16>) -> (tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>) {
  %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x7x7xf16> -> tensor<1x16x4x4xf16>
  %1 = IE.AvgPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x7x7xf16> -> tensor<1x16x4x4xf16>
  return %0, %1 : tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>
}

// -----

// 1-D pools, any element type; floor pools and dynamic sizes are left.

// CHECK-LABEL: func.func @others
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 1>, strides = array<i64: 2>} : tensor<2x3x9xf32> -> tensor<2x3x5xf32>
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 2>} : tensor<2x3x9xf32> -> tensor<2x3x4xf32>
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {{.+}} rounding_type = #IE.rounding_type<ceil>{{.+}} : tensor<1x3x?x8xf32>
func.func @others(%x: tensor<2x3x9xf32>, %d: tensor<1x3x?x8xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x4xf32>, tensor<1x3x?x4xf32>) {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2>} : tensor<2x3x9xf32> -> tensor<2x3x5xf32>
  %1 = IE.MaxPool(%x) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>,
         strides = array<i64: 2>} : tensor<2x3x9xf32> -> tensor<2x3x4xf32>
  %2 = IE.MaxPool(%d) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x3x?x8xf32> -> tensor<1x3x?x4xf32>
  return %0, %1, %2 : tensor<2x3x5xf32>, tensor<2x3x4xf32>, tensor<1x3x?x4xf32>
}
