// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers="num-barriers=4" --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers="num-barriers=2" --split-input-file | FileCheck %s --check-prefix=SYNC

// Three barriers whose late consumers all wait behind a fourth, over five DMA ports, with two
// hardware barriers: no reuse or merge works, so the program is serialised into segments joined
// by added sync barriers (more uses than virtual barriers), still with ids 0 and 1 only.
// SYNC-LABEL: func.func @serialised
// SYNC-COUNT-7: VPURT.ConfigureBarrier<{{[01]}}> -> !VPURT.Barrier
// SYNC-NOT: VPURT.ConfigureBarrier
// SYNC-NOT: VPURT.DeclareVirtualBarrier
// SYNC: return
// CHECK-LABEL: func.func @serialised
// CHECK-COUNT-4: VPURT.ConfigureBarrier
// CHECK-NOT: VPURT.ConfigureBarrier
func.func @serialised(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
  %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b1 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b2 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b3 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  VPURT.Task updates(%b0) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b0) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task updates(%b1) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b1) {
    %r = VPUIP.NNDMA {port = 2 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task updates(%b2) {
    %r = VPUIP.NNDMA {port = 2 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b2) {
    %r = VPUIP.NNDMA {port = 3 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task updates(%b3) {
    %r = VPUIP.NNDMA {port = 3 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b0, %b3) {
    %r = VPUIP.NNDMA {port = 4 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b1) {
    %r = VPUIP.NNDMA {port = 4 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b2) {
    %r = VPUIP.NNDMA {port = 4 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  return %out : memref<64xf16>
}

// -----

// A barrier with three producers, on hardware barriers that take two: it is split so that the
// consumer waits for every producer.
// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers="num-barriers=8 max-producers=2" --split-input-file | FileCheck %s --check-prefix=SPLIT
// SPLIT-LABEL: func.func @split
// SPLIT: %[[SECOND:.+]] = VPURT.ConfigureBarrier<{{[0-9]}}> -> !VPURT.Barrier
// SPLIT-NEXT: %[[FIRST:.+]] = VPURT.ConfigureBarrier<{{[0-9]}}> -> !VPURT.Barrier
// SPLIT-NEXT: VPURT.Task updates(%[[FIRST]])
// SPLIT: VPURT.Task updates(%[[FIRST]])
// SPLIT: VPURT.Task updates(%[[SECOND]])
// SPLIT: VPURT.Task waits(%[[FIRST]], %[[SECOND]])
// CHECK-LABEL: func.func @split
func.func @split(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
  %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA {port = 2 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA {port = 3 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  return %out : memref<64xf16>
}

// -----

// Unused virtual barriers go; functions without barriers, or already assigned, stay as they are.
// CHECK-LABEL: func.func @unused
// CHECK-NOT: VPURT.DeclareVirtualBarrier
// CHECK-NOT: VPURT.ConfigureBarrier
// CHECK: return
// CHECK-LABEL: func.func @assigned
// CHECK: VPURT.ConfigureBarrier<5>
func.func @unused(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
  %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  VPURT.Task {
    %r = VPUIP.NNDMA inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  return %out : memref<64xf16>
}
func.func @assigned(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
  %b = VPURT.ConfigureBarrier<5> -> !VPURT.Barrier
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  return %out : memref<64xf16>
}
