// The reference interpreter computes the same quantized values before and after the pass
// rewrites a quantized per-channel Multiply (squeeze-excitation scales as an activation) into
// a depthwise convolution: the Multiply dequantizes, multiplies in f32 and requantizes, the
// convolution requantizes the integer product, so the two may differ only where the real
// result lies within float rounding of a step boundary.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(3); np.savez('%t/in.npz', arg0=r.standard_normal((1, 16, 6, 7)).astype(np.float32), arg1=r.uniform(0.0, 1.0, (1, 16, 1, 1)).astype(np.float32))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-scale-shift-to-depthwise))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=1e-3 | FileCheck %s --check-prefix=SAME

// CHECK-NOT: IE.Multiply
// CHECK:     IE.GroupConvolution
// SAME:      ok

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qs = !quant.uniform<u8:f32, 3.906250e-03>
!qy = !quant.uniform<u8:f32, 3.000000e-02:120>
func.func @main(%x: tensor<1x16x6x7xf32>, %s: tensor<1x16x1x1xf32>) -> tensor<1x16x6x7xf32> {
  %xq = IE.Quantize(%x) {dstElemType = !qx} : tensor<1x16x6x7xf32> -> tensor<1x16x6x7x!qx>
  %sq = IE.Quantize(%s) {dstElemType = !qs} : tensor<1x16x1x1xf32> -> tensor<1x16x1x1x!qs>
  %0 = IE.Multiply(%xq, %sq) : tensor<1x16x6x7x!qx>, tensor<1x16x1x1x!qs> -> tensor<1x16x6x7x!qy>
  %1 = IE.Dequantize(%0) {dstElemType = f32} : tensor<1x16x6x7x!qy> -> tensor<1x16x6x7xf32>
  return %1 : tensor<1x16x6x7xf32>
}
