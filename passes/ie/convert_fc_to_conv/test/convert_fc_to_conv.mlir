// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-fc-to-conv))' --split-input-file | FileCheck %s

// A fully connected layer with constant weights and a [1, O] bias: a 1x1 convolution on
// [1, K, 1, 1], the constants reshaped in place.

// CHECK-LABEL: func.func @fc
// CHECK-SAME:    (%[[X:.+]]: tensor<1x64xf16>)
// CHECK-DAG:     %[[W:.+]] = const.Declare tensor<32x64x1x1xf16> = #const.Content<dense<5.000000e-01> : tensor<32x64xf16>, [#const.Reshape<[32, 64, 1, 1]>]>
// CHECK-DAG:     %[[B:.+]] = const.Declare tensor<1x32x1x1xf16> = #const.Content<dense<1.000000e+00> : tensor<1x32xf16>, [#const.Reshape<[1, 32, 1, 1]>]>
// CHECK-DAG:     %[[X4:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 1, 64, 1, 1>} : tensor<1x64xf16> -> tensor<1x64x1x1xf16>
// CHECK:         %[[C:.+]] = IE.Convolution(%[[X4]], %[[W]], %[[B]]) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x64x1x1xf16>, tensor<32x64x1x1xf16>, tensor<1x32x1x1xf16> -> tensor<1x32x1x1xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.Reshape(%[[C]]) {shape = array<i64: 1, 32>} : tensor<1x32x1x1xf16> -> tensor<1x32xf16>
// CHECK-NEXT:    return %[[R]]
func.func @fc(%x: tensor<1x64xf16>) -> tensor<1x32xf16> {
  %w = const.Declare tensor<32x64xf16> = #const.Content<dense<0.5> : tensor<32x64xf16>>
  %b = const.Declare tensor<1x32xf16> = #const.Content<dense<1.0> : tensor<1x32xf16>>
  %0 = IE.FullyConnected(%x, %w, %b) : tensor<1x64xf16>, tensor<32x64xf16>, tensor<1x32xf16> -> tensor<1x32xf16>
  return %0 : tensor<1x32xf16>
}

// -----

// A [O] bias is kept.

// CHECK-LABEL: func.func @fc_bias_1d
// CHECK-DAG:     %[[B:.+]] = const.Declare tensor<32xf16>
// CHECK:         IE.Convolution(%{{.+}}, %{{.+}}, %[[B]]) {{.+}} : tensor<1x16x1x1xf16>, tensor<32x16x1x1xf16>, tensor<32xf16> -> tensor<1x32x1x1xf16>
func.func @fc_bias_1d(%x: tensor<1x16xf16>) -> tensor<1x32xf16> {
  %w = const.Declare tensor<32x16xf16> = #const.Content<dense<0.5> : tensor<32x16xf16>>
  %b = const.Declare tensor<32xf16> = #const.Content<dense<1.0> : tensor<32xf16>>
  %0 = IE.FullyConnected(%x, %w, %b) : tensor<1x16xf16>, tensor<32x16xf16>, tensor<32xf16> -> tensor<1x32xf16>
  return %0 : tensor<1x32xf16>
}

// -----

// MatMul with constant [K, O] weights (no fusion into FullyConnected happened): the weights
// are transposed in the constant. With transpose_b they are [O, K] already. A [1, 1, K]
// input has one row.

// CHECK-LABEL: func.func @matmul
// CHECK-SAME:    (%[[X:.+]]: tensor<1x1x16xf16>, %[[Y:.+]]: tensor<1x16xf16>)
// CHECK-DAG:     %[[W:.+]] = const.Declare tensor<8x16x1x1xf16> = #const.Content<dense<{{.+}}> : tensor<16x8xf16>, [#const.Transpose<[1, 0]>, #const.Reshape<[8, 16, 1, 1]>]>
// CHECK-DAG:     %[[X4:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 1, 16, 1, 1>} : tensor<1x1x16xf16> -> tensor<1x16x1x1xf16>
// CHECK:         %[[C:.+]] = IE.Convolution(%[[X4]], %[[W]]) {{.+}} -> tensor<1x8x1x1xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.Reshape(%[[C]]) {shape = array<i64: 1, 1, 8>} : tensor<1x8x1x1xf16> -> tensor<1x1x8xf16>
// CHECK-DAG:     %[[WT:.+]] = const.Declare tensor<8x16x1x1xf16> = #const.Content<dense<{{.+}}> : tensor<8x16xf16>, [#const.Reshape<[8, 16, 1, 1]>]>
// CHECK-DAG:     %[[Y4:.+]] = IE.Reshape(%[[Y]]) {shape = array<i64: 1, 16, 1, 1>}
// CHECK:         %[[C2:.+]] = IE.Convolution(%[[Y4]], %[[WT]]) {{.+}} -> tensor<1x8x1x1xf16>
// CHECK-NEXT:    %[[R2:.+]] = IE.Reshape(%[[C2]]) {shape = array<i64: 1, 8>}
// CHECK-NEXT:    return %[[R]], %[[R2]]
func.func @matmul(%x: tensor<1x1x16xf16>, %y: tensor<1x16xf16>) -> (tensor<1x1x8xf16>, tensor<1x8xf16>) {
  %w = const.Declare tensor<16x8xf16> = #const.Content<dense<0.25> : tensor<16x8xf16>>
  %wt = const.Declare tensor<8x16xf16> = #const.Content<dense<0.75> : tensor<8x16xf16>>
  %0 = IE.MatMul(%x, %w) : tensor<1x1x16xf16>, tensor<16x8xf16> -> tensor<1x1x8xf16>
  %1 = IE.MatMul(%y, %wt) {transpose_b} : tensor<1x16xf16>, tensor<8x16xf16> -> tensor<1x8xf16>
  return %0, %1 : tensor<1x1x8xf16>, tensor<1x8xf16>
}

