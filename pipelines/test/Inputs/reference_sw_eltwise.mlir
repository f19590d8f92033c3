// A small IE network of software layers every target's blob can express today (eltwise ops,
// an activation, a view and a softmax), for the reference_sw end-to-end tests.
module @net {
  func.func @main(%x: tensor<1x4x6x6xf32>) -> tensor<1x4x36xf32> {
    %b = const.Declare tensor<1x4x1x1xf32> = #const.Content<dense<[[[[0.1]], [[-0.1]], [[0.2]], [[0.0]]]]> : tensor<1x4x1x1xf32>>
    %0 = IE.Multiply(%x, %x) : tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32> loc("square")
    %1 = IE.Subtract(%0, %b) : tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x6x6xf32> loc("shift")
    %2 = IE.ReLU(%1) : tensor<1x4x6x6xf32> -> tensor<1x4x6x6xf32> loc("relu")
    %3 = IE.Reshape(%2) {shape = array<i64: 1, 4, 36>} : tensor<1x4x6x6xf32> -> tensor<1x4x36xf32> loc("flatten")
    %4 = IE.SoftMax(%3) {axis = 2 : i64} : tensor<1x4x36xf32> -> tensor<1x4x36xf32> loc("softmax")
    return %4 : tensor<1x4x36xf32>
  }
}
