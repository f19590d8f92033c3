// RUN: vpuc-opt %s --split-input-file --vpuc-ie-convert-deconv-to-conv | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-ie-convert-deconv-to-conv="remarks=true" -verify-diagnostics -o /dev/null

// A 2x2 window with stride 2, 2 input and 1 output channel: 1x1 filter row (i * 2 + j) holds
// filter[:, 0, i, j]; the bias repeats per block; the DepthToSpace is in the default dcr mode.
// CHECK-LABEL: func.func @stride_2
// CHECK-DAG: %[[W:.+]] = const.Declare tensor<4x2x1x1xf16> = #const.Content<dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}5.000000e+00]]], {{\[\[\[}}2.000000e+00]], {{\[\[}}6.000000e+00]]], {{\[\[\[}}3.000000e+00]], {{\[\[}}7.000000e+00]]], {{\[\[\[}}4.000000e+00]], {{\[\[}}8.000000e+00]]]]> : tensor<4x2x1x1xf16>>
// CHECK-DAG: %[[B:.+]] = const.Declare tensor<4xf16> = #const.Content<dense<5.000000e-01> : tensor<4xf16>>
// CHECK: %[[C:.+]] = IE.Convolution(%arg0, %[[W]], %[[B]]) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
// CHECK-SAME: : tensor<1x2x3x5xf16>, tensor<4x2x1x1xf16>, tensor<4xf16> -> tensor<1x4x3x5xf16>
// CHECK: %[[D:.+]] = IE.DepthToSpace(%[[C]]) {block_size = 2 : i64} : tensor<1x4x3x5xf16> -> tensor<1x1x6x10xf16>
// CHECK: return %[[D]]
// CHECK-NOT: IE.Deconvolution
func.func @stride_2(%x: tensor<1x2x3x5xf16>) -> tensor<1x1x6x10xf16> {
  %w = const.Declare tensor<2x1x2x2xf16> = #const.Content<dense<[[[[1.0, 2.0], [3.0, 4.0]]], [[[5.0, 6.0], [7.0, 8.0]]]]> : tensor<2x1x2x2xf16>>
  %b = const.Declare tensor<1xf16> = #const.Content<dense<0.5> : tensor<1xf16>>
  %0 = IE.Deconvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x2x3x5xf16>, tensor<2x1x2x2xf16>, tensor<1xf16> -> tensor<1x1x6x10xf16>
  return %0 : tensor<1x1x6x10xf16>
}

// -----

// Stride 3, 16 -> 8 channels, no bias: 72 output channels, block size 3.
// CHECK-LABEL: func.func @stride_3
// CHECK: %[[C:.+]] = IE.Convolution(%arg0, %{{.+}}) {{.*}} : tensor<1x16x4x4xf16>, tensor<72x16x1x1xf16> -> tensor<1x72x4x4xf16>
// CHECK: IE.DepthToSpace(%[[C]]) {block_size = 3 : i64} : tensor<1x72x4x4xf16> -> tensor<1x8x12x12xf16>
func.func @stride_3(%x: tensor<1x16x4x4xf16>) -> tensor<1x8x12x12xf16> {
  %w = const.Declare tensor<16x8x3x3xf16> = #const.Content<dense<0.25> : tensor<16x8x3x3xf16>>
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 3, 3>} : tensor<1x16x4x4xf16>, tensor<16x8x3x3xf16> -> tensor<1x8x12x12xf16>
  return %0 : tensor<1x8x12x12xf16>
}

// -----

// Left alone: overlapping windows (kernel 3, stride 2), padding, a non-square block, several
// groups, a filter that is not a constant, and an f32 layer, which the NCE does not run.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-6: IE.Deconvolution
// CHECK-NOT: IE.DepthToSpace
func.func @left_alone(%x: tensor<1x4x4x4xf16>, %wv: tensor<4x2x2x2xf16>, %xf: tensor<1x4x4x4xf32>) -> (tensor<1x2x9x9xf16>, tensor<1x2x6x6xf16>, tensor<1x2x8x4xf16>, tensor<1x4x8x8xf16>, tensor<1x2x8x8xf16>, tensor<1x2x8x8xf32>) {
  %w3 = const.Declare tensor<4x2x3x3xf16> = #const.Content<dense<1.0> : tensor<4x2x3x3xf16>>
  // expected-remark @+1 {{left unchanged: its kernel 3x3 is not square, equal to its strides and at least 2}}
  %0 = IE.Deconvolution(%x, %w3) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x4x4x4xf16>, tensor<4x2x3x3xf16> -> tensor<1x2x9x9xf16>
  %w2 = const.Declare tensor<4x2x2x2xf16> = #const.Content<dense<1.0> : tensor<4x2x2x2xf16>>
  // expected-remark @+1 {{left unchanged: it has padding or output padding}}
  %1 = IE.Deconvolution(%x, %w2) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x4x4x4xf16>, tensor<4x2x2x2xf16> -> tensor<1x2x6x6xf16>
  %w21 = const.Declare tensor<4x2x2x1xf16> = #const.Content<dense<1.0> : tensor<4x2x2x1xf16>>
  // expected-remark @+1 {{left unchanged: its kernel 2x1 is not square, equal to its strides and at least 2}}
  %2 = IE.Deconvolution(%x, %w21) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 1>} : tensor<1x4x4x4xf16>, tensor<4x2x2x1xf16> -> tensor<1x2x8x4xf16>
  // expected-remark @+1 {{left unchanged: it has 2 groups}}
  %3 = IE.Deconvolution(%x, %w2) {dilations = array<i64: 1, 1>, groups = 2 : i64, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x4x4x4xf16>, tensor<4x2x2x2xf16> -> tensor<1x4x8x8xf16>
  // expected-remark @+1 {{left unchanged: the filter is not a constant}}
  %4 = IE.Deconvolution(%x, %wv) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x4x4x4xf16>, tensor<4x2x2x2xf16> -> tensor<1x2x8x8xf16>
  %wf = const.Declare tensor<4x2x2x2xf32> = #const.Content<dense<1.0> : tensor<4x2x2x2xf32>>
  // expected-remark-re @+1 {{left unchanged: the NCE cannot run the 1x1 convolution ({{.*}}f32{{.*}})}}
  %5 = IE.Deconvolution(%xf, %wf) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x4x4x4xf32>, tensor<4x2x2x2xf32> -> tensor<1x2x8x8xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<1x2x9x9xf16>, tensor<1x2x6x6xf16>, tensor<1x2x8x4xf16>, tensor<1x4x8x8xf16>, tensor<1x2x8x8xf16>, tensor<1x2x8x8xf32>
}
