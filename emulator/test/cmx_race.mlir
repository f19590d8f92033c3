// Hazards in the CMX of every cluster (VPUX30XX, four clusters): cluster 3 max-pools x in CMX_NN[3]
// while a DMA not ordered with it writes x again over its input; a DMA to the same offset of
// CMX_NN[2] at the same time is no race (another memory). The emulator must report exactly the
// race in CMX_NN[3], with both tasks, and exit with 1.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: %python -c "import numpy as np; np.savez('%t/in.npz', x=np.random.RandomState(1).standard_normal((1, 16, 8, 8)).astype(np.float16))"
// RUN: not vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz 2>&1 | FileCheck %s

// CHECK: error: [race] race: DMA0 task 1 'x/reload' writes and NCE3 task 0 'pool3' reads CMX_NN[3] bytes [0, 2048)
// CHECK-NOT: error:

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @cmx_race attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  func.func @main(%x: memref<1x16x8x8xf16> {VPURT.name = "x"}, %y: memref<1x16x8x8xf16> {VPURT.name = "y"}) -> memref<1x16x8x8xf16> {
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x16x8x8xf16> loc("x")
    %out = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x16x8x8xf16> loc("y")
    %a3 = VPURT.DeclareBuffer <CMX_NN> [3] <0> -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>> loc("x_cmx3")
    %p3 = VPURT.DeclareBuffer <CMX_NN> [3] <2048> -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>> loc("p_cmx3")
    %a2 = VPURT.DeclareBuffer <CMX_NN> [2] <0> -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>> loc("x_cmx2")
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %b1 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%in : memref<1x16x8x8xf16>) outputs(%a3 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>
    } loc("x/load")
    VPURT.Task {
      %r = VPUIP.NNDMA inputs(%in : memref<1x16x8x8xf16>) outputs(%a3 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>
    } loc("x/reload")
    VPURT.Task {
      %r = VPUIP.NNDMA inputs(%in : memref<1x16x8x8xf16>) outputs(%a2 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[2]>>
    } loc("x/load2")
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 1, 1>,
              kernel_padding = array<i64: 1, 1, 1, 1>}
          input(%a3 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>)
          outputs(%p3 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [1, 1, 1, 1] dpu 0 mpe VECTOR
      }
    } loc("pool3")
    VPURT.Task waits(%b1) {
      %r = VPUIP.NNDMA inputs(%p3 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[3]>>) outputs(%out : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16>
    } loc("y/store")
    return %y : memref<1x16x8x8xf16>
  }
}
