// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-paddings-to-floor-mode{remarks=true}))' --split-input-file -verify-diagnostics

// With `remarks`, every ceil-rounding pool the pass leaves gets a remark with the reason.

func.func @avg_pool_counting_pads(%x: tensor<1x16x7x7xf16>) -> tensor<1x16x4x4xf16> {
  // expected-remark @below {{left unchanged: the last window of the ceil rounding reaches beyond the padded input and divides by the positions inside it, which extra padding would change (exact with exclude_pad only)}}
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x7x7xf16> -> tensor<1x16x4x4xf16>
  return %0 : tensor<1x16x4x4xf16>
}

// -----

func.func @dynamic(%d: tensor<1x3x?x8xf32>) -> tensor<1x3x?x4xf32> {
  // expected-remark @below {{left unchanged: a spatial size is dynamic}}
  %0 = IE.MaxPool(%d) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x3x?x8xf32> -> tensor<1x3x?x4xf32>
  return %0 : tensor<1x3x?x4xf32>
}
