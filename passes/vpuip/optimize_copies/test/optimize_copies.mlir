// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// Two NCE tasks on cluster 0: the result of the first goes to DDR and comes
// back twice (to the pool and to the eltwise); both fills read the first
// result instead and the round trip disappears.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
// CHECK-LABEL: func.func @same_cluster
func.func @same_cluster(%in: memref<1x32x4x4xf16, #NHWC>, %out: memref<1x32x2x2xf16, #NHWC>) -> memref<1x32x2x2xf16, #NHWC> {
  // CHECK: %[[IN:.+]] = VPUIP.NNDMA inputs(%{{.+}} : memref<1x32x4x4xf16, #map>)
  %a = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x32x4x4xf16, #NHWC>) outputs(%a : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  // CHECK: %[[X:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} input(%[[IN]] :
  %x = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%0 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%x : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 31] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  // CHECK-NOT: VPUIP.NNDMA
  %d = memref.alloc() : memref<1x32x4x4xf16, #NHWC>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%2 : memref<1x32x4x4xf16, #NHWC>) outputs(%y0 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %y1 = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%2 : memref<1x32x4x4xf16, #NHWC>) outputs(%y1 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  // CHECK: %[[S:.+]] = VPUIP.NCEClusterTask<ELTWISE_ADD> {{.+}} input(%[[X]] : {{.+}}) input2(%[[X]] :
  %s = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%3 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%4 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%s : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 31] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  // CHECK: %[[P:.+]] = VPUIP.NCEClusterTask<MAXPOOL> {{.+}} input(%[[S]] :
  %p = memref.alloc() : memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %6 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%5 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%p : memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 1, 31] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  // CHECK: %[[R:.+]] = VPUIP.NNDMA inputs(%[[P]] : {{.+}}) outputs(%{{.+}} : memref<1x32x2x2xf16, #map>)
  // CHECK: return %[[R]]
  %7 = VPUIP.NNDMA inputs(%6 : memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x32x2x2xf16, #NHWC>) -> memref<1x32x2x2xf16, #NHWC>
  return %7 : memref<1x32x2x2xf16, #NHWC>
}
}
// LOG: [vpuc-vpuip-optimize-copies] {{.*}}@same_cluster: removed 3 DMA task(s): 2 DDR round trip(s) within a cluster, 0 replaced by 0 CMX-to-CMX DMA(s), 1 DMA(s) into DDR erased

// -----

// The fill goes to another cluster: one DMA from CMX_NN[0] to CMX_NN[1].

// CHECK-LABEL: func.func @other_cluster
func.func @other_cluster(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
  // CHECK: %[[X:.+]] = VPUIP.NNDMA inputs(%{{.+}} : memref<1x16x4x4xf16>) outputs(%{{.+}} : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>)
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  // CHECK-NEXT: %[[Y:.+]] = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>
  // CHECK-NEXT: %[[Z:.+]] = VPUIP.NNDMA {port = 1 : i64} inputs(%[[X]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[Y]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>)
  %y = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>
  %2 = VPUIP.NNDMA {port = 1 : i64} inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>
  // CHECK-NEXT: %[[R:.+]] = VPUIP.NNDMA inputs(%[[Z]] : {{.+}}) outputs(%{{.+}} : memref<1x16x4x4xf16>)
  // CHECK-NEXT: return %[[R]]
  %3 = VPUIP.NNDMA inputs(%2 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  return %3 : memref<1x16x4x4xf16>
}
// LOG: @other_cluster: removed 1 DMA task(s): 0 DDR round trip(s) within a cluster, 1 replaced by 1 CMX-to-CMX DMA(s), 1 DMA(s) into DDR erased

// -----

// D has another reader (the copy to the network output): the fill reads X,
// the spill stays.

// CHECK-LABEL: func.func @spill_kept
func.func @spill_kept(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>, %out2: memref<1x16x4x4xf16>) -> (memref<1x16x4x4xf16>, memref<1x16x4x4xf16>) {
  // CHECK: %[[X:.+]] = VPUIP.NNDMA inputs(%arg0
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[D:.+]] = memref.alloc() : memref<1x16x4x4xf16>
  // CHECK-NEXT: %[[S:.+]] = VPUIP.NNDMA inputs(%[[X]] : {{.+}}) outputs(%[[D]] :
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  // CHECK-NEXT: %[[R:.+]] = VPUIP.NNDMA inputs(%[[S]] : {{.+}}) outputs(%arg1
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  // CHECK-NEXT: %[[R2:.+]] = VPUIP.NNDMA inputs(%[[X]] : {{.+}}) outputs(%arg2
  %y = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %3 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out2 : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  // CHECK-NEXT: return %[[R]], %[[R2]]
  return %2, %4 : memref<1x16x4x4xf16>, memref<1x16x4x4xf16>
}

// -----

// Chains: the value brought back is spilled again, and both round trips go.

