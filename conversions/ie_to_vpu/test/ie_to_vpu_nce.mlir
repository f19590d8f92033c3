// RUN: vpuc-opt %s --split-input-file --vpuc-convert-ie-to-vpu=use-nce=true --mlir-print-local-scope | FileCheck %s --implicit-check-not="= IE."
// RUN: vpuc-opt %s --split-input-file --vpuc-convert-ie-to-vpu --mlir-print-local-scope | FileCheck %s --check-prefix=SW
// IE -> VPU with use-nce: the layers the NCE accepts as they are become VPU.NCE ops, with a
// following activation folded into the PPE; the others stay software layers. Without the
// option every layer is a software layer.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @conv_relu(
// CHECK-SAME: %[[X:.+]]: tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK: %[[W:.+]] = const.Declare tensor<16x16x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK: %[[B:.+]] = const.Declare tensor<16xf16> = #const.Content<dense<5.000000e-01> : tensor<1x16x1x1xf16>, [#const.Reshape<[16]>]>
// CHECK: %[[R:.+]] = VPU.NCE.Convolution(%[[X]], %[[W]], %[[B]]) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK-NEXT: return %[[R]]
// SW-LABEL: func.func @conv_relu(
// SW: VPU.SW.Convolution
// SW: VPU.SW.ReLU
func.func @conv_relu(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %w = const.Declare tensor<16x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  %b = const.Declare tensor<1x16x1x1xf16> = #const.Content<dense<0.5> : tensor<1x16x1x1xf16>>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16, #NHWC>
  %1 = IE.ReLU(%0) : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %1 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A depthwise convolution with a clamp (ReLU6) post-op.
// CHECK-LABEL: func.func @depthwise_clamp(
// CHECK: %[[R:.+]] = VPU.NCE.DepthConvolution(%arg0, %{{.+}}) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x32x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK-NEXT: return %[[R]]
func.func @depthwise_clamp(%x: tensor<1x32x8x8xf16, #NHWC>) -> tensor<1x32x4x4xf16, #NHWC> {
  %w = const.Declare tensor<32x1x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x1x3x3xf16>, [#const.Reorder<#NHWC>]>
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x32x8x8xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x4x4xf16, #NHWC>
  %1 = IE.Clamp(%0) {min = 0.0 : f64, max = 6.0 : f64} : tensor<1x32x4x4xf16, #NHWC> -> tensor<1x32x4x4xf16, #NHWC>
  return %1 : tensor<1x32x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Pools. IE pools take no post-op (IE::LayerWithPostOpInterface), so their activations stay
// software layers.
// CHECK-LABEL: func.func @pools(
// CHECK: %[[M:.+]] = VPU.NCE.MaxPool(%arg0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK: %[[A:.+]] = VPU.NCE.AveragePool(%[[M]]) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK: %[[L1:.+]] = VPU.SW.LeakyRelu(%[[A]])
// CHECK: %[[L2:.+]] = VPU.SW.LeakyRelu(%[[M]])
// CHECK: return %[[L1]], %[[L2]]
func.func @pools(%x: tensor<1x16x8x8xf16, #NHWC>) -> (tensor<1x16x2x2xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC>) {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, rounding_type = #IE.rounding_type<floor>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %1 = IE.AvgPool(%0) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<floor>, strides = array<i64: 2, 2>} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x2x2xf16, #NHWC>
  %2 = IE.LeakyRelu(%1) {negative_slope = 0.1 : f64} : tensor<1x16x2x2xf16, #NHWC> -> tensor<1x16x2x2xf16, #NHWC>
  %3 = IE.LeakyRelu(%0) {negative_slope = 0.1 : f64} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %2, %3 : tensor<1x16x2x2xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Eltwise add, subtract and multiply; an activation whose input has two users is not folded.
// CHECK-LABEL: func.func @eltwise(
// CHECK: %[[A:.+]] = VPU.NCE.Eltwise(%arg0, %arg1) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
// CHECK: %[[S:.+]] = VPU.NCE.Eltwise(%[[A]], %arg1) {op_type = #VPU.eltwise_type<SUBTRACT>, ppe = #VPU.PPE<NONE>}
// CHECK: %[[M:.+]] = VPU.NCE.Eltwise(%[[S]], %arg0) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<NONE>}
// CHECK: %[[R:.+]] = VPU.SW.ReLU(%[[M]])
// CHECK: return %[[M]], %[[R]]
func.func @eltwise(%a: tensor<1x16x4x4xf16, #NHWC>, %b: tensor<1x16x4x4xf16, #NHWC>) -> (tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC>) {
  %0 = IE.Add(%a, %b) : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %1 = IE.ReLU(%0) : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %2 = IE.Subtract(%1, %b) : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %3 = IE.Multiply(%2, %a) : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %4 = IE.ReLU(%3) : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %3, %4 : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Layers the NCE does not accept as they are stay software layers: NCHW activations, unaligned
// channels, f32, a dilated convolution, a ceil pool, a broadcasting add.
// CHECK-LABEL: func.func @unsupported(
// CHECK: VPU.SW.Convolution
// CHECK: VPU.SW.ReLU
// CHECK: VPU.SW.MaxPool
// CHECK: VPU.SW.Add
// CHECK: VPU.SW.Convolution
// CHECK: VPU.SW.MaxPool
// CHECK: VPU.SW.Add
// CHECK-NOT: VPU.NCE
func.func @unsupported(%x: tensor<1x16x8x8xf16>, %y: tensor<1x8x8x8xf16, #NHWC>, %z: tensor<1x16x8x8xf32, #NHWC>, %v: tensor<1x16x8x8xf16, #NHWC>, %s: tensor<1x16x1x1xf16, #NHWC>)
    -> (tensor<1x16x6x6xf16>, tensor<1x8x4x4xf16, #NHWC>, tensor<1x16x8x8xf32, #NHWC>, tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC>) {
  %w = const.Declare tensor<16x16x3x3xf16> = #const.Content<dense<1.0> : tensor<16x16x3x3xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x6x6xf16>
  %1 = IE.ReLU(%0) : tensor<1x16x6x6xf16> -> tensor<1x16x6x6xf16>
  %2 = IE.MaxPool(%y) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<floor>, strides = array<i64: 2, 2>} : tensor<1x8x8x8xf16, #NHWC> -> tensor<1x8x4x4xf16, #NHWC>
  %3 = IE.Add(%z, %z) : tensor<1x16x8x8xf32, #NHWC>, tensor<1x16x8x8xf32, #NHWC> -> tensor<1x16x8x8xf32, #NHWC>
  %w2 = const.Declare tensor<16x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  %4 = IE.Convolution(%v, %w2) {dilations = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %5 = IE.MaxPool(%v) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %6 = IE.Add(%v, %s) : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %1, %2, %3, %4, %5, %6 : tensor<1x16x6x6xf16>, tensor<1x8x4x4xf16, #NHWC>, tensor<1x16x8x8xf32, #NHWC>, tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC>
}

// -----

// A `post_op` attribute (vpuc-ie-fuse-post-ops) becomes the PPE; a software kernel has no
// post-op, so on the software path the activation runs as its own layer.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @post_op_attr(
// CHECK: VPU.NCE.Convolution({{.+}}) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 1, 1>}
// CHECK-NOT: post_op
// SW-LABEL: func.func @post_op_attr(
// SW: %[[C:.+]] = VPU.SW.Convolution({{.+}}) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
// SW-NEXT: %[[A:.+]] = VPU.SW.Clamp(%[[C]]) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}
// SW-NEXT: return %[[A]]
func.func @post_op_attr(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %w = const.Declare tensor<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>, post_op = {attrs = {max = 6.0 : f64, min = 0.0 : f64}, name = "IE.Clamp"}} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A quantized convolution (ie_low_precision's form) becomes a quantized NCE convolution with its
// own output type and its post-op in the PPE.
// CHECK-LABEL: func.func @conv_quantized(
// CHECK: VPU.NCE.Convolution(%{{.+}}, %{{.+}}, %{{.+}}) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x4x4x!quant.uniform<u8:f32, 1.000000e-01:3>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// SW-LABEL: func.func @conv_quantized(
// SW: VPU.SW.Convolution
func.func @conv_quantized(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC> {
  %w = const.Declare tensor<16x16x1x1x!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>, #NHWC> = #const.Content<dense<1> : tensor<16x16x1x1xsi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>>, #const.Reorder<#NHWC>]>
  %b = const.Declare tensor<16x!quant.uniform<i32:f32:0, {0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.0625}>> = #const.Content<dense<7> : tensor<16xsi32>, [#const.QuantCast<!quant.uniform<i32:f32:0, {0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.0625}>>]>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {attrs = {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}, name = "IE.Clamp"}, strides = array<i64: 1, 1>}
         : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, tensor<16x16x1x1x!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>, #NHWC>, tensor<16x!quant.uniform<i32:f32:0, {0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.0625}>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC>
  return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// On a target whose NCE runs only FP16 the quantized convolution stays a software layer.
// CHECK-LABEL: func.func @conv_quantized_fp16_target(
// CHECK: VPU.SW.Convolution
module attributes {VPU.nce_element_types = ["f16"]} {
  func.func @conv_quantized_fp16_target(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC> {
    %w = const.Declare tensor<16x16x1x1x!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>, #NHWC> = #const.Content<dense<1> : tensor<16x16x1x1xsi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>>, #const.Reorder<#NHWC>]>
    %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
           : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, tensor<16x16x1x1x!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC>
    return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A quantized Add (each operand and the result with its own scale and zero point) becomes a
// quantized NCE eltwise add with the result's type and the ReLU post-op in the PPE; so does a
// quantized Multiply of two tensors of one shape.
// CHECK-LABEL: func.func @add_quantized(
// CHECK: %[[ADD:.+]] = VPU.NCE.Eltwise(%{{.+}}, %{{.+}}) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
// CHECK-SAME: -> tensor<1x16x4x4x!quant.uniform<u8:f32, 4.000000e-02>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK: VPU.NCE.Eltwise(%[[ADD]], %{{.+}}) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<NONE>}
// CHECK-SAME: -> tensor<1x16x4x4x!quant.uniform<i8:f32, 5.000000e-02:-3>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// SW-LABEL: func.func @add_quantized(
// SW: VPU.SW.Add
// SW: VPU.SW.Multiply
func.func @add_quantized(%a: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, %b: tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-1>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<i8:f32, 0.05:-3>, #NHWC> {
  %0 = IE.Add(%a, %b) {post_op = {name = "IE.ReLU"}}
         : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-1>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>, #NHWC>
  %1 = IE.Multiply(%0, %b)
         : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>, #NHWC>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-1>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<i8:f32, 0.05:-3>, #NHWC>
  return %1 : tensor<1x16x4x4x!quant.uniform<i8:f32, 0.05:-3>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A quantized Add on a target whose NCE has no u8 stays a software layer.
// CHECK-LABEL: func.func @add_quantized_i8_target(
// CHECK: VPU.SW.Add
module attributes {VPU.nce_element_types = ["i8", "f16"]} {
  func.func @add_quantized_i8_target(%a: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, %b: tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-1>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>, #NHWC> {
    %0 = IE.Add(%a, %b)
           : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-1>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>, #NHWC>
    return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>, #NHWC>
  }
}
