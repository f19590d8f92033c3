// RUN: vpuc-opt %s --vpuc-vpuip-split-dmas="max-bytes=-1" --verify-diagnostics

// expected-error @+1 {{'func.func' op cannot cut DMAs into parts of -1 bytes (option max-bytes of vpuc-vpuip-split-dmas): it is negative}}
func.func @negative(%a: memref<4xf16>, %b: memref<4xf16>) -> memref<4xf16> {
  %0 = VPUIP.NNDMA inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16>
  return %0 : memref<4xf16>
}
