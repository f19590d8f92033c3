// RUN: vpuc-opt %s --split-input-file -verify-diagnostics
// The trigonometric and hyperbolic functions take float tensors only and keep the operand's type;
// IE.BitShift takes unsigned integers of one type that broadcast, and a direction.

func.func @sin_on_integers(%a: tensor<3xsi32>) -> tensor<3xsi32> {
  // expected-error @+1 {{'IE.Sin' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
  %0 = IE.Sin(%a) : tensor<3xsi32> -> tensor<3xsi32>
  return %0 : tensor<3xsi32>
}

// -----

func.func @atanh_on_bool(%a: tensor<3xi1>) -> tensor<3xi1> {
  // expected-error @+1 {{'IE.Atanh' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
  %0 = IE.Atanh(%a) : tensor<3xi1> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @cosh_changes_type(%a: tensor<3xf32>) -> tensor<3xf16> {
  // expected-error @+2 {{'IE.Cosh' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xf16>'}}
  // expected-error @+1 {{'IE.Cosh' op failed to infer returned types}}
  %0 = IE.Cosh(%a) : tensor<3xf32> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

func.func @tan_changes_shape(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{'IE.Tan' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3x2xf32>'}}
  // expected-error @+1 {{'IE.Tan' op failed to infer returned types}}
  %0 = IE.Tan(%a) : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @bit_shift_signed(%a: tensor<3xsi32>) -> tensor<3xsi32> {
  // expected-error @+1 {{'IE.BitShift' op operand #0 must be ranked tensor of 8-bit unsigned integer or 16-bit unsigned integer or 32-bit unsigned integer or 64-bit unsigned integer values}}
  %0 = IE.BitShift(%a, %a) {direction = #IE.bit_shift_direction<left>} : tensor<3xsi32>, tensor<3xsi32> -> tensor<3xsi32>
  return %0 : tensor<3xsi32>
}

// -----

func.func @bit_shift_mixed_widths(%a: tensor<3xui8>, %b: tensor<3xui16>) -> tensor<3xui8> {
  // expected-error @+1 {{'IE.BitShift' op failed to verify that all of {input1, input2} have same element type}}
  %0 = IE.BitShift(%a, %b) {direction = #IE.bit_shift_direction<left>} : tensor<3xui8>, tensor<3xui16> -> tensor<3xui8>
  return %0 : tensor<3xui8>
}

// -----

func.func @bit_shift_not_broadcastable(%a: tensor<2x3xui8>, %b: tensor<2xui8>) -> tensor<2x3xui8> {
  // expected-error @+1 {{'IE.BitShift' op operands of shapes [2, 3] and [2] are not broadcastable}}
  %0 = IE.BitShift(%a, %b) {direction = #IE.bit_shift_direction<right>} : tensor<2x3xui8>, tensor<2xui8> -> tensor<2x3xui8>
  return %0 : tensor<2x3xui8>
}

// -----

func.func @bit_shift_no_direction(%a: tensor<3xui8>) -> tensor<3xui8> {
  // expected-error @+1 {{'IE.BitShift' op requires attribute 'direction'}}
  %0 = IE.BitShift(%a, %a) : tensor<3xui8>, tensor<3xui8> -> tensor<3xui8>
  return %0 : tensor<3xui8>
}

// -----

func.func @bit_shift_bad_direction(%a: tensor<3xui8>) -> tensor<3xui8> {
  // expected-error @+2 {{expected ::mlir::vpuc::IE::BitShiftDirection to be one of: left, right}}
  // expected-error @+1 {{failed to parse IE_BitShiftDirectionAttr parameter 'value'}}
  %0 = IE.BitShift(%a, %a) {direction = #IE.bit_shift_direction<up>} : tensor<3xui8>, tensor<3xui8> -> tensor<3xui8>
  return %0 : tensor<3xui8>
}
