// RUN: vpuc-opt %s --split-input-file --vpuc-ie-fuse-layers | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-ie-fuse-layers --vpuc-const-fold | FileCheck %s --check-prefix=VALUES

//===----------------------------------------------------------------------===//
// Bias Add into the preceding layer
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @conv_bias
// CHECK-SAME: (%[[X:.+]]: tensor<1x3x8x8xf32>, %[[W:.+]]: tensor<4x3x3x3xf32>)
func.func @conv_bias(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) {
  %b = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<[[[[1.0]], [[2.0]], [[3.0]], [[4.0]]]]> : tensor<1x4x1x1xf32>>
  // CHECK-DAG: %[[B:.+]] = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<{{.*}}> : tensor<1x4x1x1xf32>>
  // CHECK-DAG: %[[C0:.+]] = IE.Convolution(%[[X]], %[[W]], %[[B]]) {{.*}} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x6x6xf32>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  %1 = IE.Add(%0, %b) : tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x6x6xf32>
  // The constant may come first.
  // CHECK-DAG: %[[C1:.+]] = IE.Convolution(%[[X]], %[[W]], %[[B]])
  %2 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  %3 = IE.Add(%b, %2) : tensor<1x4x1x1xf32>, tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32>
  // CHECK-NOT: IE.Add
  // CHECK: return %[[C0]], %[[C1]]
  return %1, %3 : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>
}

// -----

// A [C, 1, 1] bias and a scalar bias reach [1, C, 1, 1] through #const transformations.
// CHECK-LABEL: func.func @conv_bias_shapes
// VALUES-LABEL: func.func @conv_bias_shapes
func.func @conv_bias_shapes(%x: tensor<1x3x8x8xf32>, %w: tensor<2x3x3x3xf32>) -> (tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>) {
  %b = const.Declare tensor<2x1x1xf32> = #const.Content<dense<[[[1.0]], [[2.0]]]> : tensor<2x1x1xf32>>
  %s = const.Declare tensor<1xf32> = #const.Content<dense<[5.0]> : tensor<1xf32>>
  // CHECK-DAG: const.Declare tensor<1x2x1x1xf32> = #const.Content<dense<{{.*}}> : tensor<2x1x1xf32>, [#const.Reshape<[1, 2, 1, 1]>]>
  // CHECK-DAG: const.Declare tensor<1x2x1x1xf32> = #const.Content<dense<5.000000e+00> : tensor<1xf32>, [#const.Reshape<[1, 1, 1, 1]>, #const.Broadcast<1, 2>]>
  // VALUES-DAG: dense<5.000000e+00> : tensor<1x2x1x1xf32>
  // VALUES-DAG: dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]]]]> : tensor<1x2x1x1xf32>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x3x3xf32> -> tensor<1x2x6x6xf32>
  %1 = IE.Add(%0, %b) : tensor<1x2x6x6xf32>, tensor<2x1x1xf32> -> tensor<1x2x6x6xf32>
  %2 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x3x3xf32> -> tensor<1x2x6x6xf32>
  %3 = IE.Add(%2, %s) : tensor<1x2x6x6xf32>, tensor<1xf32> -> tensor<1x2x6x6xf32>
  // CHECK-NOT: IE.Add
  return %1, %3 : tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>
}

// -----

// CHECK-LABEL: func.func @group_conv_and_fc_bias
func.func @group_conv_and_fc_bias(%x: tensor<1x4x5x5xf32>, %w: tensor<4x1x3x3xf32>, %y: tensor<2x8xf32>, %f: tensor<3x8xf32>)
    -> (tensor<1x4x3x3xf32>, tensor<2x3xf32>) {
  %b = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<1.0> : tensor<1x4x1x1xf32>>
  %fb = const.Declare tensor<3xf32> = #const.Content<dense<[1.0, 2.0, 3.0]> : tensor<3xf32>>
  // CHECK-DAG: IE.GroupConvolution(%{{.*}}, %{{.*}}, %{{.*}}) {{.*}} : tensor<1x4x5x5xf32>, tensor<4x1x3x3xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x3x3xf32>
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 4 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x5x5xf32>, tensor<4x1x3x3xf32> -> tensor<1x4x3x3xf32>
  %1 = IE.Add(%0, %b) : tensor<1x4x3x3xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x3x3xf32>
  // A [O] addend of a FullyConnected output [N, O] is one value per output channel.
  // CHECK-DAG: %[[FB:.+]] = const.Declare tensor<1x3xf32> = #const.Content<dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>, [#const.Reshape<[1, 3]>]>
  // CHECK-DAG: IE.FullyConnected(%{{.*}}, %{{.*}}, %[[FB]]) : tensor<2x8xf32>, tensor<3x8xf32>, tensor<1x3xf32> -> tensor<2x3xf32>
  %2 = IE.FullyConnected(%y, %f) : tensor<2x8xf32>, tensor<3x8xf32> -> tensor<2x3xf32>
  %3 = IE.Add(%2, %fb) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  // CHECK-NOT: IE.Add
  return %1, %3 : tensor<1x4x3x3xf32>, tensor<2x3xf32>
}

// -----

