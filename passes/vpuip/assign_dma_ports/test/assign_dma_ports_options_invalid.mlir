// RUN: vpuc-opt %s --vpuc-vpuip-assign-dma-ports="policy=random" --verify-diagnostics

// expected-error @+1 {{'func.func' op has no DMA port policy 'random' (option policy of vpuc-vpuip-assign-dma-ports): expected balance or cluster}}
func.func @policy(%in: memref<8xf16>) -> memref<8xf16> {
  return %in : memref<8xf16>
}
