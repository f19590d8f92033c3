// RUN: vpuc-opt %s --split-input-file --vpuc-convert-ie-to-vpu --mlir-print-local-scope | FileCheck %s --implicit-check-not="= IE."
// IE -> VPU: data movement with a kernel, Interpolate, quantisation, recurrent and
// detection layers become the VPU.SW op that mirrors them, with the same operands,
// attributes and types.

// CHECK-LABEL: func.func @transpose(
// CHECK-NEXT: %0 = VPU.SW.Transpose(%arg0) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x5xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x4x5x3xf32>
func.func @transpose(%a0: tensor<1x3x4x5xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x4x5x3xf32> {
  %0 = IE.Transpose(%a0) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x5xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x4x5x3xf32>
  return %0 : tensor<1x4x5x3xf32>
}

// -----

// CHECK-LABEL: func.func @reorder(
// CHECK-NEXT: %0 = VPU.SW.Reorder(%arg0) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>} : tensor<1x16x4x8xf32> -> tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @reorder(%a0: tensor<1x16x4x8xf32>) -> tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = IE.Reorder(%a0) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>} : tensor<1x16x4x8xf32> -> tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @pad(
// CHECK-NEXT: %0 = VPU.SW.Pad(%arg0) {mode = #IE.pad_mode<reflect>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>} : tensor<2x3xf32> -> tensor<2x6xf32>
func.func @pad(%a0: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = IE.Pad(%a0) {mode = #IE.pad_mode<reflect>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>} : tensor<2x3xf32> -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func @tile(
// CHECK-NEXT: %0 = VPU.SW.Tile(%arg0) {repeats = array<i64: 2, 1>} : tensor<2x3xf32> -> tensor<4x3xf32>
func.func @tile(%a0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = IE.Tile(%a0) {repeats = array<i64: 2, 1>} : tensor<2x3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @per_axis_tile(
// CHECK-NEXT: %0 = VPU.SW.PerAxisTile(%arg0) {axis = -3 : i64, tiles = 3 : i64} : tensor<1x16x4x8xf32> -> tensor<1x48x4x8xf32>
func.func @per_axis_tile(%a0: tensor<1x16x4x8xf32>) -> tensor<1x48x4x8xf32> {
  %0 = IE.PerAxisTile(%a0) {axis = -3 : i64, tiles = 3 : i64} : tensor<1x16x4x8xf32> -> tensor<1x48x4x8xf32>
  return %0 : tensor<1x48x4x8xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast(
// CHECK-NEXT: %0 = VPU.SW.Broadcast(%arg0) {axes_mapping = array<i64: 1>, mode = #IE.broadcast_mode<explicit>, target_shape = array<i64: 2, 3, 4>} : tensor<3xf32> -> tensor<2x3x4xf32>
func.func @broadcast(%a0: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0 = IE.Broadcast(%a0) {mode = #IE.broadcast_mode<explicit>, axes_mapping = array<i64: 1>, target_shape = array<i64: 2, 3, 4>} : tensor<3xf32> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @gather(
// CHECK-NEXT: %0 = VPU.SW.Gather(%arg0, %arg1) {axis = 1 : i64} : tensor<2x5x4xf32>, tensor<3xsi64> -> tensor<2x3x4xf32>
func.func @gather(%a0: tensor<2x5x4xf32>, %a1: tensor<3xsi64>) -> tensor<2x3x4xf32> {
  %0 = IE.Gather(%a0, %a1) {axis = 1 : i64} : tensor<2x5x4xf32>, tensor<3xsi64> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_elements(
// CHECK-NEXT: %0 = VPU.SW.GatherElements(%arg0, %arg1) {axis = 1 : i64} : tensor<2x5xf32>, tensor<2x3xsi64> -> tensor<2x3xf32>
func.func @gather_elements(%a0: tensor<2x5xf32>, %a1: tensor<2x3xsi64>) -> tensor<2x3xf32> {
  %0 = IE.GatherElements(%a0, %a1) {axis = 1 : i64} : tensor<2x5xf32>, tensor<2x3xsi64> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_n_d_update(
// CHECK-NEXT: %0 = VPU.SW.ScatterNDUpdate(%arg0, %arg1, %arg2) : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> tensor<4x3xf16>
func.func @scatter_n_d_update(%a0: tensor<4x3xf16>, %a1: tensor<2x1xsi64>, %a2: tensor<2x3xf16>) -> tensor<4x3xf16> {
  %0 = IE.ScatterNDUpdate(%a0, %a1, %a2) : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> tensor<4x3xf16>
  return %0 : tensor<4x3xf16>
}

// -----

// CHECK-LABEL: func.func @top_k(
func.func @top_k(%a0: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xsi64>) {
  %0:2 = IE.TopK(%a0) {k = 3 : i64, indexElemType = si64} : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xsi64>
}

// -----

// CHECK-LABEL: func.func @cum_sum(
// CHECK-NEXT: %0 = VPU.SW.CumSum(%arg0) {axis = -1 : i64, exclusive, reverse} : tensor<2x5xf32> -> tensor<2x5xf32>
func.func @cum_sum(%a0: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = IE.CumSum(%a0) {axis = -1 : i64, exclusive, reverse} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func.func @depth_to_space(
// CHECK-NEXT: %0 = VPU.SW.DepthToSpace(%arg0) {block_size = 2 : i64} : tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @depth_to_space(%a0: tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = IE.DepthToSpace(%a0) {block_size = 2 : i64} : tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @space_to_depth(
// CHECK-NEXT: %0 = VPU.SW.SpaceToDepth(%arg0) {block_size = 2 : i64} : tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @space_to_depth(%a0: tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = IE.SpaceToDepth(%a0) {block_size = 2 : i64} : tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @range(
// CHECK-NEXT: %0 = VPU.SW.Range {delta = 3.000000e+00 : f64, dstElemType = si64, limit = 1.000000e+01 : f64, start = 0.000000e+00 : f64} : tensor<4xsi64>
func.func @range() -> tensor<4xsi64> {
  %0 = IE.Range {start = 0.0, limit = 10.0, delta = 3.0, dstElemType = si64} : tensor<4xsi64>
  return %0 : tensor<4xsi64>
}

// -----

// CHECK-LABEL: func.func @interpolate(
// CHECK-NEXT: %0 = VPU.SW.Interpolate(%arg0) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>} : tensor<1x8x16x16xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x32x32xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @interpolate(%a0: tensor<1x8x16x16xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x8x32x32xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = IE.Interpolate(%a0) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : tensor<1x8x16x16xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x32x32xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x8x32x32xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @quantize(
// CHECK-NEXT: %0 = VPU.SW.Quantize(%arg0) {dstElemType = !quant.uniform<u8:f32, 2.000000e-02:128>} : tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x4x!quant.uniform<u8:f32, 2.000000e-02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @quantize(%a0: tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = IE.Quantize(%a0) {dstElemType = !quant.uniform<u8:f32, 0.02:128>} : tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @dequantize(
// CHECK-NEXT: %0 = VPU.SW.Dequantize(%arg0) {dstElemType = f32} : tensor<1x3x4x4x!quant.uniform<u8:f32, 2.000000e-02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @dequantize(%a0: tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = IE.Dequantize(%a0) {dstElemType = f32} : tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @fake_quantize(
// CHECK-NEXT: %0 = VPU.SW.FakeQuantize(%arg0, %arg1, %arg2, %arg3, %arg3) {levels = 256 : i64} : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<f32>, tensor<f32> -> tensor<1x3x4x4xf32>
func.func @fake_quantize(%a0: tensor<1x3x4x4xf32>, %a1: tensor<1x3x1x1xf32>, %a2: tensor<1x3x1x1xf32>, %a3: tensor<f32>) -> tensor<1x3x4x4xf32> {
  %0 = IE.FakeQuantize(%a0, %a1, %a2, %a3, %a3) {levels = 256 : i64} : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<f32>, tensor<f32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @l_s_t_m_cell(
func.func @l_s_t_m_cell(%a0: tensor<2x3xf32>, %a1: tensor<2x4xf32>, %a2: tensor<2x4xf32>, %a3: tensor<16x3xf32>, %a4: tensor<16x4xf32>, %a5: tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0:2 = IE.LSTMCell(%a0, %a1, %a2, %a3, %a4, %a5) {hidden_size = 4 : i64, activations = ["sigmoid", "tanh", "tanh"]} : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @l_s_t_m_sequence(
func.func @l_s_t_m_sequence(%a0: tensor<2x5x3xf32>, %a1: tensor<2x2x4xf32>, %a2: tensor<2x2x4xf32>, %a3: tensor<2x16x3xf32>, %a4: tensor<2x16x4xf32>, %a5: tensor<2x16xf32>) -> (tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>) {
  %0:3 = IE.LSTMSequence(%a0, %a1, %a2, %a3, %a4, %a5) {direction = #IE.rnn_direction<bidirectional>, hidden_size = 4 : i64} : tensor<2x5x3xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x16x3xf32>, tensor<2x16x4xf32>, tensor<2x16xf32> -> tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>
  return %0#0, %0#1, %0#2 : tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @g_r_u_sequence(
func.func @g_r_u_sequence(%a0: tensor<2x5x3xf32>, %a1: tensor<2x1x4xf32>, %a2: tensor<1x12x3xf32>, %a3: tensor<1x12x4xf32>, %a4: tensor<1x12xf32>) -> (tensor<2x1x5x4xf32>, tensor<2x1x4xf32>) {
  %0:2 = IE.GRUSequence(%a0, %a1, %a2, %a3, %a4) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64} : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x12xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  return %0#0, %0#1 : tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @c_t_c_greedy_decoder(
// CHECK-NEXT: %0 = VPU.SW.CTCGreedyDecoder(%arg0, %arg1) : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
func.func @c_t_c_greedy_decoder(%a0: tensor<88x2x71xf32>, %a1: tensor<88x2xf32>) -> tensor<2x88x1x1xf32> {
  %0 = IE.CTCGreedyDecoder(%a0, %a1) : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
  return %0 : tensor<2x88x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @region_yolo(
// CHECK-NEXT: %0 = VPU.SW.RegionYolo(%arg0) {anchors = array<f64: 1.080000e+00, 1.190000e+00, 3.420000e+00, 4.410000e+00, 6.630000e+00, 1.138000e+01, 9.4199999999999999, 5.110000e+00, 1.662000e+01, 1.052000e+01>, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
func.func @region_yolo(%a0: tensor<1x125x13x13xf32>) -> tensor<1x21125xf32> {
  %0 = IE.RegionYolo(%a0) {anchors = array<f64: 1.08, 1.19, 3.42, 4.41, 6.63, 11.38, 9.42, 5.11, 16.62, 10.52>, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
  return %0 : tensor<1x21125xf32>
}

// -----

// CHECK-LABEL: func.func @reorg_yolo(
// CHECK-NEXT: %0 = VPU.SW.ReorgYolo(%arg0) {stride = 2 : i64} : tensor<1x64x26x26xf32> -> tensor<1x256x13x13xf32>
func.func @reorg_yolo(%a0: tensor<1x64x26x26xf32>) -> tensor<1x256x13x13xf32> {
  %0 = IE.ReorgYolo(%a0) {stride = 2 : i64} : tensor<1x64x26x26xf32> -> tensor<1x256x13x13xf32>
  return %0 : tensor<1x256x13x13xf32>
}
