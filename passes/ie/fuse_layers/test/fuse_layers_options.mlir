// RUN: vpuc-opt %s --vpuc-ie-fuse-layers="conv-bias=false batch-norm=false batch-norm-to-scale-shift=false scale-shift=false matmul-to-fc=false" | FileCheck %s --check-prefix=NONE
// RUN: vpuc-opt %s --vpuc-ie-fuse-layers="conv-bias=false scale-shift=false matmul-to-fc=false" | FileCheck %s --check-prefix=BN
// RUN: vpuc-opt %s --vpuc-ie-fuse-layers="conv-bias=false batch-norm-to-scale-shift=false scale-shift=false matmul-to-fc=false" | FileCheck %s --check-prefix=FOLD
// RUN: vpuc-opt %s --vpuc-ie-fuse-layers="conv-bias=false batch-norm=false scale-shift=false matmul-to-fc=false" | FileCheck %s --check-prefix=SCALESHIFT
// RUN: vpuc-opt %s --vpuc-ie-fuse-layers="batch-norm=false batch-norm-to-scale-shift=false scale-shift=false matmul-to-fc=false" | FileCheck %s --check-prefix=BIAS
// Each fusion can be switched off on its own.

// NONE-LABEL: func.func @all
// BN-LABEL: func.func @all
// FOLD-LABEL: func.func @all
// SCALESHIFT-LABEL: func.func @all
// BIAS-LABEL: func.func @all
func.func @all(%x: tensor<1x2x4x4xf32>, %m: tensor<2x3xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<2x2xf32>, tensor<1x2x4x4xf32>) {
  %w = const.Declare tensor<2x2x1x1xf32> = #const.Content<dense<1.0> : tensor<2x2x1x1xf32>>
  %c = const.Declare tensor<1x2x1x1xf32> = #const.Content<dense<1.0> : tensor<1x2x1x1xf32>>
  %p = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>>
  %s = const.Declare tensor<1x2x1x1xf32> = #const.Content<dense<2.0> : tensor<1x2x1x1xf32>>
  %g = const.Declare tensor<2xf32> = #const.Content<dense<2.0> : tensor<2xf32>>
  %k = const.Declare tensor<3x2xf32> = #const.Content<dense<1.0> : tensor<3x2xf32>>
  // NONE: IE.Add
  // NONE: IE.BatchNormInference
  // NONE: IE.Multiply
  // NONE: IE.MatMul
  // NONE: IE.BatchNormInference
  // NONE-NOT: IE.ScaleShift
  // NONE-NOT: IE.FullyConnected
  // BN: IE.Add
  // BN-NOT: IE.BatchNormInference
  // BN: IE.Multiply
  // BN: IE.MatMul
  // BN: IE.ScaleShift
  // The fold into the convolution alone: the BatchNorm of %x stays.
  // FOLD: IE.Add
  // FOLD: IE.Multiply
  // FOLD: IE.MatMul
  // FOLD: IE.BatchNormInference(%arg0,
  // FOLD-NOT: IE.ScaleShift
  // The ScaleShift alone: the BatchNorm after the convolution is an identity (scale 1, shift
  // 0) and goes away, the other one becomes a ScaleShift.
  // SCALESHIFT: IE.Add
  // SCALESHIFT: IE.ScaleShift(%arg0) weights
  // SCALESHIFT-NOT: IE.BatchNormInference
  // BIAS-NOT: IE.Add(%{{.*}}, %{{.*}}) : tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  // BIAS: IE.BatchNormInference
  // BIAS: IE.Multiply
  // BIAS: IE.Add
  // BIAS: IE.MatMul
  // BIAS: IE.BatchNormInference
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %1 = IE.Add(%0, %c) : tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %2 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %3 = IE.BatchNormInference(%2, %p, %p, %p, %p) {epsilon = 0.0 : f64} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  %4 = IE.Multiply(%x, %s) : tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %5 = IE.Add(%4, %c) : tensor<1x2x4x4xf32>, tensor<1x2x1x1xf32> -> tensor<1x2x4x4xf32>
  %6 = IE.MatMul(%m, %k) : tensor<2x3xf32>, tensor<3x2xf32> -> tensor<2x2xf32>
  %7 = IE.BatchNormInference(%x, %g, %p, %p, %p) {epsilon = 0.0 : f64} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %1, %3, %5, %6, %7 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, tensor<2x2xf32>, tensor<1x2x4x4xf32>
}
