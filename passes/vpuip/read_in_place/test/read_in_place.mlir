// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-read-in-place | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-read-in-place --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// LOG: @two_rows: 2 CMX-to-CMX DMA task(s) read in place, 512 bytes
// LOG: @one_copy: 1 CMX-to-CMX DMA task(s) read in place, 512 bytes
// LOG: @other_cluster: 0 CMX-to-CMX DMA task(s) read in place
// LOG: @written_after: 0 CMX-to-CMX DMA task(s) read in place
// LOG: @two_sources: 0 CMX-to-CMX DMA task(s) read in place
// LOG: @channels: 0 CMX-to-CMX DMA task(s) read in place

// Two rows of a pool's result copied into a buffer of their own in the same CMX: the buffer becomes
// the view of rows 4 and 5 of the result, and the join takes the rows the DMAs read.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @two_rows
// CHECK:       %[[R:.+]] = memref.alloc() : memref<1x16x8x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>
// CHECK:       %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL>
// CHECK:       %[[A:.+]] = VPUIP.SubView %[[T]] [0, 0, 4, 0] [1, 16, 1, 8]
// CHECK:       %[[B:.+]] = VPUIP.SubView %[[T]] [0, 0, 5, 0] [1, 16, 1, 8]
// CHECK-NOT:   VPUIP.NNDMA
// CHECK:       %[[V:.+]] = VPUIP.SubView %[[R]] [0, 0, 4, 0] [1, 16, 2, 8] : memref<1x16x8x8xf16, #map, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x2x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT:  %[[J:.+]] = VPUIP.ConcatView inputs(%[[A]], %[[B]] : {{.+}}) outputs(%[[V]] : memref<1x16x2x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
// CHECK:       VPUIP.NCEClusterTask<MAXPOOL> {{.+}} input(%[[J]] :
func.func @two_rows(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = memref.alloc() : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %t = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %a = VPUIP.SubView %t [0, 0, 4, 0] [1, 16, 1, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %b = VPUIP.SubView %t [0, 0, 5, 0] [1, 16, 1, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 1, 8] : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f = VPUIP.NNDMA inputs(%a : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%p : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %q = VPUIP.SubView %d [0, 0, 1, 0] [1, 16, 1, 8] : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %g = VPUIP.NNDMA inputs(%b : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%q : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %j = VPUIP.ConcatView inputs(%f, %g : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %o = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %y = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%j : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%o : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 1, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  return %y : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// One DMA copying rows 2 and 3 into a buffer of their own: the reader reads them where they are.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @one_copy
// CHECK:       %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL>
// CHECK:       %[[A:.+]] = VPUIP.SubView %[[T]] [0, 0, 2, 0] [1, 16, 2, 8]
// CHECK-NOT:   VPUIP.NNDMA
// CHECK:       VPUIP.NCEClusterTask<MAXPOOL> {{.+}} input(%[[A]] :
func.func @one_copy(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = memref.alloc() : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %t = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %a = VPUIP.SubView %t [0, 0, 2, 0] [1, 16, 2, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f = VPUIP.NNDMA inputs(%a : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %o = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %y = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%f : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%o : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 1, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  return %y : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Left alone: the rows come from the other cluster's CMX.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @other_cluster
// CHECK-COUNT-2: VPUIP.NNDMA
func.func @other_cluster(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in1: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = memref.alloc() : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %t = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in1 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      outputs(%r : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %a = VPUIP.SubView %t [0, 0, 4, 0] [1, 16, 1, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %b = VPUIP.SubView %t [0, 0, 5, 0] [1, 16, 1, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 1, 8] : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f = VPUIP.NNDMA inputs(%a : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%p : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %q = VPUIP.SubView %d [0, 0, 1, 0] [1, 16, 1, 8] : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %g = VPUIP.NNDMA inputs(%b : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%q : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %j = VPUIP.ConcatView inputs(%f, %g : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %o = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %y = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%j : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%o : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 1, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  return %y : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Left alone: a task writes the source after the copies (the copies hold the old rows).

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @written_after
// CHECK-COUNT-2: VPUIP.NNDMA
func.func @written_after(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = memref.alloc() : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %t = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %a = VPUIP.SubView %t [0, 0, 4, 0] [1, 16, 1, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %b = VPUIP.SubView %t [0, 0, 5, 0] [1, 16, 1, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 1, 8] : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f = VPUIP.NNDMA inputs(%a : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%p : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %q = VPUIP.SubView %d [0, 0, 1, 0] [1, 16, 1, 8] : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %g = VPUIP.NNDMA inputs(%b : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%q : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %j = VPUIP.ConcatView inputs(%f, %g : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %w = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%t : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }  %o = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %y = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%j : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%o : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 1, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  return %y : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Left alone: the rows come from two buffers.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @two_sources
// CHECK-COUNT-2: VPUIP.NNDMA
func.func @two_sources(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = memref.alloc() : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %t = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %r2 = memref.alloc() : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %t2 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%r2 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %a = VPUIP.SubView %t [0, 0, 4, 0] [1, 16, 1, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %b = VPUIP.SubView %t2 [0, 0, 5, 0] [1, 16, 1, 8] : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %p = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 1, 8] : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f = VPUIP.NNDMA inputs(%a : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%p : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %q = VPUIP.SubView %d [0, 0, 1, 0] [1, 16, 1, 8] : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %g = VPUIP.NNDMA inputs(%b : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%q : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %j = VPUIP.ConcatView inputs(%f, %g : memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x1x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %o = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %y = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%j : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%o : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 1, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  return %y : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// Left alone: the first rows of 16 of 32 channels are not a compact range of their buffer.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @channels
// CHECK-COUNT-2: VPUIP.NNDMA
func.func @channels(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in32: memref<1x32x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = memref.alloc() : memref<1x32x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %c = VPUIP.NNDMA inputs(%in32 : memref<1x32x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%r : memref<1x32x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %a = VPUIP.SubView %c [0, 0, 0, 0] [1, 16, 2, 8] : memref<1x32x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<1x16x2x8xf16, strided<[2048, 1, 256, 32]>, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %f = VPUIP.NNDMA inputs(%a : memref<1x16x2x8xf16, strided<[2048, 1, 256, 32]>, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %o = memref.alloc() : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %y = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%f : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%o : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 1, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  return %y : memref<1x16x2x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}
