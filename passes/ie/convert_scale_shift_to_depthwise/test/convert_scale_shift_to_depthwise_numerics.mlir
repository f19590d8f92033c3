// The reference interpreter computes the same values before and after the pass: ScaleShifts
// with weights and biases, weights only and biases only, chained.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(9); np.savez('%t/in.npz', arg0=r.standard_normal((1, 4, 5, 6)).astype(np.float16))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-scale-shift-to-depthwise))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=1e-3 | FileCheck %s --check-prefix=SAME

// CHECK-NOT:     IE.ScaleShift
// CHECK-COUNT-3: IE.GroupConvolution
// SAME-COUNT-3:  ok

func.func @main(%x: tensor<1x4x5x6xf16>) -> (tensor<1x4x5x6xf16>, tensor<1x4x5x6xf16>, tensor<1x4x5x6xf16>) {
  %w = const.Declare tensor<1x4x1x1xf16> = #const.Content<dense<[[[[0.5]], [[-1.25]], [[2.0]], [[0.75]]]]> : tensor<1x4x1x1xf16>>
  %b = const.Declare tensor<1x4x1x1xf16> = #const.Content<dense<[[[[1.0]], [[0.25]], [[-0.5]], [[3.0]]]]> : tensor<1x4x1x1xf16>>
  %0 = IE.ScaleShift(%x) weights(%w : tensor<1x4x1x1xf16>) biases(%b : tensor<1x4x1x1xf16>) : tensor<1x4x5x6xf16> -> tensor<1x4x5x6xf16>
  %1 = IE.ScaleShift(%0) weights(%w : tensor<1x4x1x1xf16>) : tensor<1x4x5x6xf16> -> tensor<1x4x5x6xf16>
  %2 = IE.ScaleShift(%x) biases(%b : tensor<1x4x1x1xf16>) : tensor<1x4x5x6xf16> -> tensor<1x4x5x6xf16>
  return %0, %1, %2 : tensor<1x4x5x6xf16>, tensor<1x4x5x6xf16>, tensor<1x4x5x6xf16>
}
