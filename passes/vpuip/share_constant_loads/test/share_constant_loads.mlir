// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-share-constant-loads | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-share-constant-loads="window=1" | FileCheck %s --check-prefix=WINDOW

// Two tiles of one layer in cluster 0 load the same weights: the second load is erased and its
// reader reads the first copy. Cluster 1's load is another buffer's and stays.
// CHECK-LABEL: func.func @shared
// CHECK:      %[[B0:.+]] = memref.alloc() : memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: %[[W0:.+]] = VPUIP.NNDMA inputs(%{{.+}}) outputs(%[[B0]] : {{.+}})
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W0]] : {{.+}}) outputs(%arg0 :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W0]] : {{.+}}) outputs(%arg1 :
// CHECK-NEXT: %[[B1:.+]] = memref.alloc() : memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK-NEXT: %[[W1:.+]] = VPUIP.NNDMA inputs(%{{.+}}) outputs(%[[B1]] : {{.+}})
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W1]] : {{.+}}) outputs(%arg2 :
// CHECK-NEXT: return
// WINDOW-LABEL: func.func @shared
// WINDOW-COUNT-3: VPUIP.NNDMA inputs(%{{.+}} : memref<16x16x1x1xf16, #{{.+}}>)
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
!W = memref<16x16x1x1xf16, #NHWC>
!W0 = memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
!W1 = memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
func.func @shared(%y0: !W, %y1: !W, %y2: !W) -> (!W, !W, !W) {
  %w = const.Declare !W = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %b0 = memref.alloc() : !W0
  %0 = VPUIP.NNDMA inputs(%w : !W) outputs(%b0 : !W0) -> !W0
  %1 = VPUIP.NNDMA inputs(%0 : !W0) outputs(%y0 : !W) -> !W
  %b1 = memref.alloc() : !W0
  %2 = VPUIP.NNDMA inputs(%w : !W) outputs(%b1 : !W0) -> !W0
  %3 = VPUIP.NNDMA inputs(%2 : !W0) outputs(%y1 : !W) -> !W
  %b2 = memref.alloc() : !W1
  %4 = VPUIP.NNDMA inputs(%w : !W) outputs(%b2 : !W1) -> !W1
  %5 = VPUIP.NNDMA inputs(%4 : !W1) outputs(%y2 : !W) -> !W
  return %1, %3, %5 : !W, !W, !W
}

// -----

// A constant of the same content from another const.Declare is the same copy; a constant of
// other content is not. A copy read through a view is shared too.
// CHECK-LABEL: func.func @by_content
// CHECK:      %[[W0:.+]] = VPUIP.NNDMA inputs(%{{.+}}) outputs(%{{.+}} : memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W0]] : {{.+}}) outputs(%arg0 :
// CHECK-NEXT: %[[S:.+]] = VPUIP.SubView %[[W0]] [8, 0, 0, 0]
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[S]] : {{.+}}) outputs(%arg1 :
// CHECK-NEXT: memref.alloc()
// CHECK-NEXT: %[[W2:.+]] = VPUIP.NNDMA inputs(%{{.+}}) outputs(%{{.+}} : memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W2]] : {{.+}}) outputs(%arg2 :
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
!W = memref<16x16x1x1xf16, #NHWC>
!W0 = memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
!V0 = memref<8x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
!V = memref<8x16x1x1xf16, #NHWC>
func.func @by_content(%y0: !W, %y1: !V, %y2: !W) -> (!W, !V, !W) {
  %w = const.Declare !W = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %v = const.Declare !W = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %u = const.Declare !W = #const.Content<dense<2.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %b0 = memref.alloc() : !W0
  %0 = VPUIP.NNDMA inputs(%w : !W) outputs(%b0 : !W0) -> !W0
  %1 = VPUIP.NNDMA inputs(%0 : !W0) outputs(%y0 : !W) -> !W
  %b1 = memref.alloc() : !W0
  %2 = VPUIP.NNDMA inputs(%v : !W) outputs(%b1 : !W0) -> !W0
  %s = VPUIP.SubView %2 [8, 0, 0, 0] [8, 16, 1, 1] : !W0 to !V0
  %3 = VPUIP.NNDMA inputs(%s : !V0) outputs(%y1 : !V) -> !V
  %b2 = memref.alloc() : !W0
  %4 = VPUIP.NNDMA inputs(%u : !W) outputs(%b2 : !W0) -> !W0
  %5 = VPUIP.NNDMA inputs(%4 : !W0) outputs(%y2 : !W) -> !W
  return %1, %3, %5 : !W, !V, !W
}

// -----

// A copy that a task writes (here a DMA into it) is not shared, nor is a load into a copy that
// is written afterwards.
// CHECK-LABEL: func.func @written
// CHECK-COUNT-3: VPUIP.NNDMA inputs(%{{.+}} : memref<16x16x1x1xf16, #{{.+}}>)
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
!W = memref<16x16x1x1xf16, #NHWC>
!W0 = memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
func.func @written(%x: !W, %y0: !W, %y1: !W, %y2: !W) -> (!W, !W, !W) {
  %w = const.Declare !W = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %b0 = memref.alloc() : !W0
  %0 = VPUIP.NNDMA inputs(%w : !W) outputs(%b0 : !W0) -> !W0
  %1 = VPUIP.NNDMA inputs(%x : !W) outputs(%0 : !W0) -> !W0
  %2 = VPUIP.NNDMA inputs(%1 : !W0) outputs(%y0 : !W) -> !W
  %b1 = memref.alloc() : !W0
  %3 = VPUIP.NNDMA inputs(%w : !W) outputs(%b1 : !W0) -> !W0
  %4 = VPUIP.NNDMA inputs(%3 : !W0) outputs(%y1 : !W) -> !W
  %b2 = memref.alloc() : !W0
  %5 = VPUIP.NNDMA inputs(%w : !W) outputs(%b2 : !W0) -> !W0
  %6 = VPUIP.NNDMA inputs(%x : !W) outputs(%5 : !W0) -> !W0
  %7 = VPUIP.NNDMA inputs(%6 : !W0) outputs(%y2 : !W) -> !W
  return %2, %4, %7 : !W, !W, !W
}
