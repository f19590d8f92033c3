// RUN: vpuc-opt %s --split-input-file --vpuc-convert-ie-to-vpu --mlir-print-local-scope | FileCheck %s --implicit-check-not="= IE."
// IE -> VPU: reshapes, slices, splits, affine reshapes and concatenations become VPU views;
// a static ShapeOf becomes a constant.

// CHECK-LABEL: func.func @reshapes
// CHECK-SAME: (%[[X:.+]]: tensor<1x6x1xf32>)
func.func @reshapes(%x: tensor<1x6x1xf32>) -> (tensor<2x3xf32>, tensor<6xf32>, tensor<1x1x6x1xf32>, tensor<1x6xf32>) {
  // CHECK: %[[R:.+]] = VPU.Reshape(%[[X]]) {shape = array<i64: 2, 3>} : tensor<1x6x1xf32> -> tensor<2x3xf32>
  %0 = IE.Reshape(%x) {shape = array<i64: 2, 3>} : tensor<1x6x1xf32> -> tensor<2x3xf32>
  // CHECK: %[[S:.+]] = VPU.Reshape(%[[X]]) {shape = array<i64: 6>} : tensor<1x6x1xf32> -> tensor<6xf32>
  %1 = IE.Squeeze(%x) : tensor<1x6x1xf32> -> tensor<6xf32>
  // CHECK: %[[U:.+]] = VPU.Reshape(%[[X]]) {shape = array<i64: 1, 1, 6, 1>} : tensor<1x6x1xf32> -> tensor<1x1x6x1xf32>
  %2 = IE.Unsqueeze(%x) {axes = array<i64: 0>} : tensor<1x6x1xf32> -> tensor<1x1x6x1xf32>
  // CHECK: %[[F:.+]] = VPU.Reshape(%[[X]]) {shape = array<i64: 1, 6>} : tensor<1x6x1xf32> -> tensor<1x6xf32>
  %3 = IE.Flatten(%x) {axis = 1 : i64} : tensor<1x6x1xf32> -> tensor<1x6xf32>
  // CHECK: return %[[R]], %[[S]], %[[U]], %[[F]]
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<6xf32>, tensor<1x1x6x1xf32>, tensor<1x6xf32>
}

// -----

// A reshape reads the row-major elements: an NHWC input is reordered first.
// CHECK-LABEL: func.func @reshape_of_nhwc
// CHECK-SAME: (%[[X:.+]]: tensor<1x3x4x5xsi32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>)
func.func @reshape_of_nhwc(%x: tensor<1x3x4x5xsi32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<3x20xsi32> {
  // CHECK: %[[ROW:.+]] = VPU.SW.Reorder(%[[X]]) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>} : tensor<1x3x4x5xsi32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x5xsi32>
  // CHECK: %[[R:.+]] = VPU.Reshape(%[[ROW]]) {shape = array<i64: 3, 20>} : tensor<1x3x4x5xsi32> -> tensor<3x20xsi32>
  %0 = IE.Reshape(%x) {shape = array<i64: 3, 20>} : tensor<1x3x4x5xsi32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<3x20xsi32>
  // CHECK: return %[[R]]
  return %0 : tensor<3x20xsi32>
}

// -----

// CHECK-LABEL: func.func @affine_reshape_and_concat
func.func @affine_reshape_and_concat(%x: tensor<1x16x4x8xf32>, %a: tensor<1x2x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, %b: tensor<1x5x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>)
    -> (tensor<1x2x8x32xf32>, tensor<1x7x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) {
  // CHECK: VPU.AffineReshape(%arg0) {dim_mapping = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>, array<i64: 3>], shape_value = array<i64: 1, 2, 8, 32>} : tensor<1x16x4x8xf32> -> tensor<1x2x8x32xf32>
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>, array<i64: 3>], shape_value = array<i64: 1, 2, 8, 32>} : tensor<1x16x4x8xf32> -> tensor<1x2x8x32xf32>
  // CHECK: VPU.Concat(%arg1, %arg2) {axis = 1 : i64} : tensor<1x2x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<1x5x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x7x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  %1 = IE.Concat(%a, %b) {axis = 1 : i64} : tensor<1x2x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<1x5x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x7x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0, %1 : tensor<1x2x8x32xf32>, tensor<1x7x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @slices
