// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @lrn_rank(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'IE.LRN' op expects an input [N, C, ...] of rank >= 2, got shape [8]}}
  %0 = IE.LRN(%x) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @lrn_size(%x: tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32> {
  // expected-error @+1 {{'IE.LRN' op attribute 'size' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = IE.LRN(%x) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 0 : i64} : tensor<1x8x2x2xf32> -> tensor<1x8x2x2xf32>
  return %0 : tensor<1x8x2x2xf32>
}

// -----

func.func @lrn_bias(%x: tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32> {
  // expected-error @+1 {{'IE.LRN' op expects bias > 0, got 0.000000e+00}}
  %0 = IE.LRN(%x) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 0.000000e+00 : f64, size = 5 : i64} : tensor<1x8x2x2xf32> -> tensor<1x8x2x2xf32>
  return %0 : tensor<1x8x2x2xf32>
}

// -----

func.func @lrn_alpha(%x: tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32> {
  // expected-error @+1 {{'IE.LRN' op expects alpha >= 0, got -1.000000e+00}}
  %0 = IE.LRN(%x) {alpha = -1.000000e+00 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x8x2x2xf32> -> tensor<1x8x2x2xf32>
  return %0 : tensor<1x8x2x2xf32>
}

// -----

func.func @lrn_beta(%x: tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32> {
  // expected-error @+1 {{'IE.LRN' op expects a finite beta, got INF}}
  %0 = IE.LRN(%x) {alpha = 1.000000e-04 : f64, beta = 0x7FF0000000000000 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x8x2x2xf32> -> tensor<1x8x2x2xf32>
  return %0 : tensor<1x8x2x2xf32>
}

// -----

func.func @lrn_result_type(%x: tensor<1x8x2x2xf32>) -> tensor<1x8x2x3xf32> {
  // expected-error @+2 {{'IE.LRN' op inferred type(s) 'tensor<1x8x2x2xf32>' are incompatible with return type(s) of operation 'tensor<1x8x2x3xf32>'}}
  // expected-error @+1 {{'IE.LRN' op failed to infer returned types}}
  %0 = IE.LRN(%x) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x8x2x2xf32> -> tensor<1x8x2x3xf32>
  return %0 : tensor<1x8x2x3xf32>
}

// -----

func.func @lrn_int(%x: tensor<1x8x2x2xi32>) -> tensor<1x8x2x2xi32> {
  // expected-error @+1 {{'IE.LRN' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<1x8x2x2xi32>'}}
  %0 = IE.LRN(%x) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x8x2x2xi32> -> tensor<1x8x2x2xi32>
  return %0 : tensor<1x8x2x2xi32>
}

// -----

func.func @normalize_l2_no_axes(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'IE.NormalizeL2' op expects at least one axis}}
  %0 = IE.NormalizeL2(%x) {axes = array<i64>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @normalize_l2_axis_range(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'IE.NormalizeL2' op axis 2 is out of range for rank 2}}
  %0 = IE.NormalizeL2(%x) {axes = array<i64: 2>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @normalize_l2_axis_twice(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'IE.NormalizeL2' op axes [1, -1] name dim 1 twice}}
  %0 = IE.NormalizeL2(%x) {axes = array<i64: 1, -1>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @normalize_l2_eps(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'IE.NormalizeL2' op expects eps >= 0, got -1.000000e+00}}
  %0 = IE.NormalizeL2(%x) {axes = array<i64: 1>, eps = -1.000000e+00 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @normalize_l2_eps_mode(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+2 {{expected ::mlir::vpuc::IE::EpsMode to be one of: add, max}}
  // expected-error @+1 {{failed to parse IE_EpsModeAttr parameter 'value' which is to be a `::mlir::vpuc::IE::EpsMode`}}
  %0 = IE.NormalizeL2(%x) {axes = array<i64: 1>, eps = 1.000000e+00 : f64, eps_mode = #IE.eps_mode<min>} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @grn_rank(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'IE.GRN' op expects an input [N, C, ...] of rank >= 2, got shape []}}
  %0 = IE.GRN(%x) {bias = 1.000000e+00 : f64} : tensor<f32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @grn_bias(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // expected-error @+1 {{'IE.GRN' op expects bias >= 0, got -5.000000e-01}}
  %0 = IE.GRN(%x) {bias = -5.000000e-01 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