// A Gemm's bias Add after vpuc-ie-convert-shape-to-4d: the FullyConnected output reshaped to
// [1, 1, N, O] plus a [1, 1, 1, O] constant; the layer takes the bias [1, O] and the reshape
// replaces the Add. A splat addend is broadcast to every feature.
// CHECK-LABEL: func.func @fc_bias_through_reshape
// CHECK-DAG: %[[B0:.+]] = const.Declare tensor<1x3xf16> = #const.Content<dense<{{\[\[\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00{{\]\]\]\]}}> : tensor<1x1x1x3xf16>, [#const.Reshape<[1, 3]>]>
// CHECK-DAG: %[[F0:.+]] = IE.FullyConnected(%arg0, %arg1, %[[B0]]) : tensor<2x8xf16>, tensor<3x8xf16>, tensor<1x3xf16> -> tensor<2x3xf16>
// CHECK-DAG: IE.Reshape(%[[F0]]) {shape = array<i64: 1, 1, 2, 3>}
// CHECK-DAG: %[[B1:.+]] = const.Declare tensor<1x3xf16> = #const.Content<dense<5.000000e-01> : tensor<1xf16>, [#const.Reshape<[1, 1]>, #const.Broadcast<1, 3>]>
// CHECK-DAG: %[[F1:.+]] = IE.FullyConnected(%arg0, %arg1, %[[B1]])
// CHECK-NOT: IE.Add
func.func @fc_bias_through_reshape(%y: tensor<2x8xf16>, %f: tensor<3x8xf16>) -> (tensor<1x1x2x3xf16>, tensor<1x2x3xf16>) {
  %b = const.Declare tensor<1x1x1x3xf16> = #const.Content<dense<[[[[1.0, 2.0, 3.0]]]]> : tensor<1x1x1x3xf16>>
  %h = const.Declare tensor<1xf16> = #const.Content<dense<0.5> : tensor<1xf16>>
  %0 = IE.FullyConnected(%y, %f) : tensor<2x8xf16>, tensor<3x8xf16> -> tensor<2x3xf16>
  %1 = IE.Reshape(%0) {shape = array<i64: 1, 1, 2, 3>} : tensor<2x3xf16> -> tensor<1x1x2x3xf16>
  %2 = IE.Add(%b, %1) : tensor<1x1x1x3xf16>, tensor<1x1x2x3xf16> -> tensor<1x1x2x3xf16>
  %3 = IE.FullyConnected(%y, %f) : tensor<2x8xf16>, tensor<3x8xf16> -> tensor<2x3xf16>
  %4 = IE.Reshape(%3) {shape = array<i64: 1, 2, 3>} : tensor<2x3xf16> -> tensor<1x2x3xf16>
  %5 = IE.Add(%4, %h) : tensor<1x2x3xf16>, tensor<1xf16> -> tensor<1x2x3xf16>
  return %2, %5 : tensor<1x1x2x3xf16>, tensor<1x2x3xf16>
}

// -----

// Left alone: the reshape moves the features off the last dim, the addend varies per row, and
// the reshape has another user.
// CHECK-LABEL: func.func @fc_bias_through_reshape_not_fused
// CHECK-COUNT-3: IE.Add
func.func @fc_bias_through_reshape_not_fused(%y: tensor<2x8xf16>, %f: tensor<3x8xf16>)
    -> (tensor<1x3x2x1xf16>, tensor<1x1x2x3xf16>, tensor<1x1x2x3xf16>, tensor<1x1x2x3xf16>) {
  %c = const.Declare tensor<1x3x1x1xf16> = #const.Content<dense<1.0> : tensor<1x3x1x1xf16>>
  %rows = const.Declare tensor<1x1x2x1xf16> = #const.Content<dense<[[[[1.0], [2.0]]]]> : tensor<1x1x2x1xf16>>
  %b = const.Declare tensor<3xf16> = #const.Content<dense<1.0> : tensor<3xf16>>
  %0 = IE.FullyConnected(%y, %f) : tensor<2x8xf16>, tensor<3x8xf16> -> tensor<2x3xf16>
  %1 = IE.Reshape(%0) {shape = array<i64: 1, 3, 2, 1>} : tensor<2x3xf16> -> tensor<1x3x2x1xf16>
  %2 = IE.Add(%1, %c) : tensor<1x3x2x1xf16>, tensor<1x3x1x1xf16> -> tensor<1x3x2x1xf16>
  %3 = IE.FullyConnected(%y, %f) : tensor<2x8xf16>, tensor<3x8xf16> -> tensor<2x3xf16>
  %4 = IE.Reshape(%3) {shape = array<i64: 1, 1, 2, 3>} : tensor<2x3xf16> -> tensor<1x1x2x3xf16>
  %5 = IE.Add(%4, %rows) : tensor<1x1x2x3xf16>, tensor<1x1x2x1xf16> -> tensor<1x1x2x3xf16>
  %6 = IE.FullyConnected(%y, %f) : tensor<2x8xf16>, tensor<3x8xf16> -> tensor<2x3xf16>
  %7 = IE.Reshape(%6) {shape = array<i64: 1, 1, 2, 3>} : tensor<2x3xf16> -> tensor<1x1x2x3xf16>
  %8 = IE.Add(%7, %b) : tensor<1x1x2x3xf16>, tensor<3xf16> -> tensor<1x1x2x3xf16>
  return %2, %5, %8, %7 : tensor<1x3x2x1xf16>, tensor<1x1x2x3xf16>, tensor<1x1x2x3xf16>, tensor<1x1x2x3xf16>
}

// -----

