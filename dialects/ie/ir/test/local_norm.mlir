// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip of IE.LRN, IE.NormalizeL2 and IE.GRN. The verifier checks every written result
// type against the inferred one, so every accepted line is also a type inference check.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @lrn
func.func @lrn(%x: tensor<1x96x55x55xf32>, %y: tensor<2x8x4x4xf16, #NHWC>, %d: tensor<?x3xf32>)
    -> (tensor<1x96x55x55xf32>, tensor<2x8x4x4xf16, #NHWC>, tensor<?x3xf32>) {
  // CHECK: IE.LRN(%{{.*}}) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x96x55x55xf32> -> tensor<1x96x55x55xf32>
  %0 = IE.LRN(%x) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x96x55x55xf32> -> tensor<1x96x55x55xf32>
  // The result keeps the input's type, layout encoding included.
  // CHECK: IE.LRN(%{{.*}}) {{.*}} : tensor<2x8x4x4xf16, #[[$NHWC]]> -> tensor<2x8x4x4xf16, #[[$NHWC]]>
  %1 = IE.LRN(%y) {alpha = 2.000000e-04 : f64, beta = 5.000000e-01 : f64, bias = 2.000000e+00 : f64, size = 2 : i64} : tensor<2x8x4x4xf16, #NHWC> -> tensor<2x8x4x4xf16, #NHWC>
  // CHECK: IE.LRN(%{{.*}}) {{.*}} : tensor<?x3xf32> -> tensor<?x3xf32>
  %2 = IE.LRN(%d) {alpha = 0.000000e+00 : f64, beta = 1.000000e+00 : f64, bias = 1.000000e+00 : f64, size = 1 : i64} : tensor<?x3xf32> -> tensor<?x3xf32>
  return %0, %1, %2 : tensor<1x96x55x55xf32>, tensor<2x8x4x4xf16, #NHWC>, tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func.func @normalize_l2
func.func @normalize_l2(%x: tensor<1x512x38x38xf32>, %v: tensor<4xf32>) -> (tensor<1x512x38x38xf32>, tensor<1x512x38x38xf32>, tensor<4xf32>) {
  // CHECK: IE.NormalizeL2(%{{.*}}) {axes = array<i64: 1>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<max>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
  %0 = IE.NormalizeL2(%x) {axes = array<i64: 1>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<max>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
  // CHECK: IE.NormalizeL2(%{{.*}}) {axes = array<i64: -1, 1, 2>, eps = 0.000000e+00 : f64, eps_mode = #IE.eps_mode<add>}
  %1 = IE.NormalizeL2(%x) {axes = array<i64: -1, 1, 2>, eps = 0.000000e+00 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
  // CHECK: IE.NormalizeL2(%{{.*}}) {{.*}} : tensor<4xf32> -> tensor<4xf32>
  %2 = IE.NormalizeL2(%v) {axes = array<i64: 0>, eps = 1.000000e-06 : f64, eps_mode = #IE.eps_mode<add>} : tensor<4xf32> -> tensor<4xf32>
  return %0, %1, %2 : tensor<1x512x38x38xf32>, tensor<1x512x38x38xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @grn
func.func @grn(%x: tensor<1x64x8x8xf32>, %m: tensor<3x5xbf16>) -> (tensor<1x64x8x8xf32>, tensor<3x5xbf16>) {
  // CHECK: IE.GRN(%{{.*}}) {bias = 9.9999999999999995E-7 : f64} : tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
  %0 = IE.GRN(%x) {bias = 1.000000e-06 : f64} : tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
  // CHECK: IE.GRN(%{{.*}}) {bias = 0.000000e+00 : f64} : tensor<3x5xbf16> -> tensor<3x5xbf16>
  %1 = IE.GRN(%m) {bias = 0.000000e+00 : f64} : tensor<3x5xbf16> -> tensor<3x5xbf16>
  return %0, %1 : tensor<1x64x8x8xf32>, tensor<3x5xbf16>
}
