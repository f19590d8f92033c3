// RUN: vpuc-opt %s --split-input-file --vpuc-convert-ie-to-vpu --mlir-print-local-scope | FileCheck %s --implicit-check-not="= IE."
// IE -> VPU: activations, unary math and Convert become the VPU.SW op that mirrors them,
// with the same operands, attributes and types.

// CHECK-LABEL: func.func @logical_not(
// CHECK-NEXT: %0 = VPU.SW.LogicalNot(%arg0) : tensor<2x3xi1> -> tensor<2x3xi1>
func.func @logical_not(%a0: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = IE.LogicalNot(%a0) : tensor<2x3xi1> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @re_l_u(
// CHECK-NEXT: %0 = VPU.SW.ReLU(%arg0) : tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @re_l_u(%a0: tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = IE.ReLU(%a0) : tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @clamp(
// CHECK-NEXT: %0 = VPU.SW.Clamp(%arg0) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @clamp(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Clamp(%a0) {min = 0.0, max = 6.0} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @sigmoid(
// CHECK-NEXT: %0 = VPU.SW.Sigmoid(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @sigmoid(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Sigmoid(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @tanh(
// CHECK-NEXT: %0 = VPU.SW.Tanh(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @tanh(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Tanh(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @elu(
// CHECK-NEXT: %0 = VPU.SW.Elu(%arg0) {alpha = 1.000000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @elu(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Elu(%a0) {alpha = 1.0} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @erf(
// CHECK-NEXT: %0 = VPU.SW.Erf(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @erf(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Erf(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @gelu(
// CHECK-NEXT: %0 = VPU.SW.Gelu(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @gelu(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Gelu(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @exp(
// CHECK-NEXT: %0 = VPU.SW.Exp(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @exp(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Exp(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @log(
// CHECK-NEXT: %0 = VPU.SW.Log(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @log(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Log(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @sqrt(
// CHECK-NEXT: %0 = VPU.SW.Sqrt(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @sqrt(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Sqrt(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @abs(
// CHECK-NEXT: %0 = VPU.SW.Abs(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @abs(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Abs(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @floor(
// CHECK-NEXT: %0 = VPU.SW.Floor(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @floor(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Floor(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @ceil(
// CHECK-NEXT: %0 = VPU.SW.Ceil(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @ceil(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Ceil(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @round(
// CHECK-NEXT: %0 = VPU.SW.Round(%arg0) {mode = #IE.round_mode<half_to_even>} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @round(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Round(%a0) {mode = #IE.round_mode<half_to_even>} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @h_swish(
// CHECK-NEXT: %0 = VPU.SW.HSwish(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @h_swish(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.HSwish(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @h_sigmoid(
// CHECK-NEXT: %0 = VPU.SW.HSigmoid(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @h_sigmoid(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.HSigmoid(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @swish(
// CHECK-NEXT: %0 = VPU.SW.Swish(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @swish(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Swish(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @mish(
// CHECK-NEXT: %0 = VPU.SW.Mish(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @mish(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Mish(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @soft_plus(
// CHECK-NEXT: %0 = VPU.SW.SoftPlus(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @soft_plus(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.SoftPlus(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @leaky_relu(
// CHECK-NEXT: %0 = VPU.SW.LeakyRelu(%arg0) {negative_slope = 1.000000e-01 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @leaky_relu(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.LeakyRelu(%a0) {negative_slope = 0.1} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @p_relu(
// CHECK-NEXT: %0 = VPU.SW.PRelu(%arg0, %arg1) : tensor<1x16x8x8xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
func.func @p_relu(%a0: tensor<1x16x8x8xf32>, %a1: tensor<16xf32>) -> tensor<1x16x8x8xf32> {
  %0 = IE.PRelu(%a0, %a1) : tensor<1x16x8x8xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @negative(
// CHECK-NEXT: %0 = VPU.SW.Negative(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @negative(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.Negative(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @convert(
// CHECK-NEXT: %0 = VPU.SW.Convert(%arg0) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
func.func @convert(%a0: tensor<1x8xf32>) -> tensor<1x8xf16> {
  %0 = IE.Convert(%a0) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
  return %0 : tensor<1x8xf16>
}
