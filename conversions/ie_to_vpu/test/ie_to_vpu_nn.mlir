// RUN: vpuc-opt %s --split-input-file --vpuc-convert-ie-to-vpu --mlir-print-local-scope | FileCheck %s --implicit-check-not="= IE."
// IE -> VPU: convolutions, matrix products, pools, reductions, softmax and normalisations
// become the VPU.SW op that mirrors them, with the same operands, attributes and types.

// CHECK-LABEL: func.func @convolution(
// CHECK-NEXT: %0 = VPU.SW.Convolution(%arg0, %arg1, %arg2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32>, tensor<32xf32> -> tensor<1x32x112x112xf32>
func.func @convolution(%a0: tensor<1x3x224x224xf32>, %a1: tensor<32x3x3x3xf32>, %a2: tensor<32xf32>) -> tensor<1x32x112x112xf32> {
  %0 = IE.Convolution(%a0, %a1, %a2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32>, tensor<32xf32> -> tensor<1x32x112x112xf32>
  return %0 : tensor<1x32x112x112xf32>
}

// -----

// CHECK-LABEL: func.func @group_convolution(
// CHECK-NEXT: %0 = VPU.SW.GroupConvolution(%arg0, %arg1) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x32x112x112xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x56x56xf32>
func.func @group_convolution(%a0: tensor<1x32x112x112xf32>, %a1: tensor<32x1x3x3xf32>) -> tensor<1x32x56x56xf32> {
  %0 = IE.GroupConvolution(%a0, %a1) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x32x112x112xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x56x56xf32>
  return %0 : tensor<1x32x56x56xf32>
}

// -----

// CHECK-LABEL: func.func @deconvolution(
// CHECK-NEXT: %0 = VPU.SW.Deconvolution(%arg0, %arg1) {dilations = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x16x16xf32>
func.func @deconvolution(%a0: tensor<1x16x8x8xf32>, %a1: tensor<16x8x3x3xf32>) -> tensor<1x8x16x16xf32> {
  %0 = IE.Deconvolution(%a0, %a1) {dilations = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x16x16xf32>
  return %0 : tensor<1x8x16x16xf32>
}

// -----

// CHECK-LABEL: func.func @fully_connected(
// CHECK-NEXT: %0 = VPU.SW.FullyConnected(%arg0, %arg1, %arg2) : tensor<4x1024xf32>, tensor<1000x1024xf32>, tensor<1x1000xf32> -> tensor<4x1000xf32>
func.func @fully_connected(%a0: tensor<4x1024xf32>, %a1: tensor<1000x1024xf32>, %a2: tensor<1x1000xf32>) -> tensor<4x1000xf32> {
  %0 = IE.FullyConnected(%a0, %a1, %a2) : tensor<4x1024xf32>, tensor<1000x1024xf32>, tensor<1x1000xf32> -> tensor<4x1000xf32>
  return %0 : tensor<4x1000xf32>
}

// -----

// CHECK-LABEL: func.func @mat_mul(
// CHECK-NEXT: %0 = VPU.SW.MatMul(%arg0, %arg1) : tensor<2x1x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x3x4x5xf32>
func.func @mat_mul(%a0: tensor<2x1x4x8xf32>, %a1: tensor<3x8x5xf32>) -> tensor<2x3x4x5xf32> {
  %0 = IE.MatMul(%a0, %a1) : tensor<2x1x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x3x4x5xf32>
  return %0 : tensor<2x3x4x5xf32>
}

// -----

// CHECK-LABEL: func.func @max_pool(
// CHECK-NEXT: %0 = VPU.SW.MaxPool(%arg0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x55x55xf32>
func.func @max_pool(%a0: tensor<1x64x112x112xf32>) -> tensor<1x64x55x55xf32> {
  %0 = IE.MaxPool(%a0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x55x55xf32>
  return %0 : tensor<1x64x55x55xf32>
}

// -----

// CHECK-LABEL: func.func @avg_pool(
// CHECK-NEXT: %0 = VPU.SW.AvgPool(%arg0) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @avg_pool(%a0: tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> {
  %0 = IE.AvgPool(%a0) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0 : tensor<1x8x6x6xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}

// -----

// CHECK-LABEL: func.func @reduce_mean(
// CHECK-NEXT: %0 = VPU.SW.ReduceMean(%arg0) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
func.func @reduce_mean(%a0: tensor<1x8x7x7xf32>) -> tensor<1x8x1x1xf32> {
  %0 = IE.ReduceMean(%a0) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
  return %0 : tensor<1x8x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_sum(
// CHECK-NEXT: %0 = VPU.SW.ReduceSum(%arg0) {axes = array<i64: -1>} : tensor<1x8x7x7xf32> -> tensor<1x8x7xf32>
func.func @reduce_sum(%a0: tensor<1x8x7x7xf32>) -> tensor<1x8x7xf32> {
  %0 = IE.ReduceSum(%a0) {axes = array<i64: -1>} : tensor<1x8x7x7xf32> -> tensor<1x8x7xf32>
  return %0 : tensor<1x8x7xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_max(
// CHECK-NEXT: %0 = VPU.SW.ReduceMax(%arg0) {axes = array<i64: 0>} : tensor<4x5xsi32> -> tensor<5xsi32>
func.func @reduce_max(%a0: tensor<4x5xsi32>) -> tensor<5xsi32> {
  %0 = IE.ReduceMax(%a0) {axes = array<i64: 0>} : tensor<4x5xsi32> -> tensor<5xsi32>
  return %0 : tensor<5xsi32>
}

// -----

// CHECK-LABEL: func.func @reduce_min(
// CHECK-NEXT: %0 = VPU.SW.ReduceMin(%arg0) {axes = array<i64: 1>, keep_dims} : tensor<4x5xsi32> -> tensor<4x1xsi32>
func.func @reduce_min(%a0: tensor<4x5xsi32>) -> tensor<4x1xsi32> {
  %0 = IE.ReduceMin(%a0) {axes = array<i64: 1>, keep_dims} : tensor<4x5xsi32> -> tensor<4x1xsi32>
  return %0 : tensor<4x1xsi32>
}

// -----

// CHECK-LABEL: func.func @reduce_l2(
// CHECK-NEXT: %0 = VPU.SW.ReduceL2(%arg0) {axes = array<i64: 3, 0>} : tensor<1x8x7x7xf32> -> tensor<8x7xf32>
func.func @reduce_l2(%a0: tensor<1x8x7x7xf32>) -> tensor<8x7xf32> {
  %0 = IE.ReduceL2(%a0) {axes = array<i64: 3, 0>} : tensor<1x8x7x7xf32> -> tensor<8x7xf32>
  return %0 : tensor<8x7xf32>
}

// -----

// CHECK-LABEL: func.func @soft_max(
// CHECK-NEXT: %0 = VPU.SW.SoftMax(%arg0) {axis = 1 : i64} : tensor<1x1000xf32> -> tensor<1x1000xf32>
func.func @soft_max(%a0: tensor<1x1000xf32>) -> tensor<1x1000xf32> {
  %0 = IE.SoftMax(%a0) {axis = 1 : i64} : tensor<1x1000xf32> -> tensor<1x1000xf32>
  return %0 : tensor<1x1000xf32>
}

// -----

// CHECK-LABEL: func.func @log_soft_max(
// CHECK-NEXT: %0 = VPU.SW.LogSoftMax(%arg0) {axis = -1 : i64} : tensor<2x5xf16> -> tensor<2x5xf16>
func.func @log_soft_max(%a0: tensor<2x5xf16>) -> tensor<2x5xf16> {
  %0 = IE.LogSoftMax(%a0) {axis = -1 : i64} : tensor<2x5xf16> -> tensor<2x5xf16>
  return %0 : tensor<2x5xf16>
}

// -----

// CHECK-LABEL: func.func @batch_norm_inference(
// CHECK-NEXT: %0 = VPU.SW.BatchNormInference(%arg0, %arg1, %arg1, %arg1, %arg1) {epsilon = 1.000000e-05 : f64} : tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
func.func @batch_norm_inference(%a0: tensor<1x16x8x8xf32>, %a1: tensor<16xf32>) -> tensor<1x16x8x8xf32> {
  %0 = IE.BatchNormInference(%a0, %a1, %a1, %a1, %a1) {epsilon = 1.000000e-05 : f64} : tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @m_v_n(
// CHECK-NEXT: %0 = VPU.SW.MVN(%arg0) {axes = array<i64: 2, 3>, eps = 1.000000e-09 : f64, eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
func.func @m_v_n(%a0: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %0 = IE.MVN(%a0) {axes = array<i64: 2, 3>, eps = 1.000000e-09 : f64, eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @layer_normalization(
// CHECK-NEXT: %0 = VPU.SW.LayerNormalization(%arg0, %arg1, %arg1) {epsilon = 1.000000e-05 : f64} : tensor<1x128x768xf16>, tensor<768xf16>, tensor<768xf16> -> tensor<1x128x768xf16>
func.func @layer_normalization(%a0: tensor<1x128x768xf16>, %a1: tensor<768xf16>) -> tensor<1x128x768xf16> {
  %0 = IE.LayerNormalization(%a0, %a1, %a1) {epsilon = 1.000000e-05 : f64} : tensor<1x128x768xf16>, tensor<768xf16>, tensor<768xf16> -> tensor<1x128x768xf16>
  return %0 : tensor<1x128x768xf16>
}

// -----

// CHECK-LABEL: func.func @scale_shift(
// CHECK-NEXT: %0 = VPU.SW.ScaleShift(%arg0) weights(%arg1 : tensor<1x16x1x1xf32>) biases(%arg2 : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
func.func @scale_shift(%a0: tensor<1x16x8x8xf32>, %a1: tensor<1x16x1x1xf32>, %a2: tensor<1x16x1x1xf32>) -> tensor<1x16x8x8xf32> {
  %0 = IE.ScaleShift(%a0) weights(%a1 : tensor<1x16x1x1xf32>) biases(%a2 : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @l_r_n(
// CHECK-NEXT: %0 = VPU.SW.LRN(%arg0) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x96x55x55xf32> -> tensor<1x96x55x55xf32>
func.func @l_r_n(%a0: tensor<1x96x55x55xf32>) -> tensor<1x96x55x55xf32> {
  %0 = IE.LRN(%a0) {alpha = 1.000000e-04 : f64, beta = 7.500000e-01 : f64, bias = 1.000000e+00 : f64, size = 5 : i64} : tensor<1x96x55x55xf32> -> tensor<1x96x55x55xf32>
  return %0 : tensor<1x96x55x55xf32>
}

// -----

// CHECK-LABEL: func.func @normalize_l2(
// CHECK-NEXT: %0 = VPU.SW.NormalizeL2(%arg0) {axes = array<i64: 1>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<max>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
func.func @normalize_l2(%a0: tensor<1x512x38x38xf32>) -> tensor<1x512x38x38xf32> {
  %0 = IE.NormalizeL2(%a0) {axes = array<i64: 1>, eps = 1.000000e-10 : f64, eps_mode = #IE.eps_mode<max>} : tensor<1x512x38x38xf32> -> tensor<1x512x38x38xf32>
  return %0 : tensor<1x512x38x38xf32>
}

// -----

// CHECK-LABEL: func.func @g_r_n(
// CHECK-NEXT: %0 = VPU.SW.GRN(%arg0) {bias = 9.9999999999999995E-7 : f64} : tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
func.func @g_r_n(%a0: tensor<1x64x8x8xf32>) -> tensor<1x64x8x8xf32> {
  %0 = IE.GRN(%a0) {bias = 1.000000e-06 : f64} : tensor<1x64x8x8xf32> -> tensor<1x64x8x8xf32>
  return %0 : tensor<1x64x8x8xf32>
}
