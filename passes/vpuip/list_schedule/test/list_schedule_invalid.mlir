// RUN: vpuc-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpuip-list-schedule))'

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @wrapped(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    // expected-error @+1 {{'async.execute' op is already in the function: its tasks are already wrapped into async regions, so the list scheduling cannot reorder them; run it before vpuc-vpuip-wrap-into-async-regions}}
    %t = async.execute attributes {executor = "DMA_NN", executor_instance = 0 : i64} {
      %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
      async.yield
    }
    async.await %t : !async.token
    return %out : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op has 2 blocks; the list scheduling needs a body of one block in program order}}
  func.func @blocks(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    cf.br ^next
  ^next:
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    return %0 : memref<8xf16>
  }
}

// -----

module {
  // expected-error @+1 {{'func.func' op has no target resources (#VPUIP.resources on the module); the list scheduling needs them for the cost of the tasks}}
  func.func @no_resources(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    return %0 : memref<8xf16>
  }
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  func.func @not_a_task(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
    // expected-error @+1 {{'VPUIP.Copy' op accesses memory but is not a VPUIP task (VPUIP_TaskOpInterface); the list scheduling cannot order it}}
    %0 = VPUIP.Copy inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    return %0 : memref<8xf16>
  }
}