// CHECK-SAME: (%[[X:.+]]: tensor<2x5xf32>
func.func @slices(%x: tensor<2x5xf32>, %n: tensor<1x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>)
    -> (tensor<2x3xf32>, tensor<1x3xf32>, tensor<1x4x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<2x3xf32>, tensor<2x0xf32>) {
  // Unit steps: a view, the starts resolved (clamped ends do not matter).
  // CHECK: VPU.Slice %[[X]] [0, 2] [2, 3] : tensor<2x5xf32> -> tensor<2x3xf32>
  %0 = IE.Slice(%x) {starts = array<i64: 0, 2>, ends = array<i64: 100, 100>} : tensor<2x5xf32> -> tensor<2x3xf32>
  // Negative starts count from the end; axes select the dims.
  // CHECK: VPU.Slice %[[X]] [1, 1] [1, 3] : tensor<2x5xf32> -> tensor<1x3xf32>
  %1 = IE.Slice(%x) {starts = array<i64: -4, -1>, ends = array<i64: -1, 2>, axes = array<i64: 1, 0>} : tensor<2x5xf32> -> tensor<1x3xf32>
  // The view keeps the order.
  // CHECK: VPU.Slice %arg1 [0, 4, 0, 0] [1, 4, 4, 4] : tensor<1x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x4x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  %2 = IE.Slice(%n) {starts = array<i64: 4>, ends = array<i64: 8>, axes = array<i64: 1>} : tensor<1x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x4x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  // Other steps: the strided_slice kernel.
  // CHECK: VPU.SW.Slice(%[[X]]) {axes = array<i64: 1>, ends = array<i64: -9223372036854775808>, starts = array<i64: -1>, steps = array<i64: -2>} : tensor<2x5xf32> -> tensor<2x3xf32>
  %3 = IE.Slice(%x) {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -2>} : tensor<2x5xf32> -> tensor<2x3xf32>
  // An empty result is no view.
  // CHECK: VPU.SW.Slice(%[[X]]) {axes = array<i64: 1>, ends = array<i64: 1>, starts = array<i64: 3>} : tensor<2x5xf32> -> tensor<2x0xf32>
  %4 = IE.Slice(%x) {starts = array<i64: 3>, ends = array<i64: 1>, axes = array<i64: 1>} : tensor<2x5xf32> -> tensor<2x0xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<1x3xf32>, tensor<1x4x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<2x3xf32>, tensor<2x0xf32>
}

// -----

// CHECK-LABEL: func.func @strided_slices
// CHECK-SAME: (%[[X:.+]]: tensor<4x5xf32>)
func.func @strided_slices(%x: tensor<4x5xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>) {
  // CHECK: VPU.SW.StridedSlice(%[[X]]) {begin_mask = array<i64: 1, 0>, begins = array<i64: 0, -1>, end_mask = array<i64: 0, 1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>} : tensor<4x5xf32> -> tensor<2x3xf32>
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>, begin_mask = array<i64: 1, 0>, end_mask = array<i64: 0, 1>} : tensor<4x5xf32> -> tensor<2x3xf32>
  // Unit strides: a view; the masked begin is the start of the dim.
  // CHECK: VPU.Slice %[[X]] [0, 3] [3, 2] : tensor<4x5xf32> -> tensor<3x2xf32>
  %1 = IE.StridedSlice(%x) {begins = array<i64: 2, -2>, ends = array<i64: 3, 5>, strides = array<i64: 1, 1>, begin_mask = array<i64: 1, 0>} : tensor<4x5xf32> -> tensor<3x2xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @split
// CHECK-SAME: (%[[X:.+]]: tensor<1x5x2xf32>)
func.func @split(%x: tensor<1x5x2xf32>) -> (tensor<1x2x2xf32>, tensor<1x0x2xf32>, tensor<1x3x2xf32>) {
  // CHECK: %[[A:.+]] = VPU.Slice %[[X]] [0, 0, 0] [1, 2, 2] : tensor<1x5x2xf32> -> tensor<1x2x2xf32>
  // CHECK: %[[B:.+]] = VPU.SW.Slice(%[[X]]) {axes = array<i64: 1>, ends = array<i64: 2>, starts = array<i64: 2>} : tensor<1x5x2xf32> -> tensor<1x0x2xf32>
  // CHECK: %[[C:.+]] = VPU.Slice %[[X]] [0, 2, 0] [1, 3, 2] : tensor<1x5x2xf32> -> tensor<1x3x2xf32>
  %0:3 = IE.Split(%x) {axis = -2 : i64, splits = array<i64: 2, 0, 3>} : tensor<1x5x2xf32> -> tensor<1x2x2xf32>, tensor<1x0x2xf32>, tensor<1x3x2xf32>
  // CHECK: return %[[A]], %[[B]], %[[C]]
  return %0#0, %0#1, %0#2 : tensor<1x2x2xf32>, tensor<1x0x2xf32>, tensor<1x3x2xf32>
}

// -----

// CHECK-LABEL: func.func @shape_of
func.func @shape_of(%x: tensor<1x5x2xf32>) -> tensor<3xi64> {
  // CHECK: %[[S:.+]] = const.Declare tensor<3xi64> = #const.Content<dense<[1, 5, 2]> : tensor<3xi64>>
  %0 = IE.ShapeOf(%x) : tensor<1x5x2xf32> -> tensor<3xi64>
  // CHECK: return %[[S]]
  return %0 : tensor<3xi64>
}
