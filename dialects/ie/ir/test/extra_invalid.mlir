// RUN: vpuc-opt %s --split-input-file -verify-diagnostics
// Every diagnostic of the ops of IEOpsExtra.td.

func.func @interp_both(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op expects exactly one of 'scales' and 'sizes'}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, scales = array<f64: 1.0, 2.0>, sizes = array<i64: 2, 8>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_none(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op expects exactly one of 'scales' and 'sizes'}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_scales_count(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op 'scales' has 1 entries but the input has rank 2}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, scales = array<f64: 2.0>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_sizes_count(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op 'sizes' has 3 entries but the input has rank 2}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, sizes = array<i64: 2, 8, 1>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_crop_no_roi(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op coordinate mode tf_crop_and_resize needs 'roi'}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<linear>, coord_mode = #IE.interp_coord_mode<tf_crop_and_resize>, sizes = array<i64: 2, 8>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_roi_other_mode(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op 'roi' is only allowed with coordinate mode tf_crop_and_resize}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<linear>, roi = array<f64: 0.0, 0.0, 1.0, 1.0>, sizes = array<i64: 2, 8>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_roi_count(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op 'roi' has 2 entries but needs 2 * rank = 4}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<linear>, coord_mode = #IE.interp_coord_mode<tf_crop_and_resize>, roi = array<f64: 0.0, 1.0>, sizes = array<i64: 2, 8>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_empty_dim(%x: tensor<2x0xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op cannot interpolate dim 1 of size 0}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, sizes = array<i64: 2, 8>} : tensor<2x0xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_bad_scale(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op 'scales' [1.000000e+00, -2.000000e+00] must be finite and positive}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, scales = array<f64: 1.0, -2.0>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_bad_size(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op 'sizes' [0, 8] must be positive}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, sizes = array<i64: 0, 8>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_too_large(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.Interpolate' op dim 1 of size 4 scaled by 1.000000e+10 is too large}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, scales = array<f64: 1.0, 1.0e10>} : tensor<2x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @interp_wrong_result(%x: tensor<2x4xf32>) -> tensor<2x9xf32> {
  // expected-error @+2 {{'IE.Interpolate' op inferred type(s) 'tensor<2x8xf32>' are incompatible with return type(s) of operation 'tensor<2x9xf32>'}}
  // expected-error @+1 {{'IE.Interpolate' op failed to infer returned types}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, scales = array<f64: 1.0, 2.0>} : tensor<2x4xf32> -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}

// -----

