// RUN: vpuc-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{share-copies=true share-margin=1.5}))'

module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 1, cmx_size = 2048, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-error @+1 {{'func.func' op share-margin 1.5 of vpuc-vpuip-feasible-allocation is not in [0, 1)}}
  func.func @margin(%in: memref<1000xf16>) -> memref<1000xf16> {
    return %in : memref<1000xf16>
  }
}
