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
