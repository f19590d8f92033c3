// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-generic | vpuc-opt --split-input-file | FileCheck %s

// A reference-SW network on VPUX37XX: input -> DMA to DDR scratch -> softmax kernel -> DMA to the output.
// CHECK: module attributes {VPUIP.resources = #VPUIP.resources<{{.+}}>, VPURT.section_sizes = {Constant = 0 : i64, DDR = 4096 : i64}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>,
    VPURT.section_sizes = {DDR = 4096 : i64, Constant = 0 : i64}} {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax_fp16"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]

  // CHECK-LABEL: func.func @main
  func.func @main(%in: memref<1x1000xf16>, %out: memref<1x1000xf16>) -> memref<1x1000xf16> {
    // CHECK: %[[IN:.+]] = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x1000xf16>
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x1000xf16>
    // CHECK: %[[A:.+]] = VPURT.DeclareBuffer <DDR> <0> -> memref<1x1000xf16>
    %1 = VPURT.DeclareBuffer <DDR> <0> -> memref<1x1000xf16>
    // CHECK: %[[B:.+]] = VPURT.DeclareBuffer <DDR> <2048> -> memref<1x1000xf16, #VPUIP.mem<DDR>>
    %2 = VPURT.DeclareBuffer <DDR> <2048> -> memref<1x1000xf16, #VPUIP.mem<DDR>>
    // CHECK: %[[OUT:.+]] = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x1000xf16>
    %3 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x1000xf16>
    // CHECK: %[[B0:.+]] = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %b0 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    // CHECK: %[[B1:.+]] = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier
    %b1 = VPURT.DeclareVirtualBarrier -> !VPURT.Barrier

    // CHECK: VPURT.Task updates(%[[B0]]) {
    // CHECK-NEXT: VPUIP.NNDMA inputs(%[[IN]] : memref<1x1000xf16>) outputs(%[[A]] : memref<1x1000xf16>) -> memref<1x1000xf16>
    // CHECK-NEXT: }
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%0 : memref<1x1000xf16>) outputs(%1 : memref<1x1000xf16>) -> memref<1x1000xf16>
    }
    // CHECK: VPURT.Task waits(%[[B0]]) updates(%[[B1]]) {
    // CHECK-NEXT: VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0
          inputs(%1 : memref<1x1000xf16>) outputs(%2 : memref<1x1000xf16, #VPUIP.mem<DDR>>)
          -> memref<1x1000xf16, #VPUIP.mem<DDR>> {
      ^bb0(%a: memref<1x1000xf16>, %b: memref<1x1000xf16, #VPUIP.mem<DDR>>):
        VPUIP.SW.Kernel.run(%a, %b, 1 : i64) : memref<1x1000xf16>, memref<1x1000xf16, #VPUIP.mem<DDR>>
      }
    }
    // CHECK: VPURT.Task waits(%[[B1]]) {
    // CHECK-NEXT: VPUIP.NNDMA {port = 1 : i64}
    VPURT.Task waits(%b1) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%2 : memref<1x1000xf16, #VPUIP.mem<DDR>>) outputs(%3 : memref<1x1000xf16>) -> memref<1x1000xf16>
    }
    return %out : memref<1x1000xf16>
  }
}

// -----

// Physical barriers, CMX buffers, a task without barriers.
// CHECK-LABEL: func.func @physical
func.func @physical(%in: memref<1x16x8x8xf16>, %out: memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16> {
  // CHECK: VPURT.DeclareBuffer <CMX_NN> [1] <2048> -> memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[1]>>
  %cmx = VPURT.DeclareBuffer <CMX_NN> [1] <2048> -> memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[1]>>
  %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x16x8x8xf16>
  // A view into the output: offset within the output buffer.
  // CHECK: VPURT.DeclareBuffer <NetworkOutput> [0] <1024> -> memref<1x8x8x8xf16>
  %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <1024> -> memref<1x8x8x8xf16>
  %c = VPURT.DeclareBuffer <Constant> <64> -> memref<1x8x8x8xf16>
  // CHECK: VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
  %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
  // CHECK: VPURT.ConfigureBarrier<0> {consumer_count = 1 : i64, producer_count = 2 : i64} -> !VPURT.Barrier
  %b1 = VPURT.ConfigureBarrier<0> {producer_count = 2 : i64, consumer_count = 1 : i64} -> !VPURT.Barrier
  VPURT.Task updates(%b0) {
    %r = VPUIP.NNDMA inputs(%0 : memref<1x16x8x8xf16>) outputs(%cmx : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[1]>>
  }
  VPURT.Task waits(%b0) updates(%b1) {
    %r = VPUIP.NNDMA inputs(%c : memref<1x8x8x8xf16>) outputs(%1 : memref<1x8x8x8xf16>) -> memref<1x8x8x8xf16>
  }
  VPURT.Task updates(%b1) {
    %r = VPUIP.NNDMA {port = 1 : i64} inputs(%c : memref<1x8x8x8xf16>) outputs(%1 : memref<1x8x8x8xf16>) -> memref<1x8x8x8xf16>
  }
  VPURT.Task waits(%b1) {
    %r = VPUIP.NNDMA inputs(%c : memref<1x8x8x8xf16>) outputs(%1 : memref<1x8x8x8xf16>) -> memref<1x8x8x8xf16>
  }
  // CHECK: VPURT.Task {
  VPURT.Task {
    %r = VPUIP.NNDMA inputs(%c : memref<1x8x8x8xf16>) outputs(%1 : memref<1x8x8x8xf16>) -> memref<1x8x8x8xf16>
  }
  return %out : memref<1x16x8x8xf16>
}

// -----

// VPUX30XX: UPA tasks under VPURT.
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu_fp16"}
  }
  // CHECK-LABEL: func.func @upa
  func.func @upa(%in: memref<1x64xf16>, %out: memref<1x64xf16>) -> memref<1x64xf16> {
    %0 = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x64xf16>
    %1 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x64xf16>
    // CHECK: VPURT.Task {
    // CHECK-NEXT: VPUIP.UPA.SW @VPU.SW::@relu
    VPURT.Task {
      %r = VPUIP.UPA.SW @VPU.SW::@relu inputs(%0 : memref<1x64xf16>) outputs(%1 : memref<1x64xf16>) -> memref<1x64xf16>
    }
    return %out : memref<1x64xf16>
  }
}

// -----

// Network names on the arguments.
// CHECK-LABEL: func.func @named
// CHECK-SAME: (%{{.+}}: memref<4xf16> {VPURT.name = "data"}, %{{.+}}: memref<4xf16> {VPURT.name = "prob"})
func.func @named(%in: memref<4xf16> {VPURT.name = "data"}, %out: memref<4xf16> {VPURT.name = "prob"}) -> memref<4xf16> {
  return %out : memref<4xf16>
}
