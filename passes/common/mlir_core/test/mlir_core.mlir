// The upstream passes registered by the mlir_core component run through vpuc-opt.
// RUN: vpuc-opt %s -inline -symbol-dce -cse | FileCheck %s

// CHECK-NOT: func.func private @helper
func.func private @helper(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[ARG:.+]]: tensor<2xf32>)
// CHECK-NEXT: return %[[ARG]], %[[ARG]]
func.func @main(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %0 = func.call @helper(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = func.call @helper(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
