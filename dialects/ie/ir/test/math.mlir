// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip of the trigonometric and hyperbolic functions (IE_MathUnaryOp). The verifier checks
// every written result type against the inferred one.

// CHECK-LABEL: func.func @trigonometric
func.func @trigonometric(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // CHECK: %[[SIN:.+]] = IE.Sin(%{{.+}}) : tensor<1x8xf32> -> tensor<1x8xf32>
  %0 = IE.Sin(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: %[[COS:.+]] = IE.Cos(%[[SIN]]) : tensor<1x8xf32> -> tensor<1x8xf32>
  %1 = IE.Cos(%0) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: %[[TAN:.+]] = IE.Tan(%[[COS]]) : tensor<1x8xf32> -> tensor<1x8xf32>
  %2 = IE.Tan(%1) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: %[[ASIN:.+]] = IE.Asin(%[[TAN]]) : tensor<1x8xf32> -> tensor<1x8xf32>
  %3 = IE.Asin(%2) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: %[[ACOS:.+]] = IE.Acos(%[[ASIN]]) : tensor<1x8xf32> -> tensor<1x8xf32>
  %4 = IE.Acos(%3) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: %[[ATAN:.+]] = IE.Atan(%[[ACOS]]) : tensor<1x8xf32> -> tensor<1x8xf32>
  %5 = IE.Atan(%4) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: return %[[ATAN]]
  return %5 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @hyperbolic
func.func @hyperbolic(%x: tensor<2x3x4xf16>) -> tensor<2x3x4xf16> {
  // CHECK: %[[SINH:.+]] = IE.Sinh(%{{.+}}) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  %0 = IE.Sinh(%x) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  // CHECK: %[[COSH:.+]] = IE.Cosh(%[[SINH]]) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  %1 = IE.Cosh(%0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  // CHECK: %[[ASINH:.+]] = IE.Asinh(%[[COSH]]) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  %2 = IE.Asinh(%1) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  // CHECK: %[[ACOSH:.+]] = IE.Acosh(%[[ASINH]]) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  %3 = IE.Acosh(%2) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  // CHECK: %[[ATANH:.+]] = IE.Atanh(%[[ACOSH]]) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  %4 = IE.Atanh(%3) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  // CHECK: return %[[ATANH]]
  return %4 : tensor<2x3x4xf16>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The result keeps the operand's layout encoding, for any rank.
// CHECK: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @layout_and_rank
func.func @layout_and_rank(%x: tensor<1x16x4x4xf16, #NHWC>, %s: tensor<bf16>) -> (tensor<1x16x4x4xf16, #NHWC>, tensor<bf16>) {
  // CHECK: IE.Cos(%{{.+}}) : tensor<1x16x4x4xf16, #[[$NHWC]]> -> tensor<1x16x4x4xf16, #[[$NHWC]]>
  %0 = IE.Cos(%x) : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  // CHECK: IE.Atan(%{{.+}}) : tensor<bf16> -> tensor<bf16>
  %1 = IE.Atan(%s) : tensor<bf16> -> tensor<bf16>
  return %0, %1 : tensor<1x16x4x4xf16, #NHWC>, tensor<bf16>
}

// -----

// CHECK-LABEL: func.func @bit_shift
func.func @bit_shift(%a: tensor<2x3xui8>, %b: tensor<3xui8>, %c: tensor<4xui64>, %d: tensor<ui64>) -> (tensor<2x3xui8>, tensor<4xui64>) {
  // CHECK: IE.BitShift(%{{.+}}, %{{.+}}) {direction = #IE.bit_shift_direction<left>} : tensor<2x3xui8>, tensor<3xui8> -> tensor<2x3xui8>
  %0 = IE.BitShift(%a, %b) {direction = #IE.bit_shift_direction<left>} : tensor<2x3xui8>, tensor<3xui8> -> tensor<2x3xui8>
  // CHECK: IE.BitShift(%{{.+}}, %{{.+}}) {direction = #IE.bit_shift_direction<right>} : tensor<4xui64>, tensor<ui64> -> tensor<4xui64>
  %1 = IE.BitShift(%c, %d) {direction = #IE.bit_shift_direction<right>} : tensor<4xui64>, tensor<ui64> -> tensor<4xui64>
  return %0, %1 : tensor<2x3xui8>, tensor<4xui64>
}
