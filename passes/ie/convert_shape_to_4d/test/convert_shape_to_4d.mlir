// RUN: vpuc-opt %s --split-input-file \
// RUN:   --vpuc-ie-convert-shape-to-4d="ops=IE.Add,IE.Multiply,IE.ReLU,IE.Select,IE.Convert,IE.Swish,IE.Less" \
// RUN:   | FileCheck %s
// RUN: vpuc-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-shape-to-4d{ops=IE.ReLU}))' \
// RUN:   | FileCheck %s --check-prefix=RELU

// Rank 3 with a per-axis constant: leading 1s; the constant is reshaped by a
// #const.Reshape so it stays on its axis, and the old constant is erased.

// CHECK-LABEL: func.func @rank3_per_axis_constant
// CHECK-SAME:    (%[[X:.+]]: tensor<2x3x5xf32>)
// CHECK-DAG:     %[[X4:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 1, 2, 3, 5>} : tensor<2x3x5xf32> -> tensor<1x2x3x5xf32>
// CHECK-DAG:     %[[C4:.+]] = const.Declare tensor<1x1x3x1xf32> = #const.Content<dense<2.000000e+00> : tensor<3x1xf32>, [#const.Reshape<[1, 1, 3, 1]>]>
// CHECK:         %[[M:.+]] = IE.Multiply(%[[X4]], %[[C4]]) : tensor<1x2x3x5xf32>, tensor<1x1x3x1xf32> -> tensor<1x2x3x5xf32>
// CHECK-NEXT:    %[[R:.+]] = IE.Reshape(%[[M]]) {shape = array<i64: 2, 3, 5>} : tensor<1x2x3x5xf32> -> tensor<2x3x5xf32>
// CHECK-NEXT:    return %[[R]] : tensor<2x3x5xf32>
// CHECK-NOT:     const.Declare

