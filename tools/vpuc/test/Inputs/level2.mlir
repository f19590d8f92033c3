// A level-2 network (bufferised VPUIP tasks on DDR buffers, UPA software kernels) without a
// target: a DMA, then ReLU and SoftMax on the UPA SHAVEs.
module @net {
  module @VPU.SW {
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i32) attributes {VPUIP.kernel_entry = "softmax"}
    func.func private @relu(memref<*xf16>, memref<*xf16>) attributes {VPUIP.kernel_entry = "relu"}
  }
  func.func @main(%in: memref<1x1000xf16>) -> memref<1x1000xf16> {
    %a = memref.alloc() : memref<1x1000xf16>
    %0 = VPUIP.NNDMA inputs(%in : memref<1x1000xf16>) outputs(%a : memref<1x1000xf16>) -> memref<1x1000xf16>
    %b = memref.alloc() : memref<1x1000xf16>
    %1 = VPUIP.UPA.SW @VPU.SW::@relu inputs(%0 : memref<1x1000xf16>) outputs(%b : memref<1x1000xf16>) -> memref<1x1000xf16>
    %c = memref.alloc() : memref<1x1000xf16>
    %2 = VPUIP.UPA.SW @VPU.SW::@softmax inputs(%1 : memref<1x1000xf16>) outputs(%c : memref<1x1000xf16>) params [1 : i32] -> memref<1x1000xf16>
    return %2 : memref<1x1000xf16>
  }
}
