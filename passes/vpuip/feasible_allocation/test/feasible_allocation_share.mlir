// RUN: vpuc-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{share-copies=true share-margin=0 summary=true check-dependencies=true}))' | FileCheck %s
// Just in time, the first copy is released before the second load: both loads stay.
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{share-copies=true share-margin=0 prefetch-lookahead=0 check-dependencies=true}))' | FileCheck %s --check-prefix=JIT
// Without share-copies every load stays.
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-vpuip-feasible-allocation{check-dependencies=true}))' | FileCheck %s --check-prefix=JIT

// %w and %v hold the same bytes. Their loads into cluster 0 are wanted while the first copy is
// still in CMX (prefetched for the next reader): the second load is erased and its reader reads
// the first copy. The load into cluster 1 and the load of other content (%u) stay.
// CHECK-LABEL: func.func @shared
// CHECK-DAG:  %[[B0:.+]] = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
// CHECK-DAG:  %[[B1:.+]] = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK-DAG:  %[[B2:.+]] = VPUIP.StaticAlloc<512> -> memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
// CHECK-DAG:  %[[W:.+]] = const.Declare {{.+}} = #const.Content<dense<1.000000e+00>
// CHECK-DAG:  %[[U:.+]] = const.Declare {{.+}} = #const.Content<dense<2.000000e+00>
// CHECK:      VPUIP.NNDMA inputs(%[[W]] : {{.+}}) outputs(%[[B0]] :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[B0]] : {{.+}}) outputs(%arg0 :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W]] : {{.+}}) outputs(%[[B1]] :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[U]] : {{.+}}) outputs(%[[B2]] :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[B0]] : {{.+}}) outputs(%arg1 :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[B1]] : {{.+}}) outputs(%arg2 :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[B2]] : {{.+}}) outputs(%arg3 :
// CHECK-NEXT: return
// JIT-LABEL: func.func @shared
// JIT-COUNT-3: outputs(%{{.+}} : memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>) ->
// JIT-NOT: #VPUIP.mem<CMX_NN[0]>>) ->
// JIT: return
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
!W = memref<16x16x1x1xf16, #NHWC>
!W0 = memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
!W1 = memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 8192, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 8, max_producers = 256, max_consumers = 256>} {
  // expected-remark @+1 {{8 task(s), 7 step(s); 0 spill write(s) (0 bytes), 0 spill read(s), 0 reload(s) (0 bytes), 2 prefetched, 1 shared (512 bytes)}}
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
