// RUN: vpuc-opt %s --vpuc-convert-ie-to-vpu="allow-ie-layers" | FileCheck %s
// With allow-ie-layers, the layers that cannot be lowered stay as IE ops and the others are
// lowered around them.

// CHECK-LABEL: func.func @mixed
// CHECK-SAME: (%[[A:.+]]: tensor<2x3xf32>, %[[D:.+]]: tensor<?x3xf32>)
func.func @mixed(%a: tensor<2x3xf32>, %d: tensor<?x3xf32>) -> (tensor<2x2xf32>, tensor<?x3xf32>) {
  // CHECK: %[[E:.+]] = VPU.SW.Exp(%[[A]]) : tensor<2x3xf32> -> tensor<2x3xf32>
  %0 = IE.Exp(%a) : tensor<2x3xf32> -> tensor<2x3xf32>
  // CHECK: %[[M:.+]] = IE.Einsum "ij,kj->ik"(%[[E]], %[[E]]) : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
  %1 = IE.Einsum "ij,kj->ik" (%0, %0) : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
  // CHECK: %[[S:.+]] = VPU.SW.SoftMax(%[[M]]) {axis = 1 : i64} : tensor<2x2xf32> -> tensor<2x2xf32>
  %2 = IE.SoftMax(%1) {axis = 1 : i64} : tensor<2x2xf32> -> tensor<2x2xf32>
  // CHECK: %[[N:.+]] = IE.Negative(%[[D]]) : tensor<?x3xf32> -> tensor<?x3xf32>
  %3 = IE.Negative(%d) : tensor<?x3xf32> -> tensor<?x3xf32>
  // CHECK: return %[[S]], %[[N]]
  return %2, %3 : tensor<2x2xf32>, tensor<?x3xf32>
}
