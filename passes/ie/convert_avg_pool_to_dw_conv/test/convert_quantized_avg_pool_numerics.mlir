// The float islands a quantized network keeps around a global average pool (Dequantize ->
// ReduceMean -> Quantize to the input's own type) become quantized IE.AvgPools
// (vpuc-ie-fuse-quantized-layers); this pass leaves them, both the 7x7 one the NCE runs as one
// pool and the 14x14 one, which would need a chain of pools requantising every intermediate
// mean and runs as the quantized_avg_pool SHAVE kernel instead. A mean quantized to another
// type keeps its island. The reference interpreter computes the same values before and after
// the passes (the pool is defined as the island it replaces).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(8); np.savez('%t/in.npz', arg0=r.standard_normal((1, 16, 7, 7)).astype(np.float32), arg1=r.standard_normal((1, 16, 14, 14)).astype(np.float32))"
// RUN: vpuc infer %s --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-fuse-quantized-layers, vpuc-ie-convert-avg-pool-to-dw-conv))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.999999 --max-abs-rel-range=1e-6 | FileCheck %s --check-prefix=SAME

// CHECK-LABEL: func.func @main
// CHECK:       %[[Q:.+]] = IE.Quantize(%arg0)
// CHECK-NEXT:  %[[P:.+]] = IE.AvgPool(%[[Q]]) {kernel_size = array<i64: 7, 7>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x7x7x!quant.uniform<u8:f32, 2.000000e-02:128>> -> tensor<1x16x1x1x!quant.uniform<u8:f32, 2.000000e-02:128>>
// CHECK-NEXT:  IE.Dequantize(%[[P]])
// CHECK-NEXT:  %[[Q1:.+]] = IE.Quantize(%arg1)
// CHECK-NEXT:  %[[P1:.+]] = IE.AvgPool(%[[Q1]]) {kernel_size = array<i64: 14, 14>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x14x14x!quant.uniform<u8:f32, 2.000000e-02:128>> -> tensor<1x16x1x1x!quant.uniform<u8:f32, 2.000000e-02:128>>
// CHECK-NEXT:  IE.Dequantize(%[[P1]])
// CHECK-COUNT-1: IE.ReduceMean
// CHECK-NOT: IE.ReduceMean
// SAME-COUNT-3: ok

!q = !quant.uniform<u8:f32, 2.000000e-02:128>
!q2 = !quant.uniform<u8:f32, 1.000000e-02:128>
func.func @main(%x: tensor<1x16x7x7xf32>, %y: tensor<1x16x14x14xf32>) -> (tensor<1x16x1x1xf32>, tensor<1x16x1x1xf32>, tensor<1x16x1x1xf32>) {
  %xq = IE.Quantize(%x) {dstElemType = !q} : tensor<1x16x7x7xf32> -> tensor<1x16x7x7x!q>
  %xd = IE.Dequantize(%xq) {dstElemType = f32} : tensor<1x16x7x7x!q> -> tensor<1x16x7x7xf32>
  %m0 = IE.ReduceMean(%xd) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x7x7xf32> -> tensor<1x16x1x1xf32>
  %q0 = IE.Quantize(%m0) {dstElemType = !q} : tensor<1x16x1x1xf32> -> tensor<1x16x1x1x!q>
  %r0 = IE.Dequantize(%q0) {dstElemType = f32} : tensor<1x16x1x1x!q> -> tensor<1x16x1x1xf32>
  %yq = IE.Quantize(%y) {dstElemType = !q} : tensor<1x16x14x14xf32> -> tensor<1x16x14x14x!q>
  %yd = IE.Dequantize(%yq) {dstElemType = f32} : tensor<1x16x14x14x!q> -> tensor<1x16x14x14xf32>
  %m1 = IE.ReduceMean(%yd) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x14x14xf32> -> tensor<1x16x1x1xf32>
  %q1 = IE.Quantize(%m1) {dstElemType = !q} : tensor<1x16x1x1xf32> -> tensor<1x16x1x1x!q>
  %r1 = IE.Dequantize(%q1) {dstElemType = f32} : tensor<1x16x1x1x!q> -> tensor<1x16x1x1xf32>
  %xd2 = IE.Dequantize(%xq) {dstElemType = f32} : tensor<1x16x7x7x!q> -> tensor<1x16x7x7xf32>
  %m2 = IE.ReduceMean(%xd2) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x7x7xf32> -> tensor<1x16x1x1xf32>
  %q2 = IE.Quantize(%m2) {dstElemType = !q2} : tensor<1x16x1x1xf32> -> tensor<1x16x1x1x!q2>
  %r2 = IE.Dequantize(%q2) {dstElemType = f32} : tensor<1x16x1x1x!q2> -> tensor<1x16x1x1xf32>
  return %r0, %r1, %r2 : tensor<1x16x1x1xf32>, tensor<1x16x1x1xf32>, tensor<1x16x1x1xf32>
}
