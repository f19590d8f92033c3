// The reference interpreter computes the same values before and after the pass (reorders only
// change memory orders).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); np.savez('%t/in.npz', x=r.standard_normal((1, 3, 8, 8)).astype(np.float16))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-adjust-layouts))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME

// The Add of 4 channels stays in NCHW (a software layer: aligning its channels would
// quadruple them, NCE::kMaxEltwisePadding), so 4 reorders.
// CHECK-COUNT-4: IE.Reorder
// CHECK-NOT: IE.Reorder
// SAME-COUNT-2: ok

func.func @main(%x: tensor<1x3x8x8xf16>) -> (tensor<1x4x4x4xf16>, tensor<1x4x8x8xf16>) {
  %w = const.Declare tensor<4x3x3x3xf16> = #const.Content<dense<[[[[0.5, -1.0, 0.25], [1.5, 0.0, -0.5], [0.125, 2.0, -1.5]]]]> : tensor<1x1x3x3xf16>, [#const.Broadcast<0, 4>, #const.Broadcast<1, 3>]>
  %dw = const.Declare tensor<4x1x2x2xf16> = #const.Content<dense<[[[[1.0, -0.5], [0.25, 0.75]]]]> : tensor<1x1x2x2xf16>, [#const.Broadcast<0, 4>]>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x3x8x8xf16>, tensor<4x3x3x3xf16> -> tensor<1x4x8x8xf16>
  %1 = IE.Sigmoid(%0) : tensor<1x4x8x8xf16> -> tensor<1x4x8x8xf16>
  %2 = IE.Add(%0, %1) : tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16> -> tensor<1x4x8x8xf16>
  %3 = IE.GroupConvolution(%2, %dw) {dilations = array<i64: 1, 1>, groups = 4 : i64,
         pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>}
         : tensor<1x4x8x8xf16>, tensor<4x1x2x2xf16> -> tensor<1x4x4x4xf16>
  return %3, %1 : tensor<1x4x4x4xf16>, tensor<1x4x8x8xf16>
}
