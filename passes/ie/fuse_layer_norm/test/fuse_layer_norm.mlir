// RUN: vpuc-opt %s --split-input-file --vpuc-ie-fuse-layer-norm --mlir-print-debuginfo \
// RUN:   --mlir-print-local-scope | FileCheck %s

// PyTorch's nn.LayerNorm as opset 14 exports it: the scale and bias join the fused layer,
// which takes the bias's location; the chain is gone (its constants stay for the cleanup).
// CHECK-LABEL: func.func @torch_layer_norm
// CHECK-NOT: IE.ReduceMean
// CHECK: %[[N:.+]] = IE.LayerNormalization(%arg0, %arg1, %arg2) {axis = 2 : i64, epsilon = 9.9999997473787516E-6 : f64} : tensor<1x64x256xf32>, tensor<256xf32>, tensor<256xf32> -> tensor<1x64x256xf32> loc("norm/Add_1")
// CHECK-NOT: IE.
// CHECK: return %[[N]]
func.func @torch_layer_norm(%x: tensor<1x64x256xf32>, %gamma: tensor<256xf32>, %beta: tensor<256xf32>) -> tensor<1x64x256xf32> {
  %two = const.Declare tensor<f32> = #const.Content<dense<2.0> : tensor<f32>>
  %eps = const.Declare tensor<f32> = #const.Content<dense<9.99999974E-6> : tensor<f32>>
  %0 = IE.ReduceMean(%x) {axes = array<i64: -1>, keep_dims} : tensor<1x64x256xf32> -> tensor<1x64x1xf32>
  %1 = IE.Subtract(%x, %0) : tensor<1x64x256xf32>, tensor<1x64x1xf32> -> tensor<1x64x256xf32>
  %2 = IE.Power(%1, %two) : tensor<1x64x256xf32>, tensor<f32> -> tensor<1x64x256xf32>
  %3 = IE.ReduceMean(%2) {axes = array<i64: -1>, keep_dims} : tensor<1x64x256xf32> -> tensor<1x64x1xf32>
  %4 = IE.Add(%3, %eps) : tensor<1x64x1xf32>, tensor<f32> -> tensor<1x64x1xf32>
  %5 = IE.Sqrt(%4) : tensor<1x64x1xf32> -> tensor<1x64x1xf32>
  %6 = IE.Divide(%1, %5) : tensor<1x64x256xf32>, tensor<1x64x1xf32> -> tensor<1x64x256xf32>
  %7 = IE.Multiply(%6, %gamma) : tensor<1x64x256xf32>, tensor<256xf32> -> tensor<1x64x256xf32>
  %8 = IE.Add(%7, %beta) : tensor<1x64x256xf32>, tensor<256xf32> -> tensor<1x64x256xf32> loc("norm/Add_1")
  return %8 : tensor<1x64x256xf32>
}

// -----

// Over the two trailing axes, given positive, with the square as a product, eps first in its
// sum (an f16 1e-3, 0.0010004...) and the scale first in its product; no bias:
// LayerNormalization without one.
// CHECK-LABEL: func.func @two_axes_no_bias
// CHECK: %[[N:.+]] = IE.LayerNormalization(%arg0, %arg1) {axis = 1 : i64, epsilon = 0.0010004043579101563 : f64} : tensor<2x4x8xf16>, tensor<1x8xf16> -> tensor<2x4x8xf16>
// CHECK-NEXT: return %[[N]]
func.func @two_axes_no_bias(%x: tensor<2x4x8xf16>, %gamma: tensor<1x8xf16>) -> tensor<2x4x8xf16> {
  %eps = const.Declare tensor<1xf16> = #const.Content<dense<1.0e-3> : tensor<1xf16>>
  %0 = IE.ReduceMean(%x) {axes = array<i64: 1, 2>, keep_dims} : tensor<2x4x8xf16> -> tensor<2x1x1xf16>
  %1 = IE.Subtract(%x, %0) : tensor<2x4x8xf16>, tensor<2x1x1xf16> -> tensor<2x4x8xf16>
  %2 = IE.Multiply(%1, %1) : tensor<2x4x8xf16>, tensor<2x4x8xf16> -> tensor<2x4x8xf16>
  %3 = IE.ReduceMean(%2) {axes = array<i64: 2, 1>, keep_dims} : tensor<2x4x8xf16> -> tensor<2x1x1xf16>
  %4 = IE.Add(%eps, %3) : tensor<1xf16>, tensor<2x1x1xf16> -> tensor<2x1x1xf16>
  %5 = IE.Sqrt(%4) : tensor<2x1x1xf16> -> tensor<2x1x1xf16>
  %6 = IE.Divide(%1, %5) : tensor<2x4x8xf16>, tensor<2x1x1xf16> -> tensor<2x4x8xf16>
  %7 = IE.Multiply(%gamma, %6) : tensor<1x8xf16>, tensor<2x4x8xf16> -> tensor<2x4x8xf16>
  return %7 : tensor<2x4x8xf16>
}