// -----

// Several rows: they become the convolution's pixels (2 -> 2x1, 4 -> 2x2), through transposes.

// CHECK-LABEL: func.func @rows
// CHECK-SAME:    (%[[X:.+]]: tensor<2x16xf16>, %[[M:.+]]: tensor<1x4x16xf16>)
// CHECK:         %[[XT:.+]] = IE.Transpose(%[[X]]) {perm = array<i64: 1, 0>} : tensor<2x16xf16> -> tensor<16x2xf16>
// CHECK-NEXT:    %[[X4:.+]] = IE.Reshape(%[[XT]]) {shape = array<i64: 1, 16, 2, 1>} : tensor<16x2xf16> -> tensor<1x16x2x1xf16>
// CHECK-NEXT:    %[[C:.+]] = IE.Convolution(%[[X4]], %{{.+}}) {{.+}} : tensor<1x16x2x1xf16>, tensor<8x16x1x1xf16> -> tensor<1x8x2x1xf16>
// CHECK-NEXT:    %[[C2:.+]] = IE.Reshape(%[[C]]) {shape = array<i64: 8, 2>} : tensor<1x8x2x1xf16> -> tensor<8x2xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.Transpose(%[[C2]]) {perm = array<i64: 1, 0>} : tensor<8x2xf16> -> tensor<2x8xf16>
// CHECK:         %[[M2:.+]] = IE.Reshape(%[[M]]) {shape = array<i64: 4, 16>} : tensor<1x4x16xf16> -> tensor<4x16xf16>
// CHECK-NEXT:    %[[MT:.+]] = IE.Transpose(%[[M2]]) {perm = array<i64: 1, 0>} : tensor<4x16xf16> -> tensor<16x4xf16>
// CHECK-NEXT:    %[[M4:.+]] = IE.Reshape(%[[MT]]) {shape = array<i64: 1, 16, 2, 2>}
// CHECK-NEXT:    %[[MC:.+]] = IE.Convolution(%[[M4]], %{{.+}}) {{.+}} -> tensor<1x8x2x2xf16>
// CHECK-NEXT:    %[[MC2:.+]] = IE.Reshape(%[[MC]]) {shape = array<i64: 8, 4>}
// CHECK-NEXT:    %[[MCT:.+]] = IE.Transpose(%[[MC2]]) {perm = array<i64: 1, 0>} : tensor<8x4xf16> -> tensor<4x8xf16>
// CHECK-NEXT:    %[[MR:.+]] = IE.Reshape(%[[MCT]]) {shape = array<i64: 1, 4, 8>} : tensor<4x8xf16> -> tensor<1x4x8xf16>
// CHECK-NEXT:    return %[[R]], %[[MR]]
func.func @rows(%x: tensor<2x16xf16>, %m: tensor<1x4x16xf16>) -> (tensor<2x8xf16>, tensor<1x4x8xf16>) {
  %c = const.Declare tensor<8x16xf16> = #const.Content<dense<0.5> : tensor<8x16xf16>>
  %ct = const.Declare tensor<16x8xf16> = #const.Content<dense<0.5> : tensor<16x8xf16>>
  %0 = IE.FullyConnected(%x, %c) : tensor<2x16xf16>, tensor<8x16xf16> -> tensor<2x8xf16>
  %1 = IE.MatMul(%m, %ct) : tensor<1x4x16xf16>, tensor<16x8xf16> -> tensor<1x4x8xf16>
  return %0, %1 : tensor<2x8xf16>, tensor<1x4x8xf16>
}

// -----

// Left: non-constant weights, f32, a MatMul with transpose_a or non-constant weights.

// CHECK-LABEL: func.func @left
// CHECK-NOT:     IE.Convolution
// CHECK-COUNT-2: IE.FullyConnected
// CHECK-COUNT-2: IE.MatMul
// CHECK-NOT:     IE.Convolution
func.func @left(%y: tensor<1x16xf16>, %w: tensor<8x16xf16>, %z: tensor<1x16xf32>)
    -> (tensor<1x8xf16>, tensor<1x8xf32>, tensor<1x8xf16>, tensor<1x8xf16>) {
  %cf = const.Declare tensor<8x16xf32> = #const.Content<dense<0.5> : tensor<8x16xf32>>
  %ct = const.Declare tensor<16x8xf16> = #const.Content<dense<0.5> : tensor<16x8xf16>>
  %c1 = const.Declare tensor<16x1xf16> = #const.Content<dense<0.5> : tensor<16x1xf16>>
  %1 = IE.FullyConnected(%y, %w) : tensor<1x16xf16>, tensor<8x16xf16> -> tensor<1x8xf16>
  %2 = IE.FullyConnected(%z, %cf) : tensor<1x16xf32>, tensor<8x16xf32> -> tensor<1x8xf32>
  %4 = IE.MatMul(%y, %w) {transpose_b} : tensor<1x16xf16>, tensor<8x16xf16> -> tensor<1x8xf16>
  %5 = IE.MatMul(%c1, %ct) {transpose_a} : tensor<16x1xf16>, tensor<16x8xf16> -> tensor<1x8xf16>
  return %1, %2, %4, %5 : tensor<1x8xf16>, tensor<1x8xf32>, tensor<1x8xf16>, tensor<1x8xf16>
}
