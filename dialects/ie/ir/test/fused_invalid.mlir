// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @scale_shift_no_params(%x: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error @+1 {{'IE.ScaleShift' op expects at least one of weights and biases}}
  %0 = IE.ScaleShift(%x) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @scale_shift_rank(%x: tensor<4xf32>, %w: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.ScaleShift' op expects an input [N, C, ...] of rank >= 2, got shape [4]}}
  %0 = IE.ScaleShift(%x) weights(%w : tensor<4xf32>) : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scale_shift_weights_shape(%x: tensor<1x4x2x2xf32>, %w: tensor<4xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error @+1 {{'IE.ScaleShift' op expects weights of shape [1, 4, 1, 1] (one value per channel), got [4]}}
  %0 = IE.ScaleShift(%x) weights(%w : tensor<4xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @scale_shift_biases_channels(%x: tensor<1x4x2x2xf32>, %b: tensor<1x2x1x1xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error @+1 {{'IE.ScaleShift' op expects biases of shape [1, 4, 1, 1] (one value per channel), got [1, 2, 1, 1]}}
  %0 = IE.ScaleShift(%x) biases(%b : tensor<1x2x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @scale_shift_not_per_channel(%x: tensor<1x4x2x2xf32>, %b: tensor<1x4x2x1xf32>) -> tensor<1x4x2x2xf32> {
  // expected-error @+1 {{'IE.ScaleShift' op expects biases of shape [1, 4, 1, 1] (one value per channel), got [1, 4, 2, 1]}}
  %0 = IE.ScaleShift(%x) biases(%b : tensor<1x4x2x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @scale_shift_element_type(%x: tensor<1x4x2x2xf32>, %w: tensor<1x4x1x1xf16>) -> tensor<1x4x2x2xf32> {
  // expected-error @+1 {{'IE.ScaleShift' op expects weights of the input's element type 'f32', got 'f16'}}
  %0 = IE.ScaleShift(%x) weights(%w : tensor<1x4x1x1xf16>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @scale_shift_result_type(%x: tensor<1x4x2x2xf32>, %w: tensor<1x4x1x1xf32>) -> tensor<1x4x2x3xf32> {
  // expected-error @+2 {{'IE.ScaleShift' op inferred type(s) 'tensor<1x4x2x2xf32>' are incompatible with return type(s) of operation 'tensor<1x4x2x3xf32>'}}
  // expected-error @+1 {{'IE.ScaleShift' op failed to infer returned types}}
  %0 = IE.ScaleShift(%x) weights(%w : tensor<1x4x1x1xf32>) : tensor<1x4x2x2xf32> -> tensor<1x4x2x3xf32>
  return %0 : tensor<1x4x2x3xf32>
}

// -----

func.func @scale_shift_integer(%x: tensor<1x4xsi32>, %w: tensor<1x4xsi32>) -> tensor<1x4xsi32> {
  // expected-error @+1 {{'IE.ScaleShift' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values, but got 'tensor<1x4xsi32>'}}
  %0 = IE.ScaleShift(%x) weights(%w : tensor<1x4xsi32>) : tensor<1x4xsi32> -> tensor<1x4xsi32>
  return %0 : tensor<1x4xsi32>
}
