// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-fuse-post-ops))' --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-fuse-post-ops))' --split-input-file --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC

// Each NCE layer kind absorbs the activation that follows it; the activation's users read the
// layer.

// CHECK-LABEL: func.func @fused
// CHECK:         %[[C:.+]] = IE.Convolution(%{{.+}}, %{{.+}}) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>}
// CHECK-NEXT:    %[[D:.+]] = IE.GroupConvolution(%[[C]], %{{.+}}) {{{.+}}, post_op = {attrs = {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}, name = "IE.Clamp"}, strides = array<i64: 1, 1>}
// CHECK-NEXT:    %[[M:.+]] = IE.MaxPool(%[[D]]) {{{.+}}, post_op = {attrs = {negative_slope = 1.000000e-01 : f64}, name = "IE.LeakyRelu"}, {{.+}}}
// CHECK-NEXT:    %[[A:.+]] = IE.AvgPool(%[[M]]) {{{.+}}, post_op = {name = "IE.ReLU"}, {{.+}}}
// CHECK-NEXT:    %[[S:.+]] = IE.Add(%[[A]], %[[A]]) {post_op = {name = "IE.ReLU"}}
// CHECK-NEXT:    %[[B:.+]] = IE.Subtract(%[[S]], %[[A]]) {post_op = {attrs = {max = 1.000000e+00 : f64, min = -1.000000e+00 : f64}, name = "IE.Clamp"}}
// CHECK-NEXT:    %[[P:.+]] = IE.Multiply(%[[B]], %[[S]]) {post_op = {attrs = {negative_slope = 2.500000e-01 : f64}, name = "IE.LeakyRelu"}}
// CHECK-NEXT:    return %[[P]]
func.func @fused(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  %w = const.Declare tensor<16x16x3x3xf16> = #const.Content<dense<0.5> : tensor<16x16x3x3xf16>>
  %dw = const.Declare tensor<16x1x3x3xf16> = #const.Content<dense<0.25> : tensor<16x1x3x3xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.ReLU(%0) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %2 = IE.GroupConvolution(%1, %dw) {dilations = array<i64: 1, 1>, groups = 16 : i64,
         pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x1x3x3xf16> -> tensor<1x16x8x8xf16>
  %3 = IE.Clamp(%2) {max = 6.0 : f64, min = 0.0 : f64} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %4 = IE.MaxPool(%3) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %5 = IE.LeakyRelu(%4) {negative_slope = 0.1 : f64} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %6 = IE.AvgPool(%5) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %7 = IE.ReLU(%6) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %8 = IE.Add(%7, %7) : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %9 = IE.ReLU(%8) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %10 = IE.Subtract(%9, %7) : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %11 = IE.Clamp(%10) {max = 1.0 : f64, min = -1.0 : f64} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %12 = IE.Multiply(%11, %9) : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %13 = IE.LeakyRelu(%12) {negative_slope = 0.25 : f64} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %13 : tensor<1x16x8x8xf16>
}

// -----

// Channel counts that are not multiples of 16 and NCHW layouts do not matter (later passes
// pad the channels and assign NHWC).

// CHECK-LABEL: func.func @unaligned
// CHECK-NEXT:    const.Declare
// CHECK-NEXT:    IE.Convolution(%{{.+}}, %{{.+}}) {{{.+}}, post_op = {name = "IE.ReLU"}, {{.+}}} : tensor<1x3x8x8xf16>, tensor<5x3x1x1xf16> -> tensor<1x5x8x8xf16>
// CHECK-NEXT:    return
func.func @unaligned(%x: tensor<1x3x8x8xf16>) -> tensor<1x5x8x8xf16> {
  %w = const.Declare tensor<5x3x1x1xf16> = #const.Content<dense<0.5> : tensor<5x3x1x1xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x3x8x8xf16>, tensor<5x3x1x1xf16> -> tensor<1x5x8x8xf16>
  %1 = IE.ReLU(%0) : tensor<1x5x8x8xf16> -> tensor<1x5x8x8xf16>
  return %1 : tensor<1x5x8x8xf16>
}

// -----