// Where the bias must not be fused.
// CHECK-LABEL: func.func @conv_bias_not_fused
func.func @conv_bias_not_fused(%x: tensor<1x4x6x6xf32>, %w: tensor<4x4x3x3xf32>, %b: tensor<1x4x1x1xf32>, %cb: tensor<4xf32>)
    -> (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<2x4x4x4xf32>) {
  %per_channel = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<1.0> : tensor<1x4x1x1xf32>>
  // [4] aligns with W, not with the channels.
  %per_column = const.Declare tensor<4xf32> = #const.Content<dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>>
  %per_row = const.Declare tensor<1x4x4x1xf32> = #const.Content<dense<1.0> : tensor<1x4x4x1xf32>>
  %batched = const.Declare tensor<2x4x1x1xf32> = #const.Content<dense<1.0> : tensor<2x4x1x1xf32>>
  %c0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x4x4xf32>
  // CHECK: %[[A0:.+]] = IE.Add(%[[C0:.+]], %{{.*}}) : tensor<1x4x4x4xf32>, tensor<4xf32>
  %0 = IE.Add(%c0, %per_column) : tensor<1x4x4x4xf32>, tensor<4xf32> -> tensor<1x4x4x4xf32>
  %c1 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x4x4xf32>
  // CHECK: IE.Add(%{{.*}}, %{{.*}}) : tensor<1x4x4x4xf32>, tensor<1x4x4x1xf32>
  %1 = IE.Add(%c1, %per_row) : tensor<1x4x4x4xf32>, tensor<1x4x4x1xf32> -> tensor<1x4x4x4xf32>
  // A non-constant addend.
  %c2 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x4x4xf32>
  // CHECK: IE.Add(%{{.*}}, %arg2) : tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32>
  %2 = IE.Add(%c2, %b) : tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x4x4xf32>
  // The convolution already has a bias.
  %c3 = IE.Convolution(%x, %w, %cb) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>, tensor<4xf32> -> tensor<1x4x4x4xf32>
  // CHECK: IE.Add(%{{.*}}, %{{.*}}) : tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32>
  %3 = IE.Add(%c3, %per_channel) : tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x4x4xf32>
  // The convolution result has another user (returned as well).
  %c4 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x4x4xf32>
  // CHECK: IE.Add(%[[C4:.+]], %{{.*}}) : tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32>
  %4 = IE.Add(%c4, %per_channel) : tensor<1x4x4x4xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x4x4xf32>
  // The Add broadcasts the convolution output to a batch of 2.
  %c5 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x4x4xf32>
  // CHECK: IE.Add(%{{.*}}, %{{.*}}) : tensor<1x4x4x4xf32>, tensor<2x4x1x1xf32>
  %5 = IE.Add(%c5, %batched) : tensor<1x4x4x4xf32>, tensor<2x4x1x1xf32> -> tensor<2x4x4x4xf32>
  // CHECK-NOT: IE.Convolution({{.*}}, %{{.*}}, %{{.*}}) {{.*}}tensor<1x4x1x1xf32> -> 
  return %0, %1, %2, %3, %4, %c4, %5 : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>, tensor<2x4x4x4xf32>
}

//===----------------------------------------------------------------------===//
// BatchNormInference
//===----------------------------------------------------------------------===//

// -----

// s = gamma / sqrt(var + eps) = [2 / 2, 3 / 1] = [1, 3]; filter' = [1 * 1, 2 * 3] = [1, 6];
// bias' = (0 - mean) * s + beta = [-1 * 1 + 0.5, -2 * 3 - 1] = [-0.5, -7].
// CHECK-LABEL: func.func @batch_norm_into_conv
// CHECK-SAME: (%[[X:.+]]: tensor<1x1x2x2xf32>)
// VALUES-LABEL: func.func @batch_norm_into_conv
func.func @batch_norm_into_conv(%x: tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = const.Declare tensor<2x1x1x1xf32> = #const.Content<dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>>
  %gamma = const.Declare tensor<2xf32> = #const.Content<dense<[2.0, 3.0]> : tensor<2xf32>>
  %beta = const.Declare tensor<2xf32> = #const.Content<dense<[0.5, -1.0]> : tensor<2xf32>>
  %mean = const.Declare tensor<2xf32> = #const.Content<dense<[1.0, 2.0]> : tensor<2xf32>>
  %var = const.Declare tensor<2xf32> = #const.Content<dense<[3.0, 0.0]> : tensor<2xf32>>
  // CHECK-DAG: %[[W:.+]] = const.Declare tensor<2x1x1x1xf32> = #const.Content<dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}6.000000e+00]]]]> : tensor<2x1x1x1xf32>>
  // CHECK-DAG: %[[B:.+]] = const.Declare tensor<2xf32> = #const.Content<dense<[-5.000000e-01, -7.000000e+00]> : tensor<2xf32>>
  // CHECK: %[[C:.+]] = IE.Convolution(%[[X]], %[[W]], %[[B]]) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  // CHECK-NOT: IE.BatchNormInference
  // CHECK: return %[[C]]
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x2x2xf32>
  %1 = IE.BatchNormInference(%0, %gamma, %beta, %mean, %var) {epsilon = 1.0 : f64} : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  return %1 : tensor<1x2x2x2xf32>
}

// -----

