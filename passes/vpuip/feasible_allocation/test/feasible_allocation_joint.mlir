// RUN: vpuc-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{joint-twins=true summary=true check-dependencies=true}))' | FileCheck %s

// With joint-twins, every candidate schedule is also made with joint twins, and one of those is
// kept only if its estimate is lower by share-margin: here the estimates tie (no placement
// differs), so the plain one is kept. The loads of one content (%w and %v, twins) take one offset
// in both clusters (the placement of joint twins itself: the gtest
// FeasibleSchedulerTest.JointTwinsTakeAnOffsetFreeInBothArenas).
// CHECK-LABEL: func.func @shared
// CHECK:      VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: VPUIP.StaticAlloc<512> -> memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
// CHECK-NEXT: VPUIP.StaticAlloc<512> -> memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[1]>>
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
!W = memref<16x16x1x1xf16, #NHWC>
!W0 = memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
!W1 = memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{kept lookahead 16 of the list-scheduled estimates (cycles) lookahead 16}}
  func.func @shared(%y0: !W, %y1: !W, %y2: !W, %y3: !W) -> (!W, !W, !W, !W) {
    %w = const.Declare !W = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %v = const.Declare !W = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %u = const.Declare !W = #const.Content<dense<2.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %b0 = memref.alloc() : !W0
    %0 = VPUIP.NNDMA inputs(%w : !W) outputs(%b0 : !W0) -> !W0
    %1 = VPUIP.NNDMA inputs(%0 : !W0) outputs(%y0 : !W) -> !W
    %b1 = memref.alloc() : !W0
    %2 = VPUIP.NNDMA inputs(%v : !W) outputs(%b1 : !W0) -> !W0
    %3 = VPUIP.NNDMA inputs(%2 : !W0) outputs(%y1 : !W) -> !W
    %b2 = memref.alloc() : !W1
    %4 = VPUIP.NNDMA inputs(%w : !W) outputs(%b2 : !W1) -> !W1
    %5 = VPUIP.NNDMA inputs(%4 : !W1) outputs(%y2 : !W) -> !W
    %b3 = memref.alloc() : !W0
    %6 = VPUIP.NNDMA inputs(%u : !W) outputs(%b3 : !W0) -> !W0
    %7 = VPUIP.NNDMA inputs(%6 : !W0) outputs(%y3 : !W) -> !W
    return %1, %3, %5, %7 : !W, !W, !W, !W
  }
}
