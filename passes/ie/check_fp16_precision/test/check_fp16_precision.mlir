// RUN: vpuc-opt %s --split-input-file --vpuc-ie-check-fp16-precision --verify-diagnostics | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-ie-check-fp16-precision="max-error=10" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOSE

// The pass only warns: the IR does not change. Without a name in its location, a layer is named
// by its op (check_fp16_precision_names.mlir shows the ONNX node names).

// With max-error=10, an error of 4.88 deviations passes; max-error does not apply to constants.
// LOOSE-NOT: batch norm of layer
// LOOSE: a constant of layers 'IE.Multiply', 'IE.Add' holds -100000
// LOOSE-NOT: batch norm of layer

// A batch norm after an Add (nothing to fold into) with channel 1's mean at 1000 and a
// standard deviation of 0.1 (variance 0.01 - epsilon): f16 rounds values near 1000 by up to
// 1000 * 2^-11 = 0.488281, 4.88281 deviations. Channel 0 (mean 1, deviation 1) is fine.
// CHECK-LABEL: func.func @batch_norm_offset
// CHECK: IE.BatchNormInference
func.func @batch_norm_offset(%a: tensor<1x2x4x4xf32>, %b: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %g = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>>
  %be = const.Declare tensor<2xf32> = #const.Content<dense<0.0> : tensor<2xf32>>
  %m = const.Declare tensor<2xf32> = #const.Content<dense<[1.0, 1000.0]> : tensor<2xf32>>
  %v = const.Declare tensor<2xf32> = #const.Content<dense<[0.999, 0.009]> : tensor<2xf32>>
  %0 = IE.Add(%a, %b) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  // expected-warning @+1 {{batch norm of layer 'IE.BatchNormInference': f16 rounds its input near channel 1's mean 1000 by up to 0.488281 (4.88281 standard deviations of 0.1; at most 0.1 passes), and the batch norm magnifies that error with the signal; fold it into the convolution before it (none precedes it here), or keep this part of the network in f32}}
  %1 = IE.BatchNormInference(%0, %g, %be, %m, %v) {epsilon = 1.0e-3 : f64} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %1 : tensor<1x2x4x4xf32>
}

// -----

// No warning: means within 100 deviations (an error of at most 0.049 deviations), an f16
// input (the model's own precision, nothing the compiler changes), and statistics that are no
// constants.
// CHECK-LABEL: func.func @batch_norm_fine
func.func @batch_norm_fine(%a: tensor<1x2x4x4xf32>, %h: tensor<1x2x4x4xf16>, %s: tensor<2xf32>) -> (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf16>, tensor<1x2x4x4xf32>) {
  %g = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>>
  %be = const.Declare tensor<2xf32> = #const.Content<dense<0.0> : tensor<2xf32>>
  %m = const.Declare tensor<2xf32> = #const.Content<dense<[-100.0, 100.0]> : tensor<2xf32>>
  %v = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>>
  %gh = const.Declare tensor<2xf16> = #const.Content<dense<1.0> : tensor<2xf16>>
  %beh = const.Declare tensor<2xf16> = #const.Content<dense<0.0> : tensor<2xf16>>
  %mh = const.Declare tensor<2xf16> = #const.Content<dense<1000.0> : tensor<2xf16>>
  %vh = const.Declare tensor<2xf16> = #const.Content<dense<0.0> : tensor<2xf16>>
  %0 = IE.BatchNormInference(%a, %g, %be, %m, %v) {epsilon = 0.0 : f64} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  %1 = IE.BatchNormInference(%h, %gh, %beh, %mh, %vh) {epsilon = 1.0e-5 : f64} : tensor<1x2x4x4xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16> -> tensor<1x2x4x4xf16>
  %2 = IE.BatchNormInference(%a, %g, %be, %s, %v) {epsilon = 1.0e-5 : f64} : tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x4x4xf32>
  return %0, %1, %2 : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf16>, tensor<1x2x4x4xf32>
}

// -----

// Constants beyond the f16 range: the largest finite magnitude and its element, the layers
// that read the constant. 65519 still rounds to 65504; infinities are the model's own.
// CHECK-LABEL: func.func @constants
func.func @constants(%x: tensor<1x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>) {
  // expected-warning @+1 {{a constant of layers 'IE.Multiply', 'IE.Add' holds -100000 (element 2), beyond the f16 range (largest finite value 65504): it becomes an infinity when the network computes in f16}}
  %big = const.Declare tensor<1x4xf32> = #const.Content<dense<[[1.0, 0x7F800000, -1.0e5, 7.0e4]]> : tensor<1x4xf32>>
  // expected-warning @+1 {{a constant of layer 'IE.Subtract' holds 1e+06, beyond the f16 range}}
  %splat = const.Declare tensor<1x4xf32> = #const.Content<dense<1.0e6> : tensor<1x4xf32>>
  %fine = const.Declare tensor<1x4xf32> = #const.Content<dense<[[65519.0, -65519.0, 0x7F800000, 0xFF800000]]> : tensor<1x4xf32>>
  %0 = IE.Multiply(%x, %big) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %1 = IE.Add(%0, %big) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %2 = IE.Subtract(%1, %splat) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %3 = IE.Add(%x, %fine) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %4 = IE.Subtract(%x, %fine) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %2, %3, %4 : tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xf32>
}

// -----

// f64 constants are computed in f16 too.
// CHECK-LABEL: func.func @f64_constants
func.func @f64_constants(%x: tensor<1x2xf64>) -> tensor<1x2xf64> {
  // expected-warning @+1 {{a constant of layer 'IE.Add' holds 1e+300 (element 1), beyond the f16 range}}
  %big = const.Declare tensor<1x2xf64> = #const.Content<dense<[[1.0, 1.0e300]]> : tensor<1x2xf64>>
  %fine = const.Declare tensor<1x2xf64> = #const.Content<dense<[[65519.0, -2.0]]> : tensor<1x2xf64>>
  %0 = IE.Add(%x, %big) : tensor<1x2xf64>, tensor<1x2xf64> -> tensor<1x2xf64>
  %1 = IE.Add(%0, %fine) : tensor<1x2xf64>, tensor<1x2xf64> -> tensor<1x2xf64>
  return %1 : tensor<1x2xf64>
}
