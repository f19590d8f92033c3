// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-fc-to-conv{remarks=true}))' --split-input-file -verify-diagnostics

// With `remarks`, every fully connected layer (or MatMul with constant 2-D weights) the pass
// leaves gets a remark with the reasons.

func.func @f32(%x: tensor<1x16xf32>) -> tensor<1x8xf32> {
  %c = const.Declare tensor<8x16xf32> = #const.Content<dense<0.5> : tensor<8x16xf32>>
  // expected-remark @below {{left unchanged: the NCE cannot run the 1x1 convolution (input element type f32 is not supported by the NCE (f16); filter element type f32 is not supported by the NCE (f16); output element type f32 is not supported by the NCE (f16))}}
  %0 = IE.FullyConnected(%x, %c) : tensor<1x16xf32>, tensor<8x16xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}

// -----

func.func @weights(%x: tensor<1x16xf16>, %w: tensor<8x16xf16>) -> tensor<1x8xf16> {
  // expected-remark @below {{left unchanged: the NCE cannot run the 1x1 convolution (the filter is not a constant: the NCE reads its weights through a weights table built at compile time)}}
  %0 = IE.FullyConnected(%x, %w) : tensor<1x16xf16>, tensor<8x16xf16> -> tensor<1x8xf16>
  return %0 : tensor<1x8xf16>
}

// -----

func.func @dynamic(%x: tensor<?x16xf16>) -> tensor<?x8xf16> {
  %c = const.Declare tensor<8x16xf16> = #const.Content<dense<0.5> : tensor<8x16xf16>>
  // expected-remark @below {{left unchanged: the activations or weights have a dynamic shape or a layout encoding}}
  %0 = IE.FullyConnected(%x, %c) : tensor<?x16xf16>, tensor<8x16xf16> -> tensor<?x8xf16>
  return %0 : tensor<?x8xf16>
}
