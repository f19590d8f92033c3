// Quantized layer results, per tensor and per channel: `vpuc infer --dump-layers` writes their
// real values, not their storage integers.
func.func @main(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %q = IE.Quantize(%x) {dstElemType = !quant.uniform<u8:f32, 5.000000e-01:10>} : tensor<2x2xf32> -> tensor<2x2x!quant.uniform<u8:f32, 5.000000e-01:10>> loc("q")
  %qc = IE.Quantize(%x) {dstElemType = !quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>} : tensor<2x2xf32> -> tensor<2x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>> loc("qc")
  %d = IE.Dequantize(%q) {dstElemType = f32} : tensor<2x2x!quant.uniform<u8:f32, 5.000000e-01:10>> -> tensor<2x2xf32> loc("dq")
  %dc = IE.Dequantize(%qc) {dstElemType = f32} : tensor<2x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01}>> -> tensor<2x2xf32> loc("dqc")
  return %d, %dc : tensor<2x2xf32>, tensor<2x2xf32>
}
