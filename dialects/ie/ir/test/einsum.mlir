// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip and type inference of IE.Einsum: the forms that reduce to MatMul, Transpose and
// ReduceSum.

// CHECK-LABEL: func.func @products
func.func @products(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<5x4xf32>, %ba: tensor<2x3x4xf32>, %bb: tensor<2x4x5xf32>, %bt: tensor<2x5x4xf32>)
    -> (tensor<3x5xf32>, tensor<2x3x5xf32>, tensor<3x5xf32>, tensor<2x3x5xf32>, tensor<5x3xf32>, tensor<3x5xf32>) {
  // CHECK: IE.Einsum "ij,jk->ik"(%{{.*}}, %{{.*}}) : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<3x5xf32>
  %0 = IE.Einsum "ij,jk->ik" (%a, %b) : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<3x5xf32>
  // CHECK: IE.Einsum "bij,bjk->bik"(%{{.*}}, %{{.*}}) : tensor<2x3x4xf32>, tensor<2x4x5xf32> -> tensor<2x3x5xf32>
  %1 = IE.Einsum "bij,bjk->bik" (%ba, %bb) : tensor<2x3x4xf32>, tensor<2x4x5xf32> -> tensor<2x3x5xf32>
  // Transposed second operand.
  // CHECK: IE.Einsum "ij,kj->ik"(%{{.*}}, %{{.*}}) : tensor<3x4xf32>, tensor<5x4xf32> -> tensor<3x5xf32>
  %2 = IE.Einsum "ij,kj->ik" (%a, %c) : tensor<3x4xf32>, tensor<5x4xf32> -> tensor<3x5xf32>
  // CHECK: IE.Einsum "bij,bkj->bik"(%{{.*}}, %{{.*}}) : tensor<2x3x4xf32>, tensor<2x5x4xf32> -> tensor<2x3x5xf32>
  %3 = IE.Einsum "bij,bkj->bik" (%ba, %bt) : tensor<2x3x4xf32>, tensor<2x5x4xf32> -> tensor<2x3x5xf32>
  // Transposed result.
  // CHECK: IE.Einsum "ij,jk->ki"(%{{.*}}, %{{.*}}) : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<5x3xf32>
  %4 = IE.Einsum "ij,jk->ki" (%a, %b) : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<5x3xf32>
  // Implicit output (labels occurring once, in ASCII order); spaces are ignored.
  // CHECK: IE.Einsum "ij, jk"(%{{.*}}, %{{.*}}) : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<3x5xf32>
  %5 = IE.Einsum "ij, jk" (%a, %b) : tensor<3x4xf32>, tensor<4x5xf32> -> tensor<3x5xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3x5xf32>, tensor<2x3x5xf32>, tensor<3x5xf32>, tensor<2x3x5xf32>, tensor<5x3xf32>, tensor<3x5xf32>
}

// -----

// CHECK-LABEL: func.func @vectors
func.func @vectors(%u: tensor<4xf16>, %v: tensor<4xf16>, %w: tensor<3xf16>) -> (tensor<f16>, tensor<4x3xf16>, tensor<f16>, tensor<3x4xf16>) {
  // Inner product.
  // CHECK: IE.Einsum "i,i->"(%{{.*}}, %{{.*}}) : tensor<4xf16>, tensor<4xf16> -> tensor<f16>
  %0 = IE.Einsum "i,i->" (%u, %v) : tensor<4xf16>, tensor<4xf16> -> tensor<f16>
  // Outer product.
  // CHECK: IE.Einsum "i,j->ij"(%{{.*}}, %{{.*}}) : tensor<4xf16>, tensor<3xf16> -> tensor<4x3xf16>
  %1 = IE.Einsum "i,j->ij" (%u, %w) : tensor<4xf16>, tensor<3xf16> -> tensor<4x3xf16>
  // Implicit inner product: no label occurs once.
  // CHECK: IE.Einsum "i,i"(%{{.*}}, %{{.*}}) : tensor<4xf16>, tensor<4xf16> -> tensor<f16>
  %2 = IE.Einsum "i,i" (%u, %v) : tensor<4xf16>, tensor<4xf16> -> tensor<f16>
  // Implicit outer product in ASCII order.
  // CHECK: IE.Einsum "j,i"(%{{.*}}, %{{.*}}) : tensor<4xf16>, tensor<3xf16> -> tensor<3x4xf16>
  %3 = IE.Einsum "j,i" (%u, %w) : tensor<4xf16>, tensor<3xf16> -> tensor<3x4xf16>
  return %0, %1, %2, %3 : tensor<f16>, tensor<4x3xf16>, tensor<f16>, tensor<3x4xf16>
}

// -----

// CHECK-LABEL: func.func @single_input
func.func @single_input(%a: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<2xf32>, tensor<f32>, tensor<4x2xf32>) {
  // CHECK: IE.Einsum "abc->cab"(%{{.*}}) : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %0 = IE.Einsum "abc->cab" (%a) : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  // CHECK: IE.Einsum "abc->a"(%{{.*}}) : tensor<2x3x4xf32> -> tensor<2xf32>
  %1 = IE.Einsum "abc->a" (%a) : tensor<2x3x4xf32> -> tensor<2xf32>
  // CHECK: IE.Einsum "abc->"(%{{.*}}) : tensor<2x3x4xf32> -> tensor<f32>
  %2 = IE.Einsum "abc->" (%a) : tensor<2x3x4xf32> -> tensor<f32>
  // CHECK: IE.Einsum "aBc->ca"(%{{.*}}) : tensor<2x3x4xf32> -> tensor<4x2xf32>
  %3 = IE.Einsum "aBc->ca" (%a) : tensor<2x3x4xf32> -> tensor<4x2xf32>
  return %0, %1, %2, %3 : tensor<4x2x3xf32>, tensor<2xf32>, tensor<f32>, tensor<4x2xf32>
}

// -----

// Dynamic dims take the extent of the label from the other input when it has one.
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%a: tensor<?x4xf32>, %b: tensor<?x5xf32>, %c: tensor<3x?xf32>) -> (tensor<?x5xf32>, tensor<3x5xf32>) {
  // CHECK: IE.Einsum "ij,jk->ik"(%{{.*}}, %{{.*}}) : tensor<?x4xf32>, tensor<?x5xf32> -> tensor<?x5xf32>
  %0 = IE.Einsum "ij,jk->ik" (%a, %b) : tensor<?x4xf32>, tensor<?x5xf32> -> tensor<?x5xf32>
  // CHECK: IE.Einsum "ij,jk->ik"(%{{.*}}, %{{.*}}) : tensor<3x?xf32>, tensor<?x5xf32> -> tensor<3x5xf32>
  %1 = IE.Einsum "ij,jk->ik" (%c, %b) : tensor<3x?xf32>, tensor<?x5xf32> -> tensor<3x5xf32>
  return %0, %1 : tensor<?x5xf32>, tensor<3x5xf32>
}
