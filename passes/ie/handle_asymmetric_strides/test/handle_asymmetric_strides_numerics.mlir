// The reference interpreter computes the same values before and after the pass: a
// convolution with bias, a depthwise convolution, a max pool and average pools (one with
// padding counted) whose asymmetric strides the NCE rejects (make_strides_network.py writes
// the network with random weights).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(12); np.savez('%t/in.npz', arg0=r.standard_normal((1, 8, 20, 40)).astype(np.float16))"
// RUN: %python %S/make_strides_network.py %t/net.mlir
// RUN: vpuc infer %t/net.mlir --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %t/net.mlir --pass-pipeline='builtin.module(func.func(vpuc-ie-handle-asymmetric-strides))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.99999 --max-abs-rel-range=0 | FileCheck %s --check-prefix=SAME

// CHECK-COUNT-5: IE.Slice
// SAME-COUNT-5:  ok
