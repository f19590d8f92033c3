// A small network at the IE level with four independent software layers: Sigmoid, Tanh, Exp and
// Gelu of one input, joined by a Concat over the channels (done in place: each kernel writes its
// slice of the output).
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "input" : tensor<1x16x8x8xf32> precision f32
} outputsInfo : {
  IE.DataInfo "output" : tensor<1x64x8x8xf32> precision f32
}
func.func @main(%x: tensor<1x16x8x8xf32>) -> tensor<1x64x8x8xf32> {
  %0 = IE.Sigmoid(%x) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %1 = IE.Tanh(%x) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %2 = IE.Exp(%x) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %3 = IE.Gelu(%x) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %4 = IE.Concat(%0, %1, %2, %3) {axis = 1 : i64} : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32> -> tensor<1x64x8x8xf32>
  return %4 : tensor<1x64x8x8xf32>
}
