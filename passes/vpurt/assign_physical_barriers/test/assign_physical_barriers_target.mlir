// RUN: vpuc-opt %s --vpuc-vpurt-assign-physical-barriers | FileCheck %s

// The barrier count comes from the target resources (2 here).
// CHECK-LABEL: func.func @from_target
module @target attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 2,
    max_producers = 256, max_consumers = 256>} {
  func.func @from_target(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
    // CHECK: VPURT.DeclareBuffer <DDR> <0>
    // CHECK-NEXT: VPURT.DeclareBuffer <DDR> <128>
    // CHECK-NEXT: %[[B0:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    // CHECK-NEXT: %[[B1:.+]] = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    // CHECK-NEXT: %[[B2:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    // CHECK-NEXT: VPURT.Task updates(%[[B0]])
    // CHECK: VPURT.Task waits(%[[B0]]) updates(%[[B1]])
    // CHECK: VPURT.Task waits(%[[B1]]) updates(%[[B2]])
    // CHECK: VPURT.Task waits(%[[B2]])
    %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
    %b = VPURT.DeclareBuffer <DDR> <128> -> memref<64xf16>
    %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %b1 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %b2 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
    }
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
    }
    VPURT.Task waits(%b1) updates(%b2) {
      %r = VPUIP.NNDMA inputs(%a : memref<64xf16>) outputs(%b : memref<64xf16>) -> memref<64xf16>
    }
    VPURT.Task waits(%b2) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%b : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
    }
    return %out : memref<64xf16>
  }
}