// With a bias [1, 1]: bias' = [(1 - 1) * 1 + 0.5, (1 - 2) * 3 - 1] = [0.5, -4]. An f16
// group convolution: each product is rounded once to f16. 3 * f16(0.1) = 3 * 0.0999755859375
// = 0.2999267578125 lies halfway between two f16 values and rounds to even, 0.2998046875.
// CHECK-LABEL: func.func @batch_norm_into_group_conv_f16
func.func @batch_norm_into_group_conv_f16(%x: tensor<1x2x2x2xf16>) -> tensor<1x2x2x2xf16> {
  %w = const.Declare tensor<2x1x1x1xf16> = #const.Content<dense<[[[[1.0]]], [[[0.1]]]]> : tensor<2x1x1x1xf32>, [#const.ConvertElemType<f16>]>
  %b = const.Declare tensor<2xf16> = #const.Content<dense<1.0> : tensor<2xf16>>
  %gamma = const.Declare tensor<2xf16> = #const.Content<dense<[2.0, 3.0]> : tensor<2xf16>>
  %beta = const.Declare tensor<2xf16> = #const.Content<dense<[0.5, -1.0]> : tensor<2xf16>>
  %mean = const.Declare tensor<2xf16> = #const.Content<dense<[1.0, 2.0]> : tensor<2xf16>>
  %var = const.Declare tensor<2xf16> = #const.Content<dense<[3.0, 0.0]> : tensor<2xf16>>
  // CHECK-DAG: %[[W:.+]] = const.Declare tensor<2x1x1x1xf16> = #const.Content<dense<{{\[\[\[\[}}1.000000e+00]]], {{\[\[\[}}2.998050e-01]]]]> : tensor<2x1x1x1xf16>>
  // CHECK-DAG: %[[B:.+]] = const.Declare tensor<2xf16> = #const.Content<dense<[5.000000e-01, -4.000000e+00]> : tensor<2xf16>>
  // CHECK: IE.GroupConvolution(%{{.*}}, %[[W]], %[[B]]) {{.*}}groups = 2 : i64
  // CHECK-NOT: IE.BatchNormInference
  %0 = IE.GroupConvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x2x2x2xf16>, tensor<2x1x1x1xf16>, tensor<2xf16> -> tensor<1x2x2x2xf16>
  %1 = IE.BatchNormInference(%0, %gamma, %beta, %mean, %var) {epsilon = 1.0 : f64} : tensor<1x2x2x2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16> -> tensor<1x2x2x2xf16>
  return %1 : tensor<1x2x2x2xf16>
}

// -----

// A Deconvolution's filter is [C_in, C_out, KY, KX]: the scale s = [2 / 2, 3 / 1, 4 / 2] =
// [1, 3, 2] goes along its second dim, filter' = [[1 * 1, 2 * 3, 3 * 2], [4 * 1, 5 * 3, 6 * 2]];
// bias' = (bias - mean) * s + beta = [(1 - 1) * 1 + 0.5, (1 - 2) * 3 - 1, (1 - 3) * 2 + 0].
// CHECK-LABEL: func.func @batch_norm_into_deconv
// CHECK-SAME: (%[[X:.+]]: tensor<1x2x2x2xf32>)
func.func @batch_norm_into_deconv(%x: tensor<1x2x2x2xf32>) -> tensor<1x3x3x3xf32> {
  %w = const.Declare tensor<2x3x1x1xf32> = #const.Content<dense<[[[[1.0]], [[2.0]], [[3.0]]], [[[4.0]], [[5.0]], [[6.0]]]]> : tensor<2x3x1x1xf32>>
  %b = const.Declare tensor<3xf32> = #const.Content<dense<1.0> : tensor<3xf32>>
  %gamma = const.Declare tensor<3xf32> = #const.Content<dense<[2.0, 3.0, 4.0]> : tensor<3xf32>>
  %beta = const.Declare tensor<3xf32> = #const.Content<dense<[0.5, -1.0, 0.0]> : tensor<3xf32>>
  %mean = const.Declare tensor<3xf32> = #const.Content<dense<[1.0, 2.0, 3.0]> : tensor<3xf32>>
  %var = const.Declare tensor<3xf32> = #const.Content<dense<[3.0, 0.0, 3.0]> : tensor<3xf32>>
  // CHECK-DAG: %[[W:.+]] = const.Declare tensor<2x3x1x1xf32> = #const.Content<dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}6.000000e+00]], {{\[\[}}6.000000e+00]]], {{\[\[\[}}4.000000e+00]], {{\[\[}}1.500000e+01]], {{\[\[}}1.200000e+01]]]]> : tensor<2x3x1x1xf32>>
  // CHECK-DAG: %[[B:.+]] = const.Declare tensor<3xf32> = #const.Content<dense<[5.000000e-01, -4.000000e+00, -4.000000e+00]> : tensor<3xf32>>
  // CHECK: %[[D:.+]] = IE.Deconvolution(%[[X]], %[[W]], %[[B]]) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x2x2x2xf32>, tensor<2x3x1x1xf32>, tensor<3xf32> -> tensor<1x3x3x3xf32>
  // CHECK-NOT: IE.BatchNormInference
  // CHECK: return %[[D]]
  %0 = IE.Deconvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x2x2x2xf32>, tensor<2x3x1x1xf32>, tensor<3xf32> -> tensor<1x3x3x3xf32>
  %1 = IE.BatchNormInference(%0, %gamma, %beta, %mean, %var) {epsilon = 1.0 : f64} : tensor<1x3x3x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<1x3x3x3xf32>
  return %1 : tensor<1x3x3x3xf32>
}

// -----

