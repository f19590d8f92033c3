// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @diagonal(%a: tensor<3x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'ii->i' is not supported: label 'i' repeats in input term #0 (diagonals do not reduce to MatMul/Transpose/ReduceSum)}}
  %0 = IE.Einsum "ii->i" (%a) : tensor<3x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @ellipsis(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x5xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation '...ij,...jk->...ik' is not supported: ellipsis ('...') does not reduce to MatMul/Transpose/ReduceSum here}}
  %0 = IE.Einsum "...ij,...jk->...ik" (%a, %b) : tensor<2x3x4xf32>, tensor<2x4x5xf32> -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @three_inputs(%a: tensor<3xf32>) -> tensor<f32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'i,i,i->' is not supported: it has 3 input terms; only one or two reduce to MatMul/Transpose/ReduceSum}}
  %0 = IE.Einsum "i,i,i->" (%a, %a, %a) : tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @term_count(%a: tensor<3x4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'ij,jk->i' has 2 input term(s) for 1 input(s)}}
  %0 = IE.Einsum "ij,jk->i" (%a) : tensor<3x4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @no_inputs() -> tensor<f32> {
  // expected-error @+1 {{'IE.Einsum' op expects at least one input}}
  %0 = "IE.Einsum"() <{equation = "->"}> : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @bad_character(%a: tensor<3x4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'i1->i' is malformed: invalid character '1' in input term #0}}
  %0 = IE.Einsum "i1->i" (%a) : tensor<3x4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @two_arrows(%a: tensor<3x4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'ij->i->i' is malformed: expected 'terms' or 'terms->output'}}
  %0 = IE.Einsum "ij->i->i" (%a) : tensor<3x4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @output_label_unknown(%a: tensor<3x4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'ij->k' is malformed: output label 'k' does not occur in any input}}
  %0 = IE.Einsum "ij->k" (%a) : tensor<3x4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @output_label_twice(%a: tensor<3x4xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'ij->ii' is malformed: output label 'i' repeats}}
  %0 = IE.Einsum "ij->ii" (%a) : tensor<3x4xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @rank_mismatch(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'bij,jk->ik': input term #0 has 3 label(s) but input #0 has shape [3, 4]}}
  %0 = IE.Einsum "bij,jk->ik" (%a, %b) : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @extent_mismatch(%a: tensor<3x4xf32>, %b: tensor<6x5xf32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'IE.Einsum' op equation 'ij,jk->ik': label 'j' has extent 4 in input #0 but 6 in input #1}}
  %0 = IE.Einsum "ij,jk->ik" (%a, %b) : tensor<3x4xf32>, tensor<6x5xf32> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @element_types(%a: tensor<3x4xf32>, %b: tensor<4x5xf16>) -> tensor<3x5xf32> {
  // expected-error @+1 {{'IE.Einsum' op expects inputs of one element type, got 'f32' and 'f16'}}
  %0 = IE.Einsum "ij,jk->ik" (%a, %b) : tensor<3x4xf32>, tensor<4x5xf16> -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @result_type(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<5x3xf32> {
  // expected-error @+2 {{'IE.Einsum' op inferred type(s) 'tensor<3x5xf32>' are incompatible with return type(s) of operation 'tensor<5x3xf32>'}}
  // expected-error @+1 {{'IE.Einsum' op failed to infer returned types}}
  %0 = IE.Einsum "ij,jk->ik" (%a, %b) : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}
