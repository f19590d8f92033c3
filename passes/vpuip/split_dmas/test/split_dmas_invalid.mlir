// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-split-dmas --verify-diagnostics

func.func @wrapped(%in: memref<65536xf16>, %out: memref<65536xf16>) -> memref<65536xf16> {
  // expected-error @+1 {{'async.execute' op is already in the function: the DMAs must be cut before the tasks are wrapped into async regions}}
  %t = async.execute {
    %0 = VPUIP.NNDMA inputs(%in : memref<65536xf16>) outputs(%out : memref<65536xf16>) -> memref<65536xf16>
    async.yield
  }
  async.await %t : !async.token
  return %out : memref<65536xf16>
}
