// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers="num-barriers=2 max-producers=2 max-consumers=2" --verify-diagnostics

// The program of assign_physical_barriers.mlir that needs sync barriers over all five executors,
// with hardware barriers that take two producers and two consumers: no sync barrier fits.
// expected-error @+2 {{'func.func' op cannot assign physical barriers within 2 hardware barrier(s): a sync barrier over 5 executors exceeds the per-barrier limits of 2 producers and 2 consumers}}
// expected-note @+1 {{tasks and virtual barriers are numbered from 0 in the order of the function}}
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
