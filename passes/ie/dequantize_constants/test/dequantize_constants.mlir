// RUN: vpuc-opt %s --split-input-file --vpuc-ie-dequantize-constants | FileCheck %s

// Per-axis weights dequantized to the quantized type's expressed type, and to f16.
// CHECK-LABEL: func.func @weights
// CHECK-NOT: IE.Dequantize
// CHECK-DAG: %[[W32:.+]] = const.Declare tensor<2x3xf32> = #const.Content<dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xsi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:1}>>, #const.Dequantize]>
// CHECK-DAG: %[[W16:.+]] = const.Declare tensor<2x3xf16> = #const.Content<dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xsi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:1}>>, #const.Dequantize, #const.ConvertElemType<f16>]>
// CHECK: return %[[W32]], %[[W16]]
func.func @weights() -> (tensor<2x3xf32>, tensor<2x3xf16>) {
  %w = const.Declare tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25:1}>> = #const.Content<dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xsi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {0.5, 0.25:1}>>]>
  %0 = IE.Dequantize(%w) {dstElemType = f32} : tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25:1}>> -> tensor<2x3xf32>
  %1 = IE.Dequantize(%w) {dstElemType = f16} : tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25:1}>> -> tensor<2x3xf16>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf16>
}

// -----

// A dequantize of an activation stays; other ops are not folded.
// CHECK-LABEL: func.func @activation
// CHECK: %[[Q:.+]] = IE.Quantize(%arg0)
// CHECK: %[[D:.+]] = IE.Dequantize(%[[Q]])
// CHECK: IE.Add(%[[D]], %{{.+}})
func.func @activation(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = IE.Quantize(%x) {dstElemType = !quant.uniform<u8:f32, 0.1:128>} : tensor<4xf32> -> tensor<4x!quant.uniform<u8:f32, 0.1:128>>
  %d = IE.Dequantize(%q) {dstElemType = f32} : tensor<4x!quant.uniform<u8:f32, 0.1:128>> -> tensor<4xf32>
  %zero = const.Declare tensor<4xf32> = #const.Content<dense<0.0> : tensor<4xf32>>
  %0 = IE.Add(%d, %zero) : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
