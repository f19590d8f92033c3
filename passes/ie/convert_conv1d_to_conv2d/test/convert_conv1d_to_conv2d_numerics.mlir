// The reference interpreter computes the same values before and after the pass on a 1-D
// network: convolutions (bias, dilation, groups, depthwise), a transposed convolution and
// pools, some of them back to back.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); np.savez('%t/in.npz', x=r.standard_normal((2, 3, 16)).astype(np.float32))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-conv1d-to-conv2d))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME

// Every window op is 2-D now.
// CHECK-NOT: IE.{{[A-Za-z]+}}(%{{[^)]*}}) {{.*}}: tensor<{{[0-9]+x[0-9]+x[0-9]+}}xf32>{{(, tensor<[0-9x]+xf32>)*}} -> tensor<{{[0-9]+x[0-9]+x[0-9]+}}xf32>
// SAME-COUNT-4: ok

func.func @main(%x: tensor<2x3x16xf32>) -> (tensor<2x4x8xf32>, tensor<2x4x7xf32>, tensor<2x2x17xf32>, tensor<2x4x4xf32>) {
  %w = const.Declare tensor<4x3x3xf32> = #const.Content<dense<[[[0.5, -1.0, 0.25], [1.5, 0.0, -0.5], [0.125, 2.0, -1.5]],
      [[-0.5, 1.0, 0.75], [0.5, -2.0, 1.0], [1.0, 0.5, 0.25]], [[0.0, 0.5, 1.0], [-1.0, -0.5, 0.0], [2.0, 1.0, -2.0]],
      [[1.0, 1.0, 1.0], [-1.0, 0.25, 0.5], [0.75, -0.75, 0.125]]]> : tensor<4x3x3xf32>>
  %b = const.Declare tensor<4xf32> = #const.Content<dense<[0.5, -0.25, 1.0, 0.0]> : tensor<4xf32>>
  %wd = const.Declare tensor<4x1x2xf32> = #const.Content<dense<[[[1.0, -0.5]], [[0.25, 0.75]], [[-1.0, 2.0]], [[0.5, 0.5]]]> : tensor<4x1x2xf32>>
  %wt = const.Declare tensor<4x1x3xf32> = #const.Content<dense<[[[1.0, 0.5, -0.5]], [[0.25, -1.0, 2.0]], [[0.75, 0.0, 1.0]], [[-0.25, 1.5, 0.5]]]> : tensor<4x1x3xf32>>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1>, pads_begin = array<i64: 1>,
         pads_end = array<i64: 0>, strides = array<i64: 2>} : tensor<2x3x16xf32>, tensor<4x3x3xf32>, tensor<4xf32> -> tensor<2x4x8xf32>
  %1 = IE.GroupConvolution(%0, %wd) {dilations = array<i64: 2>, groups = 4 : i64, pads_begin = array<i64: 1>,
         pads_end = array<i64: 0>, strides = array<i64: 1>} : tensor<2x4x8xf32>, tensor<4x1x2xf32> -> tensor<2x4x7xf32>
  %2 = IE.Deconvolution(%0, %wt) {dilations = array<i64: 1>, groups = 2 : i64, output_padding = array<i64: 1>,
         pads_begin = array<i64: 1>, pads_end = array<i64: 0>, strides = array<i64: 2>}
         : tensor<2x4x8xf32>, tensor<4x1x3xf32> -> tensor<2x2x17xf32>
  %3 = IE.MaxPool(%1) {kernel_size = array<i64: 3>, pads_begin = array<i64: 1>, pads_end = array<i64: 1>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2>} : tensor<2x4x7xf32> -> tensor<2x4x4xf32>
  %4 = IE.AvgPool(%3) {kernel_size = array<i64: 2>, pads_begin = array<i64: 1>, pads_end = array<i64: 0>,
         strides = array<i64: 1>} : tensor<2x4x4xf32> -> tensor<2x4x4xf32>
  return %0, %1, %2, %4 : tensor<2x4x8xf32>, tensor<2x4x7xf32>, tensor<2x2x17xf32>, tensor<2x4x4xf32>
}
