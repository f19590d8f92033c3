// RUN: vpuc-opt %s --split-input-file -canonicalize | FileCheck %s
// Constant operands become attributes.

// CHECK-LABEL: func.func @swish_beta
// CHECK-SAME: (%[[X:.+]]: tensor<1x8xf32>, %[[B:.+]]: tensor<1xf32>)
func.func @swish_beta(%x: tensor<1x8xf32>, %b: tensor<1xf32>)
    -> (tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) {
  %beta = const.Declare tensor<1xf32> = #const.Content<dense<1.5> : tensor<1xf32>>
  %one = const.Declare tensor<1xf32> = #const.Content<dense<1.0> : tensor<1xf32>>
  // CHECK: %[[S0:.+]] = IE.Swish(%[[X]]) {beta_value = 1.500000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
  %0 = IE.Swish(%x, %beta) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
  // beta = 1 is the default: no attribute.
  // CHECK: %[[S1:.+]] = IE.Swish(%[[X]]) : tensor<1x8xf32> -> tensor<1x8xf32>
  %1 = IE.Swish(%x, %one) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
  // A non-constant beta stays an operand.
  // CHECK: %[[S2:.+]] = IE.Swish(%[[X]], %[[B]]) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
  %2 = IE.Swish(%x, %b) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
  // CHECK: %[[S3:.+]] = IE.Swish(%[[X]]) : tensor<1x8xf32> -> tensor<1x8xf32>
  %3 = IE.Swish(%x) {beta_value = 1.0 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: return %[[S0]], %[[S1]], %[[S2]], %[[S3]]
  return %0, %1, %2, %3 : tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>
}

// -----

// An f16 beta moves exactly (0.1 as f16 is 0.0999755859375).
// CHECK-LABEL: func.func @swish_beta_f16
func.func @swish_beta_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %beta = const.Declare tensor<1xf16> = #const.Content<dense<0.1> : tensor<1xf32>, [#const.ConvertElemType<f16>]>
  // CHECK: IE.Swish(%{{.*}}) {beta_value = 0.0999755859375 : f64} : tensor<4xf16> -> tensor<4xf16>
  %0 = IE.Swish(%x, %beta) : tensor<4xf16>, tensor<1xf16> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}
