// RUN: vpuc-opt %s --vpuc-vpurt-print-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: vpuc-opt %s --vpuc-vpurt-print-statistics="output=-" -o /dev/null | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpurt-print-statistics="output=%t" -o /dev/null && FileCheck %s < %t
// RUN: vpuc-opt %s --vpuc-vpurt-print-statistics | FileCheck %s --check-prefix=UNCHANGED

// REMARK: remark: VPURT statistics of @main:
// REMARK-NEXT:   tasks: 4
// CHECK-LABEL: VPURT statistics of @main:
// CHECK-NEXT:   tasks: 4
// CHECK-NEXT:     DMA_NN[0]: 1
// CHECK-NEXT:     DMA_NN[1]: 2
// CHECK-NEXT:     SHAVE_ACT[0]: 1
// CHECK-NEXT:   barriers: 2 virtual, 0 configured on 0 hardware id(s), at most 2 producer(s) and 1 consumer(s) per barrier
// CHECK-NEXT:   memory (bytes reached / section size):
// CHECK-NEXT:     NetworkInput[0]: 2000 / 2000
// CHECK-NEXT:     NetworkOutput[0]: 2000 / 2000
// CHECK-NEXT:     DDR: 4048 / 4096
// CHECK-NEXT:     CMX_NN[0]: 2512 / 1982464
// REMARK: remark: VPURT statistics of @assigned:
// CHECK-LABEL: VPURT statistics of @assigned:
// CHECK-NEXT:   tasks: 3
// CHECK-NEXT:     DMA_NN[0]: 3
// CHECK-NEXT:   barriers: 0 virtual, 3 configured on 2 hardware id(s), at most 1 producer(s) and 1 consumer(s) per barrier
// CHECK-NEXT:   memory (bytes reached / section size):
// CHECK-NEXT:     DDR: 128 / 4096
// REMARK: remark: VPURT statistics of @empty:
// CHECK-LABEL: VPURT statistics of @empty:
// CHECK-NEXT:   tasks: 0
// CHECK-NEXT:   barriers: 0 virtual, 0 configured on 0 hardware id(s), at most 0 producer(s) and 0 consumer(s) per barrier
// CHECK-NEXT:   memory (bytes reached / section size): no declared buffers
// UNCHANGED: VPURT.Task
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>,
    VPURT.section_sizes = {DDR = 4096 : i64}} {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax_fp16"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]

  func.func @main(%in: memref<1x1000xf16>, %out: memref<1x1000xf16>) -> memref<1x1000xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x1000xf16>
    %1 = VPURT.DeclareBuffer <DDR> <0> -> memref<1x1000xf16>
    %2 = VPURT.DeclareBuffer <DDR> <2048> -> memref<1x1000xf16>
    %3 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x1000xf16>
    %4 = VPURT.DeclareBuffer <CMX_NN> [0] <512> -> memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>
    %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %b1 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%0 : memref<1x1000xf16>) outputs(%1 : memref<1x1000xf16>) -> memref<1x1000xf16>
    }
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%0 : memref<1x1000xf16>) outputs(%4 : memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x1000xf16, #VPUIP.mem<CMX_NN[0]>>
    }
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%1 : memref<1x1000xf16>) outputs(%2 : memref<1x1000xf16>) -> memref<1x1000xf16> {
      ^bb0(%a: memref<1x1000xf16>, %b: memref<1x1000xf16>):
        VPUIP.SW.Kernel.run(%a, %b, 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16>
      }
    }
    VPURT.Task waits(%b1) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%2 : memref<1x1000xf16>) outputs(%3 : memref<1x1000xf16>) -> memref<1x1000xf16>
    }
    return %out : memref<1x1000xf16>
  }

  func.func @assigned(%in: memref<64xf16>, %out: memref<64xf16>) -> memref<64xf16> {
    %a = VPURT.DeclareBuffer <DDR> <0> -> memref<64xf16>
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %b1 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    %b2 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
    }
    VPURT.Task waits(%b0) updates(%b1, %b2) {
      %r = VPUIP.NNDMA inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
    }
    VPURT.Task waits(%b1, %b2) {
      %r = VPUIP.NNDMA inputs(%a : memref<64xf16>) outputs(%a : memref<64xf16>) -> memref<64xf16>
    }
    return %out : memref<64xf16>
  }

  func.func @empty() {
    return
  }
}
