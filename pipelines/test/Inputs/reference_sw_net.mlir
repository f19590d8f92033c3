// A small IE network for the reference_sw end-to-end tests: a convolution, eltwise ops and a
// softmax, with f32 inputs and outputs.
module @net {
  func.func @main(%x: tensor<1x3x6x6xf32>) -> tensor<1x4x36xf32> {
    %w = const.Declare tensor<4x3x3x3xf32> = #const.Content<dense<[[[[0.1, -0.2, 0.3], [0.0, 0.5, -0.1], [0.2, 0.1, -0.3]], [[-0.1, 0.2, 0.0], [0.3, -0.4, 0.1], [0.0, 0.2, 0.1]], [[0.2, 0.0, -0.2], [0.1, 0.1, 0.1], [-0.3, 0.2, 0.0]]], [[[0.0, 0.1, 0.0], [0.1, 0.2, 0.1], [0.0, 0.1, 0.0]], [[0.3, 0.0, -0.3], [0.0, 0.0, 0.0], [-0.3, 0.0, 0.3]], [[0.1, 0.1, 0.1], [0.1, -0.8, 0.1], [0.1, 0.1, 0.1]]], [[[0.5, 0.0, 0.0], [0.0, 0.5, 0.0], [0.0, 0.0, 0.5]], [[-0.2, -0.2, -0.2], [0.0, 0.0, 0.0], [0.2, 0.2, 0.2]], [[0.0, 0.0, 0.1], [0.0, 0.1, 0.0], [0.1, 0.0, 0.0]]], [[[0.2, 0.2, 0.2], [0.2, 0.2, 0.2], [0.2, 0.2, 0.2]], [[0.1, -0.1, 0.1], [-0.1, 0.1, -0.1], [0.1, -0.1, 0.1]], [[0.0, 0.3, 0.0], [0.3, -0.9, 0.3], [0.0, 0.3, 0.0]]]]> : tensor<4x3x3x3xf32>>
    %b = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<[[[[0.1]], [[-0.1]], [[0.2]], [[0.0]]]]> : tensor<1x4x1x1xf32>>
    %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x3x6x6xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32> loc("conv")
    %1 = IE.Add(%0, %b) : tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x6x6xf32> loc("bias")
    %2 = IE.ReLU(%1) : tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32> loc("relu")
    %3 = IE.Reshape(%2) {shape = array<i64: 1, 4, 36>} : tensor<1x4x6x6xf32> -> tensor<1x4x36xf32> loc("flatten")
    %4 = IE.SoftMax(%3) {axis = 2 : i64} : tensor<1x4x36xf32> -> tensor<1x4x36xf32> loc("softmax")
    return %4 : tensor<1x4x36xf32>
  }
}
