// RUN: vpuc-opt %s --vpuc-vpuip-wrap-into-async-regions --split-input-file --verify-diagnostics

func.func @copy(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  // expected-error @+1 {{'VPUIP.Copy' op has no executor yet; convert it into a DMA task (VPUIP.NNDMA) before wrapping tasks into async regions}}
  %0 = VPUIP.Copy inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
  return %0 : memref<8xf16>
}

// -----

func.func @wrapped(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  // expected-error @+1 {{'async.execute' op is already in the function: its tasks are already wrapped into async regions}}
  %t = async.execute {
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  async.await %t : !async.token
  return %out : memref<8xf16>
}

// -----

func.func @not_a_task(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  // expected-error @+1 {{'memref.copy' op accesses memory but is not a VPUIP task (VPUIP_TaskOpInterface), so it cannot run in an async region}}
  memref.copy %in, %out : memref<8xf16> to memref<8xf16>
  return %out : memref<8xf16>
}

// -----

// expected-error @+1 {{'func.func' op has 2 blocks; wrapping tasks into async regions needs a body of one block}}
func.func @blocks(%in: memref<8xf16>) -> memref<8xf16> {
  cf.br ^next
^next:
  return %in : memref<8xf16>
}
