// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @not_broadcastable(%a: tensor<1x3xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.Add' op operands of shapes [1, 3] and [2, 4] are not broadcastable}}
  %0 = IE.Add(%a, %b) : tensor<1x3xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @explicit_needs_equal_shapes(%a: tensor<1x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Multiply' op operands of shapes [1, 3] and [2, 3] must be equal when auto_broadcast is NONE_OR_EXPLICIT}}
  %0 = IE.Multiply(%a, %b) {auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>} : tensor<1x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @select_not_broadcastable(%c: tensor<2xi1>, %a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Select' op operands of shapes [2], [3] and [3] are not broadcastable}}
  %0 = IE.Select(%c, %a, %b) : tensor<2xi1>, tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @wrong_result_shape(%a: tensor<1x3x1x4xf32>, %b: tensor<2x1x5x1xf32>) -> tensor<2x3x5x5xf32> {
  // expected-error @+2 {{'IE.Add' op inferred type(s) 'tensor<2x3x5x4xf32>' are incompatible with return type(s) of operation 'tensor<2x3x5x5xf32>'}}
  // expected-error @+1 {{'IE.Add' op failed to infer returned types}}
  %0 = IE.Add(%a, %b) : tensor<1x3x1x4xf32>, tensor<2x1x5x1xf32> -> tensor<2x3x5x5xf32>
  return %0 : tensor<2x3x5x5xf32>
}

// -----

func.func @comparison_returns_bool(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Less' op result #0 must be ranked tensor of 1-bit signless integer values}}
  %0 = IE.Less(%a, %a) : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @mixed_element_types(%a: tensor<3xf32>, %b: tensor<3xf16>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Subtract' op failed to verify that all of {input1, input2} have same element type}}
  %0 = IE.Subtract(%a, %b) : tensor<3xf32>, tensor<3xf16> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @logic_needs_bool(%a: tensor<3xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'IE.LogicalAnd' op operand #0 must be ranked tensor of 1-bit signless integer values}}
  %0 = IE.LogicalAnd(%a, %a) : tensor<3xf32>, tensor<3xf32> -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @unary_result_mismatch(%a: tensor<3xf32>) -> tensor<3xf16> {
  // expected-error @+2 {{'IE.Sigmoid' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<3xf16>'}}
  // expected-error @+1 {{'IE.Sigmoid' op failed to infer returned types}}
  %0 = IE.Sigmoid(%a) : tensor<3xf32> -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

func.func @float_only(%a: tensor<3xsi32>) -> tensor<3xsi32> {
  // expected-error @+1 {{'IE.Exp' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
  %0 = IE.Exp(%a) : tensor<3xsi32> -> tensor<3xsi32>
  return %0 : tensor<3xsi32>
}

// -----

func.func @clamp_min_above_max(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Clamp' op expects min <= max, got min = 6.000000e+00 and max = 0.000000e+00}}
  %0 = IE.Clamp(%a) {min = 6.0, max = 0.0} : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @round_needs_mode(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Round' op requires attribute 'mode'}}
  %0 = IE.Round(%a) : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @swish_two_betas(%a: tensor<3xf32>, %b: tensor<1xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Swish' op expects beta either as an operand or as the beta_value attribute, not both}}
  %0 = IE.Swish(%a, %b) {beta_value = 1.0} : tensor<3xf32>, tensor<1xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @swish_beta_not_scalar(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Swish' op expects beta to be a one-element tensor, got 'tensor<3xf32>'}}
  %0 = IE.Swish(%a, %b) : tensor<3xf32>, tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @swish_beta_type(%a: tensor<3xf32>, %b: tensor<1xf16>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Swish' op expects beta of the input's element type 'f32', got 'f16'}}
  %0 = IE.Swish(%a, %b) : tensor<3xf32>, tensor<1xf16> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @prelu_bad_slope(%a: tensor<1x16x8x8xf32>, %s: tensor<3xf32>) -> tensor<1x16x8x8xf32> {
  // expected-error @+1 {{'IE.PRelu' op slope of shape [3] neither has one value per channel nor broadcasts to the input shape [1, 16, 8, 8]}}
  %0 = IE.PRelu(%a, %s) : tensor<1x16x8x8xf32>, tensor<3xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

func.func @convert_wrong_result(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+2 {{'IE.Convert' op inferred type(s) 'tensor<3xf16>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{'IE.Convert' op failed to infer returned types}}
  %0 = IE.Convert(%a) {dstElemType = f16} : tensor<3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @encoding_not_a_map(%a: tensor<3xf32, "nchw">) -> tensor<3xf32, "nchw"> {
  // expected-error @+1 {{'IE.ReLU' op operand #0 of type 'tensor<3xf32, "nchw">' has a layout encoding that is not an affine map}}
  %0 = IE.ReLU(%a) : tensor<3xf32, "nchw"> -> tensor<3xf32, "nchw">
  return %0 : tensor<3xf32, "nchw">
}

// -----

#bad = affine_map<(d0, d1) -> (d0, d0)>
func.func @encoding_not_a_permutation(%a: tensor<2x3xf32>) -> tensor<2x3xf32, #bad> {
  // expected-error @+1 {{'IE.ReLU' op result #0 of type 'tensor<2x3xf32, affine_map<(d0, d1) -> (d0, d0)>>' has a layout encoding that is not a permutation of its 2 dims}}
  %0 = IE.ReLU(%a) : tensor<2x3xf32> -> tensor<2x3xf32, #bad>
  return %0 : tensor<2x3xf32, #bad>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @encoding_wrong_rank(%a: tensor<2x3xf32, #NHWC>) -> tensor<2x3xf32, #NHWC> {
  // expected-error @+1 {{'IE.Abs' op operand #0 of type 'tensor<2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>' has a layout encoding that is not a permutation of its 2 dims}}
  %0 = IE.Abs(%a) : tensor<2x3xf32, #NHWC> -> tensor<2x3xf32, #NHWC>
  return %0 : tensor<2x3xf32, #NHWC>
}

// -----

IE.CNNNetwork entryPoint : @main inputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op expects a non-empty name}}
  IE.DataInfo "" : tensor<2xf32> precision f32
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
}
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

IE.CNNNetwork entryPoint : @main inputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op expects an integer or float precision, got 'index'}}
  IE.DataInfo "in" : tensor<2xf32> precision index
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
}
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

IE.CNNNetwork entryPoint : @main inputsInfo : {
  // expected-error @+1 {{'IE.DataInfo' op expects the layout to be a permutation of the 2 dims of 'tensor<2x2xf32>', got affine_map<(d0, d1, d2) -> (d0, d2, d1)>}}
  IE.DataInfo "in" : tensor<2x2xf32> precision f32 layout affine_map<(d0, d1, d2) -> (d0, d2, d1)>
} outputsInfo : {
  IE.DataInfo "out" : tensor<2x2xf32> precision f32
}
func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
  return %arg0 : tensor<2x2xf32>
}

// -----

func.func @data_info_outside(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'IE.DataInfo' op expects parent op 'IE.CNNNetwork'}}
  IE.DataInfo "in" : tensor<2xf32> precision f32
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{'IE.CNNNetwork' op expects only IE.DataInfo ops in inputsInfo, got const.Declare}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  %0 = const.Declare tensor<1xf32> = #const.Content<dense<0.0> : tensor<1xf32>>
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
}
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{'IE.CNNNetwork' op has two inputsInfo entries named 'x'}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "x" : tensor<2xf32> precision f32
  IE.DataInfo "x" : tensor<2xf32> precision f32
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
}
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{'IE.CNNNetwork' op expects at least one output in outputsInfo}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
} outputsInfo : {
}
func.func @main() {
  return
}

// -----

// expected-error @+1 {{'IE.CNNNetwork' op entry point @missing does not name a func.func}}
IE.CNNNetwork entryPoint : @missing inputsInfo : {
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
}

// -----

// expected-error @+1 {{'IE.CNNNetwork' op entry point @main has 2 inputs but inputsInfo describes 1}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f32
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
}
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{'IE.CNNNetwork' op entry point @main has 1 outputs but outputsInfo describes 2}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f32
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
  IE.DataInfo "out2" : tensor<2xf32> precision f32
}
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// -----

