// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip of the IE NN ops. The verifier checks every written result type against the
// inferred one, so every accepted line is also a type inference check.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @convolution
func.func @convolution(%x: tensor<1x3x224x224xf32>, %w: tensor<32x3x3x3xf32>, %b: tensor<32xf32>,
                       %b4: tensor<1x32x1x1xf32>, %y: tensor<1x3x8x8xf16, #NHWC>, %wh: tensor<4x3x3x3xf16>,
                       %d: tensor<?x3x?x9xf32>)
    -> (tensor<1x32x112x112xf32>, tensor<1x32x222x222xf32>, tensor<1x32x109x109xf32>,
        tensor<1x4x4x4xf16, #NHWC>, tensor<?x32x?x7xf32>) {
  // CHECK: IE.Convolution(%{{.*}}, %{{.*}}, %{{.*}}) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32>, tensor<32xf32> -> tensor<1x32x112x112xf32>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32>, tensor<32xf32> -> tensor<1x32x112x112xf32>
  // CHECK: IE.Convolution(%{{.*}}, %{{.*}}) {{.*}} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32> -> tensor<1x32x222x222xf32>
  %1 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32> -> tensor<1x32x222x222xf32>
  // floor((224 + 0 + 0 - (3 * 2 + 1)) / 2) + 1 = 109
  // CHECK: IE.Convolution({{.*}}) {{.*}} -> tensor<1x32x109x109xf32>
  %2 = IE.Convolution(%x, %w, %b4) {dilations = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x224x224xf32>, tensor<32x3x3x3xf32>, tensor<1x32x1x1xf32> -> tensor<1x32x109x109xf32>
  // The result keeps the input layout.
  // CHECK: IE.Convolution({{.*}}) {{.*}} : tensor<1x3x8x8xf16, #[[$NHWC]]>, tensor<4x3x3x3xf16> -> tensor<1x4x4x4xf16, #[[$NHWC]]>
  %3 = IE.Convolution(%y, %wh) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf16, #NHWC>, tensor<4x3x3x3xf16> -> tensor<1x4x4x4xf16, #NHWC>
  // CHECK: IE.Convolution({{.*}}) {{.*}} -> tensor<?x32x?x7xf32>
  %4 = IE.Convolution(%d, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<?x3x?x9xf32>, tensor<32x3x3x3xf32> -> tensor<?x32x?x7xf32>
  return %0, %1, %2, %3, %4 : tensor<1x32x112x112xf32>, tensor<1x32x222x222xf32>, tensor<1x32x109x109xf32>, tensor<1x4x4x4xf16, #NHWC>, tensor<?x32x?x7xf32>
}

// -----

// CHECK-LABEL: func.func @group_convolution
func.func @group_convolution(%x: tensor<1x32x112x112xf32>, %dw: tensor<32x1x3x3xf32>, %gw: tensor<64x8x1x1xf32>, %b: tensor<64xf32>)
    -> (tensor<1x32x56x56xf32>, tensor<1x64x112x112xf32>) {
  // CHECK: IE.GroupConvolution(%{{.*}}, %{{.*}}) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x32x112x112xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x56x56xf32>
  %0 = IE.GroupConvolution(%x, %dw) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x32x112x112xf32>, tensor<32x1x3x3xf32> -> tensor<1x32x56x56xf32>
  // CHECK: IE.GroupConvolution({{.*}}) {{.*}}groups = 4 : i64{{.*}} : tensor<1x32x112x112xf32>, tensor<64x8x1x1xf32>, tensor<64xf32> -> tensor<1x64x112x112xf32>
  %1 = IE.GroupConvolution(%x, %gw, %b) {dilations = array<i64: 1, 1>, groups = 4 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x32x112x112xf32>, tensor<64x8x1x1xf32>, tensor<64xf32> -> tensor<1x64x112x112xf32>
  return %0, %1 : tensor<1x32x56x56xf32>, tensor<1x64x112x112xf32>
}

// -----

// CHECK-LABEL: func.func @fully_connected
func.func @fully_connected(%x: tensor<4x1024xf32>, %w: tensor<1000x1024xf32>, %b: tensor<1x1000xf32>, %d: tensor<?x1024xf32>)
    -> (tensor<4x1000xf32>, tensor<?x1000xf32>) {
  // CHECK: IE.FullyConnected(%{{.*}}, %{{.*}}, %{{.*}}) : tensor<4x1024xf32>, tensor<1000x1024xf32>, tensor<1x1000xf32> -> tensor<4x1000xf32>
  %0 = IE.FullyConnected(%x, %w, %b) : tensor<4x1024xf32>, tensor<1000x1024xf32>, tensor<1x1000xf32> -> tensor<4x1000xf32>
  // CHECK: IE.FullyConnected(%{{.*}}, %{{.*}}) : tensor<?x1024xf32>, tensor<1000x1024xf32> -> tensor<?x1000xf32>
  %1 = IE.FullyConnected(%d, %w) : tensor<?x1024xf32>, tensor<1000x1024xf32> -> tensor<?x1000xf32>
  return %0, %1 : tensor<4x1000xf32>, tensor<?x1000xf32>
}

// -----

// CHECK-LABEL: func.func @matmul
func.func @matmul(%a: tensor<2x1x4x8xf32>, %b: tensor<3x8x5xf32>, %q: tensor<8x16x64xf32>,
                  %v: tensor<8xf32>, %m: tensor<8x5xf32>, %t: tensor<6x8xf32>)
    -> (tensor<2x3x4x5xf32>, tensor<8x16x16xf32>, tensor<5xf32>, tensor<2x1x4xf32>, tensor<f32>, tensor<5x6xf32>) {
  // CHECK: IE.MatMul(%{{.*}}, %{{.*}}) : tensor<2x1x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x3x4x5xf32>
  %0 = IE.MatMul(%a, %b) : tensor<2x1x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x3x4x5xf32>
  // CHECK: IE.MatMul(%{{.*}}, %{{.*}}) {transpose_b} : tensor<8x16x64xf32>, tensor<8x16x64xf32> -> tensor<8x16x16xf32>
  %1 = IE.MatMul(%q, %q) {transpose_b} : tensor<8x16x64xf32>, tensor<8x16x64xf32> -> tensor<8x16x16xf32>
  // 1-D operands: the added dim is removed from the result.
  // CHECK: IE.MatMul(%{{.*}}, %{{.*}}) : tensor<8xf32>, tensor<8x5xf32> -> tensor<5xf32>
  %2 = IE.MatMul(%v, %m) : tensor<8xf32>, tensor<8x5xf32> -> tensor<5xf32>
  // CHECK: IE.MatMul(%{{.*}}, %{{.*}}) : tensor<2x1x4x8xf32>, tensor<8xf32> -> tensor<2x1x4xf32>
  %3 = IE.MatMul(%a, %v) : tensor<2x1x4x8xf32>, tensor<8xf32> -> tensor<2x1x4xf32>
  // CHECK: IE.MatMul(%{{.*}}, %{{.*}}) : tensor<8xf32>, tensor<8xf32> -> tensor<f32>
  %4 = IE.MatMul(%v, %v) : tensor<8xf32>, tensor<8xf32> -> tensor<f32>
  // CHECK: IE.MatMul(%{{.*}}, %{{.*}}) {transpose_a, transpose_b} : tensor<8x5xf32>, tensor<6x8xf32> -> tensor<5x6xf32>
  %5 = IE.MatMul(%m, %t) {transpose_a, transpose_b} : tensor<8x5xf32>, tensor<6x8xf32> -> tensor<5x6xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3x4x5xf32>, tensor<8x16x16xf32>, tensor<5xf32>, tensor<2x1x4xf32>, tensor<f32>, tensor<5x6xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @pools
func.func @pools(%x: tensor<1x64x112x112xf32>, %y: tensor<1x8x6x6xf16, #NHWC>, %d: tensor<?x8x?x7xf32>)
    -> (tensor<1x64x55x55xf32>, tensor<1x64x56x56xf32>, tensor<1x8x6x6xf16, #NHWC>, tensor<1x8x3x3xf16, #NHWC>, tensor<?x8x?x3xf32>) {
  // floor((112 - 3) / 2) + 1 = 55
  // CHECK: IE.MaxPool(%{{.*}}) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x55x55xf32>
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x55x55xf32>
  // ceil((112 - 3) / 2) + 1 = 56
  // CHECK: IE.MaxPool(%{{.*}}) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
  %1 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x64x112x112xf32> -> tensor<1x64x56x56xf32>
  // CHECK: IE.AvgPool(%{{.*}}) {exclude_pad, kernel_size = array<i64: 3, 3>, {{.*}}} : tensor<1x8x6x6xf16, #[[$NHWC:.+]]> -> tensor<1x8x6x6xf16, #[[$NHWC]]>
  %2 = IE.AvgPool(%y) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x8x6x6xf16, #NHWC> -> tensor<1x8x6x6xf16, #NHWC>
  // ceil((6 + 1 - 2) / 2) + 1 = 4, but the 4th window would start at 6 >= 6 + 0: 3.
  // CHECK: IE.AvgPool(%{{.*}}) {{.*}} -> tensor<1x8x3x3xf16, #[[$NHWC]]>
  %3 = IE.AvgPool(%y) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 1, 1>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf16, #NHWC> -> tensor<1x8x3x3xf16, #NHWC>
  // CHECK: IE.MaxPool(%{{.*}}) {{.*}} : tensor<?x8x?x7xf32> -> tensor<?x8x?x3xf32>
  %4 = IE.MaxPool(%d) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<?x8x?x7xf32> -> tensor<?x8x?x3xf32>
  return %0, %1, %2, %3, %4 : tensor<1x64x55x55xf32>, tensor<1x64x56x56xf32>, tensor<1x8x6x6xf16, #NHWC>, tensor<1x8x3x3xf16, #NHWC>, tensor<?x8x?x3xf32>
}

// -----

// CHECK-LABEL: func.func @reductions
func.func @reductions(%x: tensor<1x8x7x7xf32>, %i: tensor<4x5xsi32>)
    -> (tensor<1x8x1x1xf32>, tensor<1x8x7xf32>, tensor<5xsi32>, tensor<4x1xsi32>, tensor<8x7xf32>, tensor<1x1x1x1xf32>) {
  // Global average pool.
  // CHECK: IE.ReduceMean(%{{.*}}) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x8x1x1xf32>
  // CHECK: IE.ReduceSum(%{{.*}}) {axes = array<i64: -1>} : tensor<1x8x7x7xf32> -> tensor<1x8x7xf32>
  %1 = IE.ReduceSum(%x) {axes = array<i64: -1>} : tensor<1x8x7x7xf32> -> tensor<1x8x7xf32>
  // CHECK: IE.ReduceMax(%{{.*}}) {axes = array<i64: 0>} : tensor<4x5xsi32> -> tensor<5xsi32>
  %2 = IE.ReduceMax(%i) {axes = array<i64: 0>} : tensor<4x5xsi32> -> tensor<5xsi32>
  // CHECK: IE.ReduceMin(%{{.*}}) {axes = array<i64: 1>, keep_dims} : tensor<4x5xsi32> -> tensor<4x1xsi32>
  %3 = IE.ReduceMin(%i) {axes = array<i64: 1>, keep_dims} : tensor<4x5xsi32> -> tensor<4x1xsi32>
  // CHECK: IE.ReduceL2(%{{.*}}) {axes = array<i64: 3, 0>} : tensor<1x8x7x7xf32> -> tensor<8x7xf32>
  %4 = IE.ReduceL2(%x) {axes = array<i64: 3, 0>} : tensor<1x8x7x7xf32> -> tensor<8x7xf32>
  // CHECK: IE.ReduceMax(%{{.*}}) {axes = array<i64: 0, 1, 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x1x1x1xf32>
  %5 = IE.ReduceMax(%x) {axes = array<i64: 0, 1, 2, 3>, keep_dims} : tensor<1x8x7x7xf32> -> tensor<1x1x1x1xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x8x1x1xf32>, tensor<1x8x7xf32>, tensor<5xsi32>, tensor<4x1xsi32>, tensor<8x7xf32>, tensor<1x1x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_prod
func.func @reduce_prod(%x: tensor<1x8x7x7xf16>, %i: tensor<4x5xsi64>, %u: tensor<3xui8>)
    -> (tensor<1x8x1x1xf16>, tensor<5xsi64>, tensor<1xui8>) {
  // CHECK: IE.ReduceProd(%{{.*}}) {axes = array<i64: -1, 2>, keep_dims} : tensor<1x8x7x7xf16> -> tensor<1x8x1x1xf16>
  %0 = IE.ReduceProd(%x) {axes = array<i64: -1, 2>, keep_dims} : tensor<1x8x7x7xf16> -> tensor<1x8x1x1xf16>
  // CHECK: IE.ReduceProd(%{{.*}}) {axes = array<i64: 0>} : tensor<4x5xsi64> -> tensor<5xsi64>
  %1 = IE.ReduceProd(%i) {axes = array<i64: 0>} : tensor<4x5xsi64> -> tensor<5xsi64>
  // CHECK: IE.ReduceProd(%{{.*}}) {axes = array<i64: 0>, keep_dims} : tensor<3xui8> -> tensor<1xui8>
  %2 = IE.ReduceProd(%u) {axes = array<i64: 0>, keep_dims} : tensor<3xui8> -> tensor<1xui8>
  return %0, %1, %2 : tensor<1x8x1x1xf16>, tensor<5xsi64>, tensor<1xui8>
}

// -----

// CHECK-LABEL: func.func @softmax
func.func @softmax(%x: tensor<1x1000xf32>, %y: tensor<2x5xf16>) -> (tensor<1x1000xf32>, tensor<2x5xf16>) {
  // CHECK: IE.SoftMax(%{{.*}}) {axis = 1 : i64} : tensor<1x1000xf32> -> tensor<1x1000xf32>
  %0 = IE.SoftMax(%x) {axis = 1 : i64} : tensor<1x1000xf32> -> tensor<1x1000xf32>
  // CHECK: IE.LogSoftMax(%{{.*}}) {axis = -1 : i64} : tensor<2x5xf16> -> tensor<2x5xf16>
  %1 = IE.LogSoftMax(%y) {axis = -1 : i64} : tensor<2x5xf16> -> tensor<2x5xf16>
  return %0, %1 : tensor<1x1000xf32>, tensor<2x5xf16>
}

// -----

// CHECK-LABEL: func.func @deconvolution
func.func @deconvolution(%x: tensor<1x16x8x8xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<8xf32>, %g: tensor<16x2x4x4xf32>)
    -> (tensor<1x8x16x16xf32>, tensor<1x8x10x10xf32>, tensor<1x8x19x19xf32>) {
  // (8 - 1) * 2 - 1 - 1 + 2 + 1 + 1 = 16
  // CHECK: IE.Deconvolution(%{{.*}}, %{{.*}}) {dilations = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x16x16xf32>
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x16x16xf32>
  // CHECK: IE.Deconvolution(%{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32>, tensor<8xf32> -> tensor<1x8x10x10xf32>
  %1 = IE.Deconvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32>, tensor<8xf32> -> tensor<1x8x10x10xf32>
  // groups = 4: C_out = 2 x 4; (8 - 1) * 2 + 3 * 1 + 1 + 1 = 19 with dilation 1... K = 4, dilation 2: 14 + 7 = 21 - 2 pads = 19
  // CHECK: IE.Deconvolution(%{{.*}}, %{{.*}}) {{.*}}groups = 4 : i64{{.*}} : tensor<1x16x8x8xf32>, tensor<16x2x4x4xf32> -> tensor<1x8x19x19xf32>
  %2 = IE.Deconvolution(%x, %g) {dilations = array<i64: 2, 2>, groups = 4 : i64, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32>, tensor<16x2x4x4xf32> -> tensor<1x8x19x19xf32>
  return %0, %1, %2 : tensor<1x8x16x16xf32>, tensor<1x8x10x10xf32>, tensor<1x8x19x19xf32>
}

// -----

// CHECK-LABEL: func.func @normalization
func.func @normalization(%x: tensor<1x16x8x8xf32>, %c: tensor<16xf32>, %t: tensor<1x128x768xf16>, %s: tensor<768xf16>, %d: tensor<?x768xf32>, %sd: tensor<768xf32>)
    -> (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x128x768xf16>, tensor<?x768xf32>) {
  // CHECK: IE.BatchNormInference(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {epsilon = 1.000000e-05 : f64} : tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
  %0 = IE.BatchNormInference(%x, %c, %c, %c, %c) {epsilon = 1.000000e-05 : f64} : tensor<1x16x8x8xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
  // CHECK: IE.MVN(%{{.*}}) {axes = array<i64: 2, 3>, eps = 1.000000e-09 : f64, eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %1 = IE.MVN(%x) {axes = array<i64: 2, 3>, eps = 1.000000e-09 : f64, eps_mode = #IE.mvn_eps_mode<outside_sqrt>, normalize_variance} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  // CHECK: IE.MVN(%{{.*}}) {axes = array<i64: 1, 2, 3>, eps = 0.000000e+00 : f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %2 = IE.MVN(%x) {axes = array<i64: 1, 2, 3>, eps = 0.0 : f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  // CHECK: IE.LayerNormalization(%{{.*}}, %{{.*}}, %{{.*}}) {epsilon = 1.000000e-05 : f64} : tensor<1x128x768xf16>, tensor<768xf16>, tensor<768xf16> -> tensor<1x128x768xf16>
  %3 = IE.LayerNormalization(%t, %s, %s) {epsilon = 1.000000e-05 : f64} : tensor<1x128x768xf16>, tensor<768xf16>, tensor<768xf16> -> tensor<1x128x768xf16>
  // CHECK: IE.LayerNormalization(%{{.*}}, %{{.*}}) {axis = 1 : i64, epsilon = 1.000000e-05 : f64} : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  %4 = IE.LayerNormalization(%d, %sd) {axis = 1 : i64, epsilon = 1.000000e-05 : f64} : tensor<?x768xf32>, tensor<768xf32> -> tensor<?x768xf32>
  return %0, %1, %2, %3, %4 : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x128x768xf16>, tensor<?x768xf32>
}

// -----

// 1-D forms ([N, C, W], one value per window attribute).

#NWC = affine_map<(d0, d1, d2) -> (d0, d2, d1)>

// CHECK: #[[$NWC:.+]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-LABEL: func.func @window_1d
func.func @window_1d(%x: tensor<1x3x10xf32>, %w: tensor<4x3x3xf32>, %b: tensor<1x4x1xf32>,
                     %wg: tensor<6x1x3xf32>, %y: tensor<2x4x9xf16, #NWC>, %wt: tensor<4x2x3xf16>,
                     %d: tensor<?x3x?xf32>)
    -> (tensor<1x4x6xf32>, tensor<1x6x4xf32>, tensor<2x2x19xf16, #NWC>, tensor<2x4x5xf16, #NWC>,
        tensor<1x3x10xf32>, tensor<?x3x?xf32>) {
  // floor((10 + 1 + 2 - 3) / 2) + 1 = 6
  // CHECK: IE.Convolution(%{{.*}}, %{{.*}}, %{{.*}}) {dilations = array<i64: 1>, pads_begin = array<i64: 1>, pads_end = array<i64: 2>, strides = array<i64: 2>} : tensor<1x3x10xf32>, tensor<4x3x3xf32>, tensor<1x4x1xf32> -> tensor<1x4x6xf32>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1>, pads_begin = array<i64: 1>, pads_end = array<i64: 2>, strides = array<i64: 2>} : tensor<1x3x10xf32>, tensor<4x3x3xf32>, tensor<1x4x1xf32> -> tensor<1x4x6xf32>
  // Depthwise with dilation 3: 10 - 7 + 1 = 4.
  // CHECK: IE.GroupConvolution({{.*}}) {{.*}} : tensor<1x3x10xf32>, tensor<6x1x3xf32> -> tensor<1x6x4xf32>
  %1 = IE.GroupConvolution(%x, %wg) {dilations = array<i64: 3>, groups = 3 : i64, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 1>} : tensor<1x3x10xf32>, tensor<6x1x3xf32> -> tensor<1x6x4xf32>
  // (9 - 1) * 2 - 1 - 0 + 2 + 1 + 1 = 19; the layout is kept.
  // CHECK: IE.Deconvolution({{.*}}) {{.*}} : tensor<2x4x9xf16, #[[$NWC]]>, tensor<4x2x3xf16> -> tensor<2x2x19xf16, #[[$NWC]]>
  %2 = IE.Deconvolution(%y, %wt) {dilations = array<i64: 1>, output_padding = array<i64: 1>, pads_begin = array<i64: 1>, pads_end = array<i64: 0>, strides = array<i64: 2>} : tensor<2x4x9xf16, #NWC>, tensor<4x2x3xf16> -> tensor<2x2x19xf16, #NWC>
  // ceil((9 + 1 - 3) / 2) + 1 = 5
  // CHECK: IE.MaxPool({{.*}}) {kernel_size = array<i64: 3>, pads_begin = array<i64: 1>, pads_end = array<i64: 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2>} : tensor<2x4x9xf16, #[[$NWC]]> -> tensor<2x4x5xf16, #[[$NWC]]>
  %3 = IE.MaxPool(%y) {kernel_size = array<i64: 3>, pads_begin = array<i64: 1>, pads_end = array<i64: 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2>} : tensor<2x4x9xf16, #NWC> -> tensor<2x4x5xf16, #NWC>
  // CHECK: IE.AvgPool({{.*}}) {exclude_pad, kernel_size = array<i64: 3>, {{.*}}} : tensor<1x3x10xf32> -> tensor<1x3x10xf32>
  %4 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 3>, pads_begin = array<i64: 1>, pads_end = array<i64: 1>, strides = array<i64: 1>} : tensor<1x3x10xf32> -> tensor<1x3x10xf32>
  // CHECK: IE.AvgPool({{.*}}) {{.*}} : tensor<?x3x?xf32> -> tensor<?x3x?xf32>
  %5 = IE.AvgPool(%d) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 1>, strides = array<i64: 1>} : tensor<?x3x?xf32> -> tensor<?x3x?xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x4x6xf32>, tensor<1x6x4xf32>, tensor<2x2x19xf16, #NWC>, tensor<2x4x5xf16, #NWC>, tensor<1x3x10xf32>, tensor<?x3x?xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @lp_pools
func.func @lp_pools(%x: tensor<1x8x7x7xf32>, %y: tensor<1x8x6x6xf16, #NHWC>, %w: tensor<2x3x9xf32>)
    -> (tensor<1x8x4x4xf32>, tensor<1x8x1x1xf16, #NHWC>, tensor<2x3x4xf32>, tensor<1x8x4x4xf32>) {
  // floor((7 + 1 + 1 - 3) / 2) + 1 = 4
  // CHECK: IE.LpPool(%{{.*}}) {kernel_size = array<i64: 3, 3>, p = 3 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x8x7x7xf32> -> tensor<1x8x4x4xf32>
  %0 = IE.LpPool(%x) {kernel_size = array<i64: 3, 3>, p = 3 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x8x7x7xf32> -> tensor<1x8x4x4xf32>
  // The default p (2) is not printed; a global window keeps the layout.
  // CHECK: IE.LpPool(%{{.*}}) {kernel_size = array<i64: 6, 6>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x8x6x6xf16, #[[$NHWC:.+]]> -> tensor<1x8x1x1xf16, #[[$NHWC]]>
  %1 = IE.LpPool(%y) {kernel_size = array<i64: 6, 6>, p = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x8x6x6xf16, #NHWC> -> tensor<1x8x1x1xf16, #NHWC>
  // 1-D: floor((9 - 3) / 2) + 1 = 4
  // CHECK: IE.LpPool(%{{.*}}) {kernel_size = array<i64: 3>, p = 1 : i64, {{.*}}} : tensor<2x3x9xf32> -> tensor<2x3x4xf32>
  %2 = IE.LpPool(%w) {kernel_size = array<i64: 3>, p = 1 : i64, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 2>} : tensor<2x3x9xf32> -> tensor<2x3x4xf32>
  // ceil((7 - 2) / 2) + 1 = 4
  // CHECK: IE.LpPool(%{{.*}}) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x7x7xf32> -> tensor<1x8x4x4xf32>
  %3 = IE.LpPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x8x7x7xf32> -> tensor<1x8x4x4xf32>
  return %0, %1, %2, %3 : tensor<1x8x4x4xf32>, tensor<1x8x1x1xf16, #NHWC>, tensor<2x3x4xf32>, tensor<1x8x4x4xf32>
}

// -----

// Pools on quantized tensors keep the input's element type: the max pool of the stored values,
// the average pool of the real values requantised.
// CHECK-LABEL: func.func @quantized_pools
func.func @quantized_pools(%x: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>>) -> (tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>>, tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>>) {
  // CHECK: IE.MaxPool(%{{.*}}) {{.*}} : tensor<1x16x8x8x!quant.uniform<u8:f32, 5.000000e-02:128>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>>
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>>
  // CHECK: IE.AvgPool(%{{.*}}) {{.*}} : tensor<1x16x8x8x!quant.uniform<u8:f32, 5.000000e-02:128>> -> tensor<1x16x1x1x!quant.uniform<u8:f32, 5.000000e-02:128>>
  %1 = IE.AvgPool(%x) {kernel_size = array<i64: 8, 8>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>> -> tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>>
  return %0, %1 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>>, tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>>
}
