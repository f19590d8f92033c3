// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip | FileCheck %s
// Data-movement layers without kernels: strided slices become sub-views with steps, tiles and
// broadcasts copies that fill the output by doubling, ranges constants.

// A strided slice is a sub-view with steps that consumers read directly; a VPU.SW.Slice
// (ONNX-style, with axes) too. A result is copied into a compact buffer.
// CHECK-LABEL: func.func @strided_slices
// CHECK-SAME: (%[[X:.+]]: memref<4x8xf16>)
// CHECK-NEXT: %[[S0:.+]] = VPUIP.SubView %[[X]] [1, 1] [2, 3] steps [2, 3] : memref<4x8xf16> to memref<2x3xf16, strided<[16, 3]>>
// CHECK-NEXT: %[[B0:.+]] = memref.alloc() : memref<2x3xf16>
// CHECK-NEXT: VPUIP.SW.Kernel @VPU.SW::@relu on tile 0 inputs(%[[S0]] : memref<2x3xf16, strided<[16, 3]>>) outputs(%[[B0]] : memref<2x3xf16>)
// CHECK: %[[S1:.+]] = VPUIP.SubView %[[X]] [0, 1] [4, 4] steps [1, 2] : memref<4x8xf16> to memref<4x4xf16, strided<[8, 2]>>
// CHECK-NEXT: %[[B1:.+]] = memref.alloc() : memref<4x4xf16>
// CHECK-NEXT: %[[C1:.+]] = VPUIP.Copy inputs(%[[S1]] : memref<4x4xf16, strided<[8, 2]>>) outputs(%[[B1]] : memref<4x4xf16>)
// CHECK-NEXT: return %{{.+}}, %[[C1]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @strided_slices(%x: tensor<4x8xf16>) -> (tensor<2x3xf16>, tensor<4x4xf16>) {
    %0 = VPU.SW.StridedSlice(%x) {begins = array<i64: 1, 1>, ends = array<i64: 4, 8>, strides = array<i64: 2, 3>} : tensor<4x8xf16> -> tensor<2x3xf16>
    %1 = VPU.SW.ReLU(%0) : tensor<2x3xf16> -> tensor<2x3xf16>
    %2 = VPU.SW.Slice(%x) {starts = array<i64: 1>, ends = array<i64: 8>, axes = array<i64: 1>, steps = array<i64: 2>} : tensor<4x8xf16> -> tensor<4x4xf16>
    return %1, %2 : tensor<2x3xf16>, tensor<4x4xf16>
  }
}

// -----

// A negative step on a dim of one element is no step; an empty slice is an empty buffer; a
// strided slice of a constant reads a copy of it (tasks read constants only directly).
// CHECK-LABEL: func.func @slice_corner_cases
// CHECK-SAME: (%[[X:.+]]: memref<4x8xf16>)
// CHECK-NEXT: %[[S0:.+]] = VPUIP.SubView %[[X]] [3, 0] [1, 4] steps [1, 2] : memref<4x8xf16> to memref<1x4xf16, strided<[8, 2]>>
// CHECK: %[[E:.+]] = memref.alloc() : memref<2x0xf16>
// CHECK: %[[K:.+]] = const.Declare memref<4x8xf16>
// CHECK-NEXT: %[[KB:.+]] = memref.alloc() : memref<4x8xf16>
// CHECK-NEXT: %[[KC:.+]] = VPUIP.Copy inputs(%[[K]] : memref<4x8xf16>) outputs(%[[KB]] : memref<4x8xf16>)
// CHECK-NEXT: VPUIP.SubView %[[KC]] [1, 1] [2, 3] steps [2, 3] : memref<4x8xf16> to memref<2x3xf16, strided<[16, 3]>>
// CHECK: return %{{.+}}, %[[E]], %{{.+}}
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @slice_corner_cases(%x: tensor<4x8xf16>) -> (tensor<1x4xf16>, tensor<2x0xf16>, tensor<2x3xf16>) {
    %0 = VPU.SW.StridedSlice(%x) {begins = array<i64: 3, 0>, ends = array<i64: 2, 7>, strides = array<i64: -1, 2>} : tensor<4x8xf16> -> tensor<1x4xf16>
    %1 = VPU.SW.StridedSlice(%x) {begins = array<i64: 0, 0>, ends = array<i64: 2, 0>, strides = array<i64: 1, 1>} : tensor<4x8xf16> -> tensor<2x0xf16>
    %c = const.Declare tensor<4x8xf16> = #const.Content<dense<1.0> : tensor<4x8xf16>>
    %2 = VPU.SW.StridedSlice(%c) {begins = array<i64: 1, 1>, ends = array<i64: 4, 8>, strides = array<i64: 2, 3>} : tensor<4x8xf16> -> tensor<2x3xf16>
    return %0, %1, %2 : tensor<1x4xf16>, tensor<2x0xf16>, tensor<2x3xf16>
  }
}