// Left alone: a layer with another user, a second activation after a fused one, an f32 layer
// (the NCE computes f16), a dilated convolution (not an NCE op), a clamp with an infinite bound
// (no PPE mode), a broadcasting Add and an activation after a non-NCE layer.

// CHECK-LABEL: func.func @unfused
// CHECK:         %[[C:.+]] = IE.Convolution
// CHECK-NOT:       post_op
// CHECK-NEXT:    IE.ReLU(%[[C]])
// CHECK-NEXT:    %[[P:.+]] = IE.MaxPool({{.+}}post_op = {name = "IE.ReLU"}
// CHECK-NEXT:    IE.Clamp(%[[P]])
// CHECK-NEXT:    %[[F:.+]] = IE.MaxPool
// CHECK-NOT:       post_op
// CHECK-NEXT:    IE.ReLU(%[[F]])
// CHECK-NEXT:    %[[D:.+]] = IE.Convolution
// CHECK-NOT:       post_op
// CHECK-NEXT:    IE.ReLU(%[[D]])
// CHECK-NEXT:    %[[I:.+]] = IE.AvgPool
// CHECK-NOT:       post_op
// CHECK-NEXT:    IE.Clamp(%[[I]])
// CHECK-NEXT:    %[[B:.+]] = IE.Add
// CHECK-NOT:       post_op
// CHECK-NEXT:    IE.ReLU(%[[B]])
// CHECK-NEXT:    %[[S:.+]] = IE.Sigmoid
// CHECK-NEXT:    IE.ReLU(%[[S]])
func.func @unfused(%x: tensor<1x16x8x8xf16>, %y: tensor<1x16x8x8xf32>, %z: tensor<1x16x1x1xf16>)
    -> (tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>, tensor<1x16x8x8xf32>,
        tensor<1x16x4x4xf16>, tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>) {
  %w = const.Declare tensor<16x16x3x3xf16> = #const.Content<dense<0.5> : tensor<16x16x3x3xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.ReLU(%0) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %2 = IE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %3 = IE.ReLU(%2) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %4 = IE.Clamp(%3) {max = 6.0 : f64, min = 0.0 : f64} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %5 = IE.MaxPool(%y) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %6 = IE.ReLU(%5) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %7 = IE.Convolution(%x, %w) {dilations = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x3x3xf16> -> tensor<1x16x4x4xf16>
  %8 = IE.ReLU(%7) : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %9 = IE.AvgPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %10 = IE.Clamp(%9) {max = 0x7FF0000000000000 : f64, min = 0.0 : f64} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %11 = IE.Add(%x, %z) : tensor<1x16x8x8xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %12 = IE.ReLU(%11) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %13 = IE.Sigmoid(%x) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %14 = IE.ReLU(%13) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %0, %1, %4, %6, %8, %10, %12, %14 : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>,
      tensor<1x16x8x8xf32>, tensor<1x16x4x4xf16>, tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>
}

// -----

// The fused layer computes the activation's output: its location names both nodes, the activation
// last (the layer name of the interpreter's layer dumps).

// LOC-LABEL: func.func @fusedLocation
// LOC:         IE.Convolution({{.+}}post_op = {name = "IE.ReLU"}{{.+}} loc(#[[LOC:loc[0-9]*]])
// LOC:       #[[CONV:loc[0-9]+]] = loc("conv")
// LOC:       #[[RELU:loc[0-9]+]] = loc("relu")
// LOC:       #[[LOC]] = loc(fused[#[[CONV]], #[[RELU]]])
func.func @fusedLocation(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  %w = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<0.5> : tensor<16x16x1x1xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16> loc("conv")
  %1 = IE.ReLU(%0) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16> loc("relu")
  return %1 : tensor<1x16x8x8xf16>
}

// -----

