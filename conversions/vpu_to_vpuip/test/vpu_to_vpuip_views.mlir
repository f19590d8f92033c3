// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip | FileCheck %s
// Views and copies: slices become sub-views, reshapes generic reshapes, concatenations copies
// into parts of one buffer, reorders layout-changing copies.

// A slice is a sub-view the kernel reads directly, strided or not.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @slices
// CHECK-SAME: (%[[X:.+]]: memref<1x16x4x4xf16, #{{.+}}>)
// CHECK: %[[S0:.+]] = VPUIP.SubView %[[X]] [0, 8, 0, 0] [1, 8, 4, 4] : memref<1x16x4x4xf16, #{{.+}}> to memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>
// CHECK: %[[B0:.+]] = memref.alloc() : memref<1x8x4x4xf16, #{{.+}}>
// CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%[[S0]] : memref<1x8x4x4xf16, strided<[256, 1, 64, 16]>>) outputs(%[[B0]] : memref<1x8x4x4xf16, #{{.+}}>)
// CHECK: %[[S1:.+]] = VPUIP.SubView %[[X]] [0, 0, 2, 0] [1, 16, 2, 4] : memref<1x16x4x4xf16, #{{.+}}> to memref<1x16x2x4xf16, #{{.+}}>
// CHECK: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%[[S1]] : memref<1x16x2x4xf16, #{{.+}}>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @slices(%x: tensor<1x16x4x4xf16, #NHWC>) -> (tensor<1x8x4x4xf16, #NHWC>, tensor<1x16x2x4xf16, #NHWC>) {
    %0 = VPU.Slice %x [0, 8, 0, 0] [1, 8, 4, 4] : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x8x4x4xf16, #NHWC>
    %1 = VPU.SW.ReLU(%0) : tensor<1x8x4x4xf16, #NHWC> -> tensor<1x8x4x4xf16, #NHWC>
    %2 = VPU.Slice %x [0, 0, 2, 0] [1, 16, 2, 4] : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x2x4xf16, #NHWC>
    %3 = VPU.SW.ReLU(%2) : tensor<1x16x2x4xf16, #NHWC> -> tensor<1x16x2x4xf16, #NHWC>
    return %1, %3 : tensor<1x8x4x4xf16, #NHWC>, tensor<1x16x2x4xf16, #NHWC>
  }
}

// -----

// A strided view returned as a result is copied into a compact buffer first.
// CHECK-LABEL: func.func @slice_result
// CHECK-SAME: (%[[X:.+]]: memref<4x4xf16>) -> memref<4x2xf16>
// CHECK-NEXT: %[[S:.+]] = VPUIP.SubView %[[X]] [0, 1] [4, 2] : memref<4x4xf16> to memref<4x2xf16, strided<[4, 1]>>
// CHECK-NEXT: %[[B:.+]] = memref.alloc() : memref<4x2xf16>
// CHECK-NEXT: %[[C:.+]] = VPUIP.Copy inputs(%[[S]] : memref<4x2xf16, strided<[4, 1]>>) outputs(%[[B]] : memref<4x2xf16>) -> memref<4x2xf16>
// CHECK-NEXT: return %[[C]] : memref<4x2xf16>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @slice_result(%x: tensor<4x4xf16>) -> tensor<4x2xf16> {
    %0 = VPU.Slice %x [0, 1] [4, 2] : tensor<4x4xf16> -> tensor<4x2xf16>
    return %0 : tensor<4x2xf16>
  }
}

// -----

