// RUN: vpuc-opt %s --split-input-file --vpuc-vpuip-broadcast-dmas | FileCheck %s

// Both clusters load the same weights at offset 0 of their CMX: the second load joins the first,
// and its reader reads the buffer of cluster 1.
// CHECK-LABEL: func.func @into_earlier
// CHECK:      %[[B0:.+]] = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
// CHECK:      %[[B1:.+]] = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK:      %[[W:.+]] = VPUIP.NNDMA {port = 1 : i64} inputs(%{{.+}}) outputs(%[[B0]] : {{.+}}) broadcast(%[[B1]] : {{.+}})
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W]] : {{.+}}) outputs(%arg0 :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[B1]] : {{.+}}) outputs(%arg1 :
// CHECK-NOT:  VPUIP.NNDMA
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @into_earlier(%y0: memref<16x16x1x1xf16, #NHWC>, %y1: memref<16x16x1x1xf16, #NHWC>) -> (memref<16x16x1x1xf16, #NHWC>, memref<16x16x1x1xf16, #NHWC>) {
    %w = const.Declare memref<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %b0 = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %b1 = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %0 = VPUIP.NNDMA {port = 1 : i64} inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%b0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%b1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %2 = VPUIP.NNDMA inputs(%0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y0 : memref<16x16x1x1xf16, #NHWC>) -> memref<16x16x1x1xf16, #NHWC>
    %3 = VPUIP.NNDMA inputs(%1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%y1 : memref<16x16x1x1xf16, #NHWC>) -> memref<16x16x1x1xf16, #NHWC>
    return %2, %3 : memref<16x16x1x1xf16, #NHWC>, memref<16x16x1x1xf16, #NHWC>
  }
}

// -----

// The bytes that cluster 1's part takes (512 to 1024) are still read (%old) after the load of
// cluster 0: the load of cluster 1 cannot move up, so cluster 0's load waits for it and
// broadcasts (its reader comes after). The parts of split loads (views of their buffers) join
// like whole ones.
// CHECK-LABEL: func.func @into_later
// CHECK:      %[[B0:.+]] = VPUIP.StaticAlloc<0> -> memref<32x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[0]>>
// CHECK:      %[[B1:.+]] = VPUIP.StaticAlloc<0> -> memref<32x16x1x1xf16, #{{.+}}, #VPUIP.mem<CMX_NN[1]>>
// CHECK:      %[[V0:.+]] = VPUIP.SubView %[[B0]] [16, 0, 0, 0] [16, 16, 1, 1]
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[OLD:.+]] : {{.+}}) outputs(%arg1 :
// CHECK-NEXT: %[[V1:.+]] = VPUIP.SubView %[[B1]] [16, 0, 0, 0] [16, 16, 1, 1]
// CHECK-NEXT: %[[W:.+]] = VPUIP.NNDMA inputs(%{{.+}}) outputs(%[[V1]] : {{.+}}) broadcast(%[[V0]] : {{.+}})
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[V0]] : {{.+}}) outputs(%arg0 :
// CHECK-NEXT: VPUIP.NNDMA inputs(%[[W]] : {{.+}}) outputs(%arg0 :
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @into_later(%y: memref<16x16x1x1xf16, #NHWC>, %z: memref<16xf16>) -> (memref<16x16x1x1xf16, #NHWC>, memref<16x16x1x1xf16, #NHWC>, memref<16xf16>) {
    %w = const.Declare memref<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>, #const.SubView<[16, 0, 0, 0], [16, 16, 1, 1]>]>
    %b0 = VPUIP.StaticAlloc<0> -> memref<32x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %b1 = VPUIP.StaticAlloc<0> -> memref<32x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %old = VPUIP.StaticAlloc<512> -> memref<16xf16, #VPUIP.mem<CMX_NN[1]>>
    %v0 = VPUIP.SubView %b0 [16, 0, 0, 0] [16, 16, 1, 1] : memref<32x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> to memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %0 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%v0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%old : memref<16xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%z : memref<16xf16>) -> memref<16xf16>
    %v1 = VPUIP.SubView %b1 [16, 0, 0, 0] [16, 16, 1, 1] : memref<32x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> to memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %2 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%v1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %3 = VPUIP.NNDMA inputs(%0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<16x16x1x1xf16, #NHWC>) -> memref<16x16x1x1xf16, #NHWC>
    %4 = VPUIP.NNDMA inputs(%2 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%y : memref<16x16x1x1xf16, #NHWC>) -> memref<16x16x1x1xf16, #NHWC>
    return %3, %4, %1 : memref<16x16x1x1xf16, #NHWC>, memref<16x16x1x1xf16, #NHWC>, memref<16xf16>
  }
}

// -----

// Not joined: cluster 0's copy is read and cluster 1's address still read between the loads
// (@busy_between), the offsets differ (@other_offsets), or the module has no target resources
// (@no_target).
// CHECK-LABEL: func.func @busy_between
// CHECK-COUNT-4: VPUIP.NNDMA inputs
// CHECK-NOT:     broadcast(
// CHECK-LABEL: func.func @other_offsets
// CHECK-NOT:     broadcast(
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2,
    cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2,
    dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64,
    max_producers = 256, max_consumers = 256>} {
  func.func @busy_between(%y: memref<16x16x1x1xf16, #NHWC>, %z: memref<16xf16>) -> (memref<16x16x1x1xf16, #NHWC>, memref<16xf16>, memref<16x16x1x1xf16, #NHWC>) {
    %w = const.Declare memref<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %b0 = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %b1 = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %old = VPUIP.StaticAlloc<0> -> memref<16xf16, #VPUIP.mem<CMX_NN[1]>>
    %0 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%b0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%y : memref<16x16x1x1xf16, #NHWC>) -> memref<16x16x1x1xf16, #NHWC>
    %2 = VPUIP.NNDMA inputs(%old : memref<16xf16, #VPUIP.mem<CMX_NN[1]>>) outputs(%z : memref<16xf16>) -> memref<16xf16>
    %3 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%b1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %4 = VPUIP.NNDMA inputs(%3 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) outputs(%y : memref<16x16x1x1xf16, #NHWC>) -> memref<16x16x1x1xf16, #NHWC>
    return %1, %2, %4 : memref<16x16x1x1xf16, #NHWC>, memref<16xf16>, memref<16x16x1x1xf16, #NHWC>
  }

  func.func @other_offsets() -> (memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) {
    %w = const.Declare memref<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
    %b0 = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %b1 = VPUIP.StaticAlloc<512> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    %0 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%b0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    %1 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%b1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
    return %0, %1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  }
}

// -----

// CHECK-LABEL: func.func @no_target
// CHECK-NOT:   broadcast(
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @no_target() -> (memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) {
  %w = const.Declare memref<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %b0 = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %b1 = VPUIP.StaticAlloc<0> -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %0 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%b0 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %1 = VPUIP.NNDMA inputs(%w : memref<16x16x1x1xf16, #NHWC>) outputs(%b1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  return %0, %1 : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
}
