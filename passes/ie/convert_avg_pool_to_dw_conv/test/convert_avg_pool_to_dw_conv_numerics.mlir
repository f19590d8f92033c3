// The reference interpreter computes the same values (up to the f16 rounding of 1/(KY*KX) and
// of the intermediate means) before and after the pass: depthwise convolutions from an
// exclude_pad pool and a ceil pool, chains of pools from a large global pool and global means.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(5); np.savez('%t/in.npz', arg0=r.standard_normal((1, 16, 14, 14)).astype(np.float16))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-avg-pool-to-dw-conv))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.9999 --max-abs-rel-range=2e-3 | FileCheck %s --check-prefix=SAME

// CHECK-NOT:   IE.ReduceMean
// CHECK-COUNT-2: IE.GroupConvolution
// CHECK-NOT:   IE.GroupConvolution
// SAME-COUNT-4: ok

func.func @main(%x: tensor<1x16x14x14xf16>) -> (tensor<1x16x3x3xf16>, tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>) {
  %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x14x14xf16> -> tensor<1x16x7x7xf16>
  %1 = IE.AvgPool(%0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x7x7xf16> -> tensor<1x16x3x3xf16>
  %2 = IE.AvgPool(%x) {kernel_size = array<i64: 14, 14>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x16x14x14xf16> -> tensor<1x16x1x1xf16>
  %3 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x14x14xf16> -> tensor<1x16x1x1xf16>
  %4 = IE.ReduceMean(%0) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x7x7xf16> -> tensor<1x16x1x1xf16>
  return %1, %2, %3, %4 : tensor<1x16x3x3xf16>, tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>
}
