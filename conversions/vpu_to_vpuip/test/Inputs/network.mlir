// A small network at the IE level for the end-to-end test: convolution with bias, ReLU, a
// residual Add, a channel slice, a concatenation, a reshape and a SoftMax.
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "input" : tensor<1x3x8x8xf32> precision f32
} outputsInfo : {
  IE.DataInfo "prob" : tensor<1x8x36xf32> precision f32
}
func.func @main(%x: tensor<1x3x8x8xf32>) -> tensor<1x8x36xf32> {
  %w = const.Declare tensor<4x3x3x3xf32> = #const.Content<dense<[[[[0.1, -0.2, 0.3], [0.05, 0.1, -0.1], [0.2, 0.0, -0.3]], [[-0.1, 0.2, 0.1], [0.3, -0.2, 0.05], [0.0, 0.1, 0.2]], [[0.2, 0.1, -0.05], [-0.3, 0.2, 0.1], [0.1, -0.1, 0.0]]], [[[0.3, 0.1, -0.2], [0.0, 0.2, 0.1], [-0.1, 0.05, 0.2]], [[0.1, -0.3, 0.2], [0.2, 0.0, -0.1], [0.05, 0.1, 0.3]], [[-0.2, 0.1, 0.0], [0.1, 0.3, -0.2], [0.2, -0.05, 0.1]]], [[[0.0, 0.2, 0.1], [-0.2, 0.1, 0.3], [0.1, 0.0, -0.1]], [[0.2, 0.05, -0.3], [0.1, -0.1, 0.2], [0.3, 0.2, 0.0]], [[0.1, 0.1, 0.1], [-0.1, -0.1, -0.1], [0.2, 0.0, 0.2]]], [[[-0.3, 0.2, 0.0], [0.1, -0.05, 0.2], [0.0, 0.3, -0.1]], [[0.05, 0.1, 0.2], [-0.2, 0.3, 0.0], [0.1, -0.1, 0.1]], [[0.2, -0.2, 0.3], [0.0, 0.1, -0.3], [0.1, 0.2, 0.05]]]]> : tensor<4x3x3x3xf32>>
  %b = const.Declare tensor<4xf32> = #const.Content<dense<[0.1, -0.2, 0.05, 0.0]> : tensor<4xf32>>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32> -> tensor<1x4x6x6xf32>
  %1 = IE.ReLU(%0) : tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32>
  %2 = IE.Add(%1, %0) : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32>
  %3 = IE.Slice(%2) {starts = array<i64: 1>, ends = array<i64: 3>, axes = array<i64: 1>} : tensor<1x4x6x6xf32> -> tensor<1x2x6x6xf32>
  %4 = IE.Sigmoid(%3) : tensor<1x2x6x6xf32> -> tensor<1x2x6x6xf32>
  %5 = IE.Concat(%2, %4, %3) {axis = 1 : i64} : tensor<1x4x6x6xf32>, tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32> -> tensor<1x8x6x6xf32>
  %6 = IE.Reshape(%5) {shape = array<i64: 1, 8, 36>} : tensor<1x8x6x6xf32> -> tensor<1x8x36xf32>
  %7 = IE.SoftMax(%6) {axis = 2 : i64} : tensor<1x8x36xf32> -> tensor<1x8x36xf32>
  return %7 : tensor<1x8x36xf32>
}