func.func @interp_element_type(%x: tensor<2x4xf32>) -> tensor<2x8xf16> {
  // expected-error @+1 {{'IE.Interpolate' op failed to verify that all of {input, output} have same element type}}
  %0 = IE.Interpolate(%x) {mode = #IE.interp_mode<nearest>, scales = array<f64: 1.0, 2.0>} : tensor<2x4xf32> -> tensor<2x8xf16>
  return %0 : tensor<2x8xf16>
}

// -----

func.func @quantize_not_quant(%x: tensor<4xf32>) -> tensor<4xi8> {
  // expected-error @+1 {{'IE.Quantize' op dstElemType 'i8' is not a uniform quantized type (!quant.uniform)}}
  %0 = IE.Quantize(%x) {dstElemType = i8} : tensor<4xf32> -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @quantize_axis(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32:1, {1.0, 2.0}>> {
  // expected-error @+1 {{'IE.Quantize' op dstElemType '!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00}>' quantizes dim 1 of a tensor of rank 1}}
  %0 = IE.Quantize(%x) {dstElemType = !quant.uniform<i8:f32:1, {1.0, 2.0}>} : tensor<4xf32> -> tensor<4x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return %0 : tensor<4x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
}

// -----

func.func @quantize_scales(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32:0, {1.0, 2.0}>> {
  // expected-error @+1 {{'IE.Quantize' op dstElemType '!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>' has 2 scales but quantized dim 0 has size 4}}
  %0 = IE.Quantize(%x) {dstElemType = !quant.uniform<i8:f32:0, {1.0, 2.0}>} : tensor<4xf32> -> tensor<4x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return %0 : tensor<4x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
}

// -----

func.func @dequantize_not_quant(%x: tensor<4xi8>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.Dequantize' op input element type 'i8' is not a uniform quantized type (!quant.uniform)}}
  %0 = IE.Dequantize(%x) {dstElemType = f32} : tensor<4xi8> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dequantize_result_type(%x: tensor<4x!quant.uniform<u8:f32, 1.0>>) -> tensor<4xf16> {
  // expected-error @+2 {{'IE.Dequantize' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  // expected-error @+1 {{'IE.Dequantize' op failed to infer returned types}}
  %0 = IE.Dequantize(%x) {dstElemType = f32} : tensor<4x!quant.uniform<u8:f32, 1.0>> -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @fq_levels(%x: tensor<2x3xf32>, %l: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.FakeQuantize' op levels 1 must be at least 2}}
  %0 = IE.FakeQuantize(%x, %l, %l, %l, %l) {levels = 1 : i64} : tensor<2x3xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @fq_broadcast(%x: tensor<2x3xf32>, %l: tensor<f32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.FakeQuantize' op output_low of shape [2] does not broadcast to the input shape [2, 3]}}
  %0 = IE.FakeQuantize(%x, %l, %l, %b, %l) {levels = 256 : i64} : tensor<2x3xf32>, tensor<f32>, tensor<f32>, tensor<2xf32>, tensor<f32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @fq_explicit(%x: tensor<2x3xf32>, %l: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.FakeQuantize' op input_low of shape [] differs from the input shape [2, 3]}}
  %0 = IE.FakeQuantize(%x, %l, %l, %l, %l) {levels = 256 : i64, auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>} : tensor<2x3xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @ss_count(%x: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.StridedSlice' op 'begins' has 1 entries but the input has rank 2}}
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0>, ends = array<i64: 2, 5>, strides = array<i64: 1, 1>} : tensor<4x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @ss_mask_count(%x: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.StridedSlice' op 'end_mask' has 1 entries but the input has rank 2}}
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, 0>, ends = array<i64: 2, 5>, strides = array<i64: 1, 1>, end_mask = array<i64: 1>} : tensor<4x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @ss_mask_value(%x: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.StridedSlice' op 'begin_mask' [0, 2] may only hold 0 and 1}}
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, 0>, ends = array<i64: 2, 5>, strides = array<i64: 1, 1>, begin_mask = array<i64: 0, 2>} : tensor<4x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @ss_zero_stride(%x: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'IE.StridedSlice' op 'strides' [1, 0] has a zero stride}}
  %0 = IE.StridedSlice(%x) {begins = array<i64: 0, 0>, ends = array<i64: 2, 5>, strides = array<i64: 1, 0>} : tensor<4x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @bc_negative(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Broadcast' op target shape [-2, 3] has a negative dim}}
  %0 = IE.Broadcast(%x) {target_shape = array<i64: -2, 3>} : tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @bc_mapping_numpy(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Broadcast' op 'axes_mapping' is required with mode explicit and only allowed there}}
  %0 = IE.Broadcast(%x) {target_shape = array<i64: 2, 3>, axes_mapping = array<i64: 1>} : tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @bc_mapping_missing(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Broadcast' op 'axes_mapping' is required with mode explicit and only allowed there}}
  %0 = IE.Broadcast(%x) {target_shape = array<i64: 2, 3>, mode = #IE.broadcast_mode<explicit>} : tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @bc_bidirectional(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Broadcast' op input shape [3] and target shape [2, 4] are not broadcastable}}
  %0 = IE.Broadcast(%x) {target_shape = array<i64: 2, 4>, mode = #IE.broadcast_mode<bidirectional>} : tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @bc_mapping_count(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Broadcast' op 'axes_mapping' [0, 1] has 2 entries but the input has rank 1}}
  %0 = IE.Broadcast(%x) {target_shape = array<i64: 2, 3>, mode = #IE.broadcast_mode<explicit>, axes_mapping = array<i64: 0, 1>} : tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @bc_mapping_order(%x: tensor<1x3xf32>) -> tensor<3x2x3xf32> {
  // expected-error @+1 {{'IE.Broadcast' op 'axes_mapping' [2, 0] must be strictly increasing dims of the target shape [3, 2, 3]}}
  %0 = IE.Broadcast(%x) {target_shape = array<i64: 3, 2, 3>, mode = #IE.broadcast_mode<explicit>, axes_mapping = array<i64: 2, 0>} : tensor<1x3xf32> -> tensor<3x2x3xf32>
  return %0 : tensor<3x2x3xf32>
}

// -----

func.func @bc_rank(%x: tensor<2x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'IE.Broadcast' op input shape [2, 3] does not broadcast to the target shape [3]}}
  %0 = IE.Broadcast(%x) {target_shape = array<i64: 3>} : tensor<2x3xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @bc_dim(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.Broadcast' op input shape [2, 3] does not broadcast to the target shape [2, 4]}}
  %0 = IE.Broadcast(%x) {target_shape = array<i64: 2, 4>} : tensor<2x3xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @range_zero_delta() -> tensor<0xf32> {
  // expected-error @+1 {{'IE.Range' op delta must not be 0}}
  %0 = IE.Range {start = 0.0, limit = 1.0, delta = 0.0, dstElemType = f32} : tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @range_fraction() -> tensor<2xsi32> {
  // expected-error @+1 {{'IE.Range' op start 5.000000e-01, limit 2.000000e+00 and delta 1.000000e+00 must be integers for an integer result}}
  %0 = IE.Range {start = 0.5, limit = 2.0, delta = 1.0, dstElemType = si32} : tensor<2xsi32>
  return %0 : tensor<2xsi32>
}

// -----

func.func @range_inf() -> tensor<2xf32> {
  // expected-error @+1 {{'IE.Range' op start, limit and delta must be finite}}
  %0 = IE.Range {start = 0.0, limit = 0x7FF0000000000000 : f64, delta = 1.0, dstElemType = f32} : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @range_huge() -> tensor<2xf32> {
  // expected-error @+1 {{'IE.Range' op the range has too many elements (1.000000e+12)}}
  %0 = IE.Range {start = 0.0, limit = 1.0e12, delta = 1.0, dstElemType = f32} : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @range_length() -> tensor<2xf32> {
  // expected-error @+2 {{'IE.Range' op inferred type(s) 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2xf32>'}}
  // expected-error @+1 {{'IE.Range' op failed to infer returned types}}
  %0 = IE.Range {start = 0.0, limit = 3.0, delta = 1.0, dstElemType = f32} : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reorder_not_perm(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.Reorder' op dstOrder affine_map<(d0, d1, d2) -> (d0, d2, d1)> is not a permutation of the input's 2 dims}}
  %0 = IE.Reorder(%x) {dstOrder = affine_map<(d0, d1, d2) -> (d0, d2, d1)>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @ar_negative(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op shape_value [-6] has a negative dim}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 0>], shape_value = array<i64: -6>} : tensor<2x3xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @ar_rank0(%x: tensor<f32>) -> tensor<1xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op expects input and result ranks of at least 1}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [], shape_value = array<i64: 1>} : tensor<f32> -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @ar_count(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op 'dim_mapping' has 1 entries but the input has rank 2}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>], shape_value = array<i64: 6>} : tensor<2x3xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @ar_gap(%x: tensor<2x3xf32>) -> tensor<2x1x3xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op 'dim_mapping' entry 1 [2] is not a run of consecutive result dims continuing entry 0}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 2>], shape_value = array<i64: 2, 1, 3>} : tensor<2x3xf32> -> tensor<2x1x3xf32>
  return %0 : tensor<2x1x3xf32>
}

// -----

func.func @ar_cover(%x: tensor<2x3xf32>) -> tensor<2x3x1xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op 'dim_mapping' does not cover all 3 result dims}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 1>], shape_value = array<i64: 2, 3, 1>} : tensor<2x3xf32> -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

func.func @ar_split_merge(%x: tensor<2x6xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op input dims 0 and 1 share result dim 0, so neither may be split}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 0, 1>], shape_value = array<i64: 4, 3>} : tensor<2x6xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @ar_split_merge2(%x: tensor<6x2xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op input dims 0 and 1 share result dim 1, so neither may be split}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0, 1>, array<i64: 1>], shape_value = array<i64: 3, 4>} : tensor<6x2xf32> -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @ar_split_size(%x: tensor<2x6xf32>) -> tensor<2x2x4xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op input dim 1 of size 6 is split into result dims of product 8}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 1, 2>], shape_value = array<i64: 2, 2, 4>} : tensor<2x6xf32> -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}

