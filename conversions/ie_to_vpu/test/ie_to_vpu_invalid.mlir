// RUN: vpuc-opt %s --split-input-file --vpuc-convert-ie-to-vpu --verify-diagnostics
// The layers the lowering cannot take: each is reported at its location, all of them at once.

func.func @einsum(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.Einsum' op cannot be lowered to the VPU dialect: no software kernel or view implements it}}
  %0 = IE.Einsum "ij,jk->ik" (%a, %b) : tensor<2x3xf32>, tensor<3x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dynamic_shape(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'IE.ReLU' op cannot be lowered to the VPU dialect: operand #0 has type 'tensor<?x8xf32>': VPU tensors have static shapes}}
  %0 = IE.ReLU(%x) : tensor<?x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @rank_above_8(%x: tensor<1x1x1x1x1x1x1x1x2xf32>) -> tensor<1x1x1x1x1x1x1x1x2xf32> {
  // expected-error @+1 {{'IE.Sigmoid' op cannot be lowered to the VPU dialect: operand #0 has type 'tensor<1x1x1x1x1x1x1x1x2xf32>': VPU tensors have rank at most 8}}
  %0 = IE.Sigmoid(%x) : tensor<1x1x1x1x1x1x1x1x2xf32> -> tensor<1x1x1x1x1x1x1x1x2xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x2xf32>
}

// -----

// Every layer that cannot be lowered is reported, not just the first.
func.func @all_reported(%a: tensor<2x3xf32>, %d: tensor<?x3xf32>) -> (tensor<3x2xf32>, tensor<?x3xf32>) {
  // expected-error @+1 {{'IE.Einsum' op cannot be lowered to the VPU dialect}}
  %0 = IE.Einsum "ij->ji" (%a) : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = IE.Exp(%a) : tensor<2x3xf32> -> tensor<2x3xf32>
  // expected-error @+1 {{'IE.Negative' op cannot be lowered to the VPU dialect: operand #0 has type 'tensor<?x3xf32>'}}
  %2 = IE.Negative(%d) : tensor<?x3xf32> -> tensor<?x3xf32>
  return %0, %2 : tensor<3x2xf32>, tensor<?x3xf32>
}
