// RUN: vpuc-opt %s --vpuc-vpuip-convert-copies-to-dma --split-input-file --verify-diagnostics
// RUN: not vpuc-opt %s --vpuc-vpuip-convert-copies-to-dma="port=2" --split-input-file 2>&1 | FileCheck %s --check-prefix=PORT

// PORT: error: 'func.func' op cannot use DMA port 2 (option port of vpuc-vpuip-convert-copies-to-dma): the target VPUX37XX has 2 DMA port(s)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 1024, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @too_large(%in: memref<1024xf16>, %out: memref<1024xf16>) -> memref<1024xf16> {
    // expected-error @+1 {{'VPUIP.Copy' op moves 2048 bytes, more than one DMA of the target VPUX37XX moves (1024 bytes); it must be tiled before it becomes a DMA}}
    %0 = VPUIP.Copy inputs(%in : memref<1024xf16>) outputs(%out : memref<1024xf16>) -> memref<1024xf16>
    return %0 : memref<1024xf16>
  }
}