// A grouped Deconvolution (2 groups of one input and two output channels): input channel 0
// feeds output channels 0 and 1, input channel 1 feeds 2 and 3. s = [1, 2, 3, 4] (epsilon 1,
// variance 0), filter' = [[1 * 1, 2 * 2], [3 * 3, 4 * 4]]; without a bias, bias' = beta - mean * s
// = [0 - 1, 0 - 2, 0 - 3, 0 - 4].
// CHECK-LABEL: func.func @batch_norm_into_group_deconv
func.func @batch_norm_into_group_deconv(%x: tensor<1x2x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %w = const.Declare tensor<2x2x1x1xf32> = #const.Content<dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]]]> : tensor<2x2x1x1xf32>>
  %gamma = const.Declare tensor<4xf32> = #const.Content<dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>>
  %zero = const.Declare tensor<4xf32> = #const.Content<dense<0.0> : tensor<4xf32>>
  %one = const.Declare tensor<4xf32> = #const.Content<dense<1.0> : tensor<4xf32>>
  // CHECK-DAG: %[[W:.+]] = const.Declare tensor<2x2x1x1xf32> = #const.Content<dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}4.000000e+00]]], {{\[\[\[}}9.000000e+00]], {{\[\[}}1.600000e+01]]]]> : tensor<2x2x1x1xf32>>
  // CHECK-DAG: %[[B:.+]] = const.Declare tensor<4xf32> = #const.Content<dense<[-1.000000e+00, -2.000000e+00, -3.000000e+00, -4.000000e+00]> : tensor<4xf32>>
  // CHECK: IE.Deconvolution(%arg0, %[[W]], %[[B]]) {{.*}}groups = 2 : i64
  // CHECK-NOT: IE.BatchNormInference
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 2 : i64, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x2x2x2xf32>, tensor<2x2x1x1xf32> -> tensor<1x4x2x2xf32>
  %1 = IE.BatchNormInference(%0, %gamma, %zero, %one, %zero) {epsilon = 1.0 : f64} : tensor<1x4x2x2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<1x4x2x2xf32>
  return %1 : tensor<1x4x2x2xf32>
}

// -----

// A 1-D convolution: s = [1, 3] as in @batch_norm_into_conv, bias' = -mean * s + beta =
// [-0.5, -7], [C_out] as for every rank.
// CHECK-LABEL: func.func @batch_norm_into_conv1d
func.func @batch_norm_into_conv1d(%x: tensor<1x1x3xf32>) -> tensor<1x2x3xf32> {
  %w = const.Declare tensor<2x1x1xf32> = #const.Content<dense<[[[1.0]], [[2.0]]]> : tensor<2x1x1xf32>>
  %gamma = const.Declare tensor<2xf32> = #const.Content<dense<[2.0, 3.0]> : tensor<2xf32>>
  %beta = const.Declare tensor<2xf32> = #const.Content<dense<[0.5, -1.0]> : tensor<2xf32>>
  %mean = const.Declare tensor<2xf32> = #const.Content<dense<[1.0, 2.0]> : tensor<2xf32>>
  %var = const.Declare tensor<2xf32> = #const.Content<dense<[3.0, 0.0]> : tensor<2xf32>>
  // CHECK-DAG: %[[W:.+]] = const.Declare tensor<2x1x1xf32> = #const.Content<dense<{{\[\[\[}}1.000000e+00]], {{\[\[}}6.000000e+00]]]> : tensor<2x1x1xf32>>
  // CHECK-DAG: %[[B:.+]] = const.Declare tensor<2xf32> = #const.Content<dense<[-5.000000e-01, -7.000000e+00]> : tensor<2xf32>>
  // CHECK: IE.Convolution(%arg0, %[[W]], %[[B]]) {{.*}} : tensor<1x1x3xf32>, tensor<2x1x1xf32>, tensor<2xf32> -> tensor<1x2x3xf32>
  // CHECK-NOT: IE.BatchNormInference
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 1>} : tensor<1x1x3xf32>, tensor<2x1x1xf32> -> tensor<1x2x3xf32>
  %1 = IE.BatchNormInference(%0, %gamma, %beta, %mean, %var) {epsilon = 1.0 : f64} : tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3xf32>
  return %1 : tensor<1x2x3xf32>
}

// -----

