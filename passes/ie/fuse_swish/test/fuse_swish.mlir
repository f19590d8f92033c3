// RUN: vpuc-opt %s --split-input-file --vpuc-ie-fuse-swish | FileCheck %s

// x * sigmoid(x), in both operand orders: one Swish each, the sigmoids gone.
// CHECK-LABEL: func.func @silu
// CHECK-NEXT: %[[A:.+]] = IE.Swish(%arg0) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
// CHECK-NEXT: %[[B:.+]] = IE.Swish(%[[A]]) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
// CHECK-NEXT: return %[[B]]
func.func @silu(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  %0 = IE.Sigmoid(%x) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.Multiply(%x, %0) : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %2 = IE.Sigmoid(%1) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %3 = IE.Multiply(%2, %1) : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %3 : tensor<1x16x8x8xf16>
}

// -----

// x * sigmoid(x * 1.5) with a splat scalar: Swish with beta_value 1.5 (f32 network); the
// scale's product goes too (the constants stay for the cleanup). With beta 1 as a splat of
// another shape, no attribute.
// CHECK-LABEL: func.func @beta
// CHECK: %[[A:.+]] = IE.Swish(%arg0) {beta_value = 1.500000e+00 : f64} : tensor<2x8xf32> -> tensor<2x8xf32>
// CHECK-NEXT: %[[B:.+]] = IE.Swish(%[[A]]) : tensor<2x8xf32> -> tensor<2x8xf32>
// CHECK-NEXT: return %[[B]]
func.func @beta(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %b = const.Declare tensor<1xf32> = #const.Content<dense<1.5> : tensor<1xf32>>
  %one = const.Declare tensor<1x1xf32> = #const.Content<dense<1.0> : tensor<1x1xf32>>
  %0 = IE.Multiply(%b, %x) : tensor<1xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %1 = IE.Sigmoid(%0) : tensor<2x8xf32> -> tensor<2x8xf32>
  %2 = IE.Multiply(%1, %x) : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %3 = IE.Multiply(%2, %one) : tensor<2x8xf32>, tensor<1x1xf32> -> tensor<2x8xf32>
  %4 = IE.Sigmoid(%3) : tensor<2x8xf32> -> tensor<2x8xf32>
  %5 = IE.Multiply(%2, %4) : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  return %5 : tensor<2x8xf32>
}

// -----

// x * hsigmoid(x): HSwish.
// CHECK-LABEL: func.func @hswish
// CHECK-NEXT: %[[A:.+]] = IE.HSwish(%arg0) : tensor<1x8x4x4xf16> -> tensor<1x8x4x4xf16>
// CHECK-NEXT: return %[[A]]
func.func @hswish(%x: tensor<1x8x4x4xf16>) -> tensor<1x8x4x4xf16> {
  %0 = IE.HSigmoid(%x) : tensor<1x8x4x4xf16> -> tensor<1x8x4x4xf16>
  %1 = IE.Multiply(%0, %x) : tensor<1x8x4x4xf16>, tensor<1x8x4x4xf16> -> tensor<1x8x4x4xf16>
  return %1 : tensor<1x8x4x4xf16>
}

// -----

// Left alone: the sigmoid has another user.
// CHECK-LABEL: func.func @sigmoid_used_twice
// CHECK: IE.Sigmoid
// CHECK: IE.Multiply
// CHECK-NOT: IE.Swish
func.func @sigmoid_used_twice(%x: tensor<1x16x8x8xf16>) -> (tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>) {
  %0 = IE.Sigmoid(%x) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.Multiply(%x, %0) : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %0, %1 : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>
}

// -----

// Left alone: the sigmoid reads another tensor (a squeeze-and-excitation gate).
// CHECK-LABEL: func.func @gate
// CHECK: IE.Sigmoid
// CHECK: IE.Multiply
// CHECK-NOT: IE.Swish
func.func @gate(%x: tensor<1x16x8x8xf16>, %s: tensor<1x16x1x1xf16>) -> tensor<1x16x8x8xf16> {
  %0 = IE.Sigmoid(%s) : tensor<1x16x1x1xf16> -> tensor<1x16x1x1xf16>
  %1 = IE.Multiply(%x, %0) : tensor<1x16x8x8xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16>
  return %1 : tensor<1x16x8x8xf16>
}