// Reshapes are generic reshapes of the same bytes; a strided input is made compact first.
// CHECK-LABEL: func.func @reshapes
// CHECK-SAME: (%[[X:.+]]: memref<1x16x4x4xf16>, %[[Y:.+]]: memref<4x4xf16>)
// CHECK-NEXT: %[[R0:.+]] = VPUIP.GenericReshape %[[X]] : memref<1x16x4x4xf16> to memref<1x256xf16>
// CHECK-NEXT: %[[R1:.+]] = VPUIP.GenericReshape %[[X]] : memref<1x16x4x4xf16> to memref<1x16x16xf16>
// CHECK-NEXT: %[[S:.+]] = VPUIP.SubView %[[Y]] [0, 1] [4, 2] : memref<4x4xf16> to memref<4x2xf16, strided<[4, 1]>>
// CHECK-NEXT: %[[B:.+]] = memref.alloc() : memref<4x2xf16>
// CHECK-NEXT: %[[C:.+]] = VPUIP.Copy inputs(%[[S]] : memref<4x2xf16, strided<[4, 1]>>) outputs(%[[B]] : memref<4x2xf16>) -> memref<4x2xf16>
// CHECK-NEXT: %[[R2:.+]] = VPUIP.GenericReshape %[[C]] : memref<4x2xf16> to memref<8xf16>
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[R2]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @reshapes(%x: tensor<1x16x4x4xf16>, %y: tensor<4x4xf16>) -> (tensor<1x256xf16>, tensor<1x16x16xf16>, tensor<8xf16>) {
    %0 = VPU.Reshape(%x) {shape = array<i64: 1, 256>} : tensor<1x16x4x4xf16> -> tensor<1x256xf16>
    %1 = VPU.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 1>, array<i64: 2>, array<i64: 2>], shape_value = array<i64: 1, 16, 16>} : tensor<1x16x4x4xf16> -> tensor<1x16x16xf16>
    %2 = VPU.Slice %y [0, 1] [4, 2] : tensor<4x4xf16> -> tensor<4x2xf16>
    %3 = VPU.Reshape(%2) {shape = array<i64: 8>} : tensor<4x2xf16> -> tensor<8xf16>
    return %0, %1, %3 : tensor<1x256xf16>, tensor<1x16x16xf16>, tensor<8xf16>
  }
}

// -----

// An affine reshape keeps the layout: NHWC 1x16x4x8 -> 1x16x32 in the order (d0, d2, d1).
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NWC = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-LABEL: func.func @affine_reshape_layout
// CHECK: VPUIP.GenericReshape %{{.+}} : memref<1x16x4x8xf16, #{{.+}}> to memref<1x16x32xf16, #{{.+}}>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @affine_reshape_layout(%x: tensor<1x16x4x8xf16, #NHWC>) -> tensor<1x16x32xf16, #NWC> {
    %0 = VPU.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 1>, array<i64: 2>, array<i64: 2>], shape_value = array<i64: 1, 16, 32>} : tensor<1x16x4x8xf16, #NHWC> -> tensor<1x16x32xf16, #NWC>
    return %0 : tensor<1x16x32xf16, #NWC>
  }
}

// -----

// A concatenation: one output buffer, each input copied into its part, a concat view.
// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.+]]: memref<1x2x4xf16>, %[[B:.+]]: memref<1x3x4xf16>)
// CHECK-NEXT: %[[BUF:.+]] = memref.alloc() : memref<1x8x4xf16>
// CHECK-NEXT: %[[V0:.+]] = VPUIP.SubView %[[BUF]] [0, 0, 0] [1, 2, 4] : memref<1x8x4xf16> to memref<1x2x4xf16>
// CHECK-NEXT: %[[C0:.+]] = VPUIP.Copy inputs(%[[A]] : memref<1x2x4xf16>) outputs(%[[V0]] : memref<1x2x4xf16>) -> memref<1x2x4xf16>
// CHECK-NEXT: %[[V1:.+]] = VPUIP.SubView %[[BUF]] [0, 2, 0] [1, 3, 4] : memref<1x8x4xf16> to memref<1x3x4xf16>
// CHECK-NEXT: %[[C1:.+]] = VPUIP.Copy inputs(%[[B]] : memref<1x3x4xf16>) outputs(%[[V1]] : memref<1x3x4xf16>) -> memref<1x3x4xf16>
// CHECK-NEXT: %[[V2:.+]] = VPUIP.SubView %[[BUF]] [0, 5, 0] [1, 3, 4] : memref<1x8x4xf16> to memref<1x3x4xf16>
// CHECK-NEXT: %[[C2:.+]] = VPUIP.Copy inputs(%[[B]] : memref<1x3x4xf16>) outputs(%[[V2]] : memref<1x3x4xf16>) -> memref<1x3x4xf16>
// CHECK-NEXT: %[[R:.+]] = VPUIP.ConcatView inputs(%[[C0]], %[[C1]], %[[C2]] : memref<1x2x4xf16>, memref<1x3x4xf16>, memref<1x3x4xf16>) outputs(%[[BUF]] : memref<1x8x4xf16>) -> memref<1x8x4xf16>
// CHECK-NEXT: return %[[R]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @concat(%a: tensor<1x2x4xf16>, %b: tensor<1x3x4xf16>) -> tensor<1x8x4xf16> {
    %0 = VPU.Concat(%a, %b, %b) {axis = -2 : i64} : tensor<1x2x4xf16>, tensor<1x3x4xf16>, tensor<1x3x4xf16> -> tensor<1x8x4xf16>
    return %0 : tensor<1x8x4xf16>
  }
}

