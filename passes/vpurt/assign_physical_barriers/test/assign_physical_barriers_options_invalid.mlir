// RUN: not vpuc-opt %s --split-input-file --vpuc-vpurt-assign-physical-barriers 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not vpuc-opt %s --split-input-file --vpuc-vpurt-assign-physical-barriers="num-barriers=3" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not vpuc-opt %s --split-input-file --vpuc-vpurt-assign-physical-barriers="max-consumers=-1" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// Without target resources the barrier count must be given.
// COUNT: error: 'func.func' op needs the number of hardware barriers: set num-barriers of vpuc-vpurt-assign-physical-barriers or give the module target resources (#VPUIP.resources)
// NEGATIVE: error: 'func.func' op option max-consumers=-1 of vpuc-vpurt-assign-physical-barriers is negative
func.func @no_target(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
  %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
  %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
  VPURT.Task updates(%b) {
    %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
  }
  return %out : memref<64xf16>
}

// -----

// More barriers than the target has.
// TARGET: error: 'func.func' op num-barriers=3 exceeds the 2 usable barrier(s) of the target VPUX37XX
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 2,
    max_producers = 256, max_consumers = 256>} {
  func.func @target(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
    %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
    %b = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    VPURT.Task updates(%b) {
      %r = VPUIP.NNDMA {port = 0 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
    }
    VPURT.Task waits(%b) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
    }
    return %out : memref<64xf16>
  }
}
