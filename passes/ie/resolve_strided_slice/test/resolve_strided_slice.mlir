// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-resolve-strided-slice))' --split-input-file | FileCheck %s

// Masks and negative strides: the begin mask and a negative begin resolve to element
// indices, a slice down to element 0 ends at -D - 1.

// CHECK-LABEL: func.func @masks
// CHECK-NEXT:    %[[S:.+]] = IE.StridedSlice(%{{.+}}) {begins = array<i64: 0, 4>, ends = array<i64: 2, -6>, strides = array<i64: 1, -2>} : tensor<4x5xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    return %[[S]]
func.func @masks(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>,
         begin_mask = array<i64: 1, 0>, end_mask = array<i64: 0, 1>} : tensor<4x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Unit strides become IE.Slice: negative positions count from the end, positions beyond
// the dim clamp, masked ends take the dim to its end; the layout encoding is kept.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @unit
// CHECK-NEXT:    %[[S:.+]] = IE.Slice(%{{.+}}) {ends = array<i64: 1, 8, 5, 3>, starts = array<i64: 0, 5, 0, 1>} : tensor<1x8x6x4xf16, #[[$NHWC]]> -> tensor<1x3x5x2xf16, #[[$NHWC]]>
// CHECK-NEXT:    return %[[S]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @unit(%x: tensor<1x8x6x4xf16, #NHWC>) -> tensor<1x3x5x2xf16, #NHWC> {
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, -3, -100, 1>, ends = array<i64: 7, 9223372036854775807, 5, -1>,
         strides = array<i64: 1, 1, 1, 1>, end_mask = array<i64: 1, 0, 0, 0>}
         : tensor<1x8x6x4xf16, #NHWC> -> tensor<1x3x5x2xf16, #NHWC>
  return %0 : tensor<1x3x5x2xf16, #NHWC>
}

// -----

// The stride of an empty dim or of a single element does not matter: these slices are
// IE.Slice too. An empty dim is [0, 0).

// CHECK-LABEL: func.func @single_and_empty
// CHECK-NEXT:    IE.Slice(%{{.+}}) {ends = array<i64: 3, 0, 6>, starts = array<i64: 2, 0, 5>} : tensor<4x5x6xsi32> -> tensor<1x0x1xsi32>
func.func @single_and_empty(%x: tensor<4x5x6xsi32>) -> tensor<1x0x1xsi32> {
  %0 = IE.StridedSlice(%x) {begins = array<i64: 2, 3, 0>, ends = array<i64: 3, 1, 4>, strides = array<i64: 7, 2, -1>,
         begin_mask = array<i64: 0, 0, 1>, end_mask = array<i64: 0, 0, 0>} : tensor<4x5x6xsi32> -> tensor<1x0x1xsi32>
  return %0 : tensor<1x0x1xsi32>
}

// -----

// Ends become the tightest end; a negative stride that stops above element 0 keeps a
// non-negative end; a masked negative-stride begin starts at the last element.

// CHECK-LABEL: func.func @strided
// CHECK-NEXT:    IE.StridedSlice(%{{.+}}) {begins = array<i64: 1, 9>, ends = array<i64: 8, 2>, strides = array<i64: 3, -3>} : tensor<10x10xf32> -> tensor<3x3xf32>
func.func @strided(%x: tensor<10x10xf32>) -> tensor<3x3xf32> {
  %0 = IE.StridedSlice(%x) {begins = array<i64: 1, 0>, ends = array<i64: 9, 1>, strides = array<i64: 3, -3>,
         begin_mask = array<i64: 0, 1>} : tensor<10x10xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// A reversed dim (x[::-1]) and all-zero masks.

// CHECK-LABEL: func.func @reverse
// CHECK-NEXT:    IE.StridedSlice(%{{.+}}) {begins = array<i64: 0, 3>, ends = array<i64: 2, -5>, strides = array<i64: 1, -1>} : tensor<2x4xf32> -> tensor<2x4xf32>
func.func @reverse(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, -1>, ends = array<i64: 2, -9223372036854775808>, strides = array<i64: 1, -1>,
         begin_mask = array<i64: 0, 0>, end_mask = array<i64: 0, 0>} : tensor<2x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Already resolved: unchanged (the pass is idempotent). A dynamic input dim: unchanged.

// CHECK-LABEL: func.func @unchanged
// CHECK-NEXT:    %[[A:.+]] = IE.StridedSlice(%{{.+}}) {begins = array<i64: 0, 4>, ends = array<i64: 2, -6>, strides = array<i64: 1, -2>} : tensor<4x5xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    %[[B:.+]] = IE.StridedSlice(%{{.+}}) {begin_mask = array<i64: 1, 0>, begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>} : tensor<?x5xf32> -> tensor<?x2xf32>
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @unchanged(%x: tensor<4x5xf32>, %y: tensor<?x5xf32>) -> (tensor<2x3xf32>, tensor<?x2xf32>) {
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, 4>, ends = array<i64: 2, -6>, strides = array<i64: 1, -2>} : tensor<4x5xf32> -> tensor<2x3xf32>
  %1 = IE.StridedSlice(%y) {begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>,
         begin_mask = array<i64: 1, 0>} : tensor<?x5xf32> -> tensor<?x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<?x2xf32>
}

// -----

// A rank-1 slice with an INT64_MIN stride: one element.

// CHECK-LABEL: func.func @huge_stride
// CHECK-NEXT:    IE.Slice(%{{.+}}) {ends = array<i64: 6>, starts = array<i64: 5>} : tensor<6xf32> -> tensor<1xf32>
func.func @huge_stride(%x: tensor<6xf32>) -> tensor<1xf32> {
  %0 = IE.StridedSlice(%x) {begins = array<i64: 9223372036854775807>, ends = array<i64: 0>, strides = array<i64: -9223372036854775808>} : tensor<6xf32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}
