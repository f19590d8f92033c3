// RUN: vpuc-opt %s --split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @add_zero
// CHECK-SAME: (%[[X:.+]]: tensor<1x3xf32>)
func.func @add_zero(%x: tensor<1x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>) {
  %zero = const.Declare tensor<1x3xf32> = #const.Content<dense<0.0> : tensor<1x3xf32>>
  %scalar = const.Declare tensor<1xf32> = #const.Content<dense<0.0> : tensor<1xf32>>
  // CHECK-NOT: IE.Add
  %0 = IE.Add(%x, %zero) : tensor<1x3xf32>, tensor<1x3xf32> -> tensor<1x3xf32>
  %1 = IE.Add(%scalar, %x) : tensor<1xf32>, tensor<1x3xf32> -> tensor<1x3xf32>
  // CHECK: return %[[X]], %[[X]]
  return %0, %1 : tensor<1x3xf32>, tensor<1x3xf32>
}

// -----

// A zero reached through const transformations still folds.
// CHECK-LABEL: func.func @add_zero_transformed
// CHECK-SAME: (%[[X:.+]]: tensor<2x2xf16>)
func.func @add_zero_transformed(%x: tensor<2x2xf16>) -> tensor<2x2xf16> {
  %zero = const.Declare tensor<2x2xf16> = #const.Content<dense<0.0> : tensor<4xf32>, [#const.Reshape<[2, 2]>, #const.ConvertElemType<f16>]>
  // CHECK-NOT: IE.Add
  %0 = IE.Add(%x, %zero) : tensor<2x2xf16>, tensor<2x2xf16> -> tensor<2x2xf16>
  // CHECK: return %[[X]]
  return %0 : tensor<2x2xf16>
}

// -----

