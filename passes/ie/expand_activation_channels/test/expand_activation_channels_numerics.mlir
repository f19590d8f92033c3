// The reference interpreter computes the same values before and after the pass, alone and
// after layout assignment (padded OYXI filters, NHWC activations).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(13); np.savez('%t/in.npz', x=r.standard_normal((1, 3, 8, 8)).astype(np.float16))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-expand-activation-channels))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-adjust-layouts, vpuc-ie-optimize-reorders, vpuc-ie-expand-activation-channels))' -o %t/nhwc.mlir
// RUN: vpuc infer %t/nhwc.mlir --inputs %t/in.npz -o %t/nhwc.npz
// RUN: vpuc compare %t/nhwc.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME

// One pad of the input, slices only where a result leaves the NCE layers.
// CHECK-COUNT-1: IE.Pad
// CHECK-NOT: IE.Pad
// CHECK-COUNT-2: IE.Slice
// CHECK-NOT: IE.Slice
// SAME-COUNT-2: ok

func.func @main(%x: tensor<1x3x8x8xf16>) -> (tensor<1x5x4x4xf16>, tensor<1x5x8x8xf16>) {
  %w = const.Declare tensor<5x3x3x3xf16> = #const.Content<dense<[[[[0.5, -1.0, 0.25], [1.5, 0.0, -0.5], [0.125, 2.0, -1.5]]]]> : tensor<1x1x3x3xf16>, [#const.Broadcast<0, 5>, #const.Broadcast<1, 3>]>
  %b = const.Declare tensor<5xf16> = #const.Content<dense<[0.5, -0.25, 1.0, 0.0, -1.0]> : tensor<5xf16>>
  %dw = const.Declare tensor<5x1x3x3xf16> = #const.Content<dense<[[[[1.0, -0.5, 0.2], [0.25, 0.75, -0.1], [0.3, 0.3, -0.6]]]]> : tensor<1x1x3x3xf16>, [#const.Broadcast<0, 5>]>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, post_op = {attrs = {min = 0.5 : f64, max = 3.0 : f64}, name = "IE.Clamp"}, strides = array<i64: 1, 1>}
         : tensor<1x3x8x8xf16>, tensor<5x3x3x3xf16>, tensor<5xf16> -> tensor<1x5x8x8xf16>
  %1 = IE.GroupConvolution(%0, %dw) {dilations = array<i64: 1, 1>, groups = 5 : i64,
         pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x5x8x8xf16>, tensor<5x1x3x3xf16> -> tensor<1x5x8x8xf16>
  %2 = IE.Subtract(%1, %0) : tensor<1x5x8x8xf16>, tensor<1x5x8x8xf16> -> tensor<1x5x8x8xf16>
  %3 = IE.AvgPool(%2) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x5x8x8xf16> -> tensor<1x5x4x4xf16>
  return %3, %0 : tensor<1x5x4x4xf16>, tensor<1x5x8x8xf16>
}