// expected-error @+1 {{'IE.CNNNetwork' op input #0 'a' has shape [1, 3] but the entry point's input #0 has shape [1, 4]}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "a" : tensor<1x3xf32> precision f32
} outputsInfo : {
  IE.DataInfo "out" : tensor<1x4xf32> precision f32
}
func.func @main(%arg0: tensor<1x4xf32>) -> tensor<1x4xf32> {
  return %arg0 : tensor<1x4xf32>
}

// -----

// expected-error @+1 {{'IE.CNNNetwork' op expects input #0 of the entry point to be a ranked tensor, got 'tensor<*xf32>'}}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "in" : tensor<2xf32> precision f32
  IE.DataInfo "in2" : tensor<2xf32> precision f32
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
}
func.func @main(%arg0: tensor<*xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
  return %arg1 : tensor<2xf32>
}

// -----

func.func @not_in_module() {
  // expected-error @+1 {{'IE.CNNNetwork' op expects parent op 'builtin.module'}}
  IE.CNNNetwork entryPoint : @main inputsInfo : {
  } outputsInfo : {
    IE.DataInfo "out" : tensor<2xf32> precision f32
  }
  return
}

// -----

// Add and Multiply on quantized types (see IE.Add): every operand and the result quantized.
func.func @quantized_add_float_operand(%a: tensor<4x!quant.uniform<u8:f32, 0.05:128>>, %b: tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 0.1>> {
  // expected-error @+1 {{'IE.Add' op a quantized layer has quantized input1, input2 and output, got !quant.uniform<u8:f32, 5.000000e-02:128>, f32 and !quant.uniform<u8:f32, 1.000000e-01>}}
  %0 = IE.Add(%a, %b) : tensor<4x!quant.uniform<u8:f32, 0.05:128>>, tensor<4xf32> -> tensor<4x!quant.uniform<u8:f32, 0.1>>
  return %0 : tensor<4x!quant.uniform<u8:f32, 0.1>>
}

// -----

func.func @quantized_add_float_output(%a: tensor<4x!quant.uniform<u8:f32, 0.05:128>>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.Add' op a quantized layer has quantized input1, input2 and output, got !quant.uniform<u8:f32, 5.000000e-02:128>, !quant.uniform<u8:f32, 5.000000e-02:128> and f32}}
  %0 = IE.Add(%a, %a) : tensor<4x!quant.uniform<u8:f32, 0.05:128>>, tensor<4x!quant.uniform<u8:f32, 0.05:128>> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @quantized_multiply_float_output_operands(%a: tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 0.1>> {
  // expected-error @+1 {{'IE.Multiply' op a quantized layer has quantized input1, input2 and output, got f32, f32 and !quant.uniform<u8:f32, 1.000000e-01>}}
  %0 = IE.Multiply(%a, %a) : tensor<4xf32>, tensor<4xf32> -> tensor<4x!quant.uniform<u8:f32, 0.1>>
  return %0 : tensor<4x!quant.uniform<u8:f32, 0.1>>
}

// -----

func.func @quantized_add_per_axis(%a: tensor<1x2x!quant.uniform<u8:f32, 0.05:128>>, %b: tensor<1x2x!quant.uniform<u8:f32:1, {0.05:128, 0.1:120}>>) -> tensor<1x2x!quant.uniform<u8:f32, 0.1>> {
  // expected-error @+1 {{'IE.Add' op the input2 of a quantized layer is quantized per tensor, got !quant.uniform<u8:f32:1, {5.000000e-02:128,1.000000e-01:120}>}}
  %0 = IE.Add(%a, %b) : tensor<1x2x!quant.uniform<u8:f32, 0.05:128>>, tensor<1x2x!quant.uniform<u8:f32:1, {0.05:128, 0.1:120}>> -> tensor<1x2x!quant.uniform<u8:f32, 0.1>>
  return %0 : tensor<1x2x!quant.uniform<u8:f32, 0.1>>
}

// -----

func.func @quantized_add_16_bit(%a: tensor<4x!quant.uniform<u8:f32, 0.05:128>>) -> tensor<4x!quant.uniform<i16:f32, 0.001>> {
  // expected-error @+1 {{'IE.Add' op the output of a quantized layer has 8-bit storage, got !quant.uniform<i16:f32, 1.000000e-03>}}
  %0 = IE.Add(%a, %a) : tensor<4x!quant.uniform<u8:f32, 0.05:128>>, tensor<4x!quant.uniform<u8:f32, 0.05:128>> -> tensor<4x!quant.uniform<i16:f32, 0.001>>
  return %0 : tensor<4x!quant.uniform<i16:f32, 0.001>>
}

// -----

func.func @quantized_add_not_broadcastable(%a: tensor<2x3x!quant.uniform<u8:f32, 0.05:128>>, %b: tensor<2x4x!quant.uniform<u8:f32, 0.05:128>>) -> tensor<2x4x!quant.uniform<u8:f32, 0.1>> {
  // expected-error @+1 {{'IE.Add' op operands of shapes [2, 3] and [2, 4] are not broadcastable}}
  %0 = IE.Add(%a, %b) : tensor<2x3x!quant.uniform<u8:f32, 0.05:128>>, tensor<2x4x!quant.uniform<u8:f32, 0.05:128>> -> tensor<2x4x!quant.uniform<u8:f32, 0.1>>
  return %0 : tensor<2x4x!quant.uniform<u8:f32, 0.1>>
}

// -----

func.func @add_mixed_float_types(%a: tensor<3xf32>, %b: tensor<3xf16>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Add' op the operands of a float or integer layer have one element type, got f32 and f16}}
  %0 = IE.Add(%a, %b) : tensor<3xf32>, tensor<3xf16> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
