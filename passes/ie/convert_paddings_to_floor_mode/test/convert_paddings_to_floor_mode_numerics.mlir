// The reference interpreter computes the same values before and after the pass: ceil max
// pools with and without padding (negative inputs check that padding never wins), exclude_pad
// average pools with extra padding, an average pool where ceil and floor agree, a 1-D pool.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(11); np.savez('%t/in.npz', arg0=(r.standard_normal((1, 8, 11, 10)) - 2.0).astype(np.float16))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-paddings-to-floor-mode))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME

// CHECK-NOT: rounding_type = #IE.rounding_type<ceil>
// SAME-COUNT-6: ok

func.func @main(%x: tensor<1x8x11x10xf16>) -> (tensor<1x8x5x5xf16>, tensor<1x8x6x6xf16>, tensor<1x8x4x4xf16>, tensor<1x8x6x5xf16>, tensor<1x8x5x5xf16>, tensor<1x88x4xf16>) {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x11x10xf16> -> tensor<1x8x5x5xf16>
  %1 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 2>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x11x10xf16> -> tensor<1x8x6x6xf16>
  %2 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 3, 3>} : tensor<1x8x11x10xf16> -> tensor<1x8x4x4xf16>
  %3 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x11x10xf16> -> tensor<1x8x6x5xf16>
  %4 = IE.AvgPool(%x) {kernel_size = array<i64: 3, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x11x10xf16> -> tensor<1x8x5x5xf16>
  %r = IE.Reshape(%x) {shape = array<i64: 1, 88, 10>} : tensor<1x8x11x10xf16> -> tensor<1x88x10xf16>
  %5 = IE.MaxPool(%r) {kernel_size = array<i64: 3>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 3>} : tensor<1x88x10xf16> -> tensor<1x88x4xf16>
  return %0, %1, %2, %3, %4, %5 : tensor<1x8x5x5xf16>, tensor<1x8x6x6xf16>, tensor<1x8x4x4xf16>, tensor<1x8x6x5xf16>, tensor<1x8x5x5xf16>, tensor<1x88x4xf16>
}
