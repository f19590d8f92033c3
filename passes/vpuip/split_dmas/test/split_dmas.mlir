// RUN: vpuc-opt %s --vpuc-vpuip-split-dmas="max-bytes=65536" --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --vpuc-vpuip-split-dmas="max-bytes=0" --split-input-file | FileCheck %s --check-prefix=OFF

// 128 KiB of weights loaded into each cluster: each load becomes two DMAs of 64 KiB of constants
// of the slices of the content (over O, the outermost dim in memory), into views of the
// destination, on the port of the load, joined by a ConcatView the convolution reads. The two
// loads read the same two constants. A small load stays whole.
// CHECK-LABEL: func.func @weights
// CHECK:      %[[B0:.*]] = VPUIP.StaticAlloc<0>
// CHECK:      %[[W0:.*]] = const.Declare memref<64x512x1x1xf16, #map> = #const.Content<dense<1.000000e+00> : tensor<128x512x1x1xf16>, [#const.Reorder<#map>, #const.SubView<[0, 0, 0, 0], [64, 512, 1, 1]>]>
// CHECK-NEXT: %[[V0:.*]] = VPUIP.SubView %[[B0]] [0, 0, 0, 0] [64, 512, 1, 1]
// CHECK-NEXT: %[[D0:.*]] = VPUIP.NNDMA {port = 1 : i64} inputs(%[[W0]] : memref<64x512x1x1xf16, #map>) outputs(%[[V0]] : memref<64x512x1x1xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: %[[W1:.*]] = const.Declare memref<64x512x1x1xf16, #map> = #const.Content<dense<1.000000e+00> : tensor<128x512x1x1xf16>, [#const.Reorder<#map>, #const.SubView<[64, 0, 0, 0], [64, 512, 1, 1]>]>
// CHECK-NEXT: %[[V1:.*]] = VPUIP.SubView %[[B0]] [64, 0, 0, 0] [64, 512, 1, 1]
// CHECK-NEXT: %[[D1:.*]] = VPUIP.NNDMA {port = 1 : i64} inputs(%[[W1]] : memref<64x512x1x1xf16, #map>) outputs(%[[V1]] :
// CHECK-NEXT: %[[C0:.*]] = VPUIP.ConcatView inputs(%[[D0]], %[[D1]] : {{.*}}) outputs(%[[B0]] : memref<128x512x1x1xf16, #map, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-NEXT: VPUIP.SubView
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W0]] :
// CHECK-NEXT: VPUIP.SubView
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W1]] :
// CHECK-NEXT: %[[C1:.*]] = VPUIP.ConcatView
// CHECK-NEXT: %[[S:.*]] = VPUIP.NNDMA inputs(%{{.*}} : memref<16x16x1x1xf16, #map>)
// CHECK-NEXT: return %[[C0]], %[[C1]], %[[S]]
// OFF-LABEL: func.func @weights
// OFF-COUNT-3: VPUIP.NNDMA
// OFF-NOT: VPUIP.NNDMA
// OFF-NOT: VPUIP.ConcatView
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module {
  func.func @weights() -> (memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
    %w = const.Declare memref<128x512x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<128x512x1x1xf16>, [#const.Reorder<#NHWC>]>
    %s = const.Declare memref<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %b0 = VPUIP.StaticAlloc<0> -> memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %b1 = VPUIP.StaticAlloc<0> -> memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %bs = VPUIP.StaticAlloc<131072> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA {port = 1 : i64} inputs(%w : memref<128x512x1x1xf16, #NHWC>) outputs(%b0 : memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%w : memref<128x512x1x1xf16, #NHWC>) outputs(%b1 : memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %2 = VPUIP.NNDMA inputs(%s : memref<16x16x1x1xf16, #NHWC>) outputs(%bs : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    return %0, %1, %2 : memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<128x512x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  }
}

// -----

// An activation spilled to DDR (98 KiB, NHWC): cut over H into two views of both buffers.
// CHECK-LABEL: func.func @spill
// OFF-LABEL: func.func @spill
// CHECK:      %[[I0:.*]] = VPUIP.SubView %arg0 [0, 0, 0, 0] [1, 64, 14, 28]
// CHECK-NEXT: %[[O0:.*]] = VPUIP.SubView %arg1 [0, 0, 0, 0] [1, 64, 14, 28]
// CHECK-NEXT: %[[D0:.*]] = VPUIP.NNDMA inputs(%[[I0]] : {{.*}}) outputs(%[[O0]] : {{.*}})
// CHECK-NEXT: %[[I1:.*]] = VPUIP.SubView %arg0 [0, 0, 14, 0] [1, 64, 14, 28]
// CHECK-NEXT: %[[O1:.*]] = VPUIP.SubView %arg1 [0, 0, 14, 0] [1, 64, 14, 28]
// CHECK-NEXT: %[[D1:.*]] = VPUIP.NNDMA inputs(%[[I1]] : {{.*}}) outputs(%[[O1]] : {{.*}})
// CHECK-NEXT: %[[C:.*]] = VPUIP.ConcatView inputs(%[[D0]], %[[D1]] : {{.*}}) outputs(%arg1 : {{.*}})
// CHECK-NEXT: return %[[C]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module {
  func.func @spill(%cmx: memref<1x64x28x28xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %ddr: memref<1x64x28x28xf16, #NHWC>) -> memref<1x64x28x28xf16, #NHWC> {
    %0 = VPUIP.NNDMA inputs(%cmx : memref<1x64x28x28xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%ddr : memref<1x64x28x28xf16, #NHWC>) -> memref<1x64x28x28xf16, #NHWC>
    return %0 : memref<1x64x28x28xf16, #NHWC>
  }
}
