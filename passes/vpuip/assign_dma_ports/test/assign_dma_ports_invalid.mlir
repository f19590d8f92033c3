// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-assign-dma-ports --verify-diagnostics

// expected-error @+1 {{'func.func' op has no target resources (VPUIP.resources on the module): the number of DMA ports is unknown; run vpuc-init-compiler first}}
func.func @no_resources(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
  return %0 : memref<8xf16>
}

// -----

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
func.func @wrapped(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  // expected-error @+1 {{'async.execute' op is already in the function: the executor of each task is recorded when the tasks are wrapped into async regions, so the DMA ports must be assigned before}}
  %t = async.execute {
    %0 = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    async.yield
  }
  async.await %t : !async.token
  return %out : memref<8xf16>
}
}