// LOG: @spill_kept: removed 1 DMA task(s): 1 DDR round trip(s) within a cluster, 0 replaced by 0 CMX-to-CMX DMA(s), 0 DMA(s) into DDR erased

// CHECK-LABEL: func.func @chain
func.func @chain(%in: memref<1x16x4x4xf16>, %out: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16> {
  // CHECK-NEXT: %[[X:.+]] = memref.alloc()
  // CHECK-NEXT: %[[V:.+]] = VPUIP.NNDMA inputs(%arg0 : {{.+}}) outputs(%[[X]] :
  // CHECK-NEXT: %[[R:.+]] = VPUIP.NNDMA inputs(%[[V]] : {{.+}}) outputs(%arg1 :
  // CHECK-NEXT: return %[[R]]
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d2 = memref.alloc() : memref<1x16x4x4xf16>
  %3 = VPUIP.NNDMA inputs(%2 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d2 : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y2 = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16>) outputs(%y2 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NNDMA inputs(%4 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%out : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  return %5 : memref<1x16x4x4xf16>
}
// LOG: @chain: removed 4 DMA task(s): 2 DDR round trip(s) within a cluster, 0 replaced by 0 CMX-to-CMX DMA(s), 2 DMA(s) into DDR erased

// -----

// Views: X is a view of a CMX buffer (the first fill reads X's view), D a
// view of a DDR buffer (the second reads X), the third fill reads a view of
// D (a DMA of that part of X). The three DMAs to DDR go.
// CHECK-LABEL: func.func @views
// CHECK: %[[X:.+]] = VPUIP.NNDMA inputs(%arg0
// CHECK-NEXT: %[[XV:.+]] = VPUIP.SubView %[[X]] [0, 0, 0, 0] [1, 8, 4, 4]
// CHECK-NEXT: %[[XV1:.+]] = VPUIP.SubView %[[X]] [0, 0, 0, 0] [1, 8, 4, 4]
// CHECK-NEXT: %[[Y2:.+]] = memref.alloc() : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[P:.+]] = VPUIP.SubView %[[X]] [0, 0, 0, 0] [1, 8, 4, 4]
// CHECK-NEXT: %[[C:.+]] = VPUIP.NNDMA inputs(%[[P]] : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[Y2]] :
// CHECK-NEXT: return %[[XV]], %[[XV1]], %[[C]]
func.func @views(%in: memref<1x16x4x4xf16>) -> (memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) {
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // X a view.
  %xv = VPUIP.SubView %0 [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> to memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d0 = memref.alloc() : memref<1x8x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%xv : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d0 : memref<1x8x4x4xf16>) -> memref<1x8x4x4xf16>
  %y0 = memref.alloc() : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x8x4x4xf16>) outputs(%y0 : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // D a view.
  %d1 = memref.alloc() : memref<1x32x4x4xf16>
  %d1v = VPUIP.SubView %d1 [0, 0, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16> to memref<1x16x4x4xf16>
  %3 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d1v : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y1 = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %4 = VPUIP.NNDMA inputs(%3 : memref<1x16x4x4xf16>) outputs(%y1 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %y1v = VPUIP.SubView %4 [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>> to memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  // The fill reads a view of D.
  %d2 = memref.alloc() : memref<1x16x4x4xf16>
  %5 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d2 : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %d2v = VPUIP.SubView %5 [0, 0, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16> to memref<1x8x4x4xf16>
  %y2 = memref.alloc() : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %6 = VPUIP.NNDMA inputs(%d2v : memref<1x8x4x4xf16>) outputs(%y2 : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  return %2, %y1v, %6 : memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>, memref<1x8x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
}
// LOG: @views: removed 5 DMA task(s): 2 DDR round trip(s) within a cluster, 1 replaced by 1 CMX-to-CMX DMA(s), 3 DMA(s) into DDR erased

// -----

// Y has another layout than X: one DMA from X reorders into Y.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @other_layout
func.func @other_layout(%in: memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // CHECK: %[[X:.+]] = VPUIP.NNDMA inputs(%arg0
  // CHECK-NEXT: %[[Y:.+]] = memref.alloc() : memref<1x16x4x4xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[R:.+]] = VPUIP.NNDMA inputs(%[[X]] : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[Y]] :
  // CHECK-NEXT: return %[[R]]
  %x = memref.alloc() : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in : memref<1x16x4x4xf16>) outputs(%x : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>
  %d = memref.alloc() : memref<1x16x4x4xf16>
  %1 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x4xf16, #VPUIP.mem<CMX_NN[0]>>) outputs(%d : memref<1x16x4x4xf16>) -> memref<1x16x4x4xf16>
  %y = memref.alloc() : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%1 : memref<1x16x4x4xf16>) outputs(%y : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  return %2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}
// LOG: @other_layout: removed 1 DMA task(s): 0 DDR round trip(s) within a cluster, 1 replaced by 1 CMX-to-CMX DMA(s), 1 DMA(s) into DDR erased