// -----

// A tile along the outermost dim fills the output in place: the input into the first block,
// then the filled part after itself (1 -> 2 -> 3 repeats), joined by a concat view.
// CHECK-LABEL: func.func @tile_in_place
// CHECK-SAME: (%[[X:.+]]: memref<2x3xf16>)
// CHECK-NEXT: %[[B:.+]] = memref.alloc() : memref<6x3xf16>
// CHECK-NEXT: %[[V0:.+]] = VPUIP.SubView %[[B]] [0, 0] [2, 3] : memref<6x3xf16> to memref<2x3xf16>
// CHECK-NEXT: %[[C0:.+]] = VPUIP.Copy inputs(%[[X]] : memref<2x3xf16>) outputs(%[[V0]] : memref<2x3xf16>)
// CHECK-NEXT: %[[S1:.+]] = VPUIP.SubView %[[B]] [0, 0] [2, 3] : memref<6x3xf16> to memref<2x3xf16>
// CHECK-NEXT: %[[D1:.+]] = VPUIP.SubView %[[B]] [2, 0] [2, 3] : memref<6x3xf16> to memref<2x3xf16>
// CHECK-NEXT: %[[C1:.+]] = VPUIP.Copy inputs(%[[S1]] : memref<2x3xf16>) outputs(%[[D1]] : memref<2x3xf16>)
// CHECK-NEXT: %[[S2:.+]] = VPUIP.SubView %[[B]] [0, 0] [2, 3] : memref<6x3xf16> to memref<2x3xf16>
// CHECK-NEXT: %[[D2:.+]] = VPUIP.SubView %[[B]] [4, 0] [2, 3] : memref<6x3xf16> to memref<2x3xf16>
// CHECK-NEXT: %[[C2:.+]] = VPUIP.Copy inputs(%[[S2]] : memref<2x3xf16>) outputs(%[[D2]] : memref<2x3xf16>)
// CHECK-NEXT: %[[J:.+]] = VPUIP.ConcatView inputs(%[[C0]], %[[C1]], %[[C2]] : memref<2x3xf16>, memref<2x3xf16>, memref<2x3xf16>) outputs(%[[B]] : memref<6x3xf16>) -> memref<6x3xf16>
// CHECK-NEXT: return %[[J]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @tile_in_place(%x: tensor<2x3xf16>) -> tensor<6x3xf16> {
    %0 = VPU.SW.Tile(%x) {repeats = array<i64: 3, 1>} : tensor<2x3xf16> -> tensor<6x3xf16>
    return %0 : tensor<6x3xf16>
  }
}

// -----

// A tile of an inner dim fills a buffer whose order puts that dim outermost (its blocks are
// then contiguous, so no copy reads bytes it writes), copied into the output at the end.
#CN = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @per_axis_tile
// CHECK-SAME: (%[[X:.+]]: memref<2x3xf16>)
// CHECK-NEXT: %[[B:.+]] = memref.alloc() : memref<2x12xf16>
// CHECK-NEXT: %[[W:.+]] = memref.alloc() : memref<2x12xf16, #[[$CN:.+]]>
// CHECK-NEXT: %[[V0:.+]] = VPUIP.SubView %[[W]] [0, 0] [2, 3] : memref<2x12xf16, #[[$CN]]> to memref<2x3xf16, #[[$CN]]>
// CHECK-NEXT: VPUIP.Copy inputs(%[[X]] : memref<2x3xf16>) outputs(%[[V0]] : memref<2x3xf16, #[[$CN]]>)
// CHECK: VPUIP.SubView %[[W]] [0, 0] [2, 6] : memref<2x12xf16, #[[$CN]]> to memref<2x6xf16, #[[$CN]]>
// CHECK-NEXT: VPUIP.SubView %[[W]] [0, 6] [2, 6] : memref<2x12xf16, #[[$CN]]> to memref<2x6xf16, #[[$CN]]>
// CHECK-NEXT: VPUIP.Copy
// CHECK-NEXT: %[[J:.+]] = VPUIP.ConcatView inputs({{.+}}) outputs(%[[W]] : memref<2x12xf16, #[[$CN]]>)
// CHECK-NEXT: %[[R:.+]] = VPUIP.Copy inputs(%[[J]] : memref<2x12xf16, #[[$CN]]>) outputs(%[[B]] : memref<2x12xf16>) -> memref<2x12xf16>
// CHECK-NEXT: return %[[R]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @per_axis_tile(%x: tensor<2x3xf16>) -> tensor<2x12xf16> {
    %0 = VPU.SW.PerAxisTile(%x) {axis = 1 : i64, tiles = 4 : i64} : tensor<2x3xf16> -> tensor<2x12xf16>
    return %0 : tensor<2x12xf16>
  }
}