// RELU-LABEL:  func.func @rank3_per_axis_constant
// RELU-NEXT:     const.Declare tensor<3x1xf32>
// RELU-NEXT:     IE.Multiply(%{{.+}}, %{{.+}}) : tensor<2x3x5xf32>, tensor<3x1xf32> -> tensor<2x3x5xf32>
func.func @rank3_per_axis_constant(%x: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %cst = const.Declare tensor<3x1xf32> = #const.Content<dense<2.0> : tensor<3x1xf32>>
  %0 = IE.Multiply(%x, %cst) : tensor<2x3x5xf32>, tensor<3x1xf32> -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Chains of converted ops: each op is reshaped on its own (canonicalisation
// cancels the reshapes between them).

// CHECK-LABEL: func.func @chain
// CHECK-SAME:    (%[[X:.+]]: tensor<8xf16>, %[[Y:.+]]: tensor<8xf16>)
// CHECK-DAG:     %[[X4:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 1, 1, 1, 8>} : tensor<8xf16> -> tensor<1x1x1x8xf16>
// CHECK-DAG:     %[[Y4:.+]] = IE.Reshape(%[[Y]]) {shape = array<i64: 1, 1, 1, 8>} : tensor<8xf16> -> tensor<1x1x1x8xf16>
// CHECK:         %[[A:.+]] = IE.Add(%[[X4]], %[[Y4]]) : tensor<1x1x1x8xf16>, tensor<1x1x1x8xf16> -> tensor<1x1x1x8xf16>
// CHECK-NEXT:    %[[A1:.+]] = IE.Reshape(%[[A]]) {shape = array<i64: 8>} : tensor<1x1x1x8xf16> -> tensor<8xf16>
// CHECK-NEXT:    %[[A4:.+]] = IE.Reshape(%[[A1]]) {shape = array<i64: 1, 1, 1, 8>} : tensor<8xf16> -> tensor<1x1x1x8xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[A4]]) : tensor<1x1x1x8xf16> -> tensor<1x1x1x8xf16>
// CHECK-NEXT:    %[[R1:.+]] = IE.Reshape(%[[R]]) {shape = array<i64: 8>} : tensor<1x1x1x8xf16> -> tensor<8xf16>
// CHECK-NEXT:    return %[[R1]] : tensor<8xf16>
func.func @chain(%x: tensor<8xf16>, %y: tensor<8xf16>) -> tensor<8xf16> {
  %0 = IE.Add(%x, %y) : tensor<8xf16>, tensor<8xf16> -> tensor<8xf16>
  %1 = IE.ReLU(%0) : tensor<8xf16> -> tensor<8xf16>
  return %1 : tensor<8xf16>
}

// -----

// Above rank 4: unit dims dropped, dims with the same broadcast merged.

// CHECK-LABEL: func.func @rank5
// CHECK-SAME:    (%[[Y:.+]]: tensor<2x3x4x5x6xf32>, %[[Z:.+]]: tensor<1x3x4x1x1xf32>)
// CHECK-DAG:     %[[Y4:.+]] = IE.Reshape(%[[Y]]) {shape = array<i64: 1, 2, 12, 30>} : tensor<2x3x4x5x6xf32> -> tensor<1x2x12x30xf32>
// CHECK-DAG:     %[[Z4:.+]] = IE.Reshape(%[[Z]]) {shape = array<i64: 1, 1, 12, 1>} : tensor<1x3x4x1x1xf32> -> tensor<1x1x12x1xf32>
// CHECK:         %[[A:.+]] = IE.Add(%[[Y4]], %[[Z4]]) : tensor<1x2x12x30xf32>, tensor<1x1x12x1xf32> -> tensor<1x2x12x30xf32>
// CHECK-NEXT:    IE.Reshape(%[[A]]) {shape = array<i64: 2, 3, 4, 5, 6>} : tensor<1x2x12x30xf32> -> tensor<2x3x4x5x6xf32>
func.func @rank5(%y: tensor<2x3x4x5x6xf32>, %z: tensor<1x3x4x1x1xf32>) -> tensor<2x3x4x5x6xf32> {
  %0 = IE.Add(%y, %z) : tensor<2x3x4x5x6xf32>, tensor<1x3x4x1x1xf32> -> tensor<2x3x4x5x6xf32>
  return %0 : tensor<2x3x4x5x6xf32>
}

// -----

// A 4-D result with a lower-rank operand: only the operand is reshaped.

// CHECK-LABEL: func.func @aligned_operand
// CHECK-SAME:    (%[[X:.+]]: tensor<1x3x4x4xf32>, %[[B:.+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[B4:.+]] = IE.Reshape(%[[B]]) {shape = array<i64: 1, 1, 1, 4>} : tensor<4xf32> -> tensor<1x1x1x4xf32>
// CHECK-NEXT:    %[[A:.+]] = IE.Add(%[[X]], %[[B4]]) : tensor<1x3x4x4xf32>, tensor<1x1x1x4xf32> -> tensor<1x3x4x4xf32>
// CHECK-NEXT:    return %[[A]] : tensor<1x3x4x4xf32>
func.func @aligned_operand(%x: tensor<1x3x4x4xf32>, %b: tensor<4xf32>) -> tensor<1x3x4x4xf32> {
  %0 = IE.Add(%x, %b) : tensor<1x3x4x4xf32>, tensor<4xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// Three operands, booleans, a scalar operand and a shared constant that another
// (unlisted) op still reads.

// CHECK-LABEL: func.func @select_and_friends
// CHECK-SAME:    (%[[C:.+]]: tensor<2x1xi1>, %[[X:.+]]: tensor<2x3xf32>, %[[S:.+]]: tensor<f32>)
// CHECK-DAG:     %[[C4:.+]] = IE.Reshape(%[[C]]) {shape = array<i64: 1, 1, 2, 1>} : tensor<2x1xi1> -> tensor<1x1x2x1xi1>
// CHECK-DAG:     %[[X4:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 1, 1, 2, 3>}
// CHECK-DAG:     %[[S4:.+]] = IE.Reshape(%[[S]]) {shape = array<i64: 1, 1, 1, 1>} : tensor<f32> -> tensor<1x1x1x1xf32>
// CHECK:         %[[SEL:.+]] = IE.Select(%[[C4]], %[[X4]], %[[S4]]) : tensor<1x1x2x1xi1>, tensor<1x1x2x3xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x2x3xf32>
// CHECK-NEXT:    %[[SEL2:.+]] = IE.Reshape(%[[SEL]]) {shape = array<i64: 2, 3>}
// CHECK:         %[[BETA:.+]] = const.Declare tensor<1xf32>
// CHECK:         %[[BETA4:.+]] = const.Declare tensor<1x1x1x1xf32> = #const.Content<dense<1.500000e+00> : tensor<1xf32>, [#const.Reshape<[1, 1, 1, 1]>]>
// CHECK:         IE.Swish(%{{.+}}, %[[BETA4]]) : tensor<1x1x2x3xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x2x3xf32>
// CHECK:         IE.Less(%{{.+}}, %{{.+}}) : tensor<1x1x2x3xf32>, tensor<1x1x1x1xf32> -> tensor<1x1x2x3xi1>
// CHECK:         IE.Convert(%{{.+}}) {dstElemType = f16} : tensor<1x1x2x3xi1> -> tensor<1x1x2x3xf16>
// CHECK:         IE.Exp(%[[SEL2]]) : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK:         IE.Negative(%[[BETA]]) : tensor<1xf32> -> tensor<1xf32>
func.func @select_and_friends(%c: tensor<2x1xi1>, %x: tensor<2x3xf32>, %s: tensor<f32>)
    -> (tensor<2x3xf16>, tensor<2x3xf32>, tensor<1xf32>) {
  %0 = IE.Select(%c, %x, %s) : tensor<2x1xi1>, tensor<2x3xf32>, tensor<f32> -> tensor<2x3xf32>
  %beta = const.Declare tensor<1xf32> = #const.Content<dense<1.5> : tensor<1xf32>>
  %1 = IE.Swish(%0, %beta) : tensor<2x3xf32>, tensor<1xf32> -> tensor<2x3xf32>
  %2 = IE.Less(%1, %s) : tensor<2x3xf32>, tensor<f32> -> tensor<2x3xi1>
  %3 = IE.Convert(%2) {dstElemType = f16} : tensor<2x3xi1> -> tensor<2x3xf16>
  %4 = IE.Exp(%0) : tensor<2x3xf32> -> tensor<2x3xf32>
  %5 = IE.Negative(%beta) : tensor<1xf32> -> tensor<1xf32>
  return %3, %4, %5 : tensor<2x3xf16>, tensor<2x3xf32>, tensor<1xf32>
}

// -----

// Nothing to do: 4-D ops, ops that are not listed (IE.SoftMax, IE.Exp),
// encodings on 4-D tensors.

// CHECK-LABEL: func.func @no_op
// CHECK-NEXT:    IE.Add(%{{.+}}, %{{.+}}) : tensor<1x3x4x4xf32, #{{.+}}>, tensor<1x3x4x4xf32, #{{.+}}> -> tensor<1x3x4x4xf32, #{{.+}}>
// CHECK-NEXT:    IE.SoftMax(%{{.+}}) {axis = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    IE.Exp(%{{.+}}) : tensor<2x3xf32> -> tensor<2x3xf32>
// CHECK-NEXT:    return
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @no_op(%x: tensor<1x3x4x4xf32, #NHWC>, %y: tensor<2x3xf32>)
    -> (tensor<1x3x4x4xf32, #NHWC>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = IE.Add(%x, %x) : tensor<1x3x4x4xf32, #NHWC>, tensor<1x3x4x4xf32, #NHWC> -> tensor<1x3x4x4xf32, #NHWC>
  %1 = IE.SoftMax(%y) {axis = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  %2 = IE.Exp(%y) : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<1x3x4x4xf32, #NHWC>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// An operand used twice is reshaped once.

// CHECK-LABEL: func.func @same_operand_twice
// CHECK-NEXT:    %[[C4:.+]] = const.Declare tensor<1x1x1x3xf32> = #const.Content<dense<1.500000e+00> : tensor<3xf32>, [#const.Reshape<[1, 1, 1, 3]>]>
// CHECK-NEXT:    %[[M:.+]] = IE.Multiply(%[[C4]], %[[C4]]) : tensor<1x1x1x3xf32>, tensor<1x1x1x3xf32> -> tensor<1x1x1x3xf32>
// CHECK-NEXT:    %[[R:.+]] = IE.Reshape(%[[M]]) {shape = array<i64: 3>}
// CHECK-NEXT:    return %[[R]] : tensor<3xf32>
func.func @same_operand_twice() -> tensor<3xf32> {
  %c = const.Declare tensor<3xf32> = #const.Content<dense<1.5> : tensor<3xf32>>
  %0 = IE.Multiply(%c, %c) : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Empty tensors are left as they are (a constant without elements cannot be
// reshaped).

// CHECK-LABEL: func.func @empty
// CHECK-NEXT:    const.Declare tensor<1x0x5xf32>
// CHECK-NEXT:    IE.Multiply(%{{.+}}, %{{.+}}) : tensor<3x0x5xf32>, tensor<1x0x5xf32> -> tensor<3x0x5xf32>
func.func @empty(%x: tensor<3x0x5xf32>) -> tensor<3x0x5xf32> {
  %cst = const.Declare tensor<1x0x5xf32> = #const.Content<dense<2.0> : tensor<1x0x5xf32>>
  %0 = IE.Multiply(%x, %cst) : tensor<3x0x5xf32>, tensor<1x0x5xf32> -> tensor<3x0x5xf32>
  return %0 : tensor<3x0x5xf32>
}
