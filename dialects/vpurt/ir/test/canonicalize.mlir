// RUN: vpuc-opt %s --split-input-file --canonicalize --cse | FileCheck %s

// Two barrier declarations are never merged; unused ones and unused buffers are dead.
// CHECK-LABEL: func.func @barriers_are_distinct
func.func @barriers_are_distinct(%in: memref<4xf16>, %out: memref<4xf16>) -> memref<4xf16> {
  // CHECK-NOT: DeclareBuffer <DDR>
  %unused = VPURT.DeclareBuffer <DDR> <0> -> memref<4xf16>
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<4xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<4xf16>
  // CHECK: %[[B0:.+]] = VPURT.DeclareVirtualBarrier
  // CHECK: %[[B1:.+]] = VPURT.DeclareVirtualBarrier
  // CHECK-NOT: VPURT.DeclareVirtualBarrier
  %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b1 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %dead = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  // CHECK: VPURT.Task updates(%[[B0]])
  VPURT.Task updates(%b0) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  // CHECK: VPURT.Task waits(%[[B0]]) updates(%[[B1]])
  VPURT.Task waits(%b0) updates(%b1) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  // CHECK: VPURT.Task waits(%[[B1]])
  VPURT.Task waits(%b1) {
    %r = VPUIP.NNDMA inputs(%0 : memref<4xf16>) outputs(%1 : memref<4xf16>) -> memref<4xf16>
  }
  return %out : memref<4xf16>
}
