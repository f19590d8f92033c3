// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-scale-shift-to-depthwise{remarks=true}))' --split-input-file -verify-diagnostics

// With `remarks`, every rank-4 ScaleShift the pass leaves gets a remark with the reasons.

func.func @weights(%x: tensor<1x16x8x8xf16>, %s: tensor<1x16x1x1xf16>) -> tensor<1x16x8x8xf16> {
  // expected-remark @below {{left unchanged: the NCE cannot run the depthwise convolution (the weights are not a constant: a float ScaleShift with activation weights stays a SHAVE kernel (float-multiplies rewrites it))}}
  %0 = IE.ScaleShift(%x) weights(%s : tensor<1x16x1x1xf16>) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %0 : tensor<1x16x8x8xf16>
}

// -----

func.func @f32(%x: tensor<1x16x8x8xf32>) -> tensor<1x16x8x8xf32> {
  %b = const.Declare tensor<1x16x1x1xf32> = #const.Content<dense<2.0> : tensor<1x16x1x1xf32>>
  // expected-remark @below {{input element type f32 is not supported by the NCE (f16)}}
  %0 = IE.ScaleShift(%x) biases(%b : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}
