// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers="num-barriers=1" --split-input-file --verify-diagnostics

// A diamond over three executors: the two middle tasks each hold the first barrier (which they
// wait on) until they have signalled the second, so one hardware barrier cannot serve both.
// expected-error @+2 {{'func.func' op cannot assign physical barriers within 1 hardware barrier(s): cannot assign a physical barrier to virtual barrier 1 (producers: 1 2; consumers: 3) within 1 physical barriers: each holds a virtual barrier that completes only after a task of it, and merging would create a cycle: physical 0 holds virtual barrier 0 (producers: 0; consumers: 1 2);}}
// expected-note @+1 {{tasks and virtual barriers are numbered from 0 in the order of the function}}
func.func @diamond(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
  %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b1 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  VPURT.Task updates(%b0) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b0) updates(%b1) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b0) updates(%b1) {
    %r = VPUIP.NNDMA {port = 2 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b1) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  return %out : memref<64xf16>
}

// -----

func.func @mixed(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
  %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  // expected-error @+1 {{'VPURT.ConfigureBarrier' op is mixed with virtual barriers; physical barriers are assigned to all barriers of a function at once}}
  %b1 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
  VPURT.Task updates(%b0, %b1) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b0, %b1) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  return %out : memref<64xf16>
}

// -----

// expected-error @+1 {{'func.func' op has 2 blocks; a VPURT function has one}}
func.func @blocks(%in: memref<8xf16>, %out: memref<8xf16>) -> memref<8xf16> {
  cf.br ^next
^next:
  return %out : memref<8xf16>
}
