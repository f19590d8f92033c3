// The reference interpreter computes the same values before and after the pass: fully
// connected layers with [1, O] and [O] biases and MatMuls with [K, O] and transposed [O, K]
// constant weights, chained (make_fc_network.py writes the network with random weights).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; r = np.random.default_rng(7); np.savez('%t/in.npz', arg0=r.standard_normal((1, 24)).astype(np.float16))"
// RUN: %python %S/make_fc_network.py %t/net.mlir
// RUN: vpuc infer %t/net.mlir --inputs %t/in.npz -o %t/before.npz
// RUN: vpuc-opt %t/net.mlir --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-fc-to-conv))' -o %t/after.mlir
// RUN: FileCheck %s --input-file=%t/after.mlir
// RUN: vpuc infer %t/after.mlir --inputs %t/in.npz -o %t/after.npz
// RUN: vpuc compare %t/after.npz %t/before.npz --tolerance=0.9999 --max-abs-rel-range=2e-3 | FileCheck %s --check-prefix=SAME

// CHECK-NOT:     IE.FullyConnected
// CHECK-NOT:     IE.MatMul
// CHECK-COUNT-4: IE.Convolution
// SAME-COUNT-2:  ok
