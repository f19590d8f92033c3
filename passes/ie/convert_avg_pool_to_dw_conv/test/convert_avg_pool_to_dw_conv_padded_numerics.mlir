// Rule 3's chains of padded pools compute the means: the reference interpreter's results after
// the pass are within two f16 steps of NumPy's float64 means of the inputs (the f16 rounding of
// the weights and of the intermediate means), on a 17 x 17 and a 65 x 65 map with offset values
// (so that a wrong divisor shows).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); np.savez('%t/in.npz', arg0=(r.standard_normal((1, 16, 17, 17)) + 0.5).astype(np.float16), arg1=(r.standard_normal((1, 8, 65, 65)) - 0.25).astype(np.float16))"
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-avg-pool-to-dw-conv))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: %python -c "import numpy as np; i = np.load('%t/in.npz'); a = np.load('%t/after.npz'); refs = [i[k].astype(np.float64).mean(axis=(2, 3), keepdims=True) for k in ('arg0', 'arg1')]; errs = [np.abs(a['result%%d' %% n].astype(np.float64) - ref).max() / np.spacing(np.float16(np.abs(ref).max())) for n, ref in enumerate(refs)]; print('f16 steps', errs); assert all(e <= 2 for e in errs), errs"

// CHECK-NOT:     IE.ReduceMean
// CHECK-COUNT-2: IE.GroupConvolution

func.func @main(%x: tensor<1x16x17x17xf16>, %y: tensor<1x8x65x65xf16>) -> (tensor<1x16x1x1xf16>, tensor<1x8x1x1xf16>) {
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x17x17xf16> -> tensor<1x16x1x1xf16>
  %1 = IE.ReduceMean(%y) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x65x65xf16> -> tensor<1x8x1x1xf16>
  return %0, %1 : tensor<1x16x1x1xf16>, tensor<1x8x1x1xf16>
}