// Adding zero of a larger shape broadcasts x: the result type differs, so nothing folds.
// CHECK-LABEL: func.func @add_zero_broadcasting
func.func @add_zero_broadcasting(%x: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %zero = const.Declare tensor<2x3xf32> = #const.Content<dense<0.0> : tensor<2x3xf32>>
  // CHECK: IE.Add
  %0 = IE.Add(%x, %zero) : tensor<1x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @add_nonzero
func.func @add_nonzero(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %one = const.Declare tensor<3xf32> = #const.Content<dense<1.0> : tensor<3xf32>>
  %mixed = const.Declare tensor<3xf32> = #const.Content<dense<[0.0, 0.0, 1.0]> : tensor<3xf32>>
  // CHECK: IE.Add
  // CHECK: IE.Add
  %0 = IE.Add(%x, %one) : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  %1 = IE.Add(%x, %mixed) : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @subtract_zero
// CHECK-SAME: (%[[X:.+]]: tensor<4xsi32>)
func.func @subtract_zero(%x: tensor<4xsi32>) -> (tensor<4xsi32>, tensor<4xsi32>) {
  %zero = const.Declare tensor<1xsi32> = #const.Content<dense<0> : tensor<1xsi32>>
  %0 = IE.Subtract(%x, %zero) : tensor<4xsi32>, tensor<1xsi32> -> tensor<4xsi32>
  // 0 - x is not x.
  // CHECK: %[[NEG:.+]] = IE.Subtract
  %1 = IE.Subtract(%zero, %x) : tensor<1xsi32>, tensor<4xsi32> -> tensor<4xsi32>
  // CHECK: return %[[X]], %[[NEG]]
  return %0, %1 : tensor<4xsi32>, tensor<4xsi32>
}

// -----

// CHECK-LABEL: func.func @multiply_one
// CHECK-SAME: (%[[X:.+]]: tensor<1x8xf32>)
func.func @multiply_one(%x: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %one = const.Declare tensor<1x1xf32> = #const.Content<dense<1.0> : tensor<1x1xf32>>
  // CHECK-NOT: IE.Multiply
  %0 = IE.Multiply(%x, %one) : tensor<1x8xf32>, tensor<1x1xf32> -> tensor<1x8xf32>
  %1 = IE.Multiply(%one, %x) : tensor<1x1xf32>, tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: return %[[X]], %[[X]]
  return %0, %1 : tensor<1x8xf32>, tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @divide_one
// CHECK-SAME: (%[[X:.+]]: tensor<1x8xf32>)
func.func @divide_one(%x: tensor<1x8xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>) {
  %one = const.Declare tensor<1xf32> = #const.Content<dense<1.0> : tensor<1xf32>>
  %0 = IE.Divide(%x, %one) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
  // 1 / x is not x.
  // CHECK: %[[INV:.+]] = IE.Divide
  %1 = IE.Divide(%one, %x) : tensor<1xf32>, tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: return %[[X]], %[[INV]]
  return %0, %1 : tensor<1x8xf32>, tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @double_negative
// CHECK-SAME: (%[[X:.+]]: tensor<3xf32>)
func.func @double_negative(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // CHECK: %[[NEG:.+]] = IE.Negative(%[[X]])
  // CHECK-NOT: IE.Negative
  %0 = IE.Negative(%x) : tensor<3xf32> -> tensor<3xf32>
  %1 = IE.Negative(%0) : tensor<3xf32> -> tensor<3xf32>
  // CHECK: return %[[X]], %[[NEG]]
  return %1, %0 : tensor<3xf32>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @relu_relu
// CHECK-SAME: (%[[X:.+]]: tensor<3xf32>)
func.func @relu_relu(%x: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: %[[R:.+]] = IE.ReLU(%[[X]])
  // CHECK-NOT: IE.ReLU
  %0 = IE.ReLU(%x) : tensor<3xf32> -> tensor<3xf32>
  %1 = IE.ReLU(%0) : tensor<3xf32> -> tensor<3xf32>
  %2 = IE.ReLU(%1) : tensor<3xf32> -> tensor<3xf32>
  // CHECK: return %[[R]]
  return %2 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @convert_same_type
// CHECK-SAME: (%[[X:.+]]: tensor<3xf16>)
func.func @convert_same_type(%x: tensor<3xf16>) -> (tensor<3xf16>, tensor<3xf32>) {
  // CHECK: %[[C:.+]] = IE.Convert(%[[X]]) {dstElemType = f32}
  // CHECK-NOT: IE.Convert
  %0 = IE.Convert(%x) {dstElemType = f16} : tensor<3xf16> -> tensor<3xf16>
  %1 = IE.Convert(%x) {dstElemType = f32} : tensor<3xf16> -> tensor<3xf32>
  // CHECK: return %[[X]], %[[C]]
  return %0, %1 : tensor<3xf16>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @scale_shift_identity
// CHECK-SAME: (%[[X:.+]]: tensor<1x4x2x2xf32>
func.func @scale_shift_identity(%x: tensor<1x4x2x2xf32>, %w: tensor<1x4x1x1xf32>)
    -> (tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) {
  %one = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<1.0> : tensor<1x4x1x1xf32>>
  %zero = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<0.0> : tensor<1x4x1x1xf32>>
  %0 = IE.ScaleShift(%x) weights(%one : tensor<1x4x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  %1 = IE.ScaleShift(%x) weights(%one : tensor<1x4x1x1xf32>) biases(%zero : tensor<1x4x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  // Real parameters stay.
  // CHECK: %[[S:.+]] = IE.ScaleShift(%[[X]]) weights(%{{.*}}) biases
  %2 = IE.ScaleShift(%x) weights(%w : tensor<1x4x1x1xf32>) biases(%zero : tensor<1x4x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  // CHECK: %[[T:.+]] = IE.ScaleShift(%[[X]]) biases
  %3 = IE.ScaleShift(%x) biases(%one : tensor<1x4x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  // CHECK: return %[[X]], %[[X]], %[[S]], %[[T]]
  return %0, %1, %2, %3 : tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>
}
