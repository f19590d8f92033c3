func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = IE.Negative(%y) : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