// An activation whose input is a concat of NCE layers, each read only by it (the runs of a group
// convolution), becomes the post-op of every layer; the concat stays and its users read it.
// CHECK-LABEL: func.func @concat
// CHECK:         %[[A:.+]] = IE.Convolution(%{{.+}}, %{{.+}}) {{{.+}}, post_op = {name = "IE.ReLU"}, {{.+}}} : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16>
// CHECK-NEXT:    %[[B:.+]] = IE.Convolution(%{{.+}}, %{{.+}}) {{{.+}}, post_op = {name = "IE.ReLU"}, {{.+}}} : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16>
// CHECK-NEXT:    %[[C:.+]] = IE.Concat(%[[A]], %[[B]]) {axis = 1 : i64}
// CHECK-NEXT:    return %[[C]]
// CHECK-NOT:     IE.ReLU
func.func @concat(%x: tensor<1x16x8x8xf16>, %y: tensor<1x16x8x8xf16>) -> tensor<1x32x8x8xf16> {
  %w = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<0.5> : tensor<16x16x1x1xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.Convolution(%y, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %2 = IE.Concat(%0, %1) {axis = 1 : i64} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x32x8x8xf16>
  %3 = IE.ReLU(%2) : tensor<1x32x8x8xf16> -> tensor<1x32x8x8xf16>
  return %3 : tensor<1x32x8x8xf16>
}

// -----

// Unless it can be fused into every input: a concat input that is a network input, a layer
// whose result another op also reads, or a layer that stays a software kernel keeps the
// activation after the concat, and no input gets it.
// CHECK-LABEL: func.func @concatUnfused
// CHECK-NOT:     post_op
// CHECK:         IE.ReLU
// CHECK-NOT:     post_op
// CHECK:         IE.ReLU
// CHECK-NOT:     post_op
// CHECK:         IE.ReLU
// CHECK-NOT:     post_op
// CHECK:         return
func.func @concatUnfused(%x: tensor<1x16x8x8xf16>) -> (tensor<1x32x8x8xf16>, tensor<1x32x8x8xf16>, tensor<1x16x8x8xf16>, tensor<1x32x8x8xf16>) {
  %w = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<0.5> : tensor<16x16x1x1xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.Concat(%0, %x) {axis = 1 : i64} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x32x8x8xf16>
  %2 = IE.ReLU(%1) : tensor<1x32x8x8xf16> -> tensor<1x32x8x8xf16>
  %3 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %4 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %5 = IE.Concat(%3, %4) {axis = 1 : i64} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x32x8x8xf16>
  %6 = IE.ReLU(%5) : tensor<1x32x8x8xf16> -> tensor<1x32x8x8xf16>
  %7 = IE.Sigmoid(%x) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %8 = IE.Concat(%3, %7) {axis = 1 : i64} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x32x8x8xf16>
  %9 = IE.ReLU(%8) : tensor<1x32x8x8xf16> -> tensor<1x32x8x8xf16>
  return %2, %6, %4, %9 : tensor<1x32x8x8xf16>, tensor<1x32x8x8xf16>, tensor<1x16x8x8xf16>, tensor<1x32x8x8xf16>
}

// -----

// Fused through a concat, the layers and the concat are all located at the activation too, so
// that the activation's layer (in layer dumps and --observe-layers) outputs the concat's result.
// LOC-LABEL: func.func @concatLocation
// LOC:         IE.Convolution({{.+}}post_op = {name = "IE.ReLU"}{{.+}} loc(#[[LOC:loc[0-9]*]])
// LOC-NEXT:    IE.Convolution({{.+}}post_op = {name = "IE.ReLU"}{{.+}} loc(#[[LOC]])
// LOC-NEXT:    IE.Concat({{.+}} loc(#[[LOC]])
// LOC:       #[[GROUP:loc[0-9]+]] = loc("group")
// LOC:       #[[RELU:loc[0-9]+]] = loc("relu")
// LOC:       #[[LOC]] = loc(fused[#[[GROUP]], #[[RELU]]])
func.func @concatLocation(%x: tensor<1x16x8x8xf16>, %y: tensor<1x16x8x8xf16>) -> tensor<1x32x8x8xf16> {
  %w = const.Declare tensor<16x16x1x1xf16> = #const.Content<dense<0.5> : tensor<16x16x1x1xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16> loc("group")
  %1 = IE.Convolution(%y, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16> loc("group")
  %2 = IE.Concat(%0, %1) {axis = 1 : i64} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x32x8x8xf16> loc("group")
  %3 = IE.ReLU(%2) : tensor<1x32x8x8xf16> -> tensor<1x32x8x8xf16> loc("relu")
  return %3 : tensor<1x32x8x8xf16>
}
