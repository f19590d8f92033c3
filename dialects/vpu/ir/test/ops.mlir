// RUN: vpuc-opt %s --split-input-file --mlir-print-local-scope | vpuc-opt --split-input-file --mlir-print-local-scope | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-generic | vpuc-opt --split-input-file --mlir-print-local-scope | FileCheck %s
// Round trip of every VPU op (the IE op examples of dialects/ie/ir/test with the VPU ops,
// plus tensors outside DDR). Results are written out, and the verifier checks each against
// the inferred type, so every accepted line is also a type inference check.

// CHECK-LABEL: func.func @abs_0
// CHECK-NEXT: %0 = VPU.SW.Abs(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @abs_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Abs(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @abs_1
// CHECK-NEXT: %0 = VPU.SW.Abs(%arg0) : tensor<4xsi8> -> tensor<4xsi8>
func.func @abs_1(%a0: tensor<4xsi8>) -> tensor<4xsi8> {
  %0 = VPU.SW.Abs(%a0) : tensor<4xsi8> -> tensor<4xsi8>
  return %0 : tensor<4xsi8>
}

// -----

// CHECK-LABEL: func.func @acos_0
// CHECK-NEXT: %0 = VPU.SW.Acos(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @acos_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Acos(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @acosh_0
// CHECK-NEXT: %0 = VPU.SW.Acosh(%arg0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
func.func @acosh_0(%a0: tensor<2x3x4xf16>) -> tensor<2x3x4xf16> {
  %0 = VPU.SW.Acosh(%a0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// -----

// CHECK-LABEL: func.func @add_0
// CHECK-NEXT: %0 = VPU.SW.Add(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<2x1x5x1xf32> -> tensor<2x3x5x4xf32>
func.func @add_0(%a0: tensor<1x3x1x4xf32>, %a1: tensor<2x1x5x1xf32>) -> tensor<2x3x5x4xf32> {
  %0 = VPU.SW.Add(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<2x1x5x1xf32> -> tensor<2x3x5x4xf32>
  return %0 : tensor<2x3x5x4xf32>
}

// -----

// CHECK-LABEL: func.func @add_1
// CHECK-NEXT: %0 = VPU.SW.Add(%arg0, %arg0) {auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>} : tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
func.func @add_1(%a0: tensor<1x3x1x4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = VPU.SW.Add(%a0, %a0) {auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>} : tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// Add and Multiply on quantized types (kernels `quantized_add`, `quantized_multiply`): the
// operands and the result have their own quantisation; the post-op stays on the layer; CMX
// operands in NHWC.
// CHECK-LABEL: func.func @add_2
// CHECK-NEXT: %0 = VPU.SW.Add(%arg0, %arg1) {post_op = {name = "IE.ReLU"}} : tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, tensor<1x16x4x4x!quant.uniform<i8:f32, 2.000000e-02:-3>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 4.000000e-02>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
// CHECK-NEXT: %1 = VPU.SW.Multiply(%arg0, %arg2) : tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, tensor<1x16x1x1x!quant.uniform<i8:f32, 1.000000e-02:5>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>> -> tensor<1x16x4x4x!quant.uniform<i8:f32, 3.000000e-02:2>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
func.func @add_2(%a0: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, %a1: tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-3>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, %a2: tensor<1x16x1x1x!quant.uniform<i8:f32, 0.01:5>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>) -> (tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.03:2>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>) {
  %0 = VPU.SW.Add(%a0, %a1) {post_op = {name = "IE.ReLU"}} : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-3>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
  %1 = VPU.SW.Multiply(%a0, %a2) : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, tensor<1x16x1x1x!quant.uniform<i8:f32, 0.01:5>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>> -> tensor<1x16x4x4x!quant.uniform<i8:f32, 0.03:2>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
  return %0, %1 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.03:2>, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
}

// -----

// CHECK-LABEL: func.func @affine_reshape_0
// CHECK-NEXT: %0 = VPU.AffineReshape(%arg0) {dim_mapping = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>, array<i64: 3>], shape_value = array<i64: 1, 2, 8, 32>} : tensor<1x16x4x8xf32> -> tensor<1x2x8x32xf32>
func.func @affine_reshape_0(%a0: tensor<1x16x4x8xf32>) -> tensor<1x2x8x32xf32> {
  %0 = VPU.AffineReshape(%a0) {dim_mapping = [array<i64: 0>, array<i64: 1, 2>, array<i64: 3>, array<i64: 3>], shape_value = array<i64: 1, 2, 8, 32>} : tensor<1x16x4x8xf32> -> tensor<1x2x8x32xf32>
  return %0 : tensor<1x2x8x32xf32>
}

// -----

// CHECK-LABEL: func.func @affine_reshape_1
// CHECK-NEXT: %0 = VPU.AffineReshape(%arg0) {dim_mapping = [array<i64: 0>, array<i64: 1>, array<i64: 2>, array<i64: 2>], shape_value = array<i64: 1, 16, 32>} : tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x16x32xf32, affine_map<(d0, d1, d2) -> (d0, d2, d1)>>
func.func @affine_reshape_1(%a0: tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x16x32xf32, affine_map<(d0, d1, d2) -> (d0, d2, d1)>> {
  %0 = VPU.AffineReshape(%a0) {dim_mapping = [array<i64: 0>, array<i64: 1>, array<i64: 2>, array<i64: 2>], shape_value = array<i64: 1, 16, 32>} : tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x16x32xf32, affine_map<(d0, d1, d2) -> (d0, d2, d1)>>
  return %0 : tensor<1x16x32xf32, affine_map<(d0, d1, d2) -> (d0, d2, d1)>>
}

// -----

// CHECK-LABEL: func.func @asin_0
// CHECK-NEXT: %0 = VPU.SW.Asin(%arg0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
func.func @asin_0(%a0: tensor<2x3x4xf16>) -> tensor<2x3x4xf16> {
  %0 = VPU.SW.Asin(%a0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// -----

// CHECK-LABEL: func.func @asinh_0
// CHECK-NEXT: %0 = VPU.SW.Asinh(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @asinh_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Asinh(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @atan_0
// CHECK-NEXT: %0 = VPU.SW.Atan(%arg0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
func.func @atan_0(%a0: tensor<2x3x4xf16>) -> tensor<2x3x4xf16> {
  %0 = VPU.SW.Atan(%a0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// -----

// CHECK-LABEL: func.func @atanh_0
// CHECK-NEXT: %0 = VPU.SW.Atanh(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @atanh_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Atanh(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @avg_pool_0
// CHECK-NEXT: %0 = VPU.SW.AvgPool(%arg0) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @avg_pool_0(%a0: tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.AvgPool(%a0) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @avg_pool_1
// CHECK-NEXT: %0 = VPU.SW.AvgPool(%arg0) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 1, 1>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @avg_pool_1(%a0: tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x8x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.AvgPool(%a0) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 1, 1>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x8x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// An average pool on a quantized tensor (kernel `quantized_avg_pool`), with a post-op.
// CHECK-LABEL: func.func @avg_pool_2
// CHECK-NEXT: %0 = VPU.SW.AvgPool(%arg0) {kernel_size = array<i64: 24, 24>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x8x24x24x!quant.uniform<u8:f32, 2.000000e-02:128>> -> tensor<1x8x1x1x!quant.uniform<u8:f32, 2.000000e-02:128>>
func.func @avg_pool_2(%a0: tensor<1x8x24x24x!quant.uniform<u8:f32, 0.02:128>>) -> tensor<1x8x1x1x!quant.uniform<u8:f32, 0.02:128>> {
  %0 = VPU.SW.AvgPool(%a0) {kernel_size = array<i64: 24, 24>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x8x24x24x!quant.uniform<u8:f32, 0.02:128>> -> tensor<1x8x1x1x!quant.uniform<u8:f32, 0.02:128>>
  return %0 : tensor<1x8x1x1x!quant.uniform<u8:f32, 0.02:128>>
}

// -----

// CHECK-LABEL: func.func @batch_norm_inference_0
// CHECK-NEXT: %0 = VPU.SW.BatchNormInference(%arg0, %arg1, %arg1, %arg1, %arg1) {epsilon = 1.000000e-05 : f64} : tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
func.func @batch_norm_inference_0(%a0: tensor<1x16x8x8xf32>, %a1: tensor<16xf32>) -> tensor<1x16x8x8xf32> {
  %0 = VPU.SW.BatchNormInference(%a0, %a1, %a1, %a1, %a1) {epsilon = 1.000000e-05 : f64} : tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @bit_shift_0
// CHECK-NEXT: %0 = VPU.SW.BitShift(%arg0, %arg1) {direction = #IE.bit_shift_direction<left>} : tensor<2x3xui16>, tensor<3xui16> -> tensor<2x3xui16>
func.func @bit_shift_0(%a0: tensor<2x3xui16>, %a1: tensor<3xui16>) -> tensor<2x3xui16> {
  %0 = VPU.SW.BitShift(%a0, %a1) {direction = #IE.bit_shift_direction<left>} : tensor<2x3xui16>, tensor<3xui16> -> tensor<2x3xui16>
  return %0 : tensor<2x3xui16>
}

// -----

// CHECK-LABEL: func.func @broadcast_0
// CHECK-NEXT: %0 = VPU.SW.Broadcast(%arg0) {axes_mapping = array<i64: 1>, mode = #IE.broadcast_mode<explicit>, target_shape = array<i64: 2, 3, 4>} : tensor<3xf32> -> tensor<2x3x4xf32>
func.func @broadcast_0(%a0: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %0 = VPU.SW.Broadcast(%a0) {mode = #IE.broadcast_mode<explicit>, axes_mapping = array<i64: 1>, target_shape = array<i64: 2, 3, 4>} : tensor<3xf32> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_1
// CHECK-NEXT: %0 = VPU.SW.Broadcast(%arg0) {target_shape = array<i64: 4, 3>} : tensor<3xf32> -> tensor<4x3xf32>
func.func @broadcast_1(%a0: tensor<3xf32>) -> tensor<4x3xf32> {
  %0 = VPU.SW.Broadcast(%a0) {target_shape = array<i64: 4, 3>} : tensor<3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @c_t_c_greedy_decoder_0
// CHECK-NEXT: %0 = VPU.SW.CTCGreedyDecoder(%arg0, %arg1) : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
func.func @c_t_c_greedy_decoder_0(%a0: tensor<88x2x71xf32>, %a1: tensor<88x2xf32>) -> tensor<2x88x1x1xf32> {
  %0 = VPU.SW.CTCGreedyDecoder(%a0, %a1) : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
  return %0 : tensor<2x88x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @c_t_c_greedy_decoder_1
// CHECK-NEXT: %0 = VPU.SW.CTCGreedyDecoder(%arg0, %arg1) {merge_repeated = false} : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
func.func @c_t_c_greedy_decoder_1(%a0: tensor<88x2x71xf32>, %a1: tensor<88x2xf32>) -> tensor<2x88x1x1xf32> {
  %0 = VPU.SW.CTCGreedyDecoder(%a0, %a1) {merge_repeated = false} : tensor<88x2x71xf32>, tensor<88x2xf32> -> tensor<2x88x1x1xf32>
  return %0 : tensor<2x88x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @ceil_0
// CHECK-NEXT: %0 = VPU.SW.Ceil(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @ceil_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Ceil(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @clamp_0
// CHECK-NEXT: %0 = VPU.SW.Clamp(%arg0) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @clamp_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Clamp(%a0) {min = 0.0, max = 6.0} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @clamp_1
// CHECK-NEXT: %0 = VPU.SW.Clamp(%arg0) {max = 1.000000e+01 : f64, min = -1.000000e+01 : f64} : tensor<4xsi8> -> tensor<4xsi8>
func.func @clamp_1(%a0: tensor<4xsi8>) -> tensor<4xsi8> {
  %0 = VPU.SW.Clamp(%a0) {min = -10.0, max = 10.0} : tensor<4xsi8> -> tensor<4xsi8>
  return %0 : tensor<4xsi8>
}

// -----

// CHECK-LABEL: func.func @concat_0
// CHECK-NEXT: %0 = VPU.Concat(%arg0, %arg1) {axis = 1 : i64} : tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x5x4xf32>
func.func @concat_0(%a0: tensor<1x2x4xf32>, %a1: tensor<1x3x4xf32>) -> tensor<1x5x4xf32> {
  %0 = VPU.Concat(%a0, %a1) {axis = 1 : i64} : tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x5x4xf32>
  return %0 : tensor<1x5x4xf32>
}

// -----

// CHECK-LABEL: func.func @concat_1
// CHECK-NEXT: %0 = VPU.Concat(%arg0, %arg1, %arg0) {axis = -2 : i64} : tensor<1x3x4xf32>, tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x8x4xf32>
func.func @concat_1(%a0: tensor<1x3x4xf32>, %a1: tensor<1x2x4xf32>) -> tensor<1x8x4xf32> {
  %0 = VPU.Concat(%a0, %a1, %a0) {axis = -2 : i64} : tensor<1x3x4xf32>, tensor<1x2x4xf32>, tensor<1x3x4xf32> -> tensor<1x8x4xf32>
  return %0 : tensor<1x8x4xf32>
}

// -----

// CHECK-LABEL: func.func @convert_0
// CHECK-NEXT: %0 = VPU.SW.Convert(%arg0) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
func.func @convert_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf16> {
  %0 = VPU.SW.Convert(%a0) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
  return %0 : tensor<1x8xf16>
}

// -----

// CHECK-LABEL: func.func @convert_1
// CHECK-NEXT: %0 = VPU.SW.Convert(%arg0) {dstElemType = si32} : tensor<1x8xf16> -> tensor<1x8xsi32>
func.func @convert_1(%a0: tensor<1x8xf16>) -> tensor<1x8xsi32> {
  %0 = VPU.SW.Convert(%a0) {dstElemType = si32} : tensor<1x8xf16> -> tensor<1x8xsi32>
  return %0 : tensor<1x8xsi32>
}

// -----

// CHECK-LABEL: func.func @convolution_0
// CHECK-NEXT: %0 = VPU.SW.Convolution(%arg0, %arg1, %arg2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32>, tensor<32xf32> -> tensor<1x32x112x112xf32>
func.func @convolution_0(%a0: tensor<1x3x224x224xf32>, %a1: tensor<32x3x3x3xf32>, %a2: tensor<32xf32>) -> tensor<1x32x112x112xf32> {
  %0 = VPU.SW.Convolution(%a0, %a1, %a2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32>, tensor<32xf32> -> tensor<1x32x112x112xf32>
  return %0 : tensor<1x32x112x112xf32>
}

// -----

// CHECK-LABEL: func.func @convolution_1
// CHECK-NEXT: %0 = VPU.SW.Convolution(%arg0, %arg1) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32> -> tensor<1x32x222x222xf32>
func.func @convolution_1(%a0: tensor<1x3x224x224xf32>, %a1: tensor<32x3x3x3xf32>) -> tensor<1x32x222x222xf32> {
  %0 = VPU.SW.Convolution(%a0, %a1) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32> -> tensor<1x32x222x222xf32>
  return %0 : tensor<1x32x222x222xf32>
}

// -----

// Quantized convolutions (kernels `quantized_convolution`, `quantized_group_convolution`): the
// result has its own quantisation; the post-op stays on the layer.
// CHECK-LABEL: func.func @convolution_2
// CHECK-NEXT: %0 = VPU.SW.Convolution(%arg0, %arg1, %arg2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, post_op = {attrs = {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}, name = "IE.Clamp"}, strides = array<i64: 2, 2>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01,1.000000e-01,2.000000e-01}>>, tensor<4x!quant.uniform<i32:f32:0, {5.000000e-03,1.000000e-02,5.000000e-03,1.000000e-02}>> -> tensor<1x4x4x4x!quant.uniform<u8:f32, 2.500000e-02>>
// CHECK-NEXT: %1 = VPU.SW.GroupConvolution(%arg0, %arg3) {dilations = array<i64: 1, 1>, groups = 3 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<3x1x1x1x!quant.uniform<i8:f32, 1.000000e-01>> -> tensor<1x3x8x8x!quant.uniform<i8:f32, 1.000000e-01:-3>>
func.func @convolution_2(%a0: tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, %a1: tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.1, 0.2}>>, %a2: tensor<4x!quant.uniform<i32:f32:0, {0.005, 0.01, 0.005, 0.01}>>, %a3: tensor<3x1x1x1x!quant.uniform<i8:f32, 0.1>>) -> (tensor<1x4x4x4x!quant.uniform<u8:f32, 0.025>>, tensor<1x3x8x8x!quant.uniform<i8:f32, 0.1:-3>>) {
  %0 = VPU.SW.Convolution(%a0, %a1, %a2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>, post_op = {attrs = {max = 6.0 : f64, min = 0.0 : f64}, name = "IE.Clamp"}} : tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, tensor<4x3x3x3x!quant.uniform<i8:f32:0, {0.1, 0.2, 0.1, 0.2}>>, tensor<4x!quant.uniform<i32:f32:0, {0.005, 0.01, 0.005, 0.01}>> -> tensor<1x4x4x4x!quant.uniform<u8:f32, 0.025>>
  %1 = VPU.SW.GroupConvolution(%a0, %a3) {dilations = array<i64: 1, 1>, groups = 3 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, tensor<3x1x1x1x!quant.uniform<i8:f32, 0.1>> -> tensor<1x3x8x8x!quant.uniform<i8:f32, 0.1:-3>>
  return %0, %1 : tensor<1x4x4x4x!quant.uniform<u8:f32, 0.025>>, tensor<1x3x8x8x!quant.uniform<i8:f32, 0.1:-3>>
}

// -----

// CHECK-LABEL: func.func @arg_extremum_0
// CHECK-NEXT: %0 = VPU.SW.ArgMax(%arg0) {axis = 1 : i64, indexElemType = si64, keep_dims} : tensor<2x5xf32> -> tensor<2x1xsi64>
// CHECK-NEXT: %1 = VPU.SW.ArgMin(%arg0) {axis = -1 : i64, indexElemType = si32, select_last_index} : tensor<2x5xf32> -> tensor<2xsi32>
func.func @arg_extremum_0(%a0: tensor<2x5xf32>) -> (tensor<2x1xsi64>, tensor<2xsi32>) {
  %0 = VPU.SW.ArgMax(%a0) {axis = 1 : i64, keep_dims, indexElemType = si64} : tensor<2x5xf32> -> tensor<2x1xsi64>
  %1 = VPU.SW.ArgMin(%a0) {axis = -1 : i64, select_last_index, indexElemType = si32} : tensor<2x5xf32> -> tensor<2xsi32>
  return %0, %1 : tensor<2x1xsi64>, tensor<2xsi32>
}

// -----

// CHECK-LABEL: func.func @cos_0
// CHECK-NEXT: %0 = VPU.SW.Cos(%arg0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
func.func @cos_0(%a0: tensor<2x3x4xf16>) -> tensor<2x3x4xf16> {
  %0 = VPU.SW.Cos(%a0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// -----

// CHECK-LABEL: func.func @cosh_0
// CHECK-NEXT: %0 = VPU.SW.Cosh(%arg0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
func.func @cosh_0(%a0: tensor<2x3x4xf16>) -> tensor<2x3x4xf16> {
  %0 = VPU.SW.Cosh(%a0) : tensor<2x3x4xf16> -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// -----

// CHECK-LABEL: func.func @cum_sum_0
// CHECK-NEXT: %0 = VPU.SW.CumSum(%arg0) {axis = -1 : i64, exclusive, reverse} : tensor<2x5xf32> -> tensor<2x5xf32>
func.func @cum_sum_0(%a0: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %0 = VPU.SW.CumSum(%a0) {axis = -1 : i64, exclusive, reverse} : tensor<2x5xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// CHECK-LABEL: func.func @deconvolution_0
// CHECK-NEXT: %0 = VPU.SW.Deconvolution(%arg0, %arg1) {dilations = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x16x16xf32>
func.func @deconvolution_0(%a0: tensor<1x16x8x8xf32>, %a1: tensor<16x8x3x3xf32>) -> tensor<1x8x16x16xf32> {
  %0 = VPU.SW.Deconvolution(%a0, %a1) {dilations = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

// -----

// CHECK-LABEL: func.func @deconvolution_1
// CHECK-NEXT: %0 = VPU.SW.Deconvolution(%arg0, %arg1, %arg2) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32>, tensor<8xf32> -> tensor<1x8x10x10xf32>
func.func @deconvolution_1(%a0: tensor<1x16x8x8xf32>, %a1: tensor<16x8x3x3xf32>, %a2: tensor<8xf32>) -> tensor<1x8x10x10xf32> {
  %0 = VPU.SW.Deconvolution(%a0, %a1, %a2) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32>, tensor<8xf32> -> tensor<1x8x10x10xf32>
  return %0 : tensor<1x8x10x10xf32>
}

// -----

// CHECK-LABEL: func.func @depth_to_space_0
// CHECK-NEXT: %0 = VPU.SW.DepthToSpace(%arg0) {block_size = 2 : i64} : tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @depth_to_space_0(%a0: tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.DepthToSpace(%a0) {block_size = 2 : i64} : tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @dequantize_0
// CHECK-NEXT: %0 = VPU.SW.Dequantize(%arg0) {dstElemType = f32} : tensor<1x3x4x4x!quant.uniform<u8:f32, 2.000000e-02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @dequantize_0(%a0: tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.Dequantize(%a0) {dstElemType = f32} : tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @dequantize_1
// CHECK-NEXT: %0 = VPU.SW.Dequantize(%arg0) {dstElemType = f16} : tensor<4x3x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01,1.250000e-01:1,1.000000e+00:-1}>> -> tensor<4x3xf16>
func.func @dequantize_1(%a0: tensor<4x3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 0.125:1, 1.0:-1}>>) -> tensor<4x3xf16> {
  %0 = VPU.SW.Dequantize(%a0) {dstElemType = f16} : tensor<4x3x!quant.uniform<i8:f32:0, {0.5:0, 0.25:0, 0.125:1, 1.0:-1}>> -> tensor<4x3xf16>
  return %0 : tensor<4x3xf16>
}

// -----

// CHECK-LABEL: func.func @divide_0
// CHECK-NEXT: %0 = VPU.SW.Divide(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @divide_0(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = VPU.SW.Divide(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @elu_0
// CHECK-NEXT: %0 = VPU.SW.Elu(%arg0) {alpha = 1.000000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @elu_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Elu(%a0) {alpha = 1.0} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @equal_0
// CHECK-NEXT: %0 = VPU.SW.Equal(%arg0, %arg1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
func.func @equal_0(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = VPU.SW.Equal(%a0, %a1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @erf_0
// CHECK-NEXT: %0 = VPU.SW.Erf(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @erf_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Erf(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @exp_0
// CHECK-NEXT: %0 = VPU.SW.Exp(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @exp_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Exp(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @fake_quantize_0
// CHECK-NEXT: %0 = VPU.SW.FakeQuantize(%arg0, %arg1, %arg2, %arg3, %arg3) {levels = 256 : i64} : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<f32>, tensor<f32> -> tensor<1x3x4x4xf32>
func.func @fake_quantize_0(%a0: tensor<1x3x4x4xf32>, %a1: tensor<1x3x1x1xf32>, %a2: tensor<1x3x1x1xf32>, %a3: tensor<f32>) -> tensor<1x3x4x4xf32> {
  %0 = VPU.SW.FakeQuantize(%a0, %a1, %a2, %a3, %a3) {levels = 256 : i64} : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>, tensor<f32>, tensor<f32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @fake_quantize_1
// CHECK-NEXT: %0 = VPU.SW.FakeQuantize(%arg0, %arg1, %arg1, %arg1, %arg1) {auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>, levels = 2 : i64} : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
func.func @fake_quantize_1(%a0: tensor<1x3x4x4xf32>, %a1: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32> {
  %0 = VPU.SW.FakeQuantize(%a0, %a1, %a1, %a1, %a1) {levels = 2 : i64, auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>} : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  return %0 : tensor<1x3x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @floor_0
// CHECK-NEXT: %0 = VPU.SW.Floor(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @floor_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Floor(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @floor_mod_0
// CHECK-NEXT: %0 = VPU.SW.FloorMod(%arg0, %arg1) : tensor<4xsi32>, tensor<si32> -> tensor<4xsi32>
func.func @floor_mod_0(%a0: tensor<4xsi32>, %a1: tensor<si32>) -> tensor<4xsi32> {
  %0 = VPU.SW.FloorMod(%a0, %a1) : tensor<4xsi32>, tensor<si32> -> tensor<4xsi32>
  return %0 : tensor<4xsi32>
}

// -----

// CHECK-LABEL: func.func @fully_connected_0
// CHECK-NEXT: %0 = VPU.SW.FullyConnected(%arg0, %arg1, %arg2) : tensor<4x1024xf32>, tensor<1000x1024xf32>, tensor<1x1000xf32> -> tensor<4x1000xf32>
func.func @fully_connected_0(%a0: tensor<4x1024xf32>, %a1: tensor<1000x1024xf32>, %a2: tensor<1x1000xf32>) -> tensor<4x1000xf32> {
  %0 = VPU.SW.FullyConnected(%a0, %a1, %a2) : tensor<4x1024xf32>, tensor<1000x1024xf32>, tensor<1x1000xf32> -> tensor<4x1000xf32>
  return %0 : tensor<4x1000xf32>
}

// -----

// CHECK-LABEL: func.func @g_r_n_0
// CHECK-NEXT: %0 = VPU.SW.GRN(%arg0) {bias = 9.9999999999999995E-7 : f64} : tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
func.func @g_r_n_0(%a0: tensor<1x64x8x8xf32>) -> tensor<1x64x8x8xf32> {
  %0 = VPU.SW.GRN(%a0) {bias = 1.000000e-06 : f64} : tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
  return %0 : tensor<1x64x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @g_r_n_1
// CHECK-NEXT: %0 = VPU.SW.GRN(%arg0) {bias = 0.000000e+00 : f64} : tensor<3x5xbf16> -> tensor<3x5xbf16>
func.func @g_r_n_1(%a0: tensor<3x5xbf16>) -> tensor<3x5xbf16> {
  %0 = VPU.SW.GRN(%a0) {bias = 0.000000e+00 : f64} : tensor<3x5xbf16> -> tensor<3x5xbf16>
  return %0 : tensor<3x5xbf16>
}

// -----

// CHECK-LABEL: func.func @g_r_u_sequence_0
func.func @g_r_u_sequence_0(%a0: tensor<2x5x3xf32>, %a1: tensor<2x1x4xf32>, %a2: tensor<1x12x3xf32>, %a3: tensor<1x12x4xf32>, %a4: tensor<1x12xf32>) -> (tensor<2x1x5x4xf32>, tensor<2x1x4xf32>) {
  %0:2 = VPU.SW.GRUSequence(%a0, %a1, %a2, %a3, %a4) {direction = #IE.rnn_direction<forward>, hidden_size = 4 : i64} : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x12xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  return %0#0, %0#1 : tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @g_r_u_sequence_1
func.func @g_r_u_sequence_1(%a0: tensor<2x5x3xf32>, %a1: tensor<2x1x4xf32>, %a2: tensor<1x12x3xf32>, %a3: tensor<1x12x4xf32>, %a4: tensor<1x16xf32>) -> (tensor<2x1x5x4xf32>, tensor<2x1x4xf32>) {
  %0:2 = VPU.SW.GRUSequence(%a0, %a1, %a2, %a3, %a4) {activations = ["tanh", "relu"], clip = 10.0 : f64, direction = #IE.rnn_direction<reverse>, hidden_size = 4 : i64, linear_before_reset} : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<1x12x3xf32>, tensor<1x12x4xf32>, tensor<1x16xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
  return %0#0, %0#1 : tensor<2x1x5x4xf32>, tensor<2x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_0
// CHECK-NEXT: %0 = VPU.SW.Gather(%arg0, %arg1) {axis = 1 : i64} : tensor<2x5x4xf32>, tensor<3xsi64> -> tensor<2x3x4xf32>
func.func @gather_0(%a0: tensor<2x5x4xf32>, %a1: tensor<3xsi64>) -> tensor<2x3x4xf32> {
  %0 = VPU.SW.Gather(%a0, %a1) {axis = 1 : i64} : tensor<2x5x4xf32>, tensor<3xsi64> -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @gather_1
// CHECK-NEXT: %0 = VPU.SW.Gather(%arg0, %arg1) {axis = -1 : i64} : tensor<2x5x4xf32>, tensor<2x2xf32> -> tensor<2x5x2x2xf32>
func.func @gather_1(%a0: tensor<2x5x4xf32>, %a1: tensor<2x2xf32>) -> tensor<2x5x2x2xf32> {
  %0 = VPU.SW.Gather(%a0, %a1) {axis = -1 : i64} : tensor<2x5x4xf32>, tensor<2x2xf32> -> tensor<2x5x2x2xf32>
  return %0 : tensor<2x5x2x2xf32>
}

// -----

// CHECK-LABEL: func.func @gather_elements_0
// CHECK-NEXT: %0 = VPU.SW.GatherElements(%arg0, %arg1) {axis = 1 : i64} : tensor<2x5xf32>, tensor<2x3xsi64> -> tensor<2x3xf32>
func.func @gather_elements_0(%a0: tensor<2x5xf32>, %a1: tensor<2x3xsi64>) -> tensor<2x3xf32> {
  %0 = VPU.SW.GatherElements(%a0, %a1) {axis = 1 : i64} : tensor<2x5xf32>, tensor<2x3xsi64> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @gelu_0
// CHECK-NEXT: %0 = VPU.SW.Gelu(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @gelu_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Gelu(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @greater_0
// CHECK-NEXT: %0 = VPU.SW.Greater(%arg0, %arg1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
func.func @greater_0(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = VPU.SW.Greater(%a0, %a1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @group_convolution_0
// CHECK-NEXT: %0 = VPU.SW.GroupConvolution(%arg0, %arg1) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x32x112x112xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x56x56xf32>
func.func @group_convolution_0(%a0: tensor<1x32x112x112xf32>, %a1: tensor<32x1x3x3xf32>) -> tensor<1x32x56x56xf32> {
  %0 = VPU.SW.GroupConvolution(%a0, %a1) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x32x112x112xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x56x56xf32>
  return %0 : tensor<1x32x56x56xf32>
}

// -----

// CHECK-LABEL: func.func @group_convolution_1
// CHECK-NEXT: %0 = VPU.SW.GroupConvolution(%arg0, %arg1, %arg2) {dilations = array<i64: 1, 1>, groups = 4 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x32x112x112xf32>, tensor<64x8x1x1xf32>, tensor<64xf32> -> tensor<1x64x112x112xf32>
func.func @group_convolution_1(%a0: tensor<1x32x112x112xf32>, %a1: tensor<64x8x1x1xf32>, %a2: tensor<64xf32>) -> tensor<1x64x112x112xf32> {
  %0 = VPU.SW.GroupConvolution(%a0, %a1, %a2) {dilations = array<i64: 1, 1>, groups = 4 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x32x112x112xf32>, tensor<64x8x1x1xf32>, tensor<64xf32> -> tensor<1x64x112x112xf32>
  return %0 : tensor<1x64x112x112xf32>
}

// -----

// CHECK-LABEL: func.func @h_sigmoid_0
// CHECK-NEXT: %0 = VPU.SW.HSigmoid(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @h_sigmoid_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.HSigmoid(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @h_swish_0
// CHECK-NEXT: %0 = VPU.SW.HSwish(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @h_swish_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.HSwish(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @interpolate_0
// CHECK-NEXT: %0 = VPU.SW.Interpolate(%arg0) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>} : tensor<1x8x16x16xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x32x32xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @interpolate_0(%a0: tensor<1x8x16x16xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x8x32x32xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : tensor<1x8x16x16xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x32x32xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x8x32x32xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @interpolate_1
// CHECK-NEXT: %0 = VPU.SW.Interpolate(%arg0) {coord_mode = #IE.interp_coord_mode<asymmetric>, mode = #IE.interp_mode<nearest>, nearest_mode = #IE.interp_nearest_mode<floor>, scales = array<f64: 1.000000e+00, 6.000000e-01>} : tensor<2x5xf16> -> tensor<2x3xf16>
func.func @interpolate_1(%a0: tensor<2x5xf16>) -> tensor<2x3xf16> {
  %0 = VPU.SW.Interpolate(%a0) {mode = #IE.interp_mode<nearest>, coord_mode = #IE.interp_coord_mode<asymmetric>, nearest_mode = #IE.interp_nearest_mode<floor>, scales = array<f64: 1.0, 0.6>} : tensor<2x5xf16> -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

// CHECK-LABEL: func.func @l_r_n_0
// CHECK-NEXT: %0 = VPU.SW.LRN(%arg0) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x96x55x55xf32> -> tensor<1x96x55x55xf32>
func.func @l_r_n_0(%a0: tensor<1x96x55x55xf32>) -> tensor<1x96x55x55xf32> {
  %0 = VPU.SW.LRN(%a0) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x96x55x55xf32> -> tensor<1x96x55x55xf32>
  return %0 : tensor<1x96x55x55xf32>
}

// -----

// CHECK-LABEL: func.func @l_r_n_1
// CHECK-NEXT: %0 = VPU.SW.LRN(%arg0) {alpha = 2.000000e-04 : f64, beta = 5.000000e-01 : f64, bias = 2.000000e+00 : f64, size = 2 : i64} : tensor<2x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<2x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @l_r_n_1(%a0: tensor<2x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<2x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.LRN(%a0) {alpha = 2.000000e-04 : f64, beta = 5.000000e-01 : f64, bias = 2.000000e+00 : f64, size = 2 : i64} : tensor<2x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<2x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<2x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @l_s_t_m_cell_0
func.func @l_s_t_m_cell_0(%a0: tensor<2x3xf32>, %a1: tensor<2x4xf32>, %a2: tensor<2x4xf32>, %a3: tensor<16x3xf32>, %a4: tensor<16x4xf32>, %a5: tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0:2 = VPU.SW.LSTMCell(%a0, %a1, %a2, %a3, %a4, %a5) {hidden_size = 4 : i64, activations = ["sigmoid", "tanh", "tanh"]} : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @l_s_t_m_cell_1
func.func @l_s_t_m_cell_1(%a0: tensor<2x3xf32>, %a1: tensor<2x4xf32>, %a2: tensor<2x4xf32>, %a3: tensor<16x3xf32>, %a4: tensor<16x4xf32>, %a5: tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0:2 = VPU.SW.LSTMCell(%a0, %a1, %a2, %a3, %a4, %a5) {hidden_size = 4 : i64, activations = ["relu", "sigmoid", "tanh"], clip = 3.0 : f64} : tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<16x3xf32>, tensor<16x4xf32>, tensor<16xf32> -> tensor<2x4xf32>, tensor<2x4xf32>
  return %0#0, %0#1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @l_s_t_m_sequence_0
func.func @l_s_t_m_sequence_0(%a0: tensor<2x5x3xf32>, %a1: tensor<2x2x4xf32>, %a2: tensor<2x2x4xf32>, %a3: tensor<2x16x3xf32>, %a4: tensor<2x16x4xf32>, %a5: tensor<2x16xf32>) -> (tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>) {
  %0:3 = VPU.SW.LSTMSequence(%a0, %a1, %a2, %a3, %a4, %a5) {direction = #IE.rnn_direction<bidirectional>, hidden_size = 4 : i64} : tensor<2x5x3xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>, tensor<2x16x3xf32>, tensor<2x16x4xf32>, tensor<2x16xf32> -> tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>
  return %0#0, %0#1, %0#2 : tensor<2x2x5x4xf32>, tensor<2x2x4xf32>, tensor<2x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @l_s_t_m_sequence_1
func.func @l_s_t_m_sequence_1(%a0: tensor<2x5x3xf32>, %a1: tensor<2x1x4xf32>, %a2: tensor<2x1x4xf32>, %a3: tensor<1x16x3xf32>, %a4: tensor<1x16x4xf32>, %a5: tensor<1x16xf32>) -> (tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>) {
  %0:3 = VPU.SW.LSTMSequence(%a0, %a1, %a2, %a3, %a4, %a5) {direction = #IE.rnn_direction<reverse>, hidden_size = 4 : i64} : tensor<2x5x3xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<1x16x3xf32>, tensor<1x16x4xf32>, tensor<1x16xf32> -> tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
  return %0#0, %0#1, %0#2 : tensor<2x1x5x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @layer_normalization_0
// CHECK-NEXT: %0 = VPU.SW.LayerNormalization(%arg0, %arg1, %arg1) {epsilon = 1.000000e-05 : f64} : tensor<1x128x768xf16>, tensor<768xf16>, tensor<768xf16> -> tensor<1x128x768xf16>
func.func @layer_normalization_0(%a0: tensor<1x128x768xf16>, %a1: tensor<768xf16>) -> tensor<1x128x768xf16> {
  %0 = VPU.SW.LayerNormalization(%a0, %a1, %a1) {epsilon = 1.000000e-05 : f64} : tensor<1x128x768xf16>, tensor<768xf16>, tensor<768xf16> -> tensor<1x128x768xf16>
  return %0 : tensor<1x128x768xf16>
}

// -----

// CHECK-LABEL: func.func @leaky_relu_0
// CHECK-NEXT: %0 = VPU.SW.LeakyRelu(%arg0) {negative_slope = 1.000000e-01 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @leaky_relu_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.LeakyRelu(%a0) {negative_slope = 0.1} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @leaky_relu_1
// CHECK-NEXT: %0 = VPU.SW.LeakyRelu(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @leaky_relu_1(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.LeakyRelu(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @less_0
// CHECK-NEXT: %0 = VPU.SW.Less(%arg0, %arg1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
func.func @less_0(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = VPU.SW.Less(%a0, %a1) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @log_0
// CHECK-NEXT: %0 = VPU.SW.Log(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @log_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Log(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @log_soft_max_0
// CHECK-NEXT: %0 = VPU.SW.LogSoftMax(%arg0) {axis = -1 : i64} : tensor<2x5xf16> -> tensor<2x5xf16>
func.func @log_soft_max_0(%a0: tensor<2x5xf16>) -> tensor<2x5xf16> {
  %0 = VPU.SW.LogSoftMax(%a0) {axis = -1 : i64} : tensor<2x5xf16> -> tensor<2x5xf16>
  return %0 : tensor<2x5xf16>
}

// -----

// CHECK-LABEL: func.func @logical_and_0
// CHECK-NEXT: %0 = VPU.SW.LogicalAnd(%arg0, %arg1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
func.func @logical_and_0(%a0: tensor<2x3xi1>, %a1: tensor<1xi1>) -> tensor<2x3xi1> {
  %0 = VPU.SW.LogicalAnd(%a0, %a1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @logical_not_0
// CHECK-NEXT: %0 = VPU.SW.LogicalNot(%arg0) : tensor<2x3xi1> -> tensor<2x3xi1>
func.func @logical_not_0(%a0: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = VPU.SW.LogicalNot(%a0) : tensor<2x3xi1> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @logical_or_0
// CHECK-NEXT: %0 = VPU.SW.LogicalOr(%arg0, %arg1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
func.func @logical_or_0(%a0: tensor<2x3xi1>, %a1: tensor<1xi1>) -> tensor<2x3xi1> {
  %0 = VPU.SW.LogicalOr(%a0, %a1) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @lp_pool_0
// CHECK-NEXT: %0 = VPU.SW.LpPool(%arg0) {kernel_size = array<i64: 3, 3>, p = 3 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x8x7x7xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @lp_pool_0(%a0: tensor<1x8x7x7xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.LpPool(%a0) {kernel_size = array<i64: 3, 3>, p = 3 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x8x7x7xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x8x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @m_v_n_0
// CHECK-NEXT: %0 = VPU.SW.MVN(%arg0) {axes = array<i64: 2, 3>, eps = 1.000000e-09 : f64, eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
func.func @m_v_n_0(%a0: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %0 = VPU.SW.MVN(%a0) {axes = array<i64: 2, 3>, eps = 1.000000e-09 : f64, eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @m_v_n_1
// CHECK-NEXT: %0 = VPU.SW.MVN(%arg0) {axes = array<i64: 1, 2, 3>, eps = 0.000000e+00 : f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
func.func @m_v_n_1(%a0: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %0 = VPU.SW.MVN(%a0) {axes = array<i64: 1, 2, 3>, eps = 0.0 : f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @mat_mul_0
// CHECK-NEXT: %0 = VPU.SW.MatMul(%arg0, %arg1) : tensor<2x1x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x3x4x5xf32>
func.func @mat_mul_0(%a0: tensor<2x1x4x8xf32>, %a1: tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %0 = VPU.SW.MatMul(%a0, %a1) : tensor<2x1x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x3x4x5xf32>
  return %0 : tensor<2x3x4x5xf32>
}

// -----

// CHECK-LABEL: func.func @mat_mul_1
// CHECK-NEXT: %0 = VPU.SW.MatMul(%arg0, %arg0) {transpose_b} : tensor<8x16x64xf32>, tensor<8x16x64xf32> -> tensor<8x16x16xf32>
func.func @mat_mul_1(%a0: tensor<8x16x64xf32>) -> tensor<8x16x16xf32> {
  %0 = VPU.SW.MatMul(%a0, %a0) {transpose_b} : tensor<8x16x64xf32>, tensor<8x16x64xf32> -> tensor<8x16x16xf32>
  return %0 : tensor<8x16x16xf32>
}

// -----

// CHECK-LABEL: func.func @max_pool_0
// CHECK-NEXT: %0 = VPU.SW.MaxPool(%arg0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x55x55xf32>
func.func @max_pool_0(%a0: tensor<1x64x112x112xf32>) -> tensor<1x64x55x55xf32> {
  %0 = VPU.SW.MaxPool(%a0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x55x55xf32>
  return %0 : tensor<1x64x55x55xf32>
}

// -----

// CHECK-LABEL: func.func @max_pool_1
// CHECK-NEXT: %0 = VPU.SW.MaxPool(%arg0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
func.func @max_pool_1(%a0: tensor<1x64x112x112xf32>) -> tensor<1x64x56x56xf32> {
  %0 = VPU.SW.MaxPool(%a0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
  return %0 : tensor<1x64x56x56xf32>
}

// -----

// CHECK-LABEL: func.func @max_r_o_i_pool_0
// CHECK-NEXT: %0 = VPU.SW.MaxROIPool(%arg0, %arg1) {pooled_h = 2 : i64, pooled_w = 2 : i64, spatial_scale = 5.000000e-01 : f64} : tensor<1x8x10x10xf16>, tensor<3x5xf16> -> tensor<3x8x2x2xf16>
func.func @max_r_o_i_pool_0(%a0: tensor<1x8x10x10xf16>, %a1: tensor<3x5xf16>) -> tensor<3x8x2x2xf16> {
  %0 = VPU.SW.MaxROIPool(%a0, %a1) {pooled_h = 2 : i64, pooled_w = 2 : i64, spatial_scale = 5.000000e-01 : f64} : tensor<1x8x10x10xf16>, tensor<3x5xf16> -> tensor<3x8x2x2xf16>
  return %0 : tensor<3x8x2x2xf16>
}

// -----

// CHECK-LABEL: func.func @maximum_0
// CHECK-NEXT: %0 = VPU.SW.Maximum(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @maximum_0(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = VPU.SW.Maximum(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @minimum_0
// CHECK-NEXT: %0 = VPU.SW.Minimum(%arg0, %arg1) : tensor<4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
func.func @minimum_0(%a0: tensor<4xf32>, %a1: tensor<1x3x1x4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = VPU.SW.Minimum(%a0, %a1) : tensor<4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @mish_0
// CHECK-NEXT: %0 = VPU.SW.Mish(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @mish_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Mish(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @multiply_0
// CHECK-NEXT: %0 = VPU.SW.Multiply(%arg0, %arg1) : tensor<1x3x8x8xf32>, tensor<1x1x8x8xf32> -> tensor<1x3x8x8xf32>
func.func @multiply_0(%a0: tensor<1x3x8x8xf32>, %a1: tensor<1x1x8x8xf32>) -> tensor<1x3x8x8xf32> {
  %0 = VPU.SW.Multiply(%a0, %a1) : tensor<1x3x8x8xf32>, tensor<1x1x8x8xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @multiply_1
// CHECK-NEXT: %0 = VPU.SW.Multiply(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @multiply_1(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = VPU.SW.Multiply(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @negative_0
// CHECK-NEXT: %0 = VPU.SW.Negative(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @negative_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Negative(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @negative_1
// CHECK-NEXT: %0 = VPU.SW.Negative(%arg0) : tensor<4xsi8> -> tensor<4xsi8>
func.func @negative_1(%a0: tensor<4xsi8>) -> tensor<4xsi8> {
  %0 = VPU.SW.Negative(%a0) : tensor<4xsi8> -> tensor<4xsi8>
  return %0 : tensor<4xsi8>
}

// -----

// CHECK-LABEL: func.func @normalize_l2_0
// CHECK-NEXT: %0 = VPU.SW.NormalizeL2(%arg0) {axes = array<i64: 1>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<max>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
func.func @normalize_l2_0(%a0: tensor<1x512x38x38xf32>) -> tensor<1x512x38x38xf32> {
  %0 = VPU.SW.NormalizeL2(%a0) {axes = array<i64: 1>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<max>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
  return %0 : tensor<1x512x38x38xf32>
}

// -----

// CHECK-LABEL: func.func @normalize_l2_1
// CHECK-NEXT: %0 = VPU.SW.NormalizeL2(%arg0) {axes = array<i64: -1, 1, 2>, eps = 0.000000e+00 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
func.func @normalize_l2_1(%a0: tensor<1x512x38x38xf32>) -> tensor<1x512x38x38xf32> {
  %0 = VPU.SW.NormalizeL2(%a0) {axes = array<i64: -1, 1, 2>, eps = 0.000000e+00 : f64, eps_mode = #IE.eps_mode<add>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
  return %0 : tensor<1x512x38x38xf32>
}

// -----

// CHECK-LABEL: func.func @p_relu_0
// CHECK-NEXT: %0 = VPU.SW.PRelu(%arg0, %arg1) : tensor<1x16x8x8xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
func.func @p_relu_0(%a0: tensor<1x16x8x8xf32>, %a1: tensor<16xf32>) -> tensor<1x16x8x8xf32> {
  %0 = VPU.SW.PRelu(%a0, %a1) : tensor<1x16x8x8xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @p_relu_1
// CHECK-NEXT: %0 = VPU.SW.PRelu(%arg0, %arg1) : tensor<1x16x8x8xf32>, tensor<16x1x1xf32> -> tensor<1x16x8x8xf32>
func.func @p_relu_1(%a0: tensor<1x16x8x8xf32>, %a1: tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32> {
  %0 = VPU.SW.PRelu(%a0, %a1) : tensor<1x16x8x8xf32>, tensor<16x1x1xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @pad_0
// CHECK-NEXT: %0 = VPU.SW.Pad(%arg0) {mode = #IE.pad_mode<reflect>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>} : tensor<2x3xf32> -> tensor<2x6xf32>
func.func @pad_0(%a0: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = VPU.SW.Pad(%a0) {mode = #IE.pad_mode<reflect>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>} : tensor<2x3xf32> -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func @pad_1
// CHECK-NEXT: %0 = VPU.SW.Pad(%arg0) {pad_value = 1.500000e+00 : f64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<4x5xf32>
func.func @pad_1(%a0: tensor<2x3xf32>) -> tensor<4x5xf32> {
  %0 = VPU.SW.Pad(%a0) {pad_value = 1.5 : f64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>} : tensor<2x3xf32> -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// CHECK-LABEL: func.func @per_axis_tile_0
// CHECK-NEXT: %0 = VPU.SW.PerAxisTile(%arg0) {axis = -3 : i64, tiles = 3 : i64} : tensor<1x16x4x8xf32> -> tensor<1x48x4x8xf32>
func.func @per_axis_tile_0(%a0: tensor<1x16x4x8xf32>) -> tensor<1x48x4x8xf32> {
  %0 = VPU.SW.PerAxisTile(%a0) {axis = -3 : i64, tiles = 3 : i64} : tensor<1x16x4x8xf32> -> tensor<1x48x4x8xf32>
  return %0 : tensor<1x48x4x8xf32>
}

// -----

// CHECK-LABEL: func.func @power_0
// CHECK-NEXT: %0 = VPU.SW.Power(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @power_0(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = VPU.SW.Power(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @quantize_0
// CHECK-NEXT: %0 = VPU.SW.Quantize(%arg0) {dstElemType = !quant.uniform<u8:f32, 2.000000e-02:128>} : tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x4x!quant.uniform<u8:f32, 2.000000e-02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @quantize_0(%a0: tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.Quantize(%a0) {dstElemType = !quant.uniform<u8:f32, 0.02:128>} : tensor<1x3x4x4xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x3x4x4x!quant.uniform<u8:f32, 0.02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @quantize_1
// CHECK-NEXT: %0 = VPU.SW.Quantize(%arg0) {dstElemType = !quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01:-3,1.250000e-01:4}>} : tensor<1x3x4x4xf32> -> tensor<1x3x4x4x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01:-3,1.250000e-01:4}>>
func.func @quantize_1(%a0: tensor<1x3x4x4xf32>) -> tensor<1x3x4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:-3, 0.125:4}>> {
  %0 = VPU.SW.Quantize(%a0) {dstElemType = !quant.uniform<i8:f32:1, {0.5:0, 0.25:-3, 0.125:4}>} : tensor<1x3x4x4xf32> -> tensor<1x3x4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:-3, 0.125:4}>>
  return %0 : tensor<1x3x4x4x!quant.uniform<i8:f32:1, {0.5:0, 0.25:-3, 0.125:4}>>
}

// -----

// CHECK-LABEL: func.func @r_o_i_align_0
// CHECK-NEXT: %0 = VPU.SW.ROIAlign(%arg0, %arg1, %arg2) {half_pixel, mode = #IE.roi_align_mode<max>, pooled_h = 2 : i64, pooled_w = 3 : i64, sampling_ratio = 2 : i64, spatial_scale = 2.500000e-01 : f64} : tensor<2x8x10x10xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<3x4xf16>, tensor<3xi32> -> tensor<3x8x2x3xf16>
func.func @r_o_i_align_0(%a0: tensor<2x8x10x10xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, %a1: tensor<3x4xf16>, %a2: tensor<3xi32>) -> tensor<3x8x2x3xf16> {
  %0 = VPU.SW.ROIAlign(%a0, %a1, %a2) {half_pixel, mode = #IE.roi_align_mode<max>, pooled_h = 2 : i64, pooled_w = 3 : i64, sampling_ratio = 2 : i64, spatial_scale = 2.500000e-01 : f64} : tensor<2x8x10x10xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<3x4xf16>, tensor<3xi32> -> tensor<3x8x2x3xf16>
  return %0 : tensor<3x8x2x3xf16>
}

// -----

// CHECK-LABEL: func.func @range_0
// CHECK-NEXT: %0 = VPU.SW.Range {delta = 3.000000e+00 : f64, dstElemType = si64, limit = 1.000000e+01 : f64, start = 0.000000e+00 : f64} : tensor<4xsi64>
func.func @range_0() -> tensor<4xsi64> {
  %0 = VPU.SW.Range {start = 0.0, limit = 10.0, delta = 3.0, dstElemType = si64} : tensor<4xsi64>
  return %0 : tensor<4xsi64>
}

// -----

// CHECK-LABEL: func.func @range_1
// CHECK-NEXT: %0 = VPU.SW.Range {delta = -6.000000e-01 : f64, dstElemType = f32, limit = -5.000000e-01 : f64, start = 1.000000e+00 : f64} : tensor<3xf32>
func.func @range_1() -> tensor<3xf32> {
  %0 = VPU.SW.Range {start = 1.0, limit = -0.5, delta = -0.6, dstElemType = f32} : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @re_l_u_0
// CHECK-NEXT: %0 = VPU.SW.ReLU(%arg0) : tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @re_l_u_0(%a0: tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.ReLU(%a0) : tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @re_l_u_1
// CHECK-NEXT: %0 = VPU.SW.ReLU(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @re_l_u_1(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.ReLU(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_l2_0
// CHECK-NEXT: %0 = VPU.SW.ReduceL2(%arg0) {axes = array<i64: 3, 0>} : tensor<1x8x7x7xf32> -> tensor<8x7xf32>
func.func @reduce_l2_0(%a0: tensor<1x8x7x7xf32>) -> tensor<8x7xf32> {
  %0 = VPU.SW.ReduceL2(%a0) {axes = array<i64: 3, 0>} : tensor<1x8x7x7xf32> -> tensor<8x7xf32>
  return %0 : tensor<8x7xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_max_0
// CHECK-NEXT: %0 = VPU.SW.ReduceMax(%arg0) {axes = array<i64: 0>} : tensor<4x5xsi32> -> tensor<5xsi32>
func.func @reduce_max_0(%a0: tensor<4x5xsi32>) -> tensor<5xsi32> {
  %0 = VPU.SW.ReduceMax(%a0) {axes = array<i64: 0>} : tensor<4x5xsi32> -> tensor<5xsi32>
  return %0 : tensor<5xsi32>
}

// -----

// CHECK-LABEL: func.func @reduce_max_1
// CHECK-NEXT: %0 = VPU.SW.ReduceMax(%arg0) {axes = array<i64: 0, 1, 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x1x1x1xf32>
func.func @reduce_max_1(%a0: tensor<1x8x7x7xf32>) -> tensor<1x1x1x1xf32> {
  %0 = VPU.SW.ReduceMax(%a0) {axes = array<i64: 0, 1, 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x1x1x1xf32>
  return %0 : tensor<1x1x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_mean_0
// CHECK-NEXT: %0 = VPU.SW.ReduceMean(%arg0) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
func.func @reduce_mean_0(%a0: tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32> {
  %0 = VPU.SW.ReduceMean(%a0) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
  return %0 : tensor<1x8x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_min_0
// CHECK-NEXT: %0 = VPU.SW.ReduceMin(%arg0) {axes = array<i64: 1>, keep_dims} : tensor<4x5xsi32> -> tensor<4x1xsi32>
func.func @reduce_min_0(%a0: tensor<4x5xsi32>) -> tensor<4x1xsi32> {
  %0 = VPU.SW.ReduceMin(%a0) {axes = array<i64: 1>, keep_dims} : tensor<4x5xsi32> -> tensor<4x1xsi32>
  return %0 : tensor<4x1xsi32>
}

// -----

// CHECK-LABEL: func.func @reduce_prod_0
// CHECK-NEXT: %0 = VPU.SW.ReduceProd(%arg0) {axes = array<i64: 2, -1>, keep_dims} : tensor<1x8x7x7xf16> -> tensor<1x8x1x1xf16>
func.func @reduce_prod_0(%a0: tensor<1x8x7x7xf16>) -> tensor<1x8x1x1xf16> {
  %0 = VPU.SW.ReduceProd(%a0) {axes = array<i64: 2, -1>, keep_dims} : tensor<1x8x7x7xf16> -> tensor<1x8x1x1xf16>
  return %0 : tensor<1x8x1x1xf16>
}

// -----

// CHECK-LABEL: func.func @reduce_sum_0
// CHECK-NEXT: %0 = VPU.SW.ReduceSum(%arg0) {axes = array<i64: -1>} : tensor<1x8x7x7xf32> -> tensor<1x8x7xf32>
func.func @reduce_sum_0(%a0: tensor<1x8x7x7xf32>) -> tensor<1x8x7xf32> {
  %0 = VPU.SW.ReduceSum(%a0) {axes = array<i64: -1>} : tensor<1x8x7x7xf32> -> tensor<1x8x7xf32>
  return %0 : tensor<1x8x7xf32>
}

// -----

// CHECK-LABEL: func.func @region_yolo_0
// CHECK-NEXT: %0 = VPU.SW.RegionYolo(%arg0) {anchors = array<f64: 1.080000e+00, 1.190000e+00, 3.420000e+00, 4.410000e+00, 6.630000e+00, 1.138000e+01, 9.4199999999999999, 5.110000e+00, 1.662000e+01, 1.052000e+01>, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
func.func @region_yolo_0(%a0: tensor<1x125x13x13xf32>) -> tensor<1x21125xf32> {
  %0 = VPU.SW.RegionYolo(%a0) {anchors = array<f64: 1.08, 1.19, 3.42, 4.41, 6.63, 11.38, 9.42, 5.11, 16.62, 10.52>, classes = 20 : i64, coords = 4 : i64, do_softmax, num = 5 : i64} : tensor<1x125x13x13xf32> -> tensor<1x21125xf32>
  return %0 : tensor<1x21125xf32>
}

// -----

// CHECK-LABEL: func.func @region_yolo_1
// CHECK-NEXT: %0 = VPU.SW.RegionYolo(%arg0) {classes = 80 : i64, coords = 4 : i64, mask = array<i64: 6, 7, 8>, num = 9 : i64} : tensor<1x255x13x13xf32> -> tensor<1x255x13x13xf32>
func.func @region_yolo_1(%a0: tensor<1x255x13x13xf32>) -> tensor<1x255x13x13xf32> {
  %0 = VPU.SW.RegionYolo(%a0) {classes = 80 : i64, coords = 4 : i64, mask = array<i64: 6, 7, 8>, num = 9 : i64, axis = 1 : i64, end_axis = 3 : i64} : tensor<1x255x13x13xf32> -> tensor<1x255x13x13xf32>
  return %0 : tensor<1x255x13x13xf32>
}

// -----

// CHECK-LABEL: func.func @reorder_0
// CHECK-NEXT: %0 = VPU.SW.Reorder(%arg0) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>} : tensor<1x16x4x8xf32> -> tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @reorder_0(%a0: tensor<1x16x4x8xf32>) -> tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.Reorder(%a0) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>} : tensor<1x16x4x8xf32> -> tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x16x4x8xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @reorg_yolo_0
// CHECK-NEXT: %0 = VPU.SW.ReorgYolo(%arg0) {stride = 2 : i64} : tensor<1x64x26x26xf32> -> tensor<1x256x13x13xf32>
func.func @reorg_yolo_0(%a0: tensor<1x64x26x26xf32>) -> tensor<1x256x13x13xf32> {
  %0 = VPU.SW.ReorgYolo(%a0) {stride = 2 : i64} : tensor<1x64x26x26xf32> -> tensor<1x256x13x13xf32>
  return %0 : tensor<1x256x13x13xf32>
}

// -----

// CHECK-LABEL: func.func @reorg_yolo_1
// CHECK-NEXT: %0 = VPU.SW.ReorgYolo(%arg0) {stride = 1 : i64} : tensor<2x8x6x4xui8> -> tensor<2x8x6x4xui8>
func.func @reorg_yolo_1(%a0: tensor<2x8x6x4xui8>) -> tensor<2x8x6x4xui8> {
  %0 = VPU.SW.ReorgYolo(%a0) {stride = 1 : i64} : tensor<2x8x6x4xui8> -> tensor<2x8x6x4xui8>
  return %0 : tensor<2x8x6x4xui8>
}

// -----

// CHECK-LABEL: func.func @reshape_0
// CHECK-NEXT: %0 = VPU.Reshape(%arg0) {shape = array<i64: 2, 3>} : tensor<1x6x1xf32> -> tensor<2x3xf32>
func.func @reshape_0(%a0: tensor<1x6x1xf32>) -> tensor<2x3xf32> {
  %0 = VPU.Reshape(%a0) {shape = array<i64: 2, 3>} : tensor<1x6x1xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @round_0
// CHECK-NEXT: %0 = VPU.SW.Round(%arg0) {mode = #IE.round_mode<half_to_even>} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @round_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Round(%a0) {mode = #IE.round_mode<half_to_even>} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @round_1
// CHECK-NEXT: %0 = VPU.SW.Round(%arg0) {mode = #IE.round_mode<half_away_from_zero>} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @round_1(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Round(%a0) {mode = #IE.round_mode<half_away_from_zero>} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @scale_shift_0
// CHECK-NEXT: %0 = VPU.SW.ScaleShift(%arg0) weights(%arg1 : tensor<1x16x1x1xf32>) biases(%arg2 : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
func.func @scale_shift_0(%a0: tensor<1x16x8x8xf32>, %a1: tensor<1x16x1x1xf32>, %a2: tensor<1x16x1x1xf32>) -> tensor<1x16x8x8xf32> {
  %0 = VPU.SW.ScaleShift(%a0) weights(%a1 : tensor<1x16x1x1xf32>) biases(%a2 : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @scale_shift_1
// CHECK-NEXT: %0 = VPU.SW.ScaleShift(%arg0) weights(%arg1 : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
func.func @scale_shift_1(%a0: tensor<1x16x8x8xf32>, %a1: tensor<1x16x1x1xf32>) -> tensor<1x16x8x8xf32> {
  %0 = VPU.SW.ScaleShift(%a0) weights(%a1 : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @scatter_n_d_update_0
// CHECK-NEXT: %0 = VPU.SW.ScatterNDUpdate(%arg0, %arg1, %arg2) : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> tensor<4x3xf16>
func.func @scatter_n_d_update_0(%a0: tensor<4x3xf16>, %a1: tensor<2x1xsi64>, %a2: tensor<2x3xf16>) -> tensor<4x3xf16> {
  %0 = VPU.SW.ScatterNDUpdate(%a0, %a1, %a2) : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> tensor<4x3xf16>
  return %0 : tensor<4x3xf16>
}

// -----

// CHECK-LABEL: func.func @select_0
// CHECK-NEXT: %0 = VPU.SW.Select(%arg0, %arg1, %arg2) : tensor<1xi1>, tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
func.func @select_0(%a0: tensor<1xi1>, %a1: tensor<2x3xf32>, %a2: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = VPU.SW.Select(%a0, %a1, %a2) : tensor<1xi1>, tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @select_1
// CHECK-NEXT: %0 = VPU.SW.Select(%arg0, %arg1, %arg2) : tensor<2x1x1xi1>, tensor<1x3x1xf16>, tensor<4xf16> -> tensor<2x3x4xf16>
func.func @select_1(%a0: tensor<2x1x1xi1>, %a1: tensor<1x3x1xf16>, %a2: tensor<4xf16>) -> tensor<2x3x4xf16> {
  %0 = VPU.SW.Select(%a0, %a1, %a2) : tensor<2x1x1xi1>, tensor<1x3x1xf16>, tensor<4xf16> -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// -----

// CHECK-LABEL: func.func @sigmoid_0
// CHECK-NEXT: %0 = VPU.SW.Sigmoid(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @sigmoid_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Sigmoid(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @sin_0
// CHECK-NEXT: %0 = VPU.SW.Sin(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @sin_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Sin(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @sinh_0
// CHECK-NEXT: %0 = VPU.SW.Sinh(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @sinh_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Sinh(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @slice_0
// CHECK-NEXT: %0 = VPU.SW.Slice(%arg0) {axes = array<i64: 1>, ends = array<i64: -9223372036854775808>, starts = array<i64: -1>, steps = array<i64: -2>} : tensor<2x5xf32> -> tensor<2x3xf32>
func.func @slice_0(%a0: tensor<2x5xf32>) -> tensor<2x3xf32> {
  %0 = VPU.SW.Slice(%a0) {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, axes = array<i64: 1>, steps = array<i64: -2>} : tensor<2x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice_1
// CHECK-NEXT: %0 = VPU.SW.Slice(%arg0) {ends = array<i64: 100, 100>, starts = array<i64: 0, 2>} : tensor<2x5xf32> -> tensor<2x3xf32>
func.func @slice_1(%a0: tensor<2x5xf32>) -> tensor<2x3xf32> {
  %0 = VPU.SW.Slice(%a0) {starts = array<i64: 0, 2>, ends = array<i64: 100, 100>} : tensor<2x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @soft_max_0
// CHECK-NEXT: %0 = VPU.SW.SoftMax(%arg0) {axis = 1 : i64} : tensor<1x1000xf32> -> tensor<1x1000xf32>
func.func @soft_max_0(%a0: tensor<1x1000xf32>) -> tensor<1x1000xf32> {
  %0 = VPU.SW.SoftMax(%a0) {axis = 1 : i64} : tensor<1x1000xf32> -> tensor<1x1000xf32>
  return %0 : tensor<1x1000xf32>
}

// -----

// CHECK-LABEL: func.func @soft_plus_0
// CHECK-NEXT: %0 = VPU.SW.SoftPlus(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @soft_plus_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.SoftPlus(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @space_to_depth_0
// CHECK-NEXT: %0 = VPU.SW.SpaceToDepth(%arg0) {block_size = 2 : i64} : tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @space_to_depth_0(%a0: tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = VPU.SW.SpaceToDepth(%a0) {block_size = 2 : i64} : tensor<1x2x4x6xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x8x2x3xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @sqrt_0
// CHECK-NEXT: %0 = VPU.SW.Sqrt(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @sqrt_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Sqrt(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @squared_difference_0
// CHECK-NEXT: %0 = VPU.SW.SquaredDifference(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @squared_difference_0(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = VPU.SW.SquaredDifference(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @strided_slice_0
// CHECK-NEXT: %0 = VPU.SW.StridedSlice(%arg0) {begin_mask = array<i64: 1, 0>, begins = array<i64: 0, -1>, end_mask = array<i64: 0, 1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>} : tensor<4x5xf32> -> tensor<2x3xf32>
func.func @strided_slice_0(%a0: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = VPU.SW.StridedSlice(%a0) {begins = array<i64: 0, -1>, ends = array<i64: 2, 0>, strides = array<i64: 1, -2>, begin_mask = array<i64: 1, 0>, end_mask = array<i64: 0, 1>} : tensor<4x5xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @subtract_0
// CHECK-NEXT: %0 = VPU.SW.Subtract(%arg0, %arg1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
func.func @subtract_0(%a0: tensor<1x3x1x4xf32>, %a1: tensor<4xf32>) -> tensor<1x3x1x4xf32> {
  %0 = VPU.SW.Subtract(%a0, %a1) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0 : tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @swish_0
// CHECK-NEXT: %0 = VPU.SW.Swish(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @swish_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Swish(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @swish_1
// CHECK-NEXT: %0 = VPU.SW.Swish(%arg0) {beta_value = 1.500000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @swish_1(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Swish(%a0) {beta_value = 1.5} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @tan_0
// CHECK-NEXT: %0 = VPU.SW.Tan(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @tan_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Tan(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @tanh_0
// CHECK-NEXT: %0 = VPU.SW.Tanh(%arg0) : tensor<1x8xf32> -> tensor<1x8xf32>
func.func @tanh_0(%a0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = VPU.SW.Tanh(%a0) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @tile_0
// CHECK-NEXT: %0 = VPU.SW.Tile(%arg0) {repeats = array<i64: 2, 1>} : tensor<2x3xf32> -> tensor<4x3xf32>
func.func @tile_0(%a0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = VPU.SW.Tile(%a0) {repeats = array<i64: 2, 1>} : tensor<2x3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @top_k_0
func.func @top_k_0(%a0: tensor<2x5xf32>) -> (tensor<2x3xf32>, tensor<2x3xsi64>) {
  %0:2 = VPU.SW.TopK(%a0) {k = 3 : i64, indexElemType = si64} : tensor<2x5xf32> -> tensor<2x3xf32>, tensor<2x3xsi64>
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xsi64>
}

// -----

// CHECK-LABEL: func.func @transpose_0
// CHECK-NEXT: %0 = VPU.SW.Transpose(%arg0) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x5xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x4x5x3xf32>
func.func @transpose_0(%a0: tensor<1x3x4x5xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x4x5x3xf32> {
  %0 = VPU.SW.Transpose(%a0) {perm = array<i64: 0, 2, 3, 1>} : tensor<1x3x4x5xf32, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x4x5x3xf32>
  return %0 : tensor<1x4x5x3xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK-NEXT: %0 = VPU.Slice %arg0 [0, 8, 0, 0] [1, 8, 16, 16] : tensor<1x16x16x16xf16> -> tensor<1x8x16x16xf16>
func.func @slice(%a0: tensor<1x16x16x16xf16>) -> tensor<1x8x16x16xf16> {
  %0 = VPU.Slice %a0 [0, 8, 0, 0] [1, 8, 16, 16] : tensor<1x16x16x16xf16> -> tensor<1x8x16x16xf16>
  return %0 : tensor<1x8x16x16xf16>
}

// -----

// CHECK-LABEL: func.func @slice_keeps_order_and_memory
// CHECK-NEXT: %0 = VPU.Slice %arg0 [0, 8, 2, 0] [1, 8, 2, 4] : tensor<1x16x4x4xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[1]>> -> tensor<1x8x2x4xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[1]>>
func.func @slice_keeps_order_and_memory(%a0: tensor<1x16x4x4xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[1]>>) -> tensor<1x8x2x4xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[1]>> {
  %0 = VPU.Slice %a0 [0, 8, 2, 0] [1, 8, 2, 4] : tensor<1x16x4x4xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[1]>> -> tensor<1x8x2x4xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[1]>>
  return %0 : tensor<1x8x2x4xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[1]>>
}

// -----

// CHECK-LABEL: func.func @cmx_softmax
// CHECK-NEXT: %0 = VPU.SW.SoftMax(%arg0) {axis = 1 : i64} : tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
func.func @cmx_softmax(%a0: tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[0]>>) -> tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[0]>> {
  %0 = VPU.SW.SoftMax(%a0) {axis = 1 : i64} : tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
  return %0 : tensor<1x1000xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
}

// -----

// CHECK-LABEL: func.func @cmx_nhwc_convolution
// CHECK-NEXT: %0 = VPU.SW.Convolution(%arg0, %arg1) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, tensor<32x16x3x3xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x32x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
func.func @cmx_nhwc_convolution(%a0: tensor<1x16x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, %a1: tensor<32x16x3x3xf16, #VPU.tensor<mem_space = CMX_NN[0]>>) -> tensor<1x32x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>> {
  %0 = VPU.SW.Convolution(%a0, %a1) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>, tensor<32x16x3x3xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x32x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
  return %0 : tensor<1x32x8x8xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
}

// -----

// CHECK-LABEL: func.func @cmx_reshape
// CHECK-NEXT: %0 = VPU.Reshape(%arg0) {shape = array<i64: 1, 32>} : tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x32xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
func.func @cmx_reshape(%a0: tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>>) -> tensor<1x32xf16, #VPU.tensor<mem_space = CMX_NN[0]>> {
  %0 = VPU.Reshape(%a0) {shape = array<i64: 1, 32>} : tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x32xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
  return %0 : tensor<1x32xf16, #VPU.tensor<mem_space = CMX_NN[0]>>
}

// -----

// CHECK-LABEL: func.func @cmx_reorder
// CHECK-NEXT: %0 = VPU.SW.Reorder(%arg0) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>} : tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x8x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
func.func @cmx_reorder(%a0: tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>>) -> tensor<1x8x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>> {
  %0 = VPU.SW.Reorder(%a0) {dstOrder = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>} : tensor<1x8x2x2xf16, #VPU.tensor<mem_space = CMX_NN[0]>> -> tensor<1x8x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
  return %0 : tensor<1x8x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
}

// -----

// CHECK-LABEL: func.func @scatter_n_d_update_add
// CHECK-NEXT: %0 = VPU.SW.ScatterNDUpdate(%arg0, %arg1, %arg2) {reduction = #IE.scatter_reduction<add>} : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> tensor<4x3xf16>
func.func @scatter_n_d_update_add(%a0: tensor<4x3xf16>, %a1: tensor<2x1xsi64>, %a2: tensor<2x3xf16>) -> tensor<4x3xf16> {
  %0 = VPU.SW.ScatterNDUpdate(%a0, %a1, %a2) {reduction = #IE.scatter_reduction<add>} : tensor<4x3xf16>, tensor<2x1xsi64>, tensor<2x3xf16> -> tensor<4x3xf16>
  return %0 : tensor<4x3xf16>
}

// -----

// CHECK-LABEL: func.func @scatter_elements_update_0
// CHECK-NEXT: %0 = VPU.SW.ScatterElementsUpdate(%arg0, %arg1, %arg2) {axis = -1 : i64, reduction = #IE.scatter_reduction<mul>} : tensor<3x4xf16>, tensor<3x2xsi32>, tensor<3x2xf16> -> tensor<3x4xf16>
func.func @scatter_elements_update_0(%a0: tensor<3x4xf16>, %a1: tensor<3x2xsi32>, %a2: tensor<3x2xf16>) -> tensor<3x4xf16> {
  %0 = VPU.SW.ScatterElementsUpdate(%a0, %a1, %a2) {axis = -1 : i64, reduction = #IE.scatter_reduction<mul>} : tensor<3x4xf16>, tensor<3x2xsi32>, tensor<3x2xf16> -> tensor<3x4xf16>
  return %0 : tensor<3x4xf16>
}

// -----

// CHECK-LABEL: func.func @gather_n_d_0
// CHECK-NEXT: %0 = VPU.SW.GatherND(%arg0, %arg1) {batch_dims = 1 : i64} : tensor<2x4x3xf16>, tensor<2x5x1xsi64> -> tensor<2x5x3xf16>
func.func @gather_n_d_0(%a0: tensor<2x4x3xf16>, %a1: tensor<2x5x1xsi64>) -> tensor<2x5x3xf16> {
  %0 = VPU.SW.GatherND(%a0, %a1) {batch_dims = 1 : i64} : tensor<2x4x3xf16>, tensor<2x5x1xsi64> -> tensor<2x5x3xf16>
  return %0 : tensor<2x5x3xf16>
}

// -----

// CHECK-LABEL: func.func @det_0
// CHECK-NEXT: %0 = VPU.SW.Det(%arg0) : tensor<2x3x3xf16> -> tensor<2xf16>
func.func @det_0(%a0: tensor<2x3x3xf16>) -> tensor<2xf16> {
  %0 = VPU.SW.Det(%a0) : tensor<2x3x3xf16> -> tensor<2xf16>
  return %0 : tensor<2xf16>
}