// -----

// Concatenating channels of NHWC tensors: strided parts; a constant input is copied too.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @concat_nhwc
// CHECK: %[[BUF:.+]] = memref.alloc() : memref<1x8x2x2xf16, #{{.+}}>
// CHECK: %[[V0:.+]] = VPUIP.SubView %[[BUF]] [0, 0, 0, 0] [1, 4, 2, 2] : memref<1x8x2x2xf16, #{{.+}}> to memref<1x4x2x2xf16, strided<[32, 1, 16, 8]>>
// CHECK: VPUIP.Copy inputs(%{{.+}} : memref<1x4x2x2xf16, #{{.+}}>) outputs(%[[V0]] : memref<1x4x2x2xf16, strided<[32, 1, 16, 8]>>)
// CHECK: %[[V1:.+]] = VPUIP.SubView %[[BUF]] [0, 4, 0, 0] [1, 4, 2, 2]
// CHECK: VPUIP.Copy inputs(%{{.+}} : memref<1x4x2x2xf16, #{{.+}}>) outputs(%[[V1]] :
// CHECK: VPUIP.ConcatView
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @concat_nhwc(%a: tensor<1x4x2x2xf16, #NHWC>) -> tensor<1x8x2x2xf16, #NHWC> {
    %c = const.Declare tensor<1x4x2x2xf16, #NHWC> = #const.Content<dense<1.0> : tensor<1x4x2x2xf16>, [#const.Reorder<#NHWC>]>
    %0 = VPU.Concat(%a, %c) {axis = 1 : i64} : tensor<1x4x2x2xf16, #NHWC>, tensor<1x4x2x2xf16, #NHWC> -> tensor<1x8x2x2xf16, #NHWC>
    return %0 : tensor<1x8x2x2xf16, #NHWC>
  }
}

// -----

// A reorder is a copy into a buffer of the new order (a DMA later), not a kernel call.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: module attributes {VPUIP.resources
// CHECK-NOT: module @VPU.SW
// CHECK-LABEL: func.func @reorder
// CHECK-SAME: (%[[X:.+]]: memref<1x16x4x4xf16>)
// CHECK-NEXT: %[[B:.+]] = memref.alloc() : memref<1x16x4x4xf16, #{{.+}}>
// CHECK-NEXT: %[[C:.+]] = VPUIP.Copy inputs(%[[X]] : memref<1x16x4x4xf16>) outputs(%[[B]] : memref<1x16x4x4xf16, #{{.+}}>) -> memref<1x16x4x4xf16, #{{.+}}>
// CHECK-NEXT: return %[[C]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @reorder(%x: tensor<1x16x4x4xf16>) -> tensor<1x16x4x4xf16, #NHWC> {
    %0 = VPU.SW.Reorder(%x) {dstOrder = #NHWC} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16, #NHWC>
    return %0 : tensor<1x16x4x4xf16, #NHWC>
  }
}
