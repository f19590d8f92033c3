// A VPURT network (level 1) whose two DMAs race: the store on port 1 reads the CMX copy that the
// load on port 0 writes, with no barrier between them.
module @race {
  func.func @main(%x: memref<1x2x3x4xf16> {VPURT.name = "x"},
                  %y: memref<1x2x3x4xf16> {VPURT.name = "y"}) -> memref<1x2x3x4xf16> {
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x2x3x4xf16> loc("x")
    %cmx = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<1x2x3x4xf16, #VPUIP.mem<CMX_NN[0]>> loc("x_cmx")
    %out = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x2x3x4xf16> loc("y")
    VPURT.Task {
      %r = VPUIP.NNDMA inputs(%in : memref<1x2x3x4xf16>) outputs(%cmx : memref<1x2x3x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x2x3x4xf16, #VPUIP.mem<CMX_NN[0]>>
    } loc("x/load")
    VPURT.Task {
      %r = VPUIP.NNDMA {port = 1 : i64} inputs(%cmx : memref<1x2x3x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x2x3x4xf16>) -> memref<1x2x3x4xf16>
    } loc("y/store")
    return %y : memref<1x2x3x4xf16>
  }
}
