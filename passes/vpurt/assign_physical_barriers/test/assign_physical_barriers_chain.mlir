// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers="num-barriers=4" | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers="num-barriers=2" | FileCheck %s --check-prefix=TWO
// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers="num-barriers=4" --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// LOG: [vpuc-vpurt-assign-physical-barriers] @chain: 19 virtual barrier(s) -> 19 use(s) of 4 hardware barrier(s) (limit 4), 0 sync barrier(s) added

// A chain of 20 DMAs alternating between two ports, so 19 virtual barriers, on 4 (then 2)
// hardware barriers: each id is reused once the DMA waiting on its previous use has started.
// CHECK-LABEL: func.func @chain
// CHECK: %[[B0:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// CHECK-NEXT: %[[B1:.+]] = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// CHECK-NEXT: %[[B2:.+]] = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
// CHECK-NEXT: %[[B3:.+]] = VPURT.ConfigureBarrier<3> -> !VPURT.Barrier
// CHECK-NEXT: %[[B4:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// CHECK-NEXT: %[[B5:.+]] = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// CHECK-NEXT: %[[B6:.+]] = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
// CHECK-NEXT: %[[B7:.+]] = VPURT.ConfigureBarrier<3> -> !VPURT.Barrier
// CHECK-NEXT: %[[B8:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// CHECK-NEXT: %[[B9:.+]] = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// CHECK-NEXT: %[[B10:.+]] = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
// CHECK-NEXT: %[[B11:.+]] = VPURT.ConfigureBarrier<3> -> !VPURT.Barrier
// CHECK-NEXT: %[[B12:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// CHECK-NEXT: %[[B13:.+]] = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// CHECK-NEXT: %[[B14:.+]] = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
// CHECK-NEXT: %[[B15:.+]] = VPURT.ConfigureBarrier<3> -> !VPURT.Barrier
// CHECK-NEXT: %[[B16:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// CHECK-NEXT: %[[B17:.+]] = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// CHECK-NEXT: %[[B18:.+]] = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
// CHECK-NOT: VPURT.ConfigureBarrier
// CHECK-NOT: VPURT.DeclareVirtualBarrier
// CHECK-NEXT: VPURT.Task updates(%[[B0]]) {
// CHECK: VPURT.Task waits(%[[B0]]) updates(%[[B1]]) {
// CHECK: VPURT.Task waits(%[[B1]]) updates(%[[B2]]) {
// CHECK: VPURT.Task waits(%[[B2]]) updates(%[[B3]]) {
// CHECK: VPURT.Task waits(%[[B3]]) updates(%[[B4]]) {
// CHECK: VPURT.Task waits(%[[B4]]) updates(%[[B5]]) {
// CHECK: VPURT.Task waits(%[[B5]]) updates(%[[B6]]) {
// CHECK: VPURT.Task waits(%[[B6]]) updates(%[[B7]]) {
// CHECK: VPURT.Task waits(%[[B7]]) updates(%[[B8]]) {
// CHECK: VPURT.Task waits(%[[B8]]) updates(%[[B9]]) {
// CHECK: VPURT.Task waits(%[[B9]]) updates(%[[B10]]) {
// CHECK: VPURT.Task waits(%[[B10]]) updates(%[[B11]]) {
// CHECK: VPURT.Task waits(%[[B11]]) updates(%[[B12]]) {
// CHECK: VPURT.Task waits(%[[B12]]) updates(%[[B13]]) {
// CHECK: VPURT.Task waits(%[[B13]]) updates(%[[B14]]) {
// CHECK: VPURT.Task waits(%[[B14]]) updates(%[[B15]]) {
// CHECK: VPURT.Task waits(%[[B15]]) updates(%[[B16]]) {
// CHECK: VPURT.Task waits(%[[B16]]) updates(%[[B17]]) {
// CHECK: VPURT.Task waits(%[[B17]]) updates(%[[B18]]) {
// CHECK: VPURT.Task waits(%[[B18]]) {
// TWO-LABEL: func.func @chain
// TWO: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// TWO-NEXT: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// TWO-NEXT: VPURT.Task
func.func @chain(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
  %b = VPURT.DeclareBuffer <DDR> <128> -> memref<64xf16>
  %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b1 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b2 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b3 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b4 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b5 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b6 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b7 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b8 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b9 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b10 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b11 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b12 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b13 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b14 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b15 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b16 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b17 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  %b18 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  VPURT.Task updates(%b0) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b0) updates(%b1) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b1) updates(%b2) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b2) updates(%b3) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b3) updates(%b4) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b4) updates(%b5) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b5) updates(%b6) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b6) updates(%b7) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b7) updates(%b8) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b8) updates(%b9) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b9) updates(%b10) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b10) updates(%b11) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b11) updates(%b12) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b12) updates(%b13) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b13) updates(%b14) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b14) updates(%b15) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b15) updates(%b16) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b16) updates(%b17) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b17) updates(%b18) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b18) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  return %out : memref<64xf16>
}