// -----

func.func @ar_merge_size(%x: tensor<2x6xf32>) -> tensor<10xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op input dims 0 to 1 of product 12 do not match result dim 0 of size 10}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 0>], shape_value = array<i64: 10>} : tensor<2x6xf32> -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @ar_layout(%x: tensor<1x2x3x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<6x4xf32> {
  // expected-error @+1 {{'IE.AffineReshape' op merged input dims are not adjacent in the input's memory order}}
  %0 = IE.AffineReshape(%x) {dim_mapping = [array<i64: 0>, array<i64: 0>, array<i64: 0>, array<i64: 1>], shape_value = array<i64: 6, 4>} : tensor<1x2x3x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

func.func @pat_tiles(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.PerAxisTile' op tiles 0 must be at least 1}}
  %0 = IE.PerAxisTile(%x) {axis = 0 : i64, tiles = 0 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pat_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.PerAxisTile' op axis 2 is out of range for rank 2}}
  %0 = IE.PerAxisTile(%x) {axis = 2 : i64, tiles = 1 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @ge_rank(%x: tensor<2x3xf32>, %i: tensor<2xsi64>) -> tensor<2xf32> {
  // expected-error @+1 {{'IE.GatherElements' op indices of rank 1 must have the input's rank 2}}
  %0 = IE.GatherElements(%x, %i) {axis = 0 : i64} : tensor<2x3xf32>, tensor<2xsi64> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @ge_dim(%x: tensor<2x3xf32>, %i: tensor<2x4xsi64>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.GatherElements' op indices shape [2, 4] exceeds the input shape [2, 3] in dim 1}}
  %0 = IE.GatherElements(%x, %i) {axis = 0 : i64} : tensor<2x3xf32>, tensor<2x4xsi64> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @snd_rank0(%x: tensor<4xf32>, %i: tensor<si64>, %u: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.ScatterNDUpdate' op indices must have rank of at least 1}}
  %0 = IE.ScatterNDUpdate(%x, %i, %u) : tensor<4xf32>, tensor<si64>, tensor<f32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @snd_dynamic(%x: tensor<4xf32>, %i: tensor<2x?xsi64>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.ScatterNDUpdate' op the last dim of indices must be static}}
  %0 = IE.ScatterNDUpdate(%x, %i, %u) : tensor<4xf32>, tensor<2x?xsi64>, tensor<2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @snd_k(%x: tensor<4xf32>, %i: tensor<2x2xsi64>, %u: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.ScatterNDUpdate' op index tuples of size 2 do not fit an input of rank 1}}
  %0 = IE.ScatterNDUpdate(%x, %i, %u) : tensor<4xf32>, tensor<2x2xsi64>, tensor<2xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @snd_updates(%x: tensor<4x3xf32>, %i: tensor<2x1xsi64>, %u: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{'IE.ScatterNDUpdate' op updates shape [2, 4] must be [2, 3] (indices[:-1] + input[1:])}}
  %0 = IE.ScatterNDUpdate(%x, %i, %u) : tensor<4x3xf32>, tensor<2x1xsi64>, tensor<2x4xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @topk_negative(%x: tensor<2x5xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.TopK' op k -1 must not be negative}}
  %0:2 = IE.TopK(%x) {k = -1 : i64, indexElemType = si64} : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @topk_large(%x: tensor<2x5xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.TopK' op k 6 exceeds dim 1 of size 5}}
  %0:2 = IE.TopK(%x) {k = 6 : i64, indexElemType = si64} : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @topk_axis(%x: tensor<2x5xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.TopK' op axis 2 is out of range for rank 2}}
  %0:2 = IE.TopK(%x) {k = 1 : i64, axis = 2 : i64, indexElemType = si64} : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @cumsum_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.CumSum' op axis -3 is out of range for rank 2}}
  %0 = IE.CumSum(%x) {axis = -3 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @argmax_axis(%x: tensor<2x3xf32>) -> tensor<2xsi64> {
  // expected-error @+1 {{'IE.ArgMax' op axis 2 is out of range for rank 2}}
  %0 = IE.ArgMax(%x) {axis = 2 : i64, indexElemType = si64} : tensor<2x3xf32> -> tensor<2xsi64>
  return %0 : tensor<2xsi64>
}

// -----

func.func @argmin_empty(%x: tensor<2x0xf32>) -> tensor<2xsi64> {
  // expected-error @+1 {{'IE.ArgMin' op the reduced dim 1 is empty}}
  %0 = IE.ArgMin(%x) {axis = 1 : i64, indexElemType = si64} : tensor<2x0xf32> -> tensor<2xsi64>
  return %0 : tensor<2xsi64>
}

// -----

func.func @argmax_result(%x: tensor<2x3xf32>) -> tensor<2x1xsi64> {
  // expected-error @+2 {{'IE.ArgMax' op inferred type(s) 'tensor<2xsi64>' are incompatible with return type(s) of operation 'tensor<2x1xsi64>'}}
  // expected-error @+1 {{'IE.ArgMax' op failed to infer returned types}}
  %0 = IE.ArgMax(%x) {axis = 1 : i64, indexElemType = si64} : tensor<2x3xf32> -> tensor<2x1xsi64>
  return %0 : tensor<2x1xsi64>
}

// -----

func.func @d2s_rank(%x: tensor<8x2x3xf32>) -> tensor<8x2x3xf32> {
  // expected-error @+1 {{'IE.DepthToSpace' op expects a 4-D input [N, C, H, W], got rank 3}}
  %0 = IE.DepthToSpace(%x) {block_size = 2 : i64} : tensor<8x2x3xf32> -> tensor<8x2x3xf32>
  return %0 : tensor<8x2x3xf32>
}

// -----

func.func @d2s_block(%x: tensor<1x8x2x3xf32>) -> tensor<1x8x2x3xf32> {
  // expected-error @+1 {{'IE.DepthToSpace' op block_size 0 must be at least 1}}
  %0 = IE.DepthToSpace(%x) {block_size = 0 : i64} : tensor<1x8x2x3xf32> -> tensor<1x8x2x3xf32>
  return %0 : tensor<1x8x2x3xf32>
}

// -----

func.func @d2s_channels(%x: tensor<1x6x2x3xf32>) -> tensor<1x6x2x3xf32> {
  // expected-error @+1 {{'IE.DepthToSpace' op channels 6 are not a multiple of block_size^2 = 4}}
  %0 = IE.DepthToSpace(%x) {block_size = 2 : i64} : tensor<1x6x2x3xf32> -> tensor<1x6x2x3xf32>
  return %0 : tensor<1x6x2x3xf32>
}

// -----

func.func @s2d_spatial(%x: tensor<1x2x4x5xf32>) -> tensor<1x2x4x5xf32> {
  // expected-error @+1 {{'IE.SpaceToDepth' op spatial dim 3 of size 5 is not a multiple of block_size 2}}
  %0 = IE.SpaceToDepth(%x) {block_size = 2 : i64} : tensor<1x2x4x5xf32> -> tensor<1x2x4x5xf32>
  return %0 : tensor<1x2x4x5xf32>
}
