// RUN: vpuc-opt %s --vpuc-vpuip-write-in-place | FileCheck %s --check-prefix=NEAR
// RUN: vpuc-opt %s --vpuc-vpuip-write-in-place=max-tasks-between=0 | FileCheck %s --check-prefix=FAR

// One compute task (a second pool) between the pool and the copy of its
// result: within the default of 4 the pool writes its destination; with
// max-tasks-between=0 the copy stays. Only the tasks of the copy's tile
// count: a pool between them on the other tile (@other_tile) leaves the CMX
// of tile 0 alone, and even with max-tasks-between=0 the copy goes.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// NEAR-LABEL: func.func @one_between
// FAR-LABEL: func.func @one_between
func.func @one_between(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC>, %out2: memref<1x16x4x4xf16, #NHWC>) -> (memref<1x16x4x4xf16, #NHWC>, memref<1x16x4x4xf16, #NHWC>) {
  // NEAR: %[[Y:.+]] = memref.alloc() : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // NEAR-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%[[Y]] :
  // NEAR-NOT: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>) outputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // FAR: %[[T:.+]] = VPUIP.NCEClusterTask<MAXPOOL>
  // FAR: VPUIP.NNDMA inputs(%[[T]] : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>) outputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %u = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%u : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %4 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  return %3, %4 : memref<1x16x4x4xf16, #NHWC>, memref<1x16x4x4xf16, #NHWC>
}

// NEAR-LABEL: func.func @other_tile
// FAR-LABEL: func.func @other_tile
func.func @other_tile(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in1: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %out: memref<1x16x4x4xf16, #NHWC>, %out2: memref<1x16x4x4xf16, #NHWC>) -> (memref<1x16x4x4xf16, #NHWC>, memref<1x16x4x4xf16, #NHWC>) {
  // NEAR: %[[Y:.+]] = memref.alloc() : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // NEAR-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%[[Y]] :
  // FAR: %[[Y:.+]] = memref.alloc() : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // FAR-NEXT: VPUIP.NCEClusterTask<MAXPOOL> {{.+}} outputs(%[[Y]] :
  // FAR-NOT: VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>) outputs(%{{.+}} : memref<1x16x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  %x = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %u = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in1 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      outputs(%u : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  %4 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%out2 : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  return %3, %4 : memref<1x16x4x4xf16, #NHWC>, memref<1x16x4x4xf16, #NHWC>
}
