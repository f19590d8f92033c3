// RUN: vpuc-opt %s --vpuc-vpuip-ddr-static-allocation --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpuip-ddr-static-allocation="greedy-by-size=false" --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s

// The pass reports the heap of every function and its lower bound.
// CHECK: [vpuc-vpuip-ddr-static-allocation] @main: 3 DDR buffer(s) placed, scratch heap 4048 bytes (lower bound 4000 bytes)
func.func @main(%in: memref<1000xf16>, %out: memref<1000xf16>) -> memref<1000xf16> {
  %a = memref.alloc() : memref<1000xf16>
  %0 = VPUIP.NNDMA inputs(%in : memref<1000xf16>) outputs(%a : memref<1000xf16>) -> memref<1000xf16>
  %b = memref.alloc() : memref<1000xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1000xf16>) outputs(%b : memref<1000xf16>) -> memref<1000xf16>
  %c = memref.alloc() : memref<1000xf16>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1000xf16>) outputs(%c : memref<1000xf16>) -> memref<1000xf16>
  %3 = VPUIP.NNDMA inputs(%2 : memref<1000xf16>) outputs(%out : memref<1000xf16>) -> memref<1000xf16>
  return %3 : memref<1000xf16>
}
