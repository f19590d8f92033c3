// RUN: vpuc-opt %s --split-input-file --verify-diagnostics \
// RUN:   --vpuc-ie-convert-shape-to-4d="ops=IE.Add,IE.ReLU,IE.PRelu,IE.Split"

func.func @too_many_dims(%x: tensor<2x3x4x5x6xf32>, %y: tensor<2x1x4x1x6xf32>)
    -> tensor<2x3x4x5x6xf32> {
  // expected-error @+1 {{'IE.Add' op cannot be converted to 4-D: the broadcast of the operand shapes [2, 3, 4, 5, 6] [2, 1, 4, 1, 6] to [2, 3, 4, 5, 6] needs 5 dims}}
  %0 = IE.Add(%x, %y) : tensor<2x3x4x5x6xf32>, tensor<2x1x4x1x6xf32> -> tensor<2x3x4x5x6xf32>
  return %0 : tensor<2x3x4x5x6xf32>
}

// -----

func.func @dynamic(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{'IE.ReLU' op cannot be converted to 4-D: the result shape [?, 3] is dynamic}}
  %0 = IE.ReLU(%x) : tensor<?x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @dynamic_operand(%x: tensor<2x3xf32>, %y: tensor<?xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Add' op cannot be converted to 4-D: operand #1 of shape [?] is dynamic}}
  %0 = IE.Add(%x, %y) : tensor<2x3xf32>, tensor<?xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

#CHW = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
func.func @encoding(%x: tensor<2x3x4xf32, #CHW>) -> tensor<2x3x4xf32, #CHW> {
  // expected-error @+1 {{'IE.ReLU' op cannot be converted to 4-D: expects tensors without layout encoding, got 'tensor<2x3x4xf32, affine_map<(d0, d1, d2) -> (d1, d2, d0)>>'}}
  %0 = IE.ReLU(%x) : tensor<2x3x4xf32, #CHW> -> tensor<2x3x4xf32, #CHW>
  return %0 : tensor<2x3x4xf32, #CHW>
}

// -----

// IE.PRelu reads a 1-D slope per channel (dim 1), not by NumPy broadcasting:
// listing it is a mistake the pass reports.

func.func @per_channel(%x: tensor<1x16x8xf32>, %s: tensor<16xf32>) -> tensor<1x16x8xf32> {
  // expected-error @+1 {{'IE.PRelu' op cannot be converted to 4-D: operand #1 of shape [16] does not broadcast to the result shape [1, 16, 8]}}
  %0 = IE.PRelu(%x, %s) : tensor<1x16x8xf32>, tensor<16xf32> -> tensor<1x16x8xf32>
  return %0 : tensor<1x16x8xf32>
}

// -----

func.func @two_results(%x: tensor<1x5xf32>) -> tensor<1x2xf32> {
  // expected-error @+1 {{'IE.Split' op cannot be converted to 4-D: expects one result, got 2}}
  %0:2 = IE.Split(%x) {axis = 1 : i64, splits = array<i64: 2, 3>} : tensor<1x5xf32> -> tensor<1x2xf32>, tensor<1x3xf32>
  return %0#0 : tensor<1x2xf32>
}

// -----

// Every error of a function is reported.

func.func @two_errors(%x: tensor<?xf32>, %y: tensor<?xf16>) -> (tensor<?xf32>, tensor<?xf16>) {
  // expected-error @+1 {{'IE.ReLU' op cannot be converted to 4-D: the result shape [?] is dynamic}}
  %0 = IE.ReLU(%x) : tensor<?xf32> -> tensor<?xf32>
  // expected-error @+1 {{'IE.ReLU' op cannot be converted to 4-D: the result shape [?] is dynamic}}
  %1 = IE.ReLU(%y) : tensor<?xf16> -> tensor<?xf16>
  return %0, %1 : tensor<?xf32>, tensor<?xf16>
}
