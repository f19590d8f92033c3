// The reference interpreter computes the same values before and after the pass, which runs
// here on the output of vpuc-ie-adjust-layouts: every reorder between the layers goes, only
// the ones at the function's boundary stay.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(11); np.savez('%t/in.npz', x=r.standard_normal((1, 16, 8, 8)).astype(np.float16))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-adjust-layouts))' -o %t/adjusted.mlir
// RUN: FileCheck %s --input-file=%t/adjusted.mlir --check-prefix=ADJUSTED
// RUN: vpuc-opt %t/adjusted.mlir --pass-pipeline='builtin.module(func.func(vpuc-ie-optimize-reorders))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME

// ADJUSTED-COUNT-7: IE.Reorder
// CHECK-COUNT-2: IE.Reorder
// CHECK-NOT: IE.Reorder
// SAME-COUNT-1: ok

func.func @main(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x4x4xf16> {
  %w = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<0.0625> : tensor<16x16x1x1xf16>, [#const.Add<-0.03>]>
  %b = const.Declare tensor<1x16x1x1xf16> = #const.Content<dense<[0.5, -1.0, 0.25, 1.5, 0.0, -0.5, 0.125, 2.0, -1.5, 1.0, 0.75, -0.25, 0.3, -0.3, 0.9, -0.9]> : tensor<16xf16>, [#const.Reshape<[1, 16, 1, 1]>]>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.Sigmoid(%0) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %2 = IE.Multiply(%1, %b) : tensor<1x16x8x8xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %3 = IE.Add(%2, %0) : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %4 = IE.Tanh(%3) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %5 = IE.AvgPool(%4) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
  return %5 : tensor<1x16x4x4xf16>
}
