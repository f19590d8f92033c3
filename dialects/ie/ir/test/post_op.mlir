// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --canonicalize | FileCheck %s --check-prefix=CANON

// The `post_op` attribute of the layers that take one round-trips.

// CHECK-LABEL: func.func @round_trip
// CHECK:         IE.Convolution({{.+}}) {{{.+}}, post_op = {name = "IE.ReLU"}, {{.+}}}
// CHECK:         IE.GroupConvolution({{.+}}) {{{.+}}, post_op = {attrs = {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}, name = "IE.Clamp"}, {{.+}}}
// CHECK:         IE.MaxPool({{.+}}) {{{.+}}, post_op = {attrs = {negative_slope = 1.000000e-01 : f64}, name = "IE.LeakyRelu"}, {{.+}}}
// CHECK:         IE.AvgPool({{.+}}) {{{.+}}, post_op = {name = "IE.ReLU"}, {{.+}}}
// CHECK:         IE.Add({{.+}}) {post_op = {name = "IE.ReLU"}}
// CHECK:         IE.Subtract({{.+}}) {post_op = {name = "IE.ReLU"}}
// CHECK:         IE.Multiply({{.+}}) {post_op = {name = "IE.ReLU"}}
// CHECK:         IE.FullyConnected({{.+}}) {post_op = {name = "IE.ReLU"}}
func.func @round_trip(%x: tensor<1x16x8x8xf16>, %w: tensor<16x16x3x3xf16>, %dw: tensor<16x1x3x3xf16>,
                      %v: tensor<1x8xf32>, %fw: tensor<4x8xf32>) -> tensor<1x16x8x8xf16> {
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.GroupConvolution(%0, %dw) {dilations = array<i64: 1, 1>, groups = 16 : i64,
         pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>,
         post_op = {attrs = {max = 6.0 : f64, min = 0.0 : f64}, name = "IE.Clamp"}, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x1x3x3xf16> -> tensor<1x16x8x8xf16>
  %2 = IE.MaxPool(%1) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         post_op = {attrs = {negative_slope = 0.1 : f64}, name = "IE.LeakyRelu"}, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %3 = IE.AvgPool(%2) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %4 = IE.Add(%3, %3) {post_op = {name = "IE.ReLU"}} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %5 = IE.Subtract(%4, %3) {post_op = {name = "IE.ReLU"}} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %6 = IE.Multiply(%5, %4) {post_op = {name = "IE.ReLU"}} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %7 = IE.FullyConnected(%v, %fw) {post_op = {name = "IE.ReLU"}} : tensor<1x8xf32>, tensor<4x8xf32> -> tensor<1x4xf32>
  return %6 : tensor<1x16x8x8xf16>
}

// -----

// `x + 0`, `x - 0` and `x * 1` do not fold when a post-op follows: the activation would be lost.
// Without a post-op they do.

// CANON-LABEL: func.func @no_identity_fold
// CANON-SAME:    (%[[X:.+]]: tensor<1x4xf32>)
// CANON-DAG:     %[[Z:.+]] = const.Declare tensor<1x4xf32> = #const.Content<dense<0.000000e+00>
// CANON-DAG:     %[[O:.+]] = const.Declare tensor<1x4xf32> = #const.Content<dense<1.000000e+00>
// CANON:         %[[A:.+]] = IE.Add(%[[X]], %[[Z]]) {post_op = {name = "IE.ReLU"}}
// CANON-NEXT:    %[[S:.+]] = IE.Subtract(%[[A]], %[[Z]]) {post_op = {attrs = {max = 1.000000e+00 : f64, min = 0.000000e+00 : f64}, name = "IE.Clamp"}}
// CANON-NEXT:    %[[M:.+]] = IE.Multiply(%[[S]], %[[O]]) {post_op = {attrs = {negative_slope = 5.000000e-01 : f64}, name = "IE.LeakyRelu"}}
// CANON-NEXT:    return %[[M]], %[[X]]
func.func @no_identity_fold(%x: tensor<1x4xf32>) -> (tensor<1x4xf32>, tensor<1x4xf32>) {
  %z = const.Declare tensor<1x4xf32> = #const.Content<dense<0.0> : tensor<1x4xf32>>
  %o = const.Declare tensor<1x4xf32> = #const.Content<dense<1.0> : tensor<1x4xf32>>
  %0 = IE.Add(%x, %z) {post_op = {name = "IE.ReLU"}} : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %1 = IE.Subtract(%0, %z) {post_op = {attrs = {max = 1.0 : f64, min = 0.0 : f64}, name = "IE.Clamp"}}
         : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %2 = IE.Multiply(%1, %o) {post_op = {attrs = {negative_slope = 0.5 : f64}, name = "IE.LeakyRelu"}}
         : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %3 = IE.Add(%x, %z) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  return %2, %3 : tensor<1x4xf32>, tensor<1x4xf32>
}

// -----

// Constant operands do not fold either when there is a post-op.

// CANON-LABEL: func.func @no_const_fold
// CANON:         IE.Add({{.+}}) {post_op = {name = "IE.ReLU"}}
func.func @no_const_fold() -> tensor<2xf32> {
  %a = const.Declare tensor<2xf32> = #const.Content<dense<[1.0, -3.0]> : tensor<2xf32>>
  %b = const.Declare tensor<2xf32> = #const.Content<dense<[1.0, 1.0]> : tensor<2xf32>>
  %0 = IE.Add(%a, %b) {post_op = {name = "IE.ReLU"}} : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
