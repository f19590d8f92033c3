// RUN: vpuc-opt %s --pipeline=serial_backend | FileCheck %s
// RUN: vpuc-opt %s --pipeline-spec=%S/../serial_backend.textproto | FileCheck %s
// RUN: vpuc-opt %s --pipeline=serial_backend --print-spec-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TEXTUAL
// RUN: vpuc-opt %s --pipeline=serial_backend --pipeline-option=vpuc-vpurt-assign-physical-barriers.num-barriers=2 \
// RUN:   | FileCheck %s --check-prefix=TWO

// TEXTUAL: builtin.module(vpuc-vpuip-add-buffers-for-net-results,func.func(vpuc-vpuip-convert-copies-to-dma),vpuc-vpuip-ddr-static-allocation,vpuc-vpuip-ddr-static-allocation{memory=CMX_NN},func.func(vpuc-vpuip-wrap-into-async-regions{linear=true},vpuc-vpurt-async-to-vpurt,vpuc-vpurt-assign-physical-barriers))

// A level-2 network (DMA in, two kernels, result in a DDR buffer) reaches VPURT form: an output
// argument, the scratch heap (the softmax output reuses the first buffer), a linear chain of
// tasks over three executors and three hardware barriers (two alternating with num-barriers=2).
// CHECK: module @net attributes {VPUIP.resources = {{.+}}, VPURT.section_sizes = {DDR = 4048 : i64}}
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%{{[^:]+}}: memref<1x1000xf16>, %[[OUT:[^:]+]]: memref<1x1000xf16>) -> memref<1x1000xf16>
// CHECK-NEXT: %[[IN:.+]] = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x1000xf16>
// CHECK-NEXT: %[[A:.+]] = VPURT.DeclareBuffer <DDR> <0> -> memref<1x1000xf16>
// CHECK-NEXT: %[[B:.+]] = VPURT.DeclareBuffer <DDR> <2048> -> memref<1x1000xf16>
// CHECK-NEXT: %[[O:.+]] = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x1000xf16>
// CHECK-NEXT: %[[B0:.+]] = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
// CHECK-NEXT: %[[B1:.+]] = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
// CHECK-NEXT: %[[B2:.+]] = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
// CHECK-NEXT: VPURT.Task updates(%[[B0]]) {
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[IN]] : memref<1x1000xf16>) outputs(%[[A]] : memref<1x1000xf16>)
// CHECK: VPURT.Task waits(%[[B0]]) updates(%[[B1]]) {
// CHECK-NEXT: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%[[A]] : memref<1x1000xf16>) outputs(%[[B]] : memref<1x1000xf16>)
// CHECK: VPURT.Task waits(%[[B1]]) updates(%[[B2]]) {
// CHECK-NEXT: VPUIP.SW.Kernel @VPU.SW::@softmax on tile 1 inputs(%[[B]] : memref<1x1000xf16>) outputs(%[[A]] : memref<1x1000xf16>)
// CHECK: VPURT.Task waits(%[[B2]]) {
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[A]] : memref<1x1000xf16>) outputs(%[[O]] : memref<1x1000xf16>)
// CHECK: return %[[OUT]] : memref<1x1000xf16>

// TWO: VPURT.ConfigureBarrier<0>
// TWO-NEXT: VPURT.ConfigureBarrier<1>
// TWO-NEXT: VPURT.ConfigureBarrier<0>
// TWO-NEXT: VPURT.Task
module @net attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 4,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax_fp16"}
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
  func.func @main(%in: memref<1x1000xf16>) -> memref<1x1000xf16> {
    %a = memref.alloc() : memref<1x1000xf16>
    %0 = VPUIP.NNDMA inputs(%in : memref<1x1000xf16>) outputs(%a : memref<1x1000xf16>) -> memref<1x1000xf16>
    %b = memref.alloc() : memref<1x1000xf16>
    %1 = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%0 : memref<1x1000xf16>) outputs(%b : memref<1x1000xf16>) -> memref<1x1000xf16> {
    ^bb0(%x: memref<1x1000xf16>, %y: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y) : memref<1x1000xf16>, memref<1x1000xf16>
    }
    %c = memref.alloc() : memref<1x1000xf16>
    %2 = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 1 inputs(%1 : memref<1x1000xf16>) outputs(%c : memref<1x1000xf16>) -> memref<1x1000xf16> {
    ^bb0(%x: memref<1x1000xf16>, %y: memref<1x1000xf16>):
      VPUIP.SW.Kernel.run(%x, %y, 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16>
    }
    return %2 : memref<1x1000xf16>
  }
}
