// RUN: vpuc-opt %s --split-input-file --vpuc-ie-fuse-quantized-layers | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-ie-fuse-quantized-layers --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>
!qb = !quant.uniform<i32:f32:0, {5.000000e-03,1.000000e-02}>
!qy = !quant.uniform<u8:f32, 1.000000e-01>
!qz = !quant.uniform<u8:f32, 2.500000e-02>

// A convolution between dequantizes and a quantize, and the Clip (ReLU6) after it between a
// dequantize and a quantize: one quantized convolution with the post-op.
// CHECK-LABEL: func.func @conv_clip
// CHECK-SAME: (%[[X:.+]]: tensor<1x3x8x8xf32>)
// CHECK-DAG: %[[W:.+]] = const.Declare tensor<2x3x3x3x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>>
// CHECK-DAG: %[[B:.+]] = const.Declare tensor<2x!quant.uniform<i32:f32:0, {5.000000e-03,1.000000e-02}>>
// CHECK: %[[Q:.+]] = IE.Quantize(%[[X]])
// CHECK-NOT: IE.Dequantize
// CHECK: %[[C:.+]] = IE.Convolution(%[[Q]], %[[W]], %[[B]]) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, post_op = {attrs = {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}, name = "IE.Clamp"}, strides = array<i64: 1, 1>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<2x3x3x3x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01}>>, tensor<2x!quant.uniform<i32:f32:0, {5.000000e-03,1.000000e-02}>> -> tensor<1x2x8x8x!quant.uniform<u8:f32, 2.500000e-02>>
// CHECK-NEXT: %[[D:.+]] = IE.Dequantize(%[[C]]) {dstElemType = f32}
// CHECK-NEXT: return %[[D]]
func.func @conv_clip(%x: tensor<1x3x8x8xf32>) -> tensor<1x2x8x8xf32> {
  %w = const.Declare tensor<2x3x3x3x!qw> = #const.Content<dense<1> : tensor<2x3x3x3xsi8>, [#const.QuantCast<!qw>]>
  %b = const.Declare tensor<2x!qb> = #const.Content<dense<[10, -20]> : tensor<2xsi32>, [#const.QuantCast<!qb>]>
  %q = IE.Quantize(%x) {dstElemType = !qx} : tensor<1x3x8x8xf32> -> tensor<1x3x8x8x!qx>
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<2x3x3x3x!qw> -> tensor<2x3x3x3xf32>
  %bd = IE.Dequantize(%b) {dstElemType = f32} : tensor<2x!qb> -> tensor<2xf32>
  %c = IE.Convolution(%xd, %wd, %bd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x3x3xf32>, tensor<2xf32> -> tensor<1x2x8x8xf32>
  %cq = IE.Quantize(%c) {dstElemType = !qy} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8x!qy>
  %cd = IE.Dequantize(%cq) {dstElemType = f32} : tensor<1x2x8x8x!qy> -> tensor<1x2x8x8xf32>
  %r = IE.Clamp(%cd) {min = 0.0 : f64, max = 6.0 : f64} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8xf32>
  %rq = IE.Quantize(%r) {dstElemType = !qz} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8x!qz>
  %rd = IE.Dequantize(%rq) {dstElemType = f32} : tensor<1x2x8x8x!qz> -> tensor<1x2x8x8xf32>
  return %rd : tensor<1x2x8x8xf32>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32, 1.000000e-01>
!qy = !quant.uniform<i8:f32, 1.000000e-01:-3>

// A depthwise convolution without bias, weights quantized per tensor, an i8 output.
// CHECK-LABEL: func.func @depthwise
// CHECK: %[[C:.+]] = IE.GroupConvolution(%{{.+}}, %{{.+}}) {dilations = array<i64: 1, 1>, groups = 3 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<3x1x3x3x!quant.uniform<i8:f32, 1.000000e-01>> -> tensor<1x3x3x3x!quant.uniform<i8:f32, 1.000000e-01:-3>>
// CHECK-NEXT: IE.Dequantize(%[[C]])
func.func @depthwise(%q: tensor<1x3x8x8x!qx>) -> tensor<1x3x3x3xf32> {
  %w = const.Declare tensor<3x1x3x3x!qw> = #const.Content<dense<2> : tensor<3x1x3x3xsi8>, [#const.QuantCast<!qw>]>
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<3x1x3x3x!qw> -> tensor<3x1x3x3xf32>
  %c = IE.GroupConvolution(%xd, %wd) {dilations = array<i64: 1, 1>, groups = 3 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf32>, tensor<3x1x3x3xf32> -> tensor<1x3x3x3xf32>
  %cq = IE.Quantize(%c) {dstElemType = !qy} : tensor<1x3x3x3xf32> -> tensor<1x3x3x3x!qy>
  %cd = IE.Dequantize(%cq) {dstElemType = f32} : tensor<1x3x3x3x!qy> -> tensor<1x3x3x3xf32>
  return %cd : tensor<1x3x3x3xf32>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32, 1.000000e-01>
!qb = !quant.uniform<i32:f32, 1.000000e-03>
!qy = !quant.uniform<u8:f32, 1.000000e-01>

// Left in float: a bias whose scale is not input scale x weight scale (0.005), a convolution
// with a second user, a float input.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: IE.Convolution({{.+}}) {{.+}} : tensor<1x3x8x8xf32>, tensor<2x3x1x1xf32>
// CHECK-NOT: IE.Convolution
func.func @left_alone(%q: tensor<1x3x8x8x!qx>, %f: tensor<1x3x8x8xf32>) -> (tensor<1x2x8x8x!qy>, tensor<1x2x8x8x!qy>, tensor<1x2x8x8xf32>, tensor<1x2x8x8x!qy>) {
  %w = const.Declare tensor<2x3x1x1x!qw> = #const.Content<dense<1> : tensor<2x3x1x1xsi8>, [#const.QuantCast<!qw>]>
  %b = const.Declare tensor<2x!qb> = #const.Content<dense<1> : tensor<2xsi32>, [#const.QuantCast<!qb>]>
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<2x3x1x1x!qw> -> tensor<2x3x1x1xf32>
  %bd = IE.Dequantize(%b) {dstElemType = f32} : tensor<2x!qb> -> tensor<2xf32>
  %c0 = IE.Convolution(%xd, %wd, %bd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x1x1xf32>, tensor<2xf32> -> tensor<1x2x8x8xf32>
  %q0 = IE.Quantize(%c0) {dstElemType = !qy} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8x!qy>
  %c1 = IE.Convolution(%xd, %wd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x1x1xf32> -> tensor<1x2x8x8xf32>
  %q1 = IE.Quantize(%c1) {dstElemType = !qy} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8x!qy>
  %c2 = IE.Convolution(%f, %wd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x1x1xf32> -> tensor<1x2x8x8xf32>
  %q2 = IE.Quantize(%c2) {dstElemType = !qy} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8x!qy>
  return %q0, %q1, %c1, %q2 : tensor<1x2x8x8x!qy>, tensor<1x2x8x8x!qy>, tensor<1x2x8x8xf32>, tensor<1x2x8x8x!qy>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32, 1.000000e-01>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// An activation between the convolution and the quantize becomes the post-op.
// CHECK-LABEL: func.func @conv_leaky_relu
// CHECK-NOT: IE.LeakyRelu
// CHECK: IE.Convolution({{.+}}) {{.+}}post_op = {attrs = {negative_slope = 1.000000e-01 : f64}, name = "IE.LeakyRelu"}{{.+}} -> tensor<1x2x8x8x!quant.uniform<u8:f32, 1.000000e-01:10>>
// CHECK-NOT: IE.LeakyRelu
func.func @conv_leaky_relu(%q: tensor<1x3x8x8x!qx>) -> tensor<1x2x8x8x!qy> {
  %w = const.Declare tensor<2x3x1x1x!qw> = #const.Content<dense<1> : tensor<2x3x1x1xsi8>, [#const.QuantCast<!qw>]>
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<2x3x1x1x!qw> -> tensor<2x3x1x1xf32>
  %c = IE.Convolution(%xd, %wd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x1x1xf32> -> tensor<1x2x8x8xf32>
  %r = IE.LeakyRelu(%c) {negative_slope = 0.1 : f64} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8xf32>
  %rq = IE.Quantize(%r) {dstElemType = !qy} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8x!qy>
  return %rq : tensor<1x2x8x8x!qy>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>

// A max pool between a dequantize and a quantize of the same parameters runs on the quantized
// tensor.
// CHECK-LABEL: func.func @max_pool
// CHECK-NEXT: %[[P:.+]] = IE.MaxPool(%arg0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 5.000000e-02:128>> -> tensor<1x3x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>>
// CHECK-NEXT: return %[[P]]
func.func @max_pool(%q: tensor<1x3x8x8x!qx>) -> tensor<1x3x4x4x!qx> {
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  %p = IE.MaxPool(%xd) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  %pq = IE.Quantize(%p) {dstElemType = !qx} : tensor<1x3x4x4xf32> -> tensor<1x3x4x4x!qx>
  return %pq : tensor<1x3x4x4x!qx>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// A max pool whose quantize has other parameters (it would requantise) stays as it is; one whose
// dequantize has another user is fused, and the dequantize kept for its other user.
// CHECK-LABEL: func.func @max_pool_kept
// CHECK: IE.Dequantize
// CHECK: IE.MaxPool({{.+}} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
// CHECK: IE.Quantize
// CHECK: IE.MaxPool(%arg0) {{.+}} -> tensor<1x3x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>>
func.func @max_pool_kept(%q: tensor<1x3x8x8x!qx>) -> (tensor<1x3x4x4x!qy>, tensor<1x3x4x4x!qx>, tensor<1x3x8x8xf32>) {
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  %p = IE.MaxPool(%xd) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  %pq = IE.Quantize(%p) {dstElemType = !qy} : tensor<1x3x4x4xf32> -> tensor<1x3x4x4x!qy>
  %p2 = IE.MaxPool(%xd) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  %p2q = IE.Quantize(%p2) {dstElemType = !qx} : tensor<1x3x4x4xf32> -> tensor<1x3x4x4x!qx>
  return %pq, %p2q, %xd : tensor<1x3x4x4x!qy>, tensor<1x3x4x4x!qx>, tensor<1x3x8x8xf32>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32:0, {1.000000e-01, 2.000000e-01, 1.000000e-01}>
!qb = !quant.uniform<i32:f32:0, {5.000000e-03, 1.000000e-02, 5.000000e-03}>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// A fully connected layer as Gemm imports it (MatMul with transposed weights, then the bias),
// behind a flatten: the flatten keeps the quantized type, the layer becomes a quantized 1x1
// convolution between reshapes; the weights keep their per-channel scales.
// CHECK-LABEL: func.func @fully_connected
// CHECK: %[[F:.+]] = IE.Flatten(%arg0) {{.+}} -> tensor<1x4x!quant.uniform<u8:f32, 5.000000e-02:128>>
// CHECK: %[[X:.+]] = IE.Reshape(%[[F]]) {shape = array<i64: 1, 4, 1, 1>} : tensor<1x4x!quant.uniform<u8:f32, 5.000000e-02:128>> -> tensor<1x4x1x1x!quant.uniform<u8:f32, 5.000000e-02:128>>
// CHECK: %[[W:.+]] = const.Declare tensor<3x4x1x1x!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01,1.000000e-01}>> = #const.Content<dense<1> : tensor<3x4xsi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {1.000000e-01,2.000000e-01,1.000000e-01}>>, #const.Reshape<[3, 4, 1, 1]>]>
// CHECK: %[[C:.+]] = IE.Convolution(%[[X]], %[[W]], %{{.+}}) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} {{.+}} -> tensor<1x3x1x1x!quant.uniform<u8:f32, 1.000000e-01:10>>
// CHECK: %[[Y:.+]] = IE.Reshape(%[[C]]) {shape = array<i64: 1, 3>} {{.+}} -> tensor<1x3x!quant.uniform<u8:f32, 1.000000e-01:10>>
// CHECK: return %[[Y]]
func.func @fully_connected(%q: tensor<1x4x1x1x!qx>) -> tensor<1x3x!qy> {
  %w = const.Declare tensor<3x4x!qw> = #const.Content<dense<1> : tensor<3x4xsi8>, [#const.QuantCast<!qw>]>
  %b = const.Declare tensor<3x!qb> = #const.Content<dense<2> : tensor<3xsi32>, [#const.QuantCast<!qb>]>
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x4x1x1x!qx> -> tensor<1x4x1x1xf32>
  %f = IE.Flatten(%xd) : tensor<1x4x1x1xf32> -> tensor<1x4xf32>
  %fq = IE.Quantize(%f) {dstElemType = !qx} : tensor<1x4xf32> -> tensor<1x4x!qx>
  %fd = IE.Dequantize(%fq) {dstElemType = f32} : tensor<1x4x!qx> -> tensor<1x4xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<3x4x!qw> -> tensor<3x4xf32>
  %bd = IE.Dequantize(%b) {dstElemType = f32} : tensor<3x!qb> -> tensor<3xf32>
  %m = IE.MatMul(%fd, %wd) {transpose_b} : tensor<1x4xf32>, tensor<3x4xf32> -> tensor<1x3xf32>
  %a = IE.Add(%m, %bd) : tensor<1x3xf32>, tensor<3xf32> -> tensor<1x3xf32>
  %aq = IE.Quantize(%a) {dstElemType = !qy} : tensor<1x3xf32> -> tensor<1x3x!qy>
  return %aq : tensor<1x3x!qy>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32:0, {1.000000e-01, 2.000000e-01, 1.000000e-01}>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// Without a bias, or with untransposed weights, the MatMul stays in float.
// CHECK-LABEL: func.func @matmul_kept
// CHECK-NOT: IE.Convolution
// CHECK: IE.MatMul
func.func @matmul_kept(%q: tensor<1x4x!qx>) -> tensor<1x3x!qy> {
  %w = const.Declare tensor<3x4x!qw> = #const.Content<dense<1> : tensor<3x4xsi8>, [#const.QuantCast<!qw>]>
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x4x!qx> -> tensor<1x4xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<3x4x!qw> -> tensor<3x4xf32>
  %m = IE.MatMul(%xd, %wd) {transpose_b} : tensor<1x4xf32>, tensor<3x4xf32> -> tensor<1x3xf32>
  %mq = IE.Quantize(%m) {dstElemType = !qy} : tensor<1x3xf32> -> tensor<1x3x!qy>
  return %mq : tensor<1x3x!qy>
}

// -----

!qa = !quant.uniform<u8:f32, 4.674560e-02:127>
!qb = !quant.uniform<u8:f32, 2.000000e-02>
!qy = !quant.uniform<u8:f32, 4.433490e-02>

// The residual block of a QDQ ResNet (torch FX): Add -> Relu -> QuantizeLinear between the
// dequantizes of two tensors with their own scales and zero points: one quantized Add with the
// ReLU as its post-op.
// CHECK-LABEL: func.func @residual_add_relu
// CHECK-SAME: (%[[A:.+]]: tensor<1x16x8x8x!quant.uniform<u8:f32, 4.674560e-02:127>>, %[[B:.+]]: tensor<1x16x8x8x!quant.uniform<u8:f32, 2.000000e-02>>)
// CHECK-NEXT: %[[Y:.+]] = IE.Add(%[[A]], %[[B]]) {post_op = {name = "IE.ReLU"}} : tensor<1x16x8x8x!quant.uniform<u8:f32, 4.674560e-02:127>>, tensor<1x16x8x8x!quant.uniform<u8:f32, 2.000000e-02>> -> tensor<1x16x8x8x!quant.uniform<u8:f32, 4.433490e-02>>
// CHECK-NEXT: return %[[Y]]
func.func @residual_add_relu(%a: tensor<1x16x8x8x!qa>, %b: tensor<1x16x8x8x!qb>) -> tensor<1x16x8x8x!qy> {
  %ad = IE.Dequantize(%a) {dstElemType = f32} : tensor<1x16x8x8x!qa> -> tensor<1x16x8x8xf32>
  %bd = IE.Dequantize(%b) {dstElemType = f32} : tensor<1x16x8x8x!qb> -> tensor<1x16x8x8xf32>
  %s = IE.Add(%ad, %bd) : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %r = IE.ReLU(%s) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %y = IE.Quantize(%r) {dstElemType = !qy} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8x!qy>
  return %y : tensor<1x16x8x8x!qy>
}

// -----

!qa = !quant.uniform<u8:f32, 4.000000e-02:123>
!qb = !quant.uniform<i8:f32, 3.000000e-02:-2>
!qy = !quant.uniform<i8:f32, 5.000000e-02:4>

// The residual Add of a QDQ MobileNetV2 (no activation), i8 operand and result; the dequantize
// of %a also feeds a float layer, so it stays for it.
// CHECK-LABEL: func.func @add_shared_dequantize
// CHECK-SAME: (%[[A:.+]]: tensor<1x8x4x4x!quant.uniform<u8:f32, 4.000000e-02:123>>, %[[B:.+]]: tensor<1x8x4x4x!quant.uniform<i8:f32, 3.000000e-02:-2>>)
// CHECK-DAG: %[[AD:.+]] = IE.Dequantize(%[[A]])
// CHECK-DAG: %[[Y:.+]] = IE.Add(%[[A]], %[[B]]) : tensor<1x8x4x4x!quant.uniform<u8:f32, 4.000000e-02:123>>, tensor<1x8x4x4x!quant.uniform<i8:f32, 3.000000e-02:-2>> -> tensor<1x8x4x4x!quant.uniform<i8:f32, 5.000000e-02:4>>
// CHECK-DAG: %[[S:.+]] = IE.Sigmoid(%[[AD]])
// CHECK-NOT: IE.Dequantize
// CHECK: return %[[Y]], %[[S]]
func.func @add_shared_dequantize(%a: tensor<1x8x4x4x!qa>, %b: tensor<1x8x4x4x!qb>) -> (tensor<1x8x4x4x!qy>, tensor<1x8x4x4xf32>) {
  %ad = IE.Dequantize(%a) {dstElemType = f32} : tensor<1x8x4x4x!qa> -> tensor<1x8x4x4xf32>
  %bd = IE.Dequantize(%b) {dstElemType = f32} : tensor<1x8x4x4x!qb> -> tensor<1x8x4x4xf32>
  %s = IE.Add(%ad, %bd) : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  %y = IE.Quantize(%s) {dstElemType = !qy} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4x!qy>
  %g = IE.Sigmoid(%ad) : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  return %y, %g : tensor<1x8x4x4x!qy>, tensor<1x8x4x4xf32>
}

// -----

!qa = !quant.uniform<u8:f32, 4.000000e-02:123>
!qy = !quant.uniform<u8:f32, 8.000000e-02:120>

// x + x: one dequantize read twice, erased once.
// CHECK-LABEL: func.func @add_same_operand
// CHECK-SAME: (%[[A:.+]]: tensor<1x8x4x4x!quant.uniform<u8:f32, 4.000000e-02:123>>)
// CHECK-NEXT: %[[Y:.+]] = IE.Add(%[[A]], %[[A]])
// CHECK-NEXT: return %[[Y]]
func.func @add_same_operand(%a: tensor<1x8x4x4x!qa>) -> tensor<1x8x4x4x!qy> {
  %ad = IE.Dequantize(%a) {dstElemType = f32} : tensor<1x8x4x4x!qa> -> tensor<1x8x4x4xf32>
  %s = IE.Add(%ad, %ad) : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  %y = IE.Quantize(%s) {dstElemType = !qy} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4x!qy>
  return %y : tensor<1x8x4x4x!qy>
}

// -----

!qa = !quant.uniform<u8:f32, 4.000000e-02:123>
!qs = !quant.uniform<i8:f32, 1.000000e-02:-5>
!qy = !quant.uniform<i8:f32, 3.000000e-02:3>

// A Multiply broadcasting a per-channel operand, with a Clamp between it and the quantize.
// CHECK-LABEL: func.func @multiply_broadcast_clamp
// CHECK-NEXT: %[[Y:.+]] = IE.Multiply(%arg0, %arg1) {post_op = {attrs = {max = 2.000000e+00 : f64, min = -1.000000e+00 : f64}, name = "IE.Clamp"}} : tensor<1x8x4x4x!quant.uniform<u8:f32, 4.000000e-02:123>>, tensor<1x8x1x1x!quant.uniform<i8:f32, 1.000000e-02:-5>> -> tensor<1x8x4x4x!quant.uniform<i8:f32, 3.000000e-02:3>>
// CHECK-NEXT: return %[[Y]]
func.func @multiply_broadcast_clamp(%a: tensor<1x8x4x4x!qa>, %s: tensor<1x8x1x1x!qs>) -> tensor<1x8x4x4x!qy> {
  %ad = IE.Dequantize(%a) {dstElemType = f32} : tensor<1x8x4x4x!qa> -> tensor<1x8x4x4xf32>
  %sd = IE.Dequantize(%s) {dstElemType = f32} : tensor<1x8x1x1x!qs> -> tensor<1x8x1x1xf32>
  %p = IE.Multiply(%ad, %sd) : tensor<1x8x4x4xf32>, tensor<1x8x1x1xf32> -> tensor<1x8x4x4xf32>
  %c = IE.Clamp(%p) {min = -1.0 : f64, max = 2.0 : f64} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4xf32>
  %y = IE.Quantize(%c) {dstElemType = !qy} : tensor<1x8x4x4xf32> -> tensor<1x8x4x4x!qy>
  return %y : tensor<1x8x4x4x!qy>
}

// -----

!qa = !quant.uniform<u8:f32, 4.000000e-02:123>
!qb = !quant.uniform<u8:f32, 3.000000e-02:130>
!qs = !quant.uniform<u8:f32, 5.000000e-02:128>
!qy = !quant.uniform<u8:f32, 2.500000e-02>

// The activation between a quantize / dequantize pair after the Add (torch FX's form when the
// Add is quantized on its own): the Add takes it as its post-op and the second quantize's type.
// CHECK-LABEL: func.func @add_then_qdq_relu
// CHECK-NEXT: %[[Y:.+]] = IE.Add(%arg0, %arg1) {post_op = {name = "IE.ReLU"}} : {{.+}} -> tensor<2x8x!quant.uniform<u8:f32, 2.500000e-02>>
// CHECK-NEXT: return %[[Y]]
func.func @add_then_qdq_relu(%a: tensor<2x8x!qa>, %b: tensor<2x8x!qb>) -> tensor<2x8x!qy> {
  %ad = IE.Dequantize(%a) {dstElemType = f32} : tensor<2x8x!qa> -> tensor<2x8xf32>
  %bd = IE.Dequantize(%b) {dstElemType = f32} : tensor<2x8x!qb> -> tensor<2x8xf32>
  %s = IE.Add(%ad, %bd) : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %sq = IE.Quantize(%s) {dstElemType = !qs} : tensor<2x8xf32> -> tensor<2x8x!qs>
  %sd = IE.Dequantize(%sq) {dstElemType = f32} : tensor<2x8x!qs> -> tensor<2x8xf32>
  %r = IE.ReLU(%sd) : tensor<2x8xf32> -> tensor<2x8xf32>
  %y = IE.Quantize(%r) {dstElemType = !qy} : tensor<2x8xf32> -> tensor<2x8x!qy>
  return %y : tensor<2x8x!qy>
}

// -----

!qa = !quant.uniform<u8:f32, 4.000000e-02:123>
!qc = !quant.uniform<u8:f32:1, {4.000000e-02:123, 5.000000e-02:120}>
!qw = !quant.uniform<i16:f32, 1.000000e-03>
!qh = !quant.uniform<u8:f16, 4.000000e-02:123>
!qy = !quant.uniform<u8:f32, 8.000000e-02:120>

// Left in float: a per-axis operand, a float operand, an Add with a second user, a 16-bit
// operand, an Add in f16.
// CHECK-LABEL: func.func @eltwise_left_alone
// CHECK-COUNT-5: IE.Add({{.+}}) : tensor<1x2x4x4xf{{16|32}}>, tensor<1x2x4x4xf{{16|32}}> -> tensor<1x2x4x4xf{{16|32}}>
// CHECK-NOT: IE.Add
func.func @eltwise_left_alone(%a: tensor<1x2x4x4x!qa>, %c: tensor<1x2x4x4x!qc>, %f: tensor<1x2x4x4xf32>, %w: tensor<1x2x4x4x!qw>, %h: tensor<1x2x4x4x!qh>) -> (tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4xf32>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>) {
  %ad = IE.Dequantize(%a) {dstElemType = f32} : tensor<1x2x4x4x!qa> -> tensor<1x2x4x4xf32>
  %cd = IE.Dequantize(%c) {dstElemType = f32} : tensor<1x2x4x4x!qc> -> tensor<1x2x4x4xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<1x2x4x4x!qw> -> tensor<1x2x4x4xf32>
  %hd = IE.Dequantize(%h) {dstElemType = f16} : tensor<1x2x4x4x!qh> -> tensor<1x2x4x4xf16>
  %s0 = IE.Add(%ad, %cd) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y0 = IE.Quantize(%s0) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  %s1 = IE.Add(%ad, %f) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y1 = IE.Quantize(%s1) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  %s2 = IE.Add(%ad, %ad) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y2 = IE.Quantize(%s2) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  %s3 = IE.Add(%ad, %wd) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y3 = IE.Quantize(%s3) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  %s4 = IE.Add(%hd, %hd) : tensor<1x2x4x4xf16>, tensor<1x2x4x4xf16> -> tensor<1x2x4x4xf16>
  %y4 = IE.Quantize(%s4) {dstElemType = !qy} : tensor<1x2x4x4xf16> -> tensor<1x2x4x4x!qy>
  return %y0, %y1, %y2, %s2, %y3, %y4 : tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4xf32>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>

// A global mean (ReduceMean over H and W with keep_dims, ONNX GlobalAveragePool) and an
// average pool, each between a dequantize and a quantize to the input's own type: quantized
// IE.AvgPools (the global mean over [H, W]).
// CHECK-LABEL: func.func @average_pools
// CHECK-NEXT: %[[G:.+]] = IE.AvgPool(%arg0) {kernel_size = array<i64: 56, 56>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x8x56x56x!quant.uniform<u8:f32, 5.000000e-02:128>> -> tensor<1x8x1x1x!quant.uniform<u8:f32, 5.000000e-02:128>>
// CHECK-NEXT: %[[P:.+]] = IE.AvgPool(%arg0) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x8x56x56x!quant.uniform<u8:f32, 5.000000e-02:128>> -> tensor<1x8x28x28x!quant.uniform<u8:f32, 5.000000e-02:128>>
// CHECK-NEXT: return %[[G]], %[[P]]
func.func @average_pools(%q: tensor<1x8x56x56x!qx>) -> (tensor<1x8x1x1x!qx>, tensor<1x8x28x28x!qx>) {
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x8x56x56x!qx> -> tensor<1x8x56x56xf32>
  %m = IE.ReduceMean(%xd) {axes = array<i64: -1, 2>, keep_dims} : tensor<1x8x56x56xf32> -> tensor<1x8x1x1xf32>
  %mq = IE.Quantize(%m) {dstElemType = !qx} : tensor<1x8x1x1xf32> -> tensor<1x8x1x1x!qx>
  %p = IE.AvgPool(%xd) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x8x56x56xf32> -> tensor<1x8x28x28xf32>
  %pq = IE.Quantize(%p) {dstElemType = !qx} : tensor<1x8x28x28xf32> -> tensor<1x8x28x28x!qx>
  return %mq, %pq : tensor<1x8x1x1x!qx>, tensor<1x8x28x28x!qx>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>

// Means that stay in float: over the channels, without keep_dims, in f16, and quantized to
// other parameters.
// CHECK-LABEL: func.func @means_kept
// CHECK-COUNT-3: IE.ReduceMean
// CHECK: IE.AvgPool({{.+}} : tensor<1x8x8x8xf16> -> tensor<1x8x4x4xf16>
// CHECK-NOT: IE.AvgPool
func.func @means_kept(%q: tensor<1x8x8x8x!qx>) -> (tensor<1x1x8x8x!qx>, tensor<1x8x!qx>, tensor<1x8x1x1x!qx>, tensor<1x8x4x4x!qx>) {
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x8x8x8x!qx> -> tensor<1x8x8x8xf32>
  %c = IE.ReduceMean(%xd) {axes = array<i64: 1>, keep_dims} : tensor<1x8x8x8xf32> -> tensor<1x1x8x8xf32>
  %cq = IE.Quantize(%c) {dstElemType = !qx} : tensor<1x1x8x8xf32> -> tensor<1x1x8x8x!qx>
  %n = IE.ReduceMean(%xd) {axes = array<i64: 2, 3>} : tensor<1x8x8x8xf32> -> tensor<1x8xf32>
  %nq = IE.Quantize(%n) {dstElemType = !qx} : tensor<1x8xf32> -> tensor<1x8x!qx>
  %g = IE.ReduceMean(%xd) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x8x8x8xf32> -> tensor<1x8x1x1xf32>
  %gq = IE.Quantize(%g) {dstElemType = !quant.uniform<u8:f32, 1.000000e-02:128>} : tensor<1x8x1x1xf32> -> tensor<1x8x1x1x!quant.uniform<u8:f32, 1.000000e-02:128>>
  %gd = IE.Dequantize(%gq) {dstElemType = f32} : tensor<1x8x1x1x!quant.uniform<u8:f32, 1.000000e-02:128>> -> tensor<1x8x1x1xf32>
  %gr = IE.Quantize(%gd) {dstElemType = !qx} : tensor<1x8x1x1xf32> -> tensor<1x8x1x1x!qx>
  %xh = IE.Dequantize(%q) {dstElemType = f16} : tensor<1x8x8x8x!qx> -> tensor<1x8x8x8xf16>
  %p = IE.AvgPool(%xh) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x8x8xf16> -> tensor<1x8x4x4xf16>
  %pq = IE.Quantize(%p) {dstElemType = !qx} : tensor<1x8x4x4xf16> -> tensor<1x8x4x4x!qx>
  return %cq, %nq, %gr, %pq : tensor<1x1x8x8x!qx>, tensor<1x8x!qx>, tensor<1x8x1x1x!qx>, tensor<1x8x4x4x!qx>
}

// -----

// The layer with a post-op computes the activation's output: its location names both nodes, the
// activation last (the layer name of the interpreter's layer dumps).
!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32, 1.000000e-01>
!qy = !quant.uniform<u8:f32, 1.000000e-01>
// LOC-LABEL: func.func @conv_clip_location
// LOC:         IE.Convolution({{.+}}name = "IE.Clamp"{{.+}} loc(#[[LOC:loc[0-9]+]])
// LOC:       #[[CONV:loc[0-9]+]] = loc("conv")
// LOC:       #[[CLIP:loc[0-9]+]] = loc("clip")
// LOC:       #[[LOC]] = loc(fused[#[[CONV]], #[[CLIP]]])
func.func @conv_clip_location(%x: tensor<1x2x4x4x!qx>) -> tensor<1x2x4x4x!qy> {
  %w = const.Declare tensor<2x2x1x1x!qw> = #const.Content<dense<1> : tensor<2x2x1x1xsi8>, [#const.QuantCast<!qw>]>
  %xd = IE.Dequantize(%x) {dstElemType = f32} : tensor<1x2x4x4x!qx> -> tensor<1x2x4x4xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<2x2x1x1x!qw> -> tensor<2x2x1x1xf32>
  %c = IE.Convolution(%xd, %wd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32> -> tensor<1x2x4x4xf32> loc("conv")
  %cq = IE.Quantize(%c) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  %cd = IE.Dequantize(%cq) {dstElemType = f32} : tensor<1x2x4x4x!qy> -> tensor<1x2x4x4xf32>
  %r = IE.Clamp(%cd) {min = 0.0 : f64, max = 6.0 : f64} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32> loc("clip")
  %rq = IE.Quantize(%r) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  return %rq : tensor<1x2x4x4x!qy>
}
