// RUN: vpuc-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(vpuc-vpu-tiling{cmx-bytes=8000}))' | FileCheck %s

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Over H: 8960 bytes (input 2048, filter 4608, weights table 256, output 2048) in a budget of
// 8000. Two tiles of 4 output rows read 5 input rows each (the 3x3 window's halo); the top pad
// stays on the first tile, the bottom pad on the last.
// CHECK-LABEL: func.func @conv_over_h
// CHECK-SAME: (%[[X:.*]]: tensor<1x16x8x8xf16, {{.*}}>)
// CHECK:      %[[W:.*]] = const.Declare tensor<16x16x3x3xf16
// CHECK:      %[[S0:.*]] = VPU.Slice %[[X]] [0, 0, 0, 0] [1, 16, 5, 8]
// CHECK-NEXT: %[[T0:.*]] = VPU.NCE.Convolution(%[[S0]], %[[W]]) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x4x8xf16
// CHECK-NEXT: %[[S1:.*]] = VPU.Slice %[[X]] [0, 0, 3, 0] [1, 16, 5, 8]
// CHECK-NEXT: %[[T1:.*]] = VPU.NCE.Convolution(%[[S1]], %[[W]]) {pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x4x8xf16
// CHECK-NEXT: %[[C:.*]] = VPU.Concat(%[[T0]], %[[T1]]) {axis = 2 : i64}
// CHECK-SAME: -> tensor<1x16x8x8xf16
// CHECK-NEXT: return %[[C]]
func.func @conv_over_h(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %w = const.Declare tensor<16x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Over H with stride 2 and a 5x5 window with pads 2: 1x16x24x24 in (18432 bytes), 1x16x12x12 out
// (4608 bytes). Tiles of 3 output rows would read 9 input rows (8064 bytes with their output),
// so six tiles of 2 rows: the windows of rows [2i, 2i + 2) read input rows [4i - 2, 4i + 5),
// clamped to the input; only the first tile is padded at the top and only the last at the
// bottom, where one pad row is enough (its windows end at row 24, the original pad reaches 26).
// CHECK-LABEL: func.func @pool_stride2_over_h
// CHECK:      VPU.Slice %arg0 [0, 0, 0, 0] [1, 16, 5, 24]
// CHECK-NEXT: VPU.NCE.MaxPool({{.*}}) {kernel_size = array<i64: 5, 5>, pads_begin = array<i64: 2, 2>, pads_end = array<i64: 0, 2>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x16x2x12xf16
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 2, 0] [1, 16, 7, 24]
// CHECK-NEXT: VPU.NCE.MaxPool({{.*}}) {kernel_size = array<i64: 5, 5>, pads_begin = array<i64: 0, 2>, pads_end = array<i64: 0, 2>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 6, 0] [1, 16, 7, 24]
// CHECK-NEXT: VPU.NCE.MaxPool
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 10, 0] [1, 16, 7, 24]
// CHECK-NEXT: VPU.NCE.MaxPool
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 14, 0] [1, 16, 7, 24]
// CHECK-NEXT: VPU.NCE.MaxPool
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 18, 0] [1, 16, 6, 24]
// CHECK-NEXT: VPU.NCE.MaxPool({{.*}}) {kernel_size = array<i64: 5, 5>, pads_begin = array<i64: 0, 2>, pads_end = array<i64: 1, 2>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x16x2x12xf16
// CHECK-NEXT: VPU.Concat({{.*}}) {axis = 2 : i64}
// CHECK-SAME: -> tensor<1x16x12x12xf16
func.func @pool_stride2_over_h(%x: tensor<1x16x24x24xf16, #NHWC>) -> tensor<1x16x12x12xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 5, 5>, pads_begin = array<i64: 2, 2>, pads_end = array<i64: 2, 2>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x24x24xf16, #NHWC> -> tensor<1x16x12x12xf16, #NHWC>
  return %0 : tensor<1x16x12x12xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Over K: the weights (18432 bytes) never fit with H tiles; four tiles of 16 output channels
// (input 512, weights 4608, table 256, output 512) do. The constant filter and bias are sliced
// as constants.
// CHECK-LABEL: func.func @conv_over_k
// CHECK:      %[[W0:.*]] = const.Declare tensor<16x16x3x3xf16, {{.*}}> = #const.Content<{{.*}}, #const.SubView<[0, 0, 0, 0], [16, 16, 3, 3]>]>
// CHECK-NEXT: %[[B0:.*]] = const.Declare tensor<16xf16> = #const.Content<{{.*}}, [#const.SubView<[0], [16]>]>
// CHECK-NEXT: %[[T0:.*]] = VPU.NCE.Convolution(%arg0, %[[W0]], %[[B0]]) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x4x4xf16
// CHECK-NEXT: %[[W1:.*]] = const.Declare tensor<16x16x3x3xf16, {{.*}}> = #const.Content<{{.*}}, #const.SubView<[16, 0, 0, 0], [16, 16, 3, 3]>]>
// CHECK-NEXT: %[[B1:.*]] = const.Declare tensor<16xf16> = #const.Content<{{.*}}, [#const.SubView<[16], [16]>]>
// CHECK-NEXT: %[[T1:.*]] = VPU.NCE.Convolution(%arg0, %[[W1]], %[[B1]])
// CHECK:      %[[T2:.*]] = VPU.NCE.Convolution(%arg0,
// CHECK:      #const.SubView<[48, 0, 0, 0], [16, 16, 3, 3]>
// CHECK:      %[[T3:.*]] = VPU.NCE.Convolution(%arg0,
// CHECK-NEXT: VPU.Concat(%[[T0]], %[[T1]], %[[T2]], %[[T3]]) {axis = 1 : i64}
// CHECK-SAME: -> tensor<1x64x4x4xf16
func.func @conv_over_k(%x: tensor<1x16x4x4xf16, #NHWC>) -> tensor<1x64x4x4xf16, #NHWC> {
  %w = const.Declare tensor<64x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<64x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  %b = const.Declare tensor<64xf16> = #const.Content<dense<2.0> : tensor<64xf16>>
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x4x4xf16, #NHWC>, tensor<64x16x3x3xf16, #NHWC>, tensor<64xf16> -> tensor<1x64x4x4xf16, #NHWC>
  return %0 : tensor<1x64x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Over C: a depthwise convolution of 1x48x8x8 (input and output 6144 bytes each, filter 864,
// table 768). Both axes need 3 tiles: 16 channels each (4640 bytes per tile, 13920 moved) or
// 3, 3 and 2 output rows reading 4, 5 and 3 input rows (20256 bytes moved, the filter and table
// once per tile): C moves fewer bytes. A filter that is not a constant is sliced by VPU.Slice.
// CHECK-LABEL: func.func @dwconv_over_c
// CHECK-SAME: (%[[X:.*]]: tensor<1x48x8x8xf16, {{.*}}>, %[[W:.*]]: tensor<48x1x3x3xf16, {{.*}}>)
// CHECK:      %[[X0:.*]] = VPU.Slice %[[X]] [0, 0, 0, 0] [1, 16, 8, 8]
// CHECK-NEXT: %[[W0:.*]] = VPU.Slice %[[W]] [0, 0, 0, 0] [16, 1, 3, 3]
// CHECK-NEXT: %[[T0:.*]] = VPU.NCE.DepthConvolution(%[[X0]], %[[W0]]) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>
// CHECK-SAME: -> tensor<1x16x8x8xf16
// CHECK-NEXT: VPU.Slice %[[X]] [0, 16, 0, 0] [1, 16, 8, 8]
// CHECK-NEXT: VPU.Slice %[[W]] [16, 0, 0, 0] [16, 1, 3, 3]
// CHECK-NEXT: VPU.NCE.DepthConvolution
// CHECK-NEXT: VPU.Slice %[[X]] [0, 32, 0, 0] [1, 16, 8, 8]
// CHECK-NEXT: VPU.Slice %[[W]] [32, 0, 0, 0] [16, 1, 3, 3]
// CHECK-NEXT: VPU.NCE.DepthConvolution
// CHECK-NEXT: VPU.Concat({{.*}}) {axis = 1 : i64}
// CHECK-SAME: -> tensor<1x48x8x8xf16
func.func @dwconv_over_c(%x: tensor<1x48x8x8xf16, #NHWC>, %w: tensor<48x1x3x3xf16, #NHWC>) -> tensor<1x48x8x8xf16, #NHWC> {
  %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x48x8x8xf16, #NHWC>, tensor<48x1x3x3xf16, #NHWC> -> tensor<1x48x8x8xf16, #NHWC>
  return %0 : tensor<1x48x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// An eltwise op of 1x32x8x8 (three tensors of 4096 bytes): H and C both need 2 tiles moving the
// same bytes, so the axis order picks H; both inputs are sliced alike.
// CHECK-LABEL: func.func @eltwise_tie
// CHECK:      VPU.Slice %arg0 [0, 0, 0, 0] [1, 32, 4, 8]
// CHECK-NEXT: VPU.Slice %arg1 [0, 0, 0, 0] [1, 32, 4, 8]
// CHECK-NEXT: VPU.NCE.Eltwise({{.*}}) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
// CHECK-SAME: -> tensor<1x32x4x8xf16
// CHECK-NEXT: VPU.Slice %arg0 [0, 0, 4, 0] [1, 32, 4, 8]
// CHECK-NEXT: VPU.Slice %arg1 [0, 0, 4, 0] [1, 32, 4, 8]
// CHECK-NEXT: VPU.NCE.Eltwise
// CHECK-NEXT: VPU.Concat({{.*}}) {axis = 2 : i64}
func.func @eltwise_tie(%a: tensor<1x32x8x8xf16, #NHWC>, %b: tensor<1x32x8x8xf16, #NHWC>) -> tensor<1x32x8x8xf16, #NHWC> {
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
         : tensor<1x32x8x8xf16, #NHWC>, tensor<1x32x8x8xf16, #NHWC> -> tensor<1x32x8x8xf16, #NHWC>
  return %0 : tensor<1x32x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Fits (2048 + 2048 + 4608 + 256 = 8960 > 8000 would not; this one is 1x16x4x4, 512 + 512 +
// 4608 + 256 = 5888 bytes): unchanged.
// CHECK-LABEL: func.func @fits
// CHECK-NEXT: const.Declare
// CHECK-NEXT: VPU.NCE.Convolution(%arg0, %{{.*}})
// CHECK-NOT:  VPU.Slice
// CHECK-NOT:  VPU.Concat
func.func @fits(%x: tensor<1x16x4x4xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
  %w = const.Declare tensor<16x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x16x4x4xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %0 : tensor<1x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Neither axis alone fits 8000 bytes: over H the weights alone are 18432 bytes, over K the
// smallest tile (the whole input 2048, 16 output channels 2048, their weights 4608 and table
// 256) needs 8960. Combined: 32 output channels never fit (weights 9216), so 4 pieces of 16
// output channels (the constant filter and bias sliced as constants), each over H in 2 tiles
// of 4 output rows reading 5 input rows (1280 + 1024 + 4608 + 256 = 7168 bytes); the H tiles
// of a piece are concatenated over H, the pieces over K.
// CHECK-LABEL: func.func @conv_over_k_and_h
// CHECK-SAME: (%[[X:.*]]: tensor<1x16x8x8xf16, {{.*}}>)
// CHECK:      %[[W0:.*]] = const.Declare tensor<16x16x3x3xf16, {{.*}}> = #const.Content<{{.*}}, #const.SubView<[0, 0, 0, 0], [16, 16, 3, 3]>]>
// CHECK-NEXT: %[[B0:.*]] = const.Declare tensor<16xf16> = #const.Content<{{.*}}, [#const.SubView<[0], [16]>]>
// CHECK-NEXT: %[[S00:.*]] = VPU.Slice %[[X]] [0, 0, 0, 0] [1, 16, 5, 8]
// CHECK-NEXT: %[[T00:.*]] = VPU.NCE.Convolution(%[[S00]], %[[W0]], %[[B0]]) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x4x8xf16
// CHECK-NEXT: %[[S01:.*]] = VPU.Slice %[[X]] [0, 0, 3, 0] [1, 16, 5, 8]
// CHECK-NEXT: %[[T01:.*]] = VPU.NCE.Convolution(%[[S01]], %[[W0]], %[[B0]]) {pads_begin = array<i64: 0, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
// CHECK-NEXT: %[[K0:.*]] = VPU.Concat(%[[T00]], %[[T01]]) {axis = 2 : i64}
// CHECK-SAME: -> tensor<1x16x8x8xf16
// CHECK-NEXT: const.Declare {{.*}}#const.SubView<[16, 0, 0, 0], [16, 16, 3, 3]>
// CHECK:      %[[K1:.*]] = VPU.Concat({{.*}}) {axis = 2 : i64}
// CHECK:      #const.SubView<[32, 0, 0, 0], [16, 16, 3, 3]>
// CHECK:      %[[K2:.*]] = VPU.Concat({{.*}}) {axis = 2 : i64}
// CHECK:      #const.SubView<[48, 0, 0, 0], [16, 16, 3, 3]>
// CHECK:      %[[K3:.*]] = VPU.Concat({{.*}}) {axis = 2 : i64}
// CHECK-NEXT: %[[C:.*]] = VPU.Concat(%[[K0]], %[[K1]], %[[K2]], %[[K3]]) {axis = 1 : i64}
// CHECK-SAME: -> tensor<1x64x8x8xf16
// CHECK-NEXT: return %[[C]]
func.func @conv_over_k_and_h(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x64x8x8xf16, #NHWC> {
  %w = const.Declare tensor<64x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<64x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  %b = const.Declare tensor<64xf16> = #const.Content<dense<2.0> : tensor<64xf16>>
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<64x16x3x3xf16, #NHWC>, tensor<64xf16> -> tensor<1x64x8x8xf16, #NHWC>
  return %0 : tensor<1x64x8x8xf16, #NHWC>
}