// -----

// Without a product after it: MVN over the trailing axis, inside the square root. A product
// with a tensor that varies along a dim outside the normalised ones (2x1x8 over axis 2) is
// not a scale: it stays, after the MVN.
// CHECK-LABEL: func.func @mvn
// CHECK: %[[N:.+]] = IE.MVN(%arg0) {axes = array<i64: 2>, eps = 9.9999997473787516E-6 : f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>, normalize_variance} : tensor<2x4x8xf32> -> tensor<2x4x8xf32>
// CHECK-NEXT: %[[P:.+]] = IE.Multiply(%[[N]], %arg1)
// CHECK-NEXT: return %[[P]]
func.func @mvn(%x: tensor<2x4x8xf32>, %g: tensor<2x1x8xf32>) -> tensor<2x4x8xf32> {
  %two = const.Declare tensor<1xf32> = #const.Content<dense<2.0> : tensor<1xf32>>
  %eps = const.Declare tensor<1xf32> = #const.Content<dense<1.0e-5> : tensor<1xf32>>
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
  %1 = IE.Subtract(%x, %0) : tensor<2x4x8xf32>, tensor<2x4x1xf32> -> tensor<2x4x8xf32>
  %2 = IE.Power(%1, %two) : tensor<2x4x8xf32>, tensor<1xf32> -> tensor<2x4x8xf32>
  %3 = IE.ReduceMean(%2) {axes = array<i64: -1>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
  %4 = IE.Add(%3, %eps) : tensor<2x4x1xf32>, tensor<1xf32> -> tensor<2x4x1xf32>
  %5 = IE.Sqrt(%4) : tensor<2x4x1xf32> -> tensor<2x4x1xf32>
  %6 = IE.Divide(%1, %5) : tensor<2x4x8xf32>, tensor<2x4x1xf32> -> tensor<2x4x8xf32>
  %7 = IE.Multiply(%6, %g) : tensor<2x4x8xf32>, tensor<2x1x8xf32> -> tensor<2x4x8xf32>
  return %7 : tensor<2x4x8xf32>
}

// -----

// Not fused: the means over a leading axis (not trailing); the square with exponent 3; an
// intermediate (the difference) used outside the chain; the two means over different axes.
// CHECK-LABEL: func.func @not_fused
// CHECK-NOT: IE.LayerNormalization
// CHECK-NOT: IE.MVN
// CHECK-COUNT-4: IE.Divide
// CHECK-NOT: IE.MVN
// CHECK: return
func.func @not_fused(%x: tensor<2x4x8xf32>) -> (tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>) {
  %two = const.Declare tensor<1xf32> = #const.Content<dense<2.0> : tensor<1xf32>>
  %three = const.Declare tensor<1xf32> = #const.Content<dense<3.0> : tensor<1xf32>>
  %eps = const.Declare tensor<1xf32> = #const.Content<dense<1.0e-5> : tensor<1xf32>>
  // Over axis 1 of 3.
  %a0 = IE.ReduceMean(%x) {axes = array<i64: 1>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x1x8xf32>
  %a1 = IE.Subtract(%x, %a0) : tensor<2x4x8xf32>, tensor<2x1x8xf32> -> tensor<2x4x8xf32>
  %a2 = IE.Power(%a1, %two) : tensor<2x4x8xf32>, tensor<1xf32> -> tensor<2x4x8xf32>
  %a3 = IE.ReduceMean(%a2) {axes = array<i64: 1>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x1x8xf32>
  %a4 = IE.Add(%a3, %eps) : tensor<2x1x8xf32>, tensor<1xf32> -> tensor<2x1x8xf32>
  %a5 = IE.Sqrt(%a4) : tensor<2x1x8xf32> -> tensor<2x1x8xf32>
  %a6 = IE.Divide(%a1, %a5) : tensor<2x4x8xf32>, tensor<2x1x8xf32> -> tensor<2x4x8xf32>
  // A cube.
  %b0 = IE.ReduceMean(%x) {axes = array<i64: 2>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
  %b1 = IE.Subtract(%x, %b0) : tensor<2x4x8xf32>, tensor<2x4x1xf32> -> tensor<2x4x8xf32>
  %b2 = IE.Power(%b1, %three) : tensor<2x4x8xf32>, tensor<1xf32> -> tensor<2x4x8xf32>
  %b3 = IE.ReduceMean(%b2) {axes = array<i64: 2>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
  %b4 = IE.Add(%b3, %eps) : tensor<2x4x1xf32>, tensor<1xf32> -> tensor<2x4x1xf32>
  %b5 = IE.Sqrt(%b4) : tensor<2x4x1xf32> -> tensor<2x4x1xf32>
  %b6 = IE.Divide(%b1, %b5) : tensor<2x4x8xf32>, tensor<2x4x1xf32> -> tensor<2x4x8xf32>
  // The difference also returned.
  %c0 = IE.ReduceMean(%x) {axes = array<i64: 2>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
  %c1 = IE.Subtract(%x, %c0) : tensor<2x4x8xf32>, tensor<2x4x1xf32> -> tensor<2x4x8xf32>
  %c2 = IE.Power(%c1, %two) : tensor<2x4x8xf32>, tensor<1xf32> -> tensor<2x4x8xf32>
  %c3 = IE.ReduceMean(%c2) {axes = array<i64: 2>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
  %c4 = IE.Add(%c3, %eps) : tensor<2x4x1xf32>, tensor<1xf32> -> tensor<2x4x1xf32>
  %c5 = IE.Sqrt(%c4) : tensor<2x4x1xf32> -> tensor<2x4x1xf32>
  %c6 = IE.Divide(%c1, %c5) : tensor<2x4x8xf32>, tensor<2x4x1xf32> -> tensor<2x4x8xf32>
  // The mean over axis 2, the variance over axes 1 and 2.
  %d0 = IE.ReduceMean(%x) {axes = array<i64: 2>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x4x1xf32>
  %d1 = IE.Subtract(%x, %d0) : tensor<2x4x8xf32>, tensor<2x4x1xf32> -> tensor<2x4x8xf32>
  %d2 = IE.Power(%d1, %two) : tensor<2x4x8xf32>, tensor<1xf32> -> tensor<2x4x8xf32>
  %d3 = IE.ReduceMean(%d2) {axes = array<i64: 1, 2>, keep_dims} : tensor<2x4x8xf32> -> tensor<2x1x1xf32>
  %d4 = IE.Add(%d3, %eps) : tensor<2x1x1xf32>, tensor<1xf32> -> tensor<2x1x1xf32>
  %d5 = IE.Sqrt(%d4) : tensor<2x1x1xf32> -> tensor<2x1x1xf32>
  %d6 = IE.Divide(%d1, %d5) : tensor<2x4x8xf32>, tensor<2x1x1xf32> -> tensor<2x4x8xf32>
  return %a6, %b6, %c1, %c6, %d6 : tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>, tensor<2x4x8xf32>
}
