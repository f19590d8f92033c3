// The reference interpreter computes the same values before and after the pass, for masks,
// negative positions and strides, clamped positions, single and empty dims.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); np.savez('%t/in.npz', x=r.standard_normal((4, 5, 6)).astype(np.float32))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-resolve-strided-slice))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME

// CHECK-NOT: begin_mask
// CHECK-NOT: end_mask
// SAME-COUNT-6: ok

func.func @main(%x: tensor<4x5x6xf32>) -> (tensor<2x3x3xf32>, tensor<4x5x6xf32>, tensor<3x2x2xf32>,
                                            tensor<1x0x1xf32>, tensor<2x5x2xf32>, tensor<4x1x6xf32>) {
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, -1, 1>, ends = array<i64: 2, 0, 6>, strides = array<i64: 1, -2, 2>,
         begin_mask = array<i64: 1, 0, 0>, end_mask = array<i64: 0, 1, 0>} : tensor<4x5x6xf32> -> tensor<2x3x3xf32>
  %1 = IE.StridedSlice(%x) {begins = array<i64: -1, 0, -1>, ends = array<i64: -100, 5, -9223372036854775808>,
         strides = array<i64: -1, 1, -1>} : tensor<4x5x6xf32> -> tensor<4x5x6xf32>
  %2 = IE.StridedSlice(%x) {begins = array<i64: 1, 4, 5>, ends = array<i64: 100, 0, 0>, strides = array<i64: 1, -3, -4>}
         : tensor<4x5x6xf32> -> tensor<3x2x2xf32>
  %3 = IE.StridedSlice(%x) {begins = array<i64: 2, 3, 0>, ends = array<i64: 3, 1, 4>, strides = array<i64: 7, 2, -1>,
         begin_mask = array<i64: 0, 0, 1>} : tensor<4x5x6xf32> -> tensor<1x0x1xf32>
  %4 = IE.StridedSlice(%x) {begins = array<i64: 3, 0, 0>, ends = array<i64: 0, 5, 6>, strides = array<i64: -2, 1, 3>,
         begin_mask = array<i64: 0, 1, 1>, end_mask = array<i64: 1, 1, 1>} : tensor<4x5x6xf32> -> tensor<2x5x2xf32>
  %5 = IE.StridedSlice(%x) {begins = array<i64: 0, -2, 0>, ends = array<i64: 4, -1, 6>, strides = array<i64: 1, 1, 1>}
         : tensor<4x5x6xf32> -> tensor<4x1x6xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3x3xf32>, tensor<4x5x6xf32>, tensor<3x2x2xf32>,
                                  tensor<1x0x1xf32>, tensor<2x5x2xf32>, tensor<4x1x6xf32>
}