// Without a convolution before it, BatchNormInference becomes a ScaleShift:
// weights s = [1, 3], biases beta - mean * s = [-0.5, -7].
// CHECK-LABEL: func.func @batch_norm_to_scale_shift
// CHECK-SAME: (%[[X:.+]]: tensor<2x2x3xf32>)
// VALUES-LABEL: func.func @batch_norm_to_scale_shift
func.func @batch_norm_to_scale_shift(%x: tensor<2x2x3xf32>) -> tensor<2x2x3xf32> {
  %gamma = const.Declare tensor<2xf32> = #const.Content<dense<[2.0, 3.0]> : tensor<2xf32>>
  %beta = const.Declare tensor<2xf32> = #const.Content<dense<[0.5, -1.0]> : tensor<2xf32>>
  %mean = const.Declare tensor<2xf32> = #const.Content<dense<[1.0, 2.0]> : tensor<2xf32>>
  %var = const.Declare tensor<2xf32> = #const.Content<dense<[3.0, 0.0]> : tensor<2xf32>>
  // CHECK-DAG: %[[S:.+]] = const.Declare tensor<1x2x1xf32> = #const.Content<dense<{{\[\[\[}}1.000000e+00], [3.000000e+00]]]> : tensor<1x2x1xf32>>
  // CHECK-DAG: %[[T:.+]] = const.Declare tensor<1x2x1xf32> = #const.Content<dense<{{\[\[\[}}-5.000000e-01], [-7.000000e+00]]]> : tensor<1x2x1xf32>>
  // CHECK: %[[R:.+]] = IE.ScaleShift(%[[X]]) weights(%[[S]] : tensor<1x2x1xf32>) biases(%[[T]] : tensor<1x2x1xf32>) : tensor<2x2x3xf32> -> tensor<2x2x3xf32>
  // CHECK: return %[[R]]
  %0 = IE.BatchNormInference(%x, %gamma, %beta, %mean, %var) {epsilon = 1.0 : f64} : tensor<2x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<2x2x3xf32>
  return %0 : tensor<2x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @batch_norm_not_into_conv
func.func @batch_norm_not_into_conv(%x: tensor<1x1x2x2xf32>, %w: tensor<2x1x1x1xf32>, %g: tensor<2xf32>, %y: tensor<1x2x2x2xf32>)
    -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  %wc = const.Declare tensor<2x1x1x1xf32> = #const.Content<dense<1.0> : tensor<2x1x1x1xf32>>
  %one = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>>
  %two = const.Declare tensor<2xf32> = #const.Content<dense<2.0> : tensor<2xf32>>
  %zero = const.Declare tensor<2xf32> = #const.Content<dense<0.0> : tensor<2xf32>>
  // A non-constant filter: the BatchNorm becomes a ScaleShift after the convolution.
  // CHECK: %[[C0:.+]] = IE.Convolution(%arg0, %arg1)
  // CHECK: IE.ScaleShift(%[[C0]])
  %c0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x2x2xf32>
  %0 = IE.BatchNormInference(%c0, %two, %zero, %zero, %one) {epsilon = 0.0 : f64} : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  // The convolution has another user: it stays, and the BatchNorm becomes a ScaleShift.
  // CHECK: %[[C1:.+]] = IE.Convolution(%arg0, %{{.*}}) {{.*}} : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x2x2xf32>
  // CHECK: IE.ScaleShift(%[[C1]])
  %c1 = IE.Convolution(%x, %wc) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x2x2xf32>
  %1 = IE.BatchNormInference(%c1, %two, %zero, %zero, %one) {epsilon = 0.0 : f64} : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  // Non-constant statistics: nothing changes.
  // CHECK: %[[C2:.+]] = IE.Convolution(%arg0, %{{.*}})
  // CHECK: IE.BatchNormInference(%[[C2]], %arg2,
  %c2 = IE.Convolution(%x, %wc) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32> -> tensor<1x2x2x2xf32>
  %2 = IE.BatchNormInference(%c2, %g, %zero, %zero, %one) {epsilon = 0.0 : f64} : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  // A zero variance with zero epsilon gives an infinite scale: nothing changes.
  // CHECK: IE.BatchNormInference(%arg3, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {epsilon = 0.000000e+00 : f64}
  %3 = IE.BatchNormInference(%y, %one, %zero, %zero, %zero) {epsilon = 0.0 : f64} : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x2x2xf32>
  return %0, %1, %2, %c1, %3 : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}

// -----

// Unit scales or zero shifts are left out of the ScaleShift; an identity BatchNorm goes away.
// CHECK-LABEL: func.func @batch_norm_trivial_parts
// CHECK-SAME: (%[[X:.+]]: tensor<1x2x3xf32>)
func.func @batch_norm_trivial_parts(%x: tensor<1x2x3xf32>) -> (tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>) {
  %one = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>>
  %two = const.Declare tensor<2xf32> = #const.Content<dense<2.0> : tensor<2xf32>>
  %zero = const.Declare tensor<2xf32> = #const.Content<dense<0.0> : tensor<2xf32>>
  // CHECK-DAG: %[[S:.+]] = IE.ScaleShift(%[[X]]) weights(%{{.*}} : tensor<1x2x1xf32>) : tensor<1x2x3xf32> -> tensor<1x2x3xf32>
  %0 = IE.BatchNormInference(%x, %two, %zero, %zero, %one) {epsilon = 0.0 : f64} : tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3xf32>
  // CHECK-DAG: %[[T:.+]] = IE.ScaleShift(%[[X]]) biases(%{{.*}} : tensor<1x2x1xf32>) : tensor<1x2x3xf32> -> tensor<1x2x3xf32>
  %1 = IE.BatchNormInference(%x, %one, %two, %zero, %one) {epsilon = 0.0 : f64} : tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3xf32>
  %2 = IE.BatchNormInference(%x, %one, %zero, %zero, %one) {epsilon = 0.0 : f64} : tensor<1x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32> -> tensor<1x2x3xf32>
  // CHECK-NOT: IE.BatchNormInference
  // CHECK: return %[[S]], %[[T]], %[[X]]
  return %0, %1, %2 : tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>
}

