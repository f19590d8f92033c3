// RUN: vpuc-opt %s | FileCheck %s
// CHECK-LABEL: func.func @f
func.func @f(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  return %arg0 : tensor<2xf32>
}
