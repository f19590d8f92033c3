// RUN: vpuc-opt %s --vpuc-ie-check-fp16-precision -o /dev/null 2>&1 | FileCheck %s

// The warnings name the layers by the names in their locations (the ONNX nodes they come from;
// the last name of a fused location, the node a fused layer computes the output of).

// CHECK-DAG: warning: a constant of layers 'mul', 'add' holds 70000 (element 3), beyond the f16 range
// CHECK-DAG: warning: {{.*}}batch norm of layer '/head/bn2/BatchNormalization': f16 rounds its input near channel 0's mean -5000
func.func @main(%x: tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32> {
  %big = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<[1.0, -2.0, 3.0, 7.0e4]> : tensor<4xf32>, [#const.Reshape<[1, 4, 1, 1]>]>
  %g = const.Declare tensor<4xf32> = #const.Content<dense<1.0> : tensor<4xf32>>
  %be = const.Declare tensor<4xf32> = #const.Content<dense<0.0> : tensor<4xf32>>
  %m = const.Declare tensor<4xf32> = #const.Content<dense<[-5000.0, 1.0, 2.0, 3.0]> : tensor<4xf32>>
  %v = const.Declare tensor<4xf32> = #const.Content<dense<1.0> : tensor<4xf32>>
  %0 = IE.Multiply(%x, %big) : tensor<1x4x1x1xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x1x1xf32> loc("mul")
  %1 = IE.Add(%0, %big) : tensor<1x4x1x1xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x1x1xf32> loc(fused["add/pre", "add"])
  %2 = IE.BatchNormInference(%1, %g, %be, %m, %v) {epsilon = 1.0e-5 : f64} : tensor<1x4x1x1xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<1x4x1x1xf32> loc("/head/bn2/BatchNormalization")
  return %2 : tensor<1x4x1x1xf32>
}