// -----

// Left alone: the product broadcasts x (its result is not x's type).
// CHECK-LABEL: func.func @broadcast
// CHECK: IE.Sigmoid
// CHECK: IE.Multiply
// CHECK-NOT: IE.Swish
func.func @broadcast(%x: tensor<1x16x1x1xf16>, %y: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  %0 = IE.Sigmoid(%x) : tensor<1x16x1x1xf16> -> tensor<1x16x1x1xf16>
  %1 = IE.Multiply(%x, %y) : tensor<1x16x1x1xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %2 = IE.Multiply(%0, %1) : tensor<1x16x1x1xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %2 : tensor<1x16x8x8xf16>
}

// -----

// Left alone: a post-op on the product; a non-splat beta; a scale product used elsewhere;
// x * sigmoid(x * beta) where the scale reads another tensor.
// CHECK-LABEL: func.func @not_fused
// CHECK-NOT: IE.Swish
// CHECK: return
func.func @not_fused(%x: tensor<1x2xf32>, %y: tensor<1x2xf32>) -> (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>) {
  %0 = IE.Sigmoid(%x) : tensor<1x2xf32> -> tensor<1x2xf32>
  %1 = IE.Multiply(%x, %0) {post_op = {name = "IE.ReLU"}} : tensor<1x2xf32>, tensor<1x2xf32> -> tensor<1x2xf32>
  %b = const.Declare tensor<1x2xf32> = #const.Content<dense<[[1.0, 2.0]]> : tensor<1x2xf32>>
  %2 = IE.Multiply(%x, %b) : tensor<1x2xf32>, tensor<1x2xf32> -> tensor<1x2xf32>
  %3 = IE.Sigmoid(%2) : tensor<1x2xf32> -> tensor<1x2xf32>
  %4 = IE.Multiply(%x, %3) : tensor<1x2xf32>, tensor<1x2xf32> -> tensor<1x2xf32>
  %c = const.Declare tensor<1xf32> = #const.Content<dense<2.0> : tensor<1xf32>>
  %5 = IE.Multiply(%x, %c) : tensor<1x2xf32>, tensor<1xf32> -> tensor<1x2xf32>
  %6 = IE.Sigmoid(%5) : tensor<1x2xf32> -> tensor<1x2xf32>
  %7 = IE.Multiply(%x, %6) : tensor<1x2xf32>, tensor<1x2xf32> -> tensor<1x2xf32>
  %8 = IE.Add(%5, %7) : tensor<1x2xf32>, tensor<1x2xf32> -> tensor<1x2xf32>
  %9 = IE.Multiply(%y, %c) : tensor<1x2xf32>, tensor<1xf32> -> tensor<1x2xf32>
  %10 = IE.Sigmoid(%9) : tensor<1x2xf32> -> tensor<1x2xf32>
  %11 = IE.Multiply(%x, %10) : tensor<1x2xf32>, tensor<1x2xf32> -> tensor<1x2xf32>
  return %1, %4, %8, %11 : tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1x2xf32>
}

// -----

// x * relu6(x + 3) / 6 (Paddle's and older PyTorch exports' hard swish), with the sum's
// operands in both orders; relu6(x + 3) / 6 with a product by 1/6 in f16: HSigmoid. The
// constants stay for the cleanup.
// CHECK-LABEL: func.func @decomposed_hswish
// CHECK-DAG: %[[A:.+]] = IE.HSwish(%arg0) : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
// CHECK-DAG: %[[B:.+]] = IE.HSwish(%[[A]]) : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
// CHECK: %[[C:.+]] = IE.HSigmoid(%[[B]]) : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
// CHECK-NEXT: return %[[C]]
func.func @decomposed_hswish(%x: tensor<1x16x4x4xf16>) -> tensor<1x16x4x4xf16> {
  %three = const.Declare tensor<1x1x1x1xf16> = #const.Content<dense<3.0> : tensor<1x1x1x1xf16>>
  %six = const.Declare tensor<1x1x1x1xf16> = #const.Content<dense<6.0> : tensor<1x1x1x1xf16>>
  %sixth = const.Declare tensor<1xf16> = #const.Content<dense<0.1666> : tensor<1xf16>>
  %0 = IE.Add(%x, %three) : tensor<1x16x4x4xf16>, tensor<1x1x1x1xf16> -> tensor<1x16x4x4xf16>
  %1 = IE.Clamp(%0) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %2 = IE.Multiply(%x, %1) : tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %3 = IE.Divide(%2, %six) : tensor<1x16x4x4xf16>, tensor<1x1x1x1xf16> -> tensor<1x16x4x4xf16>
  %4 = IE.Add(%three, %3) : tensor<1x1x1x1xf16>, tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %5 = IE.Clamp(%4) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %6 = IE.Multiply(%5, %3) : tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %7 = IE.Divide(%6, %six) : tensor<1x16x4x4xf16>, tensor<1x1x1x1xf16> -> tensor<1x16x4x4xf16>
  %8 = IE.Add(%7, %three) : tensor<1x16x4x4xf16>, tensor<1x1x1x1xf16> -> tensor<1x16x4x4xf16>
  %9 = IE.Clamp(%8) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %10 = IE.Multiply(%sixth, %9) : tensor<1xf16>, tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  return %10 : tensor<1x16x4x4xf16>
}

