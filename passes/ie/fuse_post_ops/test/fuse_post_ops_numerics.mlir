// The reference interpreter computes the same values before and after the pass: the fused
// layers apply their post-ops exactly as the removed activations did (f16 rounding included).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); np.savez('%t/in.npz', x=(4 * r.standard_normal((1, 16, 6, 6))).astype(np.float16))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-fuse-post-ops))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME

// CHECK-NOT: IE.ReLU
// CHECK-NOT: IE.Clamp
// CHECK-NOT: IE.LeakyRelu
// CHECK-COUNT-6: post_op
// SAME-COUNT-2: ok

func.func @main(%x: tensor<1x16x6x6xf16>) -> (tensor<1x16x6x6xf16>, tensor<1x16x3x3xf16>) {
  %w = const.Declare tensor<16x16x3x3xf16> = #const.Content<dense<0.0625> : tensor<16x16x3x3xf16>, [#const.Add<-0.03>]>
  %dw = const.Declare tensor<16x1x3x3xf16> = #const.Content<dense<[[[[0.5, -1.0, 0.25], [1.5, 0.0, -0.5], [0.125, 2.0, -1.5]]]]> : tensor<1x1x3x3xf16>, [#const.Broadcast<0, 16>]>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x16x6x6xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x6x6xf16>
  %1 = IE.LeakyRelu(%0) {negative_slope = 0.1 : f64} : tensor<1x16x6x6xf16> -> tensor<1x16x6x6xf16>
  %2 = IE.GroupConvolution(%1, %dw) {dilations = array<i64: 1, 1>, groups = 16 : i64,
         pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x16x6x6xf16>, tensor<16x1x3x3xf16> -> tensor<1x16x6x6xf16>
  %3 = IE.Clamp(%2) {max = 2.3 : f64, min = -0.7 : f64} : tensor<1x16x6x6xf16> -> tensor<1x16x6x6xf16>
  %4 = IE.Add(%3, %x) : tensor<1x16x6x6xf16>, tensor<1x16x6x6xf16> -> tensor<1x16x6x6xf16>
  %5 = IE.ReLU(%4) : tensor<1x16x6x6xf16> -> tensor<1x16x6x6xf16>
  %6 = IE.Multiply(%5, %1) : tensor<1x16x6x6xf16>, tensor<1x16x6x6xf16> -> tensor<1x16x6x6xf16>
  %7 = IE.Clamp(%6) {max = 3.0 : f64, min = -3.0 : f64} : tensor<1x16x6x6xf16> -> tensor<1x16x6x6xf16>
  %8 = IE.MaxPool(%7) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x16x6x6xf16> -> tensor<1x16x3x3xf16>
  %9 = IE.LeakyRelu(%8) {negative_slope = 0.3 : f64} : tensor<1x16x3x3xf16> -> tensor<1x16x3x3xf16>
  %10 = IE.AvgPool(%9) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x3x3xf16> -> tensor<1x16x3x3xf16>
  %11 = IE.Clamp(%10) {max = 0.9 : f64, min = -0.2 : f64} : tensor<1x16x3x3xf16> -> tensor<1x16x3x3xf16>
  return %7, %11 : tensor<1x16x6x6xf16>, tensor<1x16x3x3xf16>
}
