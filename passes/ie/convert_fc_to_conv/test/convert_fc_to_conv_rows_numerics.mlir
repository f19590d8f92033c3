// Several rows (the rows become the convolution's pixels through transposes): the reference
// interpreter computes the same values before and after the pass, for a fully connected layer
// on [6, 4] (a 3x2 image) and a MatMul on [1, 5, 4] (a 5x1 image) with [K, O] weights, both with distinct weights so that a
// row / channel mix-up shows.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); np.savez('%t/in.npz', arg0=r.standard_normal((6, 4)).astype(np.float16), arg1=r.standard_normal((1, 5, 4)).astype(np.float16))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-fc-to-conv))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.9999 --max-abs-rel-range=2e-3 | FileCheck %s --check-prefix=SAME

// CHECK-NOT:     IE.FullyConnected
// CHECK-NOT:     IE.MatMul
// CHECK:         IE.Convolution({{.+}} -> tensor<1x3x3x2xf16>
// CHECK:         IE.Convolution({{.+}} -> tensor<1x2x5x1xf16>
// SAME-COUNT-2:  ok
func.func @main(%arg0: tensor<6x4xf16>, %arg1: tensor<1x5x4xf16>) -> (tensor<6x3xf16>, tensor<1x5x2xf16>) {
  %w = const.Declare tensor<3x4xf16> = #const.Content<dense<[[0.5, -1.0, 0.25, 2.0], [1.5, 0.75, -0.5, 0.125], [-2.0, 0.5, 1.0, -0.25]]> : tensor<3x4xf16>>
  %b = const.Declare tensor<1x3xf16> = #const.Content<dense<[[0.1, -0.2, 0.3]]> : tensor<1x3xf16>>
  %0 = IE.FullyConnected(%arg0, %w, %b) : tensor<6x4xf16>, tensor<3x4xf16>, tensor<1x3xf16> -> tensor<6x3xf16>
  %m = const.Declare tensor<4x2xf16> = #const.Content<dense<[[1.0, -0.5], [0.25, 2.0], [-1.5, 0.75], [0.5, -1.0]]> : tensor<4x2xf16>>
  %1 = IE.MatMul(%arg1, %m) : tensor<1x5x4xf16>, tensor<4x2xf16> -> tensor<1x5x2xf16>
  return %0, %1 : tensor<6x3xf16>, tensor<1x5x2xf16>
}