// -----

// x * (relu6(x + 3) / 6) (f32): the division becomes HSigmoid, then the product HSwish.
// CHECK-LABEL: func.func @hsigmoid_then_product
// CHECK-NOT: IE.Clamp
// CHECK: %[[A:.+]] = IE.HSwish(%arg0) : tensor<2x8xf32> -> tensor<2x8xf32>
// CHECK-NEXT: return %[[A]]
func.func @hsigmoid_then_product(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %three = const.Declare tensor<1xf32> = #const.Content<dense<3.0> : tensor<1xf32>>
  %six = const.Declare tensor<1xf32> = #const.Content<dense<6.0> : tensor<1xf32>>
  %0 = IE.Add(%x, %three) : tensor<2x8xf32>, tensor<1xf32> -> tensor<2x8xf32>
  %1 = IE.Clamp(%0) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<2x8xf32> -> tensor<2x8xf32>
  %2 = IE.Divide(%1, %six) : tensor<2x8xf32>, tensor<1xf32> -> tensor<2x8xf32>
  %3 = IE.Multiply(%x, %2) : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  return %3 : tensor<2x8xf32>
}

// -----

// Left alone: the offset is not 3, the clamp is not [0, 6], the divisor is not 6, the
// clamped sum has another user, and the product reads another tensor than the sum.
// CHECK-LABEL: func.func @not_hswish
// CHECK-NOT: IE.HSwish
// CHECK-NOT: IE.HSigmoid
// CHECK: return
func.func @not_hswish(%x: tensor<1x8xf16>, %y: tensor<1x8xf16>) -> (tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>) {
  %two = const.Declare tensor<1xf16> = #const.Content<dense<2.0> : tensor<1xf16>>
  %three = const.Declare tensor<1xf16> = #const.Content<dense<3.0> : tensor<1xf16>>
  %six = const.Declare tensor<1xf16> = #const.Content<dense<6.0> : tensor<1xf16>>
  %seven = const.Declare tensor<1xf16> = #const.Content<dense<7.0> : tensor<1xf16>>
  %0 = IE.Add(%x, %two) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %1 = IE.Clamp(%0) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8xf16> -> tensor<1x8xf16>
  %2 = IE.Divide(%1, %six) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %3 = IE.Add(%x, %three) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %4 = IE.Clamp(%3) {max = 5.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8xf16> -> tensor<1x8xf16>
  %5 = IE.Divide(%4, %six) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %6 = IE.Add(%x, %three) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %7 = IE.Clamp(%6) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8xf16> -> tensor<1x8xf16>
  %8 = IE.Divide(%7, %seven) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %9 = IE.Add(%x, %three) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %10 = IE.Clamp(%9) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8xf16> -> tensor<1x8xf16>
  %11 = IE.Divide(%10, %six) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %12 = IE.Add(%y, %three) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  %13 = IE.Clamp(%12) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8xf16> -> tensor<1x8xf16>
  %14 = IE.Multiply(%x, %13) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
  %15 = IE.Divide(%14, %six) : tensor<1x8xf16>, tensor<1xf16> -> tensor<1x8xf16>
  return %2, %5, %8, %10, %11, %15 : tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>
}
