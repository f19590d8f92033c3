// A small VPUX37XX network with an ACT kernel, the blob the import error tests corrupt.
module @act_relu attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  module @VPU.SW {
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
    func.func private @runtime() attributes {VPUIP.kernel_entry = "nnActEntry"}
  }
  VPUIP.SW.Runtime @VPU.SW::@runtime stack_sizes [16384, 16384]
  func.func @main(%x: memref<8xf16> {VPURT.name = "x"}, %y: memref<8xf16> {VPURT.name = "y"}) -> memref<8xf16> {
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<8xf16>
    %a = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    %b = VPURT.DeclareBuffer <CMX_NN> [0] <64> -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    %out = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<8xf16>
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %b1 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%in : memref<8xf16>) outputs(%a : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
    } loc("x/load")
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%a : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%b : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<8xf16, #VPUIP.mem<CMX_NN[0]>> {
      ^bb0(%arg0: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, %arg1: memref<8xf16, #VPUIP.mem<CMX_NN[0]>>):
        VPUIP.SW.Kernel.run(%arg0, %arg1) : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>, memref<8xf16, #VPUIP.mem<CMX_NN[0]>>
      }
    } loc("relu")
    VPURT.Task waits(%b1) {
      %r = VPUIP.NNDMA inputs(%b : memref<8xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<8xf16>) -> memref<8xf16>
    } loc("y/store")
    return %y : memref<8xf16>
  }
}