// -----

// Repeating an NHWC tensor of one row along H: in place (H lies outside W and C in memory).
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @tile_nhwc
// CHECK-NEXT: %[[B:.+]] = memref.alloc() : memref<1x2x3x4xf16, #[[$NHWC:.+]]>
// CHECK-NEXT: VPUIP.SubView %[[B]] [0, 0, 0, 0] [1, 2, 1, 4]
// CHECK-NEXT: VPUIP.Copy
// CHECK: VPUIP.SubView %[[B]] [0, 0, 2, 0] [1, 2, 1, 4]
// CHECK-NEXT: VPUIP.Copy
// CHECK-NEXT: %[[J:.+]] = VPUIP.ConcatView
// CHECK-NEXT: return %[[J]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @tile_nhwc(%x: tensor<1x2x1x4xf16, #NHWC>) -> tensor<1x2x3x4xf16, #NHWC> {
    %0 = VPU.SW.Tile(%x) {repeats = array<i64: 1, 1, 3, 1>} : tensor<1x2x1x4xf16, #NHWC> -> tensor<1x2x3x4xf16, #NHWC>
    return %0 : tensor<1x2x3x4xf16, #NHWC>
  }
}

// -----

// Two repeated dims of extent above 1 take two passes: dim 0 into an intermediate buffer,
// then dim 1 into the output.
// CHECK-LABEL: func.func @tile_two_passes
// CHECK-SAME: (%[[X:.+]]: memref<2x3xf16>)
// CHECK-NEXT: %[[T:.+]] = memref.alloc() : memref<4x3xf16>
// CHECK: %[[J0:.+]] = VPUIP.ConcatView {{.+}} outputs(%[[T]] : memref<4x3xf16>)
// CHECK-NEXT: %[[B:.+]] = memref.alloc() : memref<4x6xf16>
// CHECK-NEXT: %[[W:.+]] = memref.alloc() : memref<4x6xf16, #{{.+}}>
// CHECK-NEXT: %[[V:.+]] = VPUIP.SubView %[[W]] [0, 0] [4, 3]
// CHECK-NEXT: VPUIP.Copy inputs(%[[J0]] : memref<4x3xf16>) outputs(%[[V]] : {{.+}})
// CHECK: %[[R:.+]] = VPUIP.Copy inputs(%{{.+}} : memref<4x6xf16, #{{.+}}>) outputs(%[[B]] : memref<4x6xf16>)
// CHECK-NEXT: return %[[R]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @tile_two_passes(%x: tensor<2x3xf16>) -> tensor<4x6xf16> {
    %0 = VPU.SW.Tile(%x) {repeats = array<i64: 2, 2>} : tensor<2x3xf16> -> tensor<4x6xf16>
    return %0 : tensor<4x6xf16>
  }
}

// -----

