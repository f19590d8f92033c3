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
