// RUN: vpuc-opt %s --vpuc-vpuip-split-dmas="max-bytes=1" | FileCheck %s

// One element (a 2-byte f16) cannot be cut into parts of 1 byte: the DMA stays whole.
// CHECK-LABEL: func.func @element
// CHECK:      VPUIP.NNDMA inputs(%arg0 : memref<4xf16>) outputs(%arg1 : memref<4xf16>)
// CHECK-NOT:  VPUIP.ConcatView
func.func @element(%a: memref<4xf16>, %b: memref<4xf16>) -> memref<4xf16> {
  %0 = VPUIP.NNDMA inputs(%a : memref<4xf16>) outputs(%b : memref<4xf16>) -> memref<4xf16>
  return %0 : memref<4xf16>
}
