// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-eltwise-in-place | FileCheck %s

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A residual addition: the convolution's result %c is read last by the addition, which writes
// over it; its own buffer is gone. The block input %x is read by a later task, so it is kept.
// CHECK-LABEL: func.func @residual
func.func @residual(%x: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
  // CHECK: %[[C:.+]] = memref.alloc() : memref<1x16x4x4xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[R:.+]] = VPUIP.NCEClusterTask<MAXPOOL>
  // CHECK-NOT: memref.alloc
  // CHECK: %[[A:.+]] = VPUIP.NCEClusterTask<ELTWISE_ADD> {{.+}} input(%[[R]] : {{.+}}) input2(%arg0 : {{.+}}) outputs(%[[C]] : memref<1x16x4x4xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK: VPUIP.NNDMA inputs(%[[A]] :
  %c = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%c : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %o = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%o : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %3 = VPUIP.NNDMA inputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  return %2 : memref<1x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Left alone: the input buffer is read after the task (a DMA of a view of it), the other input
// is a function argument (not an allocation of the task's output type).
// CHECK-LABEL: func.func @kept
func.func @kept(%x: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x1x4xf16, #NHWC>) -> memref<1x16x1x4xf16, #NHWC> {
  // CHECK: %[[C:.+]] = memref.alloc()
  // CHECK: %[[O:.+]] = memref.alloc()
  // CHECK: VPUIP.NCEClusterTask<ELTWISE_ADD> {{.+}} outputs(%[[O]] :
  %c = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %o = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%c : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%o : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %v = VPUIP.SubView %c [0, 0, 1, 0] [1, 16, 1, 4] : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%v : memref<1x16x1x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x1x4xf16, #NHWC>) -> memref<1x16x1x4xf16, #NHWC>
  return %2 : memref<1x16x1x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// An element-wise software kernel (a Swish: the library's `activation`) writes over the CMX
// buffer it reads last; a softmax (not element-wise) keeps its own output, as does a kernel
// whose input is read after it.
module @kernels {
  module @VPU.SW {
    func.func private @swish(memref<*xf16>, memref<*xf16>, i32, f32, f32) attributes {VPUIP.kernel_entry = "activation"}
    func.func private @softmax(memref<*xf16>, memref<*xf16>, i64) attributes {VPUIP.kernel_entry = "softmax"}
  }
  // CHECK-LABEL: func.func @kernels
  func.func @kernels(%x: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC> {
    // CHECK: %[[C:.+]] = memref.alloc() : memref<1x16x4x4xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
    // CHECK-NEXT: %[[R:.+]] = VPUIP.NCEClusterTask<MAXPOOL>
    // CHECK-NOT: memref.alloc
    // CHECK: %[[S:.+]] = VPUIP.SW.Kernel @VPU.SW::@swish on tile 0 inputs(%[[R]] : {{.+}}) outputs(%[[C]] : {{.+}})
    // CHECK: %[[T:.+]] = memref.alloc()
    // CHECK: %[[M:.+]] = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%[[S]] : {{.+}}) outputs(%[[T]] : {{.+}})
    // CHECK: %[[U:.+]] = memref.alloc()
    // CHECK: VPUIP.SW.Kernel @VPU.SW::@swish on tile 0 inputs(%[[M]] : {{.+}}) outputs(%[[U]] : {{.+}})
    %c = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
            kernel_padding = array<i64: 0, 0, 0, 0>}
        input(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        outputs(%c : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
      VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
    }
    %s = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.SW.Kernel @VPU.SW::@swish on tile 0 inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%s : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %o: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %o, 5 : i32, 1.0 : f32, 0.0 : f32) : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    }
    %t = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.SW.Kernel @VPU.SW::@softmax on tile 0 inputs(%1 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%t : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %o: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %o, 1) : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    }
    %u = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %3 = VPUIP.SW.Kernel @VPU.SW::@swish on tile 0 inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%u : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %o: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %o, 5 : i32, 1.0 : f32, 0.0 : f32) : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    }
    %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
    %5 = VPUIP.NNDMA inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
    return %4 : memref<1x16x4x4xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The pieces of a kernel split over rows read views of one buffer: a piece writes over its own
// rows when no later op reads them (the views taken for the later pieces read nothing); the
// second piece's rows are read after it (a DMA of row 3), so it keeps its own output.
module @pieces {
  module @VPU.SW {
    func.func private @swish(memref<*xf16>, memref<*xf16>, i32, f32, f32) attributes {VPUIP.kernel_entry = "activation"}
  }
  // CHECK-LABEL: func.func @pieces
  func.func @pieces(%x: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x2x4xf16, #NHWC>, %row: memref<1x16x1x4xf16, #NHWC>) -> (memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>, memref<1x16x1x4xf16, #NHWC>) {
    // CHECK: %[[R:.+]] = VPUIP.NCEClusterTask<MAXPOOL>
    // CHECK: %[[A:.+]] = VPUIP.SubView %[[R]] [0, 0, 0, 0] [1, 16, 2, 4]
    // CHECK-NEXT: VPUIP.SW.Kernel @VPU.SW::@swish on tile 0 inputs(%[[A]] : {{.+}}) outputs(%[[A]] : {{.+}})
    // CHECK: %[[B:.+]] = VPUIP.SubView %[[R]] [0, 0, 2, 0] [1, 16, 2, 4]
    // CHECK-NEXT: %[[O:.+]] = memref.alloc()
    // CHECK-NEXT: VPUIP.SW.Kernel @VPU.SW::@swish on tile 0 inputs(%[[B]] : {{.+}}) outputs(%[[O]] : {{.+}})
    %c = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
            kernel_padding = array<i64: 0, 0, 0, 0>}
        input(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        outputs(%c : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
      VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
    }
    %a = VPUIP.SubView %0 [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %sa = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.SW.Kernel @VPU.SW::@swish on tile 0 inputs(%a : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%sa : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %o: memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %o, 5 : i32, 1.0 : f32, 0.0 : f32) : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    }
    %b = VPUIP.SubView %0 [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %sb = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %2 = VPUIP.SW.Kernel @VPU.SW::@swish on tile 0 inputs(%b : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%sb : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
    ^bb0(%i: memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %o: memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>):
      VPUIP.SW.Kernel.run(%i, %o, 5 : i32, 1.0 : f32, 0.0 : f32) : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    }
    %3 = VPUIP.NNDMA inputs(%1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
    %4 = VPUIP.NNDMA inputs(%2 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
    %r = VPUIP.SubView %0 [0, 0, 3, 0] [1, 16, 1, 4] : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %5 = VPUIP.NNDMA inputs(%r : memref<1x16x1x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%row : memref<1x16x1x4xf16, #NHWC>) -> memref<1x16x1x4xf16, #NHWC>
    return %3, %4, %5 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>, memref<1x16x1x4xf16, #NHWC>
  }
}
