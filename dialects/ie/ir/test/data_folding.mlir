// RUN: vpuc-opt %s --split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @reshape_chain
// CHECK-SAME: (%[[X:.+]]: tensor<2x3x4xf32>)
func.func @reshape_chain(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  // CHECK-NEXT: %[[R:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 4, 6>} : tensor<2x3x4xf32> -> tensor<4x6xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = IE.Reshape(%x) {shape = array<i64: 6, 4>} : tensor<2x3x4xf32> -> tensor<6x4xf32>
  %1 = IE.Reshape(%0) {shape = array<i64: 4, 6>} : tensor<6x4xf32> -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_back
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
func.func @reshape_back(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK-NEXT: return %[[X]], %[[X]]
  %0 = IE.Reshape(%x) {shape = array<i64: 6>} : tensor<2x3xf32> -> tensor<6xf32>
  %1 = IE.Reshape(%0) {shape = array<i64: 2, 3>} : tensor<6xf32> -> tensor<2x3xf32>
  %2 = IE.Reshape(%x) {shape = array<i64: 2, 3>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// A reshape of an encoded tensor to its own shape changes the type: it stays.
#NC = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @reshape_drops_encoding
func.func @reshape_drops_encoding(%x: tensor<2x3xf32, #NC>) -> tensor<2x3xf32> {
  // CHECK: IE.Reshape
  %0 = IE.Reshape(%x) {shape = array<i64: 2, 3>} : tensor<2x3xf32, #NC> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze_unsqueeze
// CHECK-SAME: (%[[X:.+]]: tensor<1x3x1xf32>)
func.func @squeeze_unsqueeze(%x: tensor<1x3x1xf32>) -> (tensor<3x1x1xf32>, tensor<1x3x1xf32>, tensor<3xf32>) {
  // CHECK-NEXT: %[[R:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 3, 1, 1>} : tensor<1x3x1xf32> -> tensor<3x1x1xf32>
  // CHECK-NEXT: %[[S:.+]] = IE.Squeeze(%[[X]]) {axes = array<i64: 0, 2>} : tensor<1x3x1xf32> -> tensor<3xf32>
  // CHECK-NEXT: return %[[R]], %[[X]], %[[S]]
  %0 = IE.Squeeze(%x) {axes = array<i64: 0>} : tensor<1x3x1xf32> -> tensor<3x1xf32>
  %1 = IE.Unsqueeze(%0) {axes = array<i64: -1>} : tensor<3x1xf32> -> tensor<3x1x1xf32>
  %2 = IE.Unsqueeze(%0) {axes = array<i64: 0>} : tensor<3x1xf32> -> tensor<1x3x1xf32>
  %3 = IE.Squeeze(%x) {axes = array<i64: 0, 2>} : tensor<1x3x1xf32> -> tensor<3xf32>
  return %1, %2, %3 : tensor<3x1x1xf32>, tensor<1x3x1xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @flatten_of_reshape
// CHECK-SAME: (%[[X:.+]]: tensor<24xf32>)
func.func @flatten_of_reshape(%x: tensor<24xf32>) -> tensor<2x12xf32> {
  // CHECK-NEXT: %[[R:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 2, 12>} : tensor<24xf32> -> tensor<2x12xf32>
  // CHECK-NEXT: return %[[R]]
  %0 = IE.Reshape(%x) {shape = array<i64: 2, 3, 4>} : tensor<24xf32> -> tensor<2x3x4xf32>
  %1 = IE.Flatten(%0) : tensor<2x3x4xf32> -> tensor<2x12xf32>
  return %1 : tensor<2x12xf32>
}

// -----

// CHECK-LABEL: func.func @transposes
// CHECK-SAME: (%[[X:.+]]: tensor<1x2x3x4xf32>)
func.func @transposes(%x: tensor<1x2x3x4xf32>)
    -> (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x4x2x3xf32>) {
  // CHECK-NEXT: %[[T:.+]] = IE.Transpose(%[[X]]) {perm = array<i64: 0, 3, 1, 2>} : tensor<1x2x3x4xf32> -> tensor<1x4x2x3xf32>
  // CHECK-NEXT: return %[[X]], %[[X]], %[[T]]
  %0 = IE.Transpose(%x) {perm = array<i64: 0, 1, 2, 3>} : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
  %1 = IE.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x2x3x4xf32> -> tensor<1x3x4x2xf32>
  %2 = IE.Transpose(%1) {perm = array<i64: 0, 3, 1, 2>} : tensor<1x3x4x2xf32> -> tensor<1x2x3x4xf32>
  %3 = IE.Transpose(%1) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x2xf32> -> tensor<1x4x2x3xf32>
  %4 = IE.Transpose(%3) {perm = array<i64: 0, 1, 2, 3>} : tensor<1x4x2x3xf32> -> tensor<1x4x2x3xf32>
  return %0, %2, %4 : tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x4x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @concat_one
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>)
func.func @concat_one(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK-NEXT: return %[[X]]
  %0 = IE.Concat(%x) {axis = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
