// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip of the ops of IEOpsExtra.td. The verifier checks each written result type
// against the inferred one, so every accepted line is also a type inference check.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @interpolate
func.func @interpolate(%x: tensor<1x8x16x16xf32, #NHWC>, %y: tensor<2x5xf16>, %d: tensor<?x3xf32>)
    -> (tensor<1x8x32x32xf32, #NHWC>, tensor<2x3xf16>, tensor<3x7xf16>, tensor<?x7xf32>, tensor<4x5xf32>, tensor<5x4xf32>) {
  // Scales: floor(in * scale); the layout encoding is kept.
  // CHECK: IE.Interpolate(%{{.+}}) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>} : tensor<1x8x16x16xf32, #{{.+}}> -> tensor<1x8x32x32xf32, #{{.+}}>
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>}
         : tensor<1x8x16x16xf32, #NHWC> -> tensor<1x8x32x32xf32, #NHWC>
  // CHECK: IE.Interpolate(%{{.+}}) {coord_mode = #IE.interp_coord_mode<asymmetric>, mode = #IE.interp_mode<nearest>, nearest_mode = #IE.interp_nearest_mode<floor>, scales = array<f64: 1.000000e+00, 6.000000e-01>} : tensor<2x5xf16> -> tensor<2x3xf16>
  %1 = IE.Interpolate(%y) {mode = #IE.interp_mode<nearest>, coord_mode = #IE.interp_coord_mode<asymmetric>,
         nearest_mode = #IE.interp_nearest_mode<floor>, scales = array<f64: 1.0, 0.6>} : tensor<2x5xf16> -> tensor<2x3xf16>
  // Sizes give the output shape.
  // CHECK: IE.Interpolate(%{{.+}}) {cubic_coeff_a = -5.000000e-01 : f64, exclude_outside, mode = #IE.interp_mode<cubic>, sizes = array<i64: 3, 7>} : tensor<2x5xf16> -> tensor<3x7xf16>
  %2 = IE.Interpolate(%y) {mode = #IE.interp_mode<cubic>, cubic_coeff_a = -0.5, exclude_outside, sizes = array<i64: 3, 7>}
         : tensor<2x5xf16> -> tensor<3x7xf16>
  // A dynamic dim stays dynamic with scales.
  // CHECK: IE.Interpolate(%{{.+}}) {mode = #IE.interp_mode<nearest>, scales = array<f64: 2.000000e+00, 2.500000e+00>} : tensor<?x3xf32> -> tensor<?x7xf32>
  %3 = IE.Interpolate(%d) {mode = #IE.interp_mode<nearest>, scales = array<f64: 2.0, 2.5>} : tensor<?x3xf32> -> tensor<?x7xf32>
  %e = IE.Convert(%y) {dstElemType = f32} : tensor<2x5xf16> -> tensor<2x5xf32>
  // CHECK: IE.Interpolate(%{{.+}}) {coord_mode = #IE.interp_coord_mode<tf_crop_and_resize>, extrapolation_value = 1.000000e+01 : f64, mode = #IE.interp_mode<linear>, roi = array<f64: 0.000000e+00, 4.000000e-01, 1.000000e+00, 6.000000e-01>, sizes = array<i64: 4, 5>} : tensor<2x5xf32> -> tensor<4x5xf32>
  %4 = IE.Interpolate(%e) {mode = #IE.interp_mode<linear>, coord_mode = #IE.interp_coord_mode<tf_crop_and_resize>,
         roi = array<f64: 0.0, 0.4, 1.0, 0.6>, extrapolation_value = 10.0, sizes = array<i64: 4, 5>} : tensor<2x5xf32> -> tensor<4x5xf32>
  // CHECK: IE.Interpolate(%{{.+}}) {coord_mode = #IE.interp_coord_mode<pytorch_half_pixel>, mode = #IE.interp_mode<linear>, sizes = array<i64: 5, 4>} : tensor<?x3xf32> -> tensor<5x4xf32>
  %5 = IE.Interpolate(%d) {mode = #IE.interp_mode<linear>, coord_mode = #IE.interp_coord_mode<pytorch_half_pixel>, sizes = array<i64: 5, 4>}
         : tensor<?x3xf32> -> tensor<5x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x8x32x32xf32, #NHWC>, tensor<2x3xf16>, tensor<3x7xf16>, tensor<?x7xf32>, tensor<4x5xf32>, tensor<5x4xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @quantization
func.func @quantization(%x: tensor<1x3x4x4xf32, #NHWC>, %w: tensor<4x3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 0.125:1, 1.0:-1}>>,
                        %b: tensor<4x!quant.uniform<i32:f32, 0.01>>)
    -> (tensor<1x3x4x4xf32, #NHWC>, tensor<4x3xf16>, tensor<4xf32>) {
  // CHECK: %[[Q:.+]] = IE.Quantize(%{{.+}}) {dstElemType = !quant.uniform<u8:f32, 2.000000e-02:128>} : tensor<1x3x4x4xf32, #{{.+}}> -> tensor<1x3x4x4x!quant.uniform<u8:f32, 2.000000e-02:128>, #{{.+}}>
  %0 = IE.Quantize(%x) {dstElemType = !quant.uniform<u8:f32, 0.02:128>}
         : tensor<1x3x4x4xf32, #NHWC> -> tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, #NHWC>
  // CHECK: IE.Dequantize(%[[Q]]) {dstElemType = f32} : tensor<1x3x4x4x!quant.uniform<u8:f32, 2.000000e-02:128>, #{{.+}}> -> tensor<1x3x4x4xf32, #{{.+}}>
  %1 = IE.Dequantize(%0) {dstElemType = f32}
         : tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, #NHWC> -> tensor<1x3x4x4xf32, #NHWC>
  // Per axis; the result element type is dstElemType.
  // CHECK: IE.Dequantize(%{{.+}}) {dstElemType = f16} : tensor<4x3x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01,1.250000e-01:1,1.000000e+00:-1}>> -> tensor<4x3xf16>
  %2 = IE.Dequantize(%w) {dstElemType = f16}
         : tensor<4x3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 0.125:1, 1.0:-1}>> -> tensor<4x3xf16>
  // CHECK: IE.Dequantize(%{{.+}}) {dstElemType = f32} : tensor<4x!quant.uniform<i32:f32, 1.000000e-02>> -> tensor<4xf32>
  %3 = IE.Dequantize(%b) {dstElemType = f32} : tensor<4x!quant.uniform<i32:f32, 0.01>> -> tensor<4xf32>
  return %1, %2, %3 : tensor<1x3x4x4xf32, #NHWC>, tensor<4x3xf16>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @fake_quantize
func.func @fake_quantize(%x: tensor<1x3x4x4xf32>, %lo: tensor<1x3x1x1xf32>, %hi: tensor<1x3x1x1xf32>,
                         %s: tensor<f32>, %e: tensor<1x3x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) {
  // CHECK: IE.FakeQuantize(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {levels = 256 : i64} : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<f32>, tensor<f32> -> tensor<1x3x4x4xf32>
  %0 = IE.FakeQuantize(%x, %lo, %hi, %s, %s) {levels = 256 : i64}
         : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<f32>, tensor<f32> -> tensor<1x3x4x4xf32>
  // CHECK: IE.FakeQuantize(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) {auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>, levels = 2 : i64}
  %1 = IE.FakeQuantize(%x, %e, %e, %e, %e) {levels = 2 : i64, auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>}
         : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  return %0, %1 : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @strided_slice_broadcast
func.func @strided_slice_broadcast(%x: tensor<4x5xf32>, %d: tensor<?x5xsi32>, %v: tensor<3xf32>, %n: tensor<1x3x1x1xf16, #NHWC>)
    -> (tensor<2x3xf32>, tensor<?x2xsi32>, tensor<2x3x4xf32>, tensor<4x3xf32>, tensor<2x3x4xf32>, tensor<2x3x5x5xf16>) {
  // CHECK: IE.StridedSlice(%{{.+}}) {begin_mask = array<i64: 1, 0>, begins = array<i64: 0, -1>, end_mask = array<i64: 0, 1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>} : tensor<4x5xf32> -> tensor<2x3xf32>
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>,
         begin_mask = array<i64: 1, 0>, end_mask = array<i64: 0, 1>} : tensor<4x5xf32> -> tensor<2x3xf32>
  // CHECK: IE.StridedSlice(%{{.+}}) {begins = array<i64: 0, 1>, ends = array<i64: 9, 4>, strides = array<i64: 1, 2>} : tensor<?x5xsi32> -> tensor<?x2xsi32>
  %1 = IE.StridedSlice(%d) {begins = array<i64: 0, 1>, ends = array<i64: 9, 4>, strides = array<i64: 1, 2>} : tensor<?x5xsi32> -> tensor<?x2xsi32>
  // CHECK: IE.Broadcast(%{{.+}}) {axes_mapping = array<i64: 1>, mode = #IE.broadcast_mode<explicit>, target_shape = array<i64: 2, 3, 4>} : tensor<3xf32> -> tensor<2x3x4xf32>
  %2 = IE.Broadcast(%v) {mode = #IE.broadcast_mode<explicit>, axes_mapping = array<i64: 1>, target_shape = array<i64: 2, 3, 4>}
         : tensor<3xf32> -> tensor<2x3x4xf32>
  // CHECK: IE.Broadcast(%{{.+}}) {target_shape = array<i64: 4, 3>} : tensor<3xf32> -> tensor<4x3xf32>
  %3 = IE.Broadcast(%v) {target_shape = array<i64: 4, 3>} : tensor<3xf32> -> tensor<4x3xf32>
  %4 = IE.Reshape(%v) {shape = array<i64: 1, 3, 1>} : tensor<3xf32> -> tensor<1x3x1xf32>
  // Bidirectional: both sides stretch.
  // CHECK: IE.Broadcast(%{{.+}}) {mode = #IE.broadcast_mode<bidirectional>, target_shape = array<i64: 2, 1, 4>} : tensor<1x3x1xf32> -> tensor<2x3x4xf32>
  %5 = IE.Broadcast(%4) {mode = #IE.broadcast_mode<bidirectional>, target_shape = array<i64: 2, 1, 4>} : tensor<1x3x1xf32> -> tensor<2x3x4xf32>
  // The result has no layout encoding.
  // CHECK: IE.Broadcast(%{{.+}}) {target_shape = array<i64: 2, 3, 5, 5>} : tensor<1x3x1x1xf16, #{{.+}}> -> tensor<2x3x5x5xf16>
  %6 = IE.Broadcast(%n) {target_shape = array<i64: 2, 3, 5, 5>} : tensor<1x3x1x1xf16, #NHWC> -> tensor<2x3x5x5xf16>
  return %0, %1, %2, %3, %5, %6 : tensor<2x3xf32>, tensor<?x2xsi32>, tensor<2x3x4xf32>, tensor<4x3xf32>, tensor<2x3x4xf32>, tensor<2x3x5x5xf16>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NCWH = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, d2)>

// CHECK-LABEL: func.func @range_reorder_reshape_tile
func.func @range_reorder_reshape_tile(%x: tensor<1x16x4x8xf32>, %n: tensor<1x16x4x8xf32, #NHWC>)
    -> (tensor<4xsi64>, tensor<3xf32>, tensor<0xsi32>, tensor<1x16x4x8xf32, #NHWC>, tensor<1x16x4x8xf32, #NCWH>,
        tensor<1x2x8x32xf32>, tensor<1x16x32xf32, affine_map<(d0, d1, d2) -> (d0, d2, d1)>>, tensor<1x48x4x8xf32>) {
  // CHECK: IE.Range {delta = 3.000000e+00 : f64, dstElemType = si64, limit = 1.000000e+01 : f64, start = 0.000000e+00 : f64} : tensor<4xsi64>
  %0 = IE.Range {start = 0.0, limit = 10.0, delta = 3.0, dstElemType = si64} : tensor<4xsi64>
  // CHECK: IE.Range {{.+}} : tensor<3xf32>
  %1 = IE.Range {start = 1.0, limit = -0.5, delta = -0.6, dstElemType = f32} : tensor<3xf32>
  // An empty range.
  // CHECK: IE.Range {{.+}} : tensor<0xsi32>
  %2 = IE.Range {start = 5.0, limit = 1.0, delta = 1.0, dstElemType = si32} : tensor<0xsi32>
  // CHECK: IE.Reorder(%{{.+}}) {dstOrder = #{{.+}}} : tensor<1x16x4x8xf32> -> tensor<1x16x4x8xf32, #{{.+}}>
  %3 = IE.Reorder(%x) {dstOrder = #NHWC} : tensor<1x16x4x8xf32> -> tensor<1x16x4x8xf32, #NHWC>
  // CHECK: IE.Reorder(%{{.+}}) {dstOrder = #{{.+}}} : tensor<1x16x4x8xf32, #{{.+}}> -> tensor<1x16x4x8xf32, #{{.+}}>
  %4 = IE.Reorder(%3) {dstOrder = #NCWH} : tensor<1x16x4x8xf32, #NHWC> -> tensor<1x16x4x8xf32, #NCWH>
  // Split dim 1, merge dims 2 and 3.
  // CHECK: IE.AffineReshape(%{{.+}}) {dim_mapping = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>, array<i64: 3>], shape_value = array<i64: 1, 2, 8, 32>} : tensor<1x16x4x8xf32> -> tensor<1x2x8x32xf32>
  %5 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>, array<i64: 3>],
         shape_value = array<i64: 1, 2, 8, 32>} : tensor<1x16x4x8xf32> -> tensor<1x2x8x32xf32>
  // NHWC with H and W merged: the channels stay innermost.
  // CHECK: IE.AffineReshape(%{{.+}}) {{.+}} : tensor<1x16x4x8xf32, #{{.+}}> -> tensor<1x16x32xf32, #{{.+}}>
  %6 = IE.AffineReshape(%n) {dim_mapping = [array<i64: 0>, array<i64: 1>, array<i64: 2>, array<i64: 2>],
         shape_value = array<i64: 1, 16, 32>} : tensor<1x16x4x8xf32, #NHWC> -> tensor<1x16x32xf32, affine_map<(d0, d1, d2) -> (d0, d2, d1)>>
  // CHECK: IE.PerAxisTile(%{{.+}}) {axis = -3 : i64, tiles = 3 : i64} : tensor<1x16x4x8xf32> -> tensor<1x48x4x8xf32>
  %7 = IE.PerAxisTile(%x) {axis = -3 : i64, tiles = 3 : i64} : tensor<1x16x4x8xf32> -> tensor<1x48x4x8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xsi64>, tensor<3xf32>, tensor<0xsi32>, tensor<1x16x4x8xf32, #NHWC>, tensor<1x16x4x8xf32, #NCWH>,
        tensor<1x2x8x32xf32>, tensor<1x16x32xf32, affine_map<(d0, d1, d2) -> (d0, d2, d1)>>, tensor<1x48x4x8xf32>
}

// -----

// CHECK-LABEL: func.func @indexing
func.func @indexing(%x: tensor<2x5xf32>, %i: tensor<2x3xsi64>, %s: tensor<4x3xf16>, %si: tensor<2x1xsi64>, %u: tensor<2x3xf16>,
                    %d: tensor<?x10xf32>)
    -> (tensor<2x3xf32>, tensor<4x3xf16>, tensor<2x3xf32>, tensor<2x3xsi64>, tensor<?x2xf32>, tensor<?x2xsi32>, tensor<2x5xf32>) {
  // CHECK: IE.GatherElements(%{{.+}}, %{{.+}}) {axis = 1 : i64} : tensor<2x5xf32>, tensor<2x3xsi64> -> tensor<2x3xf32>
  %0 = IE.GatherElements(%x, %i) {axis = 1 : i64} : tensor<2x5xf32>, tensor<2x3xsi64> -> tensor<2x3xf32>
  // CHECK: IE.ScatterNDUpdate(%{{.+}}, %{{.+}}, %{{.+}}) : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> tensor<4x3xf16>
  %1 = IE.ScatterNDUpdate(%s, %si, %u) : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> tensor<4x3xf16>
  // CHECK: IE.TopK(%{{.+}}) {indexElemType = si64, k = 3 : i64} : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
  %2:2 = IE.TopK(%x) {k = 3 : i64, indexElemType = si64} : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
  // CHECK: IE.TopK(%{{.+}}) {axis = 1 : i64, indexElemType = si32, k = 2 : i64, mode = #IE.topk_mode<min>, sort = #IE.topk_sort<index>} : tensor<?x10xf32> -> tensor<?x2xf32>, tensor<?x2xsi32>
  %3:2 = IE.TopK(%d) {axis = 1 : i64, k = 2 : i64, mode = #IE.topk_mode<min>, sort = #IE.topk_sort<index>, indexElemType = si32}
           : tensor<?x10xf32> -> tensor<?x2xf32>, tensor<?x2xsi32>
  // CHECK: IE.CumSum(%{{.+}}) {axis = -1 : i64, exclusive, reverse} : tensor<2x5xf32> -> tensor<2x5xf32>
  %4 = IE.CumSum(%x) {axis = -1 : i64, exclusive, reverse} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0, %1, %2#0, %2#1, %3#0, %3#1, %4 : tensor<2x3xf32>, tensor<4x3xf16>, tensor<2x3xf32>, tensor<2x3xsi64>, tensor<?x2xf32>, tensor<?x2xsi32>, tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func.func @arg_extremum
func.func @arg_extremum(%x: tensor<2x5x3xf32>, %d: tensor<?x5xf16>)
    -> (tensor<2x3xsi64>, tensor<2x5x1xsi32>, tensor<1x5xsi64>) {
  // CHECK: IE.ArgMax(%{{.+}}) {axis = 1 : i64, indexElemType = si64} : tensor<2x5x3xf32> -> tensor<2x3xsi64>
  %0 = IE.ArgMax(%x) {axis = 1 : i64, indexElemType = si64} : tensor<2x5x3xf32> -> tensor<2x3xsi64>
  // CHECK: IE.ArgMin(%{{.+}}) {axis = -1 : i64, indexElemType = si32, keep_dims, select_last_index} : tensor<2x5x3xf32> -> tensor<2x5x1xsi32>
  %1 = IE.ArgMin(%x) {axis = -1 : i64, keep_dims, select_last_index, indexElemType = si32}
         : tensor<2x5x3xf32> -> tensor<2x5x1xsi32>
  // CHECK: IE.ArgMax(%{{.+}}) {indexElemType = si64, keep_dims} : tensor<?x5xf16> -> tensor<1x5xsi64>
  %2 = IE.ArgMax(%d) {keep_dims, indexElemType = si64} : tensor<?x5xf16> -> tensor<1x5xsi64>
  return %0, %1, %2 : tensor<2x3xsi64>, tensor<2x5x1xsi32>, tensor<1x5xsi64>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @depth_space
func.func @depth_space(%x: tensor<1x8x2x3xf32, #NHWC>, %d: tensor<?x8x2x3xf32>)
    -> (tensor<1x2x4x6xf32, #NHWC>, tensor<?x2x4x6xf32>, tensor<1x8x2x3xf32, #NHWC>) {
  // CHECK: IE.DepthToSpace(%{{.+}}) {block_size = 2 : i64} : tensor<1x8x2x3xf32, #{{.+}}> -> tensor<1x2x4x6xf32, #{{.+}}>
  %0 = IE.DepthToSpace(%x) {block_size = 2 : i64} : tensor<1x8x2x3xf32, #NHWC> -> tensor<1x2x4x6xf32, #NHWC>
  // CHECK: IE.DepthToSpace(%{{.+}}) {block_size = 2 : i64, mode = #IE.depth_to_space_mode<crd>} : tensor<?x8x2x3xf32> -> tensor<?x2x4x6xf32>
  %1 = IE.DepthToSpace(%d) {block_size = 2 : i64, mode = #IE.depth_to_space_mode<crd>} : tensor<?x8x2x3xf32> -> tensor<?x2x4x6xf32>
  // CHECK: IE.SpaceToDepth(%{{.+}}) {block_size = 2 : i64} : tensor<1x2x4x6xf32, #{{.+}}> -> tensor<1x8x2x3xf32, #{{.+}}>
  %2 = IE.SpaceToDepth(%0) {block_size = 2 : i64} : tensor<1x2x4x6xf32, #NHWC> -> tensor<1x8x2x3xf32, #NHWC>
  return %0, %1, %2 : tensor<1x2x4x6xf32, #NHWC>, tensor<?x2x4x6xf32>, tensor<1x8x2x3xf32, #NHWC>
}
