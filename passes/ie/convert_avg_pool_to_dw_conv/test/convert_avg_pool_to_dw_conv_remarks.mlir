// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-avg-pool-to-dw-conv{remarks=true}))' --split-input-file -verify-diagnostics

// With `remarks`, every average pool the NCE cannot run that the pass leaves gets a remark
// with the reasons of each rule.

func.func @exclude_pad_read(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  // expected-remark @below {{left unchanged: the NCE cannot run it as a pool (exclude_pad with padding is not supported: the NCE divides every window by the kernel area); a depthwise convolution is not exact: with exclude_pad the windows that read padding divide by fewer than KY * KX elements; no chain of smaller pools: the windows overlap, read padding or leave input elements out}}
  %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %0 : tensor<1x16x8x8xf16>
}

// -----

func.func @ceil_beyond_padding(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x4x4xf16> {
  // expected-remark @below {{a depthwise convolution is not exact: the last window of the ceil rounding reaches beyond the padded input}}
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
  return %0 : tensor<1x16x4x4xf16>
}

// -----

func.func @prime_kernel(%x: tensor<1x16x13x13xf16>) -> tensor<1x16x1x1xf16> {
  // expected-remark @below {{the NCE cannot run the depthwise convolution (kernel height 13 is outside the NCE range [1, 11]; kernel width 13 is outside the NCE range [1, 11]); no chain of smaller pools: the kernel 13x13 does not factor into pools the NCE runs; no chain of padded pools: the map of 13x13 is smaller than min-padded-area 256}}
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x13x13xf16> -> tensor<1x16x1x1xf16>
  return %0 : tensor<1x16x1x1xf16>
}

// -----

func.func @batch(%x: tensor<2x16x8x8xf16>) -> tensor<2x16x4x4xf16> {
  // expected-remark @below {{the NCE cannot run the depthwise convolution (input #0 batch 2 is not 1: the NCE processes one image; output batch 2 is not 1: the NCE processes one image)}}
  %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<2x16x8x8xf16> -> tensor<2x16x4x4xf16>
  return %0 : tensor<2x16x4x4xf16>
}

// -----

// A quantized average pool the NCE cannot run as one pool is left for the quantized_avg_pool
// SHAVE kernel (no depthwise convolution, no chain requantising the intermediate means).
!q = !quant.uniform<u8:f32, 2.000000e-02:128>
func.func @quantized(%x: tensor<1x16x14x14x!q>) -> tensor<1x16x1x1x!q> {
  // expected-remark @below {{left unchanged: the NCE cannot run it as a pool (kernel height 14 is outside the NCE range [1, 11]; kernel width 14 is outside the NCE range [1, 11]); a quantized pool is not rewritten: it runs as the quantized_avg_pool SHAVE kernel}}
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 14, 14>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x14x14x!q> -> tensor<1x16x1x1x!q>
  return %0 : tensor<1x16x1x1x!q>
}
