// RUN: vpuc-opt %s --vpuc-vpuip-convert-copies-to-dma --split-input-file --verify-diagnostics
// RUN: not vpuc-opt %s --vpuc-vpuip-convert-copies-to-dma="port=2" --split-input-file 2>&1 | FileCheck %s --check-prefix=PORT

// PORT: error: 'func.func' op cannot use DMA port 2 (option port of vpuc-vpuip-convert-copies-to-dma): the target VPUX37XX has 2 DMA port(s)
// One f16 element (2 bytes) is larger than a DMA of the target moves: no cut fits.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 1, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @element_too_large(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
    // expected-error @+1 {{'VPUIP.Copy' op moves 8 bytes, more than one DMA of the target VPUX37XX moves (1 bytes), and cannot be cut into DMAs that fit: one element is larger or smaller than a byte}}
    %0 = VPUIP.Copy inputs(%in : memref<4xf16>) outputs(%out : memref<4xf16>) -> memref<4xf16>
    return %0 : memref<4xf16>
  }
}
