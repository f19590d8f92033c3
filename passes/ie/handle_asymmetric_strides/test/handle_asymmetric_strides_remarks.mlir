// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-handle-asymmetric-strides{remarks=true}))' --split-input-file -verify-diagnostics

// With `remarks`, every op with asymmetric strides the NCE rejects that the pass leaves gets
// a remark with the reasons.

func.func @f32(%y: tensor<1x16x32x32xf32>) -> tensor<1x16x31x2xf32> {
  // expected-remark @below {{left unchanged: the NCE rejects it (input #0 element type f32 is not supported by the NCE (f16); output element type f32 is not supported by the NCE (f16)) and every smaller pair of divisor strides}}
  %0 = IE.MaxPool(%y) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 16>} : tensor<1x16x32x32xf32> -> tensor<1x16x31x2xf32>
  return %0 : tensor<1x16x31x2xf32>
}

// -----

func.func @ceil(%x: tensor<1x16x32x32xf16>) -> tensor<1x16x31x2xf16> {
  // expected-remark @below {{rounding_type ceil is not supported}}
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 1, 16>} : tensor<1x16x32x32xf16> -> tensor<1x16x31x2xf16>
  return %0 : tensor<1x16x31x2xf16>
}
