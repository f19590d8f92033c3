// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-pipeline-sw-layers{min-tile-bytes=1024}))' | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-pipeline-sw-layers{min-tile-bytes=1024 tiles=3}))' | FileCheck %s --check-prefix=THREE
// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-pipeline-sw-layers))' | FileCheck %s --check-prefix=SMALL

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// An expansion on cluster 0 and its Swish (8 x 32 x 32 channels, 16 KiB): the expansion is cut
// into two tiles of 4 rows, the Swish alike, each part reading its tile. Three tiles (no
// target, so no MPE mode to align to): 2, 3 and 3 rows. The default min-tile-bytes (32 KiB) leaves it whole (SMALL).
// CHECK-LABEL: func.func @expansion
// CHECK:      %[[X0:.+]] = VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 4, 32]
// CHECK-NEXT: %[[C0:.+]] = VPU.NCE.Convolution(%[[X0]], %{{.+}}, %{{.+}}) {cluster = 0 : i64
// CHECK-SAME: -> tensor<1x32x4x32xf16
// CHECK-NEXT: %[[X1:.+]] = VPU.Slice %arg0 [0, 0, 4, 0] [1, 16, 4, 32]
// CHECK-NEXT: %[[C1:.+]] = VPU.NCE.Convolution(%[[X1]], %{{.+}}, %{{.+}}) {cluster = 0 : i64
// CHECK-NEXT: %[[S0:.+]] = VPU.SW.Swish(%[[C0]]) : tensor<1x32x4x32xf16, #{{.+}}> -> tensor<1x32x4x32xf16
// CHECK-NEXT: %[[S1:.+]] = VPU.SW.Swish(%[[C1]])
// CHECK-NEXT: %[[J:.+]] = VPU.Concat(%[[S0]], %[[S1]]) {axis = 2 : i64}
// CHECK-NEXT: return %[[J]]
// THREE-LABEL: func.func @expansion
// THREE-COUNT-3: VPU.NCE.Convolution
// THREE:      VPU.SW.Swish({{.+}}) : tensor<1x32x2x32xf16
// THREE-NEXT: VPU.SW.Swish({{.+}}) : tensor<1x32x3x32xf16
// THREE-NEXT: VPU.SW.Swish({{.+}}) : tensor<1x32x3x32xf16
// SMALL-LABEL: func.func @expansion
// SMALL-COUNT-1: VPU.NCE.Convolution
// SMALL-NOT: VPU.NCE.Convolution
// SMALL-NOT: VPU.Concat
func.func @expansion(%x: tensor<1x16x8x32xf16, #NHWC>) -> tensor<1x32x8x32xf16, #NHWC> {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %b = const.Declare tensor<32xf16> = #const.Content<dense<0.0> : tensor<32xf16>>
  %0 = VPU.NCE.Convolution(%x, %w, %b) {cluster = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x32xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x8x32xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x8x32xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  return %1 : tensor<1x32x8x32xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A padded 3x3 producer on cluster 1: each tile reads its rows' halo and keeps the padding at its
// true edge.
// CHECK-LABEL: func.func @halo
// SMALL-LABEL: func.func @halo
// CHECK:      VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 5, 128]
// CHECK-NEXT: VPU.NCE.Convolution({{.+}}) {cluster = 1 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>
// CHECK-SAME: -> tensor<1x32x4x128xf16
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 3, 0] [1, 16, 5, 128]
// CHECK-NEXT: VPU.NCE.Convolution({{.+}}) {cluster = 1 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>
// CHECK-COUNT-2: VPU.SW.Sigmoid
func.func @halo(%x: tensor<1x16x8x128xf16, #NHWC>) -> tensor<1x32x8x128xf16, #NHWC> {
  %w = const.Declare tensor<32x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {cluster = 1 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x128xf16, #NHWC>, tensor<32x16x3x3xf16, #NHWC> -> tensor<1x32x8x128xf16, #NHWC>
  %1 = VPU.SW.Sigmoid(%0) : tensor<1x32x8x128xf16, #NHWC> -> tensor<1x32x8x128xf16, #NHWC>
  return %1 : tensor<1x32x8x128xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A product on the row tiles of cluster 0 (a VPU.Concat over H) is split alike, the scale passed
// whole, each part reading its tile.
// CHECK-LABEL: func.func @given_tiles
// CHECK:      %[[C0:.+]] = VPU.NCE.Convolution(%arg0
// CHECK-NEXT: %[[C1:.+]] = VPU.NCE.Convolution(%arg1
// CHECK-NEXT: %[[M0:.+]] = VPU.SW.Multiply(%[[C0]], %arg2) : tensor<1x32x4x32xf16, #{{.+}}>, tensor<1x32x1x1xf16, #{{.+}}> -> tensor<1x32x4x32xf16
// CHECK-NEXT: %[[M1:.+]] = VPU.SW.Multiply(%[[C1]], %arg2)
// CHECK-NEXT: %[[J:.+]] = VPU.Concat(%[[M0]], %[[M1]]) {axis = 2 : i64}
// CHECK-NEXT: return %[[J]]
func.func @given_tiles(%a: tensor<1x32x4x32xf16, #NHWC>, %b: tensor<1x32x4x32xf16, #NHWC>, %s: tensor<1x32x1x1xf16, #NHWC>) -> tensor<1x32x8x32xf16, #NHWC> {
  %w = const.Declare tensor<32x32x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x32x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%a, %w) {cluster = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x4x32xf16, #NHWC>, tensor<32x32x1x1xf16, #NHWC> -> tensor<1x32x4x32xf16, #NHWC>
  %1 = VPU.NCE.Convolution(%b, %w) {cluster = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x32x4x32xf16, #NHWC>, tensor<32x32x1x1xf16, #NHWC> -> tensor<1x32x4x32xf16, #NHWC>
  %j = VPU.Concat(%0, %1) {axis = 2 : i64} : tensor<1x32x4x32xf16, #NHWC>, tensor<1x32x4x32xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  %m = VPU.SW.Multiply(%j, %s) : tensor<1x32x8x32xf16, #NHWC>, tensor<1x32x1x1xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  return %m : tensor<1x32x8x32xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Left alone: a producer with a second reader, and tiles of two clusters.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-1: VPU.NCE.
// CHECK-NOT:  VPU.NCE.
func.func @left_alone(%x: tensor<1x16x8x32xf16, #NHWC>) -> (tensor<1x32x8x32xf16, #NHWC>, tensor<1x32x8x32xf16, #NHWC>) {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {cluster = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x32xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x8x32xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  %h0 = VPU.Slice %x [0, 0, 0, 0] [1, 16, 4, 32] : tensor<1x16x8x32xf16, #NHWC> -> tensor<1x16x4x32xf16, #NHWC>
  %h1 = VPU.Slice %x [0, 0, 4, 0] [1, 16, 4, 32] : tensor<1x16x8x32xf16, #NHWC> -> tensor<1x16x4x32xf16, #NHWC>
  %j = VPU.Concat(%h0, %h1) {axis = 2 : i64} : tensor<1x16x4x32xf16, #NHWC>, tensor<1x16x4x32xf16, #NHWC> -> tensor<1x16x8x32xf16, #NHWC>
  %5 = VPU.SW.Sigmoid(%j) : tensor<1x16x8x32xf16, #NHWC> -> tensor<1x16x8x32xf16, #NHWC>
  return %0, %1 : tensor<1x32x8x32xf16, #NHWC>, tensor<1x32x8x32xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A Swish that an NCE op reads directly (the Swish after a depthwise convolution, which the NCE
// pools of its squeeze-and-excitation mean read) is cut as the others are; the reader reads the
// concatenation of the parts.
// CHECK-LABEL: func.func @read_by_nce
// CHECK-COUNT-2: VPU.NCE.Convolution({{.+}}) {cluster = 1 : i64
// CHECK-COUNT-2: VPU.SW.Swish({{.+}}) : tensor<1x32x4x32xf16
// CHECK-NEXT: %[[J:.+]] = VPU.Concat
// CHECK-NEXT: VPU.NCE.Eltwise(%[[J]], %[[J]])
func.func @read_by_nce(%x: tensor<1x16x8x32xf16, #NHWC>) -> tensor<1x32x8x32xf16, #NHWC> {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {cluster = 1 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x32xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x8x32xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  %2 = VPU.NCE.Eltwise(%1, %1) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>, cluster = 1 : i64} : tensor<1x32x8x32xf16, #NHWC>, tensor<1x32x8x32xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  return %2 : tensor<1x32x8x32xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The expansion of @expansion on a target whose software layers run on UPA SHAVEs (VPUX30XX,
// shared by the clusters, working in DDR): left whole.
// CHECK-LABEL: func.func @upa_target
// CHECK-COUNT-1: VPU.NCE.Convolution
// CHECK-NOT:   VPU.NCE.Convolution
// CHECK-NOT:   VPU.Concat
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 2, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 1>} {
func.func @upa_target(%x: tensor<1x16x8x32xf16, #NHWC>) -> tensor<1x32x8x32xf16, #NHWC> {
  %w = const.Declare tensor<32x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %b = const.Declare tensor<32xf16> = #const.Content<dense<0.0> : tensor<32xf16>>
  %0 = VPU.NCE.Convolution(%x, %w, %b) {cluster = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x32xf16, #NHWC>, tensor<32x16x1x1xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x8x32xf16, #NHWC>
  %1 = VPU.SW.Swish(%0) : tensor<1x32x8x32xf16, #NHWC> -> tensor<1x32x8x32xf16, #NHWC>
  return %1 : tensor<1x32x8x32xf16, #NHWC>
}
}
