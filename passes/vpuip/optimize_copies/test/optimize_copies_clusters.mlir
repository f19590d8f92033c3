// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies --vpuc-log-level=info -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-optimize-copies=ddr-copy-depth=0 | FileCheck %s --check-prefix=DEPTH0

// The DDR round trips of layers split over the clusters (over H): each
// cluster's result goes into its rows of a DDR buffer, and each cluster of
// the next layer reads rows of it back.

// Split over H on two clusters, the next layer reading the same rows: each
// cluster reads its own result; the DDR buffer and the four DMAs go.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @same_rows
// DEPTH0-LABEL: func.func @same_rows
// DEPTH0-COUNT-2: VPUIP.NNDMA
// DEPTH0-NEXT: return
func.func @same_rows(%in0: memref<1x16x4x8xf16, #NHWC>, %in1: memref<1x16x4x8xf16, #NHWC>) -> (memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) {
  // CHECK: %[[X0:.+]] = VPUIP.NNDMA inputs(%arg0
  // CHECK: %[[X1:.+]] = VPUIP.NNDMA {port = 1 : i64} inputs(%arg1
  // CHECK-NOT: VPUIP.NNDMA
  // CHECK-NOT: memref.alloc() : memref<1x16x8x8xf16, #map>
  // CHECK: return %[[X0]], %[[X1]]
  %x0 = memref.alloc() : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x4x8xf16, #NHWC>) outputs(%x0 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %x1 = memref.alloc() : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NNDMA {port = 1 : i64} inputs(%in1 : memref<1x16x4x8xf16, #NHWC>) outputs(%x1 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x8x8xf16, #NHWC>
  %d0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 4, 8] : memref<1x16x8x8xf16, #NHWC> to memref<1x16x4x8xf16, #NHWC>
  %2 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d0 : memref<1x16x4x8xf16, #NHWC>) -> memref<1x16x4x8xf16, #NHWC>
  %d1 = VPUIP.SubView %d [0, 0, 4, 0] [1, 16, 4, 8] : memref<1x16x8x8xf16, #NHWC> to memref<1x16x4x8xf16, #NHWC>
  %3 = VPUIP.NNDMA {port = 1 : i64} inputs(%1 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%d1 : memref<1x16x4x8xf16, #NHWC>) -> memref<1x16x4x8xf16, #NHWC>
  %4 = VPUIP.ConcatView inputs(%2, %3 : memref<1x16x4x8xf16, #NHWC>, memref<1x16x4x8xf16, #NHWC>) outputs(%d : memref<1x16x8x8xf16, #NHWC>) -> memref<1x16x8x8xf16, #NHWC>
  %r0 = VPUIP.SubView %4 [0, 0, 0, 0] [1, 16, 4, 8] : memref<1x16x8x8xf16, #NHWC> to memref<1x16x4x8xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NNDMA inputs(%r0 : memref<1x16x4x8xf16, #NHWC>) outputs(%y0 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r1 = VPUIP.SubView %4 [0, 0, 4, 0] [1, 16, 4, 8] : memref<1x16x8x8xf16, #NHWC> to memref<1x16x4x8xf16, #NHWC>
  %y1 = memref.alloc() : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %6 = VPUIP.NNDMA {port = 1 : i64} inputs(%r1 : memref<1x16x4x8xf16, #NHWC>) outputs(%y1 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  return %5, %6 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
}
// LOG: @same_rows: removed 4 DMA task(s): 2 DDR round trip(s) within a cluster, 0 replaced by 0 CMX-to-CMX DMA(s), 2 DMA(s) into DDR erased

// -----

// The next layer is a 3x3 convolution: each cluster reads a halo row of the
// other one. Each fill becomes a DMA of the cluster's own rows within its
// CMX and a DMA of the halo row from the other cluster, joined over Y.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @halo_rows
func.func @halo_rows(%in0: memref<1x16x4x8xf16, #NHWC>, %in1: memref<1x16x4x8xf16, #NHWC>) -> (memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) {
  // CHECK: %[[X0:.+]] = VPUIP.NNDMA inputs(%arg0
  // CHECK: %[[X1:.+]] = VPUIP.NNDMA {port = 1 : i64} inputs(%arg1
  // CHECK-NOT: VPUIP.NNDMA
  // CHECK: %[[Y0:.+]] = memref.alloc() : memref<1x16x5x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[P00:.+]] = VPUIP.SubView %[[Y0]] [0, 0, 0, 0] [1, 16, 4, 8]
  // CHECK-NEXT: %[[C00:.+]] = VPUIP.NNDMA inputs(%[[X0]] : memref<1x16x4x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>) outputs(%[[P00]] : memref<1x16x4x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK-NEXT: %[[H1:.+]] = VPUIP.SubView %[[X1]] [0, 0, 0, 0] [1, 16, 1, 8] : memref<1x16x4x8xf16, #map, #VPUIP.mem<CMX_NN[1]>> to memref<1x16x1x8xf16, #map, #VPUIP.mem<CMX_NN[1]>>
  // CHECK-NEXT: %[[P01:.+]] = VPUIP.SubView %[[Y0]] [0, 0, 4, 0] [1, 16, 1, 8]
  // CHECK-NEXT: %[[C01:.+]] = VPUIP.NNDMA inputs(%[[H1]] : memref<1x16x1x8xf16, #map, #VPUIP.mem<CMX_NN[1]>>) outputs(%[[P01]] : memref<1x16x1x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK-NEXT: %[[R0:.+]] = VPUIP.ConcatView inputs(%[[C00]], %[[C01]] : {{.+}}) outputs(%[[Y0]] : memref<1x16x5x8xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK: %[[Y1:.+]] = memref.alloc() : memref<1x16x5x8xf16, #map, #VPUIP.mem<CMX_NN[1]>>
  // CHECK-NEXT: %[[H0:.+]] = VPUIP.SubView %[[X0]] [0, 0, 3, 0] [1, 16, 1, 8]
  // CHECK-NEXT: %[[P10:.+]] = VPUIP.SubView %[[Y1]] [0, 0, 0, 0] [1, 16, 1, 8]
  // CHECK-NEXT: %[[C10:.+]] = VPUIP.NNDMA {port = 1 : i64} inputs(%[[H0]] : {{.+}}) outputs(%[[P10]] :
  // CHECK-NEXT: %[[P11:.+]] = VPUIP.SubView %[[Y1]] [0, 0, 1, 0] [1, 16, 4, 8]
  // CHECK-NEXT: %[[C11:.+]] = VPUIP.NNDMA {port = 1 : i64} inputs(%[[X1]] : {{.+}}) outputs(%[[P11]] :
  // CHECK-NEXT: %[[R1:.+]] = VPUIP.ConcatView inputs(%[[C10]], %[[C11]] : {{.+}}) outputs(%[[Y1]] :
  // CHECK-NOT: VPUIP.NNDMA
  // CHECK: return %[[R0]], %[[R1]]
  %x0 = memref.alloc() : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%in0 : memref<1x16x4x8xf16, #NHWC>) outputs(%x0 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %x1 = memref.alloc() : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NNDMA {port = 1 : i64} inputs(%in1 : memref<1x16x4x8xf16, #NHWC>) outputs(%x1 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %d = memref.alloc() : memref<1x16x8x8xf16, #NHWC>
  %d0 = VPUIP.SubView %d [0, 0, 0, 0] [1, 16, 4, 8] : memref<1x16x8x8xf16, #NHWC> to memref<1x16x4x8xf16, #NHWC>
  %2 = VPUIP.NNDMA inputs(%0 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%d0 : memref<1x16x4x8xf16, #NHWC>) -> memref<1x16x4x8xf16, #NHWC>
  %d1 = VPUIP.SubView %d [0, 0, 4, 0] [1, 16, 4, 8] : memref<1x16x8x8xf16, #NHWC> to memref<1x16x4x8xf16, #NHWC>
  %3 = VPUIP.NNDMA {port = 1 : i64} inputs(%1 : memref<1x16x4x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%d1 : memref<1x16x4x8xf16, #NHWC>) -> memref<1x16x4x8xf16, #NHWC>
  %4 = VPUIP.ConcatView inputs(%2, %3 : memref<1x16x4x8xf16, #NHWC>, memref<1x16x4x8xf16, #NHWC>) outputs(%d : memref<1x16x8x8xf16, #NHWC>) -> memref<1x16x8x8xf16, #NHWC>
  %r0 = VPUIP.SubView %4 [0, 0, 0, 0] [1, 16, 5, 8] : memref<1x16x8x8xf16, #NHWC> to memref<1x16x5x8xf16, #NHWC>
  %y0 = memref.alloc() : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %5 = VPUIP.NNDMA inputs(%r0 : memref<1x16x5x8xf16, #NHWC>) outputs(%y0 : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %r1 = VPUIP.SubView %4 [0, 0, 3, 0] [1, 16, 5, 8] : memref<1x16x8x8xf16, #NHWC> to memref<1x16x5x8xf16, #NHWC>
  %y1 = memref.alloc() : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %6 = VPUIP.NNDMA {port = 1 : i64} inputs(%r1 : memref<1x16x5x8xf16, #NHWC>) outputs(%y1 : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  return %5, %6 : memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<1x16x5x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
}
// LOG: @halo_rows: removed 0 DMA task(s): 0 DDR round trip(s) within a cluster, 2 replaced by 4 CMX-to-CMX DMA(s), 2 DMA(s) into DDR erased

// -----

// A concatenation over channels of two results split over H (a Fire
// module): each DDR buffer is copied into its channels of a larger one,
// which the next layer reads whole on cluster 0. The fill is followed
// through the DDR-to-DDR copies to the four CMX results; the three DDR
// buffers and their six DMAs go. With ddr-copy-depth=0 nothing changes.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @channel_concat
// DEPTH0-LABEL: func.func @channel_concat
func.func @channel_concat(%a0: memref<1x16x2x4xf16, #NHWC>, %a1: memref<1x16x2x4xf16, #NHWC>, %b0: memref<1x16x2x4xf16, #NHWC>, %b1: memref<1x16x2x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // CHECK: %[[XA0:.+]] = VPUIP.NNDMA inputs(%arg0
  // CHECK: %[[XA1:.+]] = VPUIP.NNDMA inputs(%arg1
  // CHECK: %[[XB0:.+]] = VPUIP.NNDMA inputs(%arg2
  // CHECK: %[[XB1:.+]] = VPUIP.NNDMA inputs(%arg3
  // CHECK-NOT: VPUIP.NNDMA
  // CHECK: %[[Y:.+]] = memref.alloc() : memref<1x32x4x4xf16, #map, #VPUIP.mem<CMX_NN[0]>>
  // CHECK-NEXT: %[[P0:.+]] = VPUIP.SubView %[[Y]] [0, 0, 0, 0] [1, 16, 2, 4]
  // CHECK-NEXT: %[[C0:.+]] = VPUIP.NNDMA inputs(%[[XA0]] : {{.+}}) outputs(%[[P0]] :
  // CHECK-NEXT: %[[P1:.+]] = VPUIP.SubView %[[Y]] [0, 0, 2, 0] [1, 16, 2, 4]
  // CHECK-NEXT: %[[C1:.+]] = VPUIP.NNDMA inputs(%[[XA1]] : {{.+}}, #VPUIP.mem<CMX_NN[1]>>) outputs(%[[P1]] :
  // CHECK-NEXT: %[[P2:.+]] = VPUIP.SubView %[[Y]] [0, 16, 0, 0] [1, 16, 2, 4]
  // CHECK-NEXT: %[[C2:.+]] = VPUIP.NNDMA inputs(%[[XB0]] : {{.+}}) outputs(%[[P2]] :
  // CHECK-NEXT: %[[P3:.+]] = VPUIP.SubView %[[Y]] [0, 16, 2, 0] [1, 16, 2, 4]
  // CHECK-NEXT: %[[C3:.+]] = VPUIP.NNDMA inputs(%[[XB1]] : {{.+}}) outputs(%[[P3]] :
  // CHECK-NEXT: %[[R:.+]] = VPUIP.ConcatView inputs(%[[C0]], %[[C1]], %[[C2]], %[[C3]] : {{.+}}) outputs(%[[Y]] :
  // CHECK-NOT: VPUIP.NNDMA
  // CHECK-NOT: memref.alloc() : memref<{{.+}}, #map>
  // CHECK: return %[[R]]
  // DEPTH0-COUNT-11: VPUIP.NNDMA
  // DEPTH0-NOT: VPUIP.NNDMA
  %xa0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %0 = VPUIP.NNDMA inputs(%a0 : memref<1x16x2x4xf16, #NHWC>) outputs(%xa0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %xa1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %1 = VPUIP.NNDMA inputs(%a1 : memref<1x16x2x4xf16, #NHWC>) outputs(%xa1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %xb0 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %2 = VPUIP.NNDMA inputs(%b0 : memref<1x16x2x4xf16, #NHWC>) outputs(%xb0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %xb1 = memref.alloc() : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %3 = VPUIP.NNDMA inputs(%b1 : memref<1x16x2x4xf16, #NHWC>) outputs(%xb1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  // The first result over H.
  %da = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %da0 = VPUIP.SubView %da [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %4 = VPUIP.NNDMA inputs(%0 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%da0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %da1 = VPUIP.SubView %da [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %5 = VPUIP.NNDMA inputs(%1 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%da1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %6 = VPUIP.ConcatView inputs(%4, %5 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>) outputs(%da : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  // The second result over H.
  %db = memref.alloc() : memref<1x16x4x4xf16, #NHWC>
  %db0 = VPUIP.SubView %db [0, 0, 0, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %7 = VPUIP.NNDMA inputs(%2 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%db0 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %db1 = VPUIP.SubView %db [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #NHWC> to memref<1x16x2x4xf16, #NHWC>
  %8 = VPUIP.NNDMA inputs(%3 : memref<1x16x2x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%db1 : memref<1x16x2x4xf16, #NHWC>) -> memref<1x16x2x4xf16, #NHWC>
  %9 = VPUIP.ConcatView inputs(%7, %8 : memref<1x16x2x4xf16, #NHWC>, memref<1x16x2x4xf16, #NHWC>) outputs(%db : memref<1x16x4x4xf16, #NHWC>) -> memref<1x16x4x4xf16, #NHWC>
  // Both over channels.
  %e = memref.alloc() : memref<1x32x4x4xf16, #NHWC>
  %ea = VPUIP.SubView %e [0, 0, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>
  %10 = VPUIP.NNDMA inputs(%6 : memref<1x16x4x4xf16, #NHWC>) outputs(%ea : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>
  %eb = VPUIP.SubView %e [0, 16, 0, 0] [1, 16, 4, 4] : memref<1x32x4x4xf16, #NHWC> to memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>
  %11 = VPUIP.NNDMA inputs(%9 : memref<1x16x4x4xf16, #NHWC>) outputs(%eb : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>) -> memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>
  %12 = VPUIP.ConcatView inputs(%10, %11 : memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>, memref<1x16x4x4xf16, strided<[512, 1, 128, 32]>>) outputs(%e : memref<1x32x4x4xf16, #NHWC>) -> memref<1x32x4x4xf16, #NHWC>
  %y = memref.alloc() : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %13 = VPUIP.NNDMA inputs(%12 : memref<1x32x4x4xf16, #NHWC>) outputs(%y : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  return %13 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}
// LOG: @channel_concat: removed 3 DMA task(s): 0 DDR round trip(s) within a cluster, 1 replaced by 4 CMX-to-CMX DMA(s), 6 DMA(s) into DDR erased
