// Two functions and no IE.CNNNetwork: `vpuc infer` needs --entry.
func.func @negate(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = IE.Negative(%x) : tensor<2xf32> -> tensor<2xf32> loc("neg")
  return %0 : tensor<2xf32>
}
func.func @identity(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