// A broadcast to a higher rank sees the input with the output's rank (a generic reshape),
// then fills the output by doubling; NumPy alignment on the right, or the explicit mapping.
// CHECK-LABEL: func.func @broadcasts
// CHECK-SAME: (%[[X:.+]]: memref<4xf16>, %[[Y:.+]]: memref<3x1xf16>)
// CHECK-NEXT: %[[B0:.+]] = memref.alloc() : memref<2x3x4xf16>
// CHECK-NEXT: %[[R0:.+]] = VPUIP.GenericReshape %[[X]] : memref<4xf16> to memref<1x1x4xf16>
// CHECK-NEXT: %[[V0:.+]] = VPUIP.SubView %[[B0]] [0, 0, 0] [1, 1, 4]
// CHECK-NEXT: VPUIP.Copy inputs(%[[R0]] : memref<1x1x4xf16>) outputs(%[[V0]] : memref<1x1x4xf16>)
// CHECK: VPUIP.SubView %[[B0]] [0, 2, 0] [1, 1, 4]
// CHECK: VPUIP.SubView %[[B0]] [0, 0, 0] [1, 3, 4]
// CHECK-NEXT: VPUIP.SubView %[[B0]] [1, 0, 0] [1, 3, 4]
// CHECK-NEXT: VPUIP.Copy
// CHECK-NEXT: VPUIP.ConcatView
// CHECK: %[[B1:.+]] = memref.alloc() : memref<2x3x1xf16>
// CHECK-NEXT: %[[R1:.+]] = VPUIP.GenericReshape %[[Y]] : memref<3x1xf16> to memref<1x3x1xf16>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @broadcasts(%x: tensor<4xf16>, %y: tensor<3x1xf16>) -> (tensor<2x3x4xf16>, tensor<2x3x1xf16>) {
    %0 = VPU.SW.Broadcast(%x) {target_shape = array<i64: 2, 3, 4>} : tensor<4xf16> -> tensor<2x3x4xf16>
    %1 = VPU.SW.Broadcast(%y) {target_shape = array<i64: 2, 3, 1>, mode = #IE.broadcast_mode<explicit>, axes_mapping = array<i64: 1, 2>} : tensor<3x1xf16> -> tensor<2x3x1xf16>
    return %0, %1 : tensor<2x3x4xf16>, tensor<2x3x1xf16>
  }
}

// -----

// A broadcast of a constant with the output's rank copies it straight into the output;
// with another rank it reshapes a copy.
// CHECK-LABEL: func.func @broadcast_constants
// CHECK: %[[K:.+]] = const.Declare memref<1x4xf16>
// CHECK-NEXT: %[[B:.+]] = memref.alloc() : memref<3x4xf16>
// CHECK-NEXT: %[[V:.+]] = VPUIP.SubView %[[B]] [0, 0] [1, 4]
// CHECK-NEXT: VPUIP.Copy inputs(%[[K]] : memref<1x4xf16>) outputs(%[[V]] : memref<1x4xf16>)
// CHECK: %[[K1:.+]] = const.Declare memref<4xf16>
// CHECK-NEXT: %[[B1:.+]] = memref.alloc() : memref<3x4xf16>
// CHECK-NEXT: %[[KB:.+]] = memref.alloc() : memref<4xf16>
// CHECK-NEXT: %[[KC:.+]] = VPUIP.Copy inputs(%[[K1]] : memref<4xf16>) outputs(%[[KB]] : memref<4xf16>)
// CHECK-NEXT: VPUIP.GenericReshape %[[KC]] : memref<4xf16> to memref<1x4xf16>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @broadcast_constants() -> (tensor<3x4xf16>, tensor<3x4xf16>) {
    %c = const.Declare tensor<1x4xf16> = #const.Content<dense<[[1.0, 2.0, 3.0, 4.0]]> : tensor<1x4xf16>>
    %0 = VPU.SW.Broadcast(%c) {target_shape = array<i64: 3, 4>} : tensor<1x4xf16> -> tensor<3x4xf16>
    %d = const.Declare tensor<4xf16> = #const.Content<dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf16>>
    %1 = VPU.SW.Broadcast(%d) {target_shape = array<i64: 3, 4>} : tensor<4xf16> -> tensor<3x4xf16>
    return %0, %1 : tensor<3x4xf16>, tensor<3x4xf16>
  }
}

// -----

// Ranges are constants, computed in double precision and rounded once.
// CHECK-LABEL: func.func @ranges
// CHECK-NEXT: %[[A:.+]] = const.Declare memref<4xf16> = #const.Content<dense<[5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00]> : tensor<4xf16>>
// CHECK-NEXT: %[[B:.+]] = const.Declare memref<3xsi32> = #const.Content<dense<[5, 3, 1]> : tensor<3xsi32>>
// CHECK-NEXT: return %[[A]], %[[B]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @ranges() -> (tensor<4xf16>, tensor<3xsi32>) {
    %0 = VPU.SW.Range {start = 0.5 : f64, limit = 2.5 : f64, delta = 0.5 : f64, dstElemType = f16} : tensor<4xf16>
    %1 = VPU.SW.Range {start = 5.0 : f64, limit = -1.0 : f64, delta = -2.0 : f64, dstElemType = si32} : tensor<3xsi32>
    return %0, %1 : tensor<4xf16>, tensor<3xsi32>
  }
}