//===----------------------------------------------------------------------===//
// Multiply + Add into ScaleShift
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @scale_shift
// CHECK-SAME: (%[[X:.+]]: tensor<1x3x4x4xf32>)
func.func @scale_shift(%x: tensor<1x3x4x4xf32>) -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>) {
  %w = const.Declare tensor<1x3x1x1xf32> = #const.Content<dense<[[[[1.0]], [[2.0]], [[3.0]]]]> : tensor<1x3x1x1xf32>>
  %b = const.Declare tensor<3x1x1xf32> = #const.Content<dense<[[[4.0]], [[5.0]], [[6.0]]]> : tensor<3x1x1xf32>>
  // CHECK-DAG: %[[W:.+]] = const.Declare tensor<1x3x1x1xf32> = #const.Content<dense<{{.*}}> : tensor<1x3x1x1xf32>>
  // CHECK-DAG: %[[B:.+]] = const.Declare tensor<1x3x1x1xf32> = #const.Content<dense<{{.*}}> : tensor<3x1x1xf32>, [#const.Reshape<[1, 3, 1, 1]>]>
  // CHECK-DAG: %[[S0:.+]] = IE.ScaleShift(%[[X]]) weights(%[[W]] : tensor<1x3x1x1xf32>) biases(%[[B]] : tensor<1x3x1x1xf32>) : tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %0 = IE.Multiply(%x, %w) : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
  %1 = IE.Add(%0, %b) : tensor<1x3x4x4xf32>, tensor<3x1x1xf32> -> tensor<1x3x4x4xf32>
  // Operands in the other order; a scalar factor is broadcast to every channel.
  %s = const.Declare tensor<1xf32> = #const.Content<dense<[2.0]> : tensor<1xf32>>
  // CHECK-DAG: %[[S:.+]] = const.Declare tensor<1x3x1x1xf32> = #const.Content<dense<2.000000e+00> : tensor<1xf32>, [#const.Reshape<[1, 1, 1, 1]>, #const.Broadcast<1, 3>]>
  // CHECK-DAG: %[[S1:.+]] = IE.ScaleShift(%[[X]]) weights(%[[S]] : tensor<1x3x1x1xf32>) biases(%{{.*}} : tensor<1x3x1x1xf32>)
  %2 = IE.Multiply(%s, %x) : tensor<1xf32>, tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  %3 = IE.Add(%b, %2) : tensor<3x1x1xf32>, tensor<1x3x4x4xf32> -> tensor<1x3x4x4xf32>
  // CHECK-NOT: IE.Multiply
  // CHECK-NOT: IE.Add
  // CHECK: return %[[S0]], %[[S1]]
  return %1, %3 : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @scale_shift_not_fused
func.func @scale_shift_not_fused(%x: tensor<1x3x4x4xf32>, %v: tensor<1x3x1x1xf32>, %i: tensor<1x3x4x4xsi32>)
    -> (tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<2x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xsi32>, tensor<1x3x4x4xf32>) {
  %w = const.Declare tensor<1x3x1x1xf32> = #const.Content<dense<2.0> : tensor<1x3x1x1xf32>>
  %b = const.Declare tensor<1x3x1x1xf32> = #const.Content<dense<1.0> : tensor<1x3x1x1xf32>>
  %per_row = const.Declare tensor<1x1x4x1xf32> = #const.Content<dense<1.0> : tensor<1x1x4x1xf32>>
  %row_scale = const.Declare tensor<1x1x4x1xf32> = #const.Content<dense<2.0> : tensor<1x1x4x1xf32>>
  %batched = const.Declare tensor<2x3x1x1xf32> = #const.Content<dense<1.0> : tensor<2x3x1x1xf32>>
  %wi = const.Declare tensor<1x3x1x1xsi32> = #const.Content<dense<2> : tensor<1x3x1x1xsi32>>
  %bi = const.Declare tensor<1x3x1x1xsi32> = #const.Content<dense<1> : tensor<1x3x1x1xsi32>>
  // The bias is not per channel.
  // CHECK: IE.Multiply
  // CHECK: IE.Add({{.*}}) : tensor<1x3x4x4xf32>, tensor<1x1x4x1xf32>
  %m0 = IE.Multiply(%x, %w) : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
  %0 = IE.Add(%m0, %per_row) : tensor<1x3x4x4xf32>, tensor<1x1x4x1xf32> -> tensor<1x3x4x4xf32>
  // A non-constant factor.
  // CHECK: IE.Multiply(%arg0, %arg1)
  // CHECK: IE.Add
  %m1 = IE.Multiply(%x, %v) : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
  %1 = IE.Add(%m1, %b) : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
  // The product has a second use.
  // CHECK: %[[M2:.+]] = IE.Multiply
  // CHECK: IE.Add(%[[M2]], %{{.*}})
  %m2 = IE.Multiply(%x, %w) : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
  %2 = IE.Add(%m2, %b) : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
  // The Add broadcasts the product to a batch of 2.
  // CHECK: IE.Multiply
  // CHECK: IE.Add({{.*}}) : tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32> -> tensor<2x3x4x4xf32>
  %m3 = IE.Multiply(%x, %w) : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
  %3 = IE.Add(%m3, %batched) : tensor<1x3x4x4xf32>, tensor<2x3x1x1xf32> -> tensor<2x3x4x4xf32>
  // The Multiply broadcasts x: the factor is not per channel.
  // CHECK: IE.Multiply({{.*}}) : tensor<1x3x4x4xf32>, tensor<1x1x4x1xf32>
  // CHECK: IE.Add
  %m4 = IE.Multiply(%x, %row_scale) : tensor<1x3x4x4xf32>, tensor<1x1x4x1xf32> -> tensor<1x3x4x4xf32>
  %4 = IE.Add(%m4, %b) : tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32> -> tensor<1x3x4x4xf32>
  // Integers: ScaleShift is float only.
  // CHECK: IE.Multiply({{.*}}) : tensor<1x3x4x4xsi32>
  // CHECK: IE.Add({{.*}}) : tensor<1x3x4x4xsi32>
  %m5 = IE.Multiply(%i, %wi) : tensor<1x3x4x4xsi32>, tensor<1x3x1x1xsi32> -> tensor<1x3x4x4xsi32>
  %5 = IE.Add(%m5, %bi) : tensor<1x3x4x4xsi32>, tensor<1x3x1x1xsi32> -> tensor<1x3x4x4xsi32>
  // CHECK-NOT: IE.ScaleShift
  return %0, %1, %2, %3, %4, %5, %m2 : tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<2x3x4x4xf32>, tensor<1x3x4x4xf32>, tensor<1x3x4x4xsi32>, tensor<1x3x4x4xf32>
}

//===----------------------------------------------------------------------===//
// MatMul into FullyConnected
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @matmul_to_fc
// CHECK-SAME: (%[[X:.+]]: tensor<2x3xf32>, %[[D:.+]]: tensor<?x3xf32>)
// VALUES-LABEL: func.func @matmul_to_fc
func.func @matmul_to_fc(%x: tensor<2x3xf32>, %d: tensor<?x3xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<?x2xf32>) {
  %kn = const.Declare tensor<3x2xf32> = #const.Content<dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>>
  %nk = const.Declare tensor<2x3xf32> = #const.Content<dense<[[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]> : tensor<2x3xf32>>
  // [K, N] weights are transposed to [N, K] lazily.
  // CHECK-DAG: %[[WT:.+]] = const.Declare tensor<2x3xf32> = #const.Content<dense<{{.*}}> : tensor<3x2xf32>, [#const.Transpose<[1, 0]>]>
  // VALUES-DAG: dense<{{\[}}[1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]> : tensor<2x3xf32>
  // CHECK-DAG: %[[F0:.+]] = IE.FullyConnected(%[[X]], %[[WT]]) : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
  %0 = IE.MatMul(%x, %kn) : tensor<2x3xf32>, tensor<3x2xf32> -> tensor<2x2xf32>
  // With transpose_b the weights are already [N, K].
  // CHECK-DAG: %[[W:.+]] = const.Declare tensor<2x3xf32> = #const.Content<dense<{{.*}}> : tensor<2x3xf32>>
  // CHECK-DAG: %[[F1:.+]] = IE.FullyConnected(%[[X]], %[[W]]) : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
  %1 = IE.MatMul(%x, %nk) {transpose_b} : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
  // A dynamic number of rows is fine in 2-D.
  // CHECK-DAG: %[[F2:.+]] = IE.FullyConnected(%[[D]], %{{.*}}) : tensor<?x3xf32>, tensor<2x3xf32> -> tensor<?x2xf32>
  %2 = IE.MatMul(%d, %kn) : tensor<?x3xf32>, tensor<3x2xf32> -> tensor<?x2xf32>
  // CHECK-NOT: IE.MatMul
  // CHECK: return %[[F0]], %[[F1]], %[[F2]]
  return %0, %1, %2 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<?x2xf32>
}

// -----

// A batched input with 2-D weights is reshaped to 2-D around the FullyConnected.
// CHECK-LABEL: func.func @matmul_batched_input
// CHECK-SAME: (%[[X:.+]]: tensor<2x4x3xf32>)
func.func @matmul_batched_input(%x: tensor<2x4x3xf32>) -> tensor<2x4x5xf32> {
  %w = const.Declare tensor<3x5xf32> = #const.Content<dense<1.0> : tensor<3x5xf32>>
  // CHECK: %[[R:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 8, 3>} : tensor<2x4x3xf32> -> tensor<8x3xf32>
  // CHECK: %[[F:.+]] = IE.FullyConnected(%[[R]], %{{.*}}) : tensor<8x3xf32>, tensor<5x3xf32> -> tensor<8x5xf32>
  // CHECK: %[[O:.+]] = IE.Reshape(%[[F]]) {shape = array<i64: 2, 4, 5>} : tensor<8x5xf32> -> tensor<2x4x5xf32>
  // CHECK: return %[[O]]
  %0 = IE.MatMul(%x, %w) : tensor<2x4x3xf32>, tensor<3x5xf32> -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_not_converted
func.func @matmul_not_converted(%x: tensor<2x3xf32>, %t: tensor<3x2xf32>, %y: tensor<?x4x3xf32>, %v: tensor<3xf32>, %b: tensor<3x2xf32>)
    -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2x2xf32>, tensor<?x4x2xf32>, tensor<2xf32>) {
  %w = const.Declare tensor<3x2xf32> = #const.Content<dense<1.0> : tensor<3x2xf32>>
  %w3 = const.Declare tensor<2x3x2xf32> = #const.Content<dense<1.0> : tensor<2x3x2xf32>>
  // CHECK: IE.MatMul(%{{.*}}, %{{.*}}) {transpose_a}
  %0 = IE.MatMul(%t, %w) {transpose_a} : tensor<3x2xf32>, tensor<3x2xf32> -> tensor<2x2xf32>
  // CHECK: IE.MatMul(%arg0, %arg4)
  %1 = IE.MatMul(%x, %b) : tensor<2x3xf32>, tensor<3x2xf32> -> tensor<2x2xf32>
  // CHECK: IE.MatMul(%arg0, %{{.*}}) : tensor<2x3xf32>, tensor<2x3x2xf32>
  %2 = IE.MatMul(%x, %w3) : tensor<2x3xf32>, tensor<2x3x2xf32> -> tensor<2x2x2xf32>
  // CHECK: IE.MatMul(%arg2, %{{.*}}) : tensor<?x4x3xf32>
  %3 = IE.MatMul(%y, %w) : tensor<?x4x3xf32>, tensor<3x2xf32> -> tensor<?x4x2xf32>
  // CHECK: IE.MatMul(%arg3, %{{.*}}) : tensor<3xf32>
  %4 = IE.MatMul(%v, %w) : tensor<3xf32>, tensor<3x2xf32> -> tensor<2xf32>
  // CHECK-NOT: IE.FullyConnected
  return %0, %1, %2, %3, %4 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2x2xf32>, tensor<?x4x2xf32>, tensor<2xf32>
}
