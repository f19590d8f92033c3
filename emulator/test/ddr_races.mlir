// Races between tasks of different clusters on one DDR buffer (VPUX37XX): both tiles load x into
// their CMX and max-pool it on their own NCE cluster; then the two clusters' results go to the same
// DDR scratch buffer twice without any order between the writers: once by the DMAs of ports 0
// and 1, once by a ReLU on the ACT SHAVE of each tile. The emulator must report both races, each
// with the two tasks and the region, and exit with 1.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: %python -c "import numpy as np; np.savez('%t/in.npz', x=np.random.RandomState(1).standard_normal((1, 16, 8, 8)).astype(np.float16))"
// RUN: not vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz 2>&1 | FileCheck %s

// CHECK:     error: [race] race: DMA0 task 1 'p0/store' writes and DMA1 task 1 'p1/store' writes DDR_SCRATCH bytes [0, 2048) and no barrier orders the two tasks
// CHECK-NEXT: error: [race] race: ACT0.0 task 0 'relu0' writes and ACT1.0 task 0 'relu1' writes DDR_SCRATCH bytes [2048, 4096) and no barrier orders the two tasks
// CHECK-NOT: error:

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @ddr_races attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]

  func.func @main(%x: memref<1x16x8x8xf16> {VPURT.name = "x"}, %y: memref<1x16x8x8xf16> {VPURT.name = "y"},
                  %z: memref<1x16x8x8xf16> {VPURT.name = "z"}) -> (memref<1x16x8x8xf16>, memref<1x16x8x8xf16>) {
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x16x8x8xf16> loc("x")
    %out0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x16x8x8xf16> loc("y")
    %out1 = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<1x16x8x8xf16> loc("z")
    %s = VPURT.DeclareBuffer <DDR> <0> -> memref<1x16x8x8xf16> loc("pools")
    %s2 = VPURT.DeclareBuffer <DDR> <2048> -> memref<1x16x8x8xf16> loc("relus")
    %a0 = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("x_cmx0")
    %p0 = VPURT.DeclareBuffer <CMX_NN> [0] <2048> -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("p_cmx0")
    %a1 = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> loc("x_cmx1")
    %p1 = VPURT.DeclareBuffer <CMX_NN> [1] <2048> -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> loc("p_cmx1")
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %b1 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    %b2 = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%in : memref<1x16x8x8xf16>) outputs(%a0 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    } loc("x/load0")
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%in : memref<1x16x8x8xf16>) outputs(%a1 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    } loc("x/load1")
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 1, 1>,
              kernel_padding = array<i64: 1, 1, 1, 1>}
          input(%a0 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
          outputs(%p0 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [1, 1, 1, 1] dpu 0 mpe VECTOR
      }
    } loc("pool0")
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 1, 1>,
              kernel_padding = array<i64: 1, 1, 1, 1>}
          input(%a1 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
          outputs(%p1 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [1, 1, 1, 1] dpu 0 mpe VECTOR
      }
    } loc("pool1")
    VPURT.Task waits(%b1) updates(%b2) {
      %r = VPUIP.NNDMA inputs(%p0 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%s : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16>
    } loc("p0/store")
    VPURT.Task waits(%b1) updates(%b2) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%p1 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%s : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16>
    } loc("p1/store")
    VPURT.Task waits(%b1) updates(%b2) {
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%p0 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%s2 : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16> {
      ^bb0(%arg0: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %arg1: memref<1x16x8x8xf16>):
        VPUIP.SW.Kernel.run(%arg0, %arg1) : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x8x8xf16>
      }
    } loc("relu0")
    VPURT.Task waits(%b1) updates(%b2) {
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 1 inputs(%p1 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%s2 : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16> {
      ^bb0(%arg0: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %arg1: memref<1x16x8x8xf16>):
        VPUIP.SW.Kernel.run(%arg0, %arg1) : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<1x16x8x8xf16>
      }
    } loc("relu1")
    VPURT.Task waits(%b2) {
      %r = VPUIP.NNDMA inputs(%s : memref<1x16x8x8xf16>) outputs(%out0 : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16>
    } loc("y/store")
    VPURT.Task waits(%b2) {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%s2 : memref<1x16x8x8xf16>) outputs(%out1 : memref<1x16x8x8xf16>) -> memref<1x16x8x8xf16>
    } loc("z/store")
    return %y, %z : memref<1x16x8x8xf16>, memref<1x16x8x8xf16>
  }
}
