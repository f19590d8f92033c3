// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-optimize-reorders))' --split-input-file | FileCheck %s

// Between two NHWC layers, a reorder pair around activations and an eltwise op cancels: the
// reorders move down through ReLU, Clamp and Add and meet the next layer's input reorder.
// (f32: the NCE would run an f16 Add, which then keeps its layout.)

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @cancel
// CHECK-SAME:    (%[[X:.+]]: tensor<1x16x4x4xf32, #[[$NHWC]]>)
// CHECK-NEXT:    %[[P:.+]] = IE.MaxPool(%[[X]]) {{.+}} -> tensor<1x16x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[P]]) : tensor<1x16x4x4xf32, #[[$NHWC]]> -> tensor<1x16x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[C:.+]] = IE.Clamp(%[[R]]) {{.+}} : tensor<1x16x4x4xf32, #[[$NHWC]]> -> tensor<1x16x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[A:.+]] = IE.Add(%[[C]], %[[P]]) : tensor<1x16x4x4xf32, #[[$NHWC]]>, tensor<1x16x4x4xf32, #[[$NHWC]]> -> tensor<1x16x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[Q:.+]] = IE.MaxPool(%[[A]]) {{.+}} -> tensor<1x16x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    return %[[Q]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NCHW = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @cancel(%x: tensor<1x16x4x4xf32, #NHWC>) -> tensor<1x16x4x4xf32, #NHWC> {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x16x4x4xf32, #NHWC> -> tensor<1x16x4x4xf32, #NHWC>
  %1 = IE.Reorder(%0) {dstOrder = #NCHW} : tensor<1x16x4x4xf32, #NHWC> -> tensor<1x16x4x4xf32>
  %2 = IE.Reorder(%0) {dstOrder = #NCHW} : tensor<1x16x4x4xf32, #NHWC> -> tensor<1x16x4x4xf32>
  %3 = IE.ReLU(%1) : tensor<1x16x4x4xf32> -> tensor<1x16x4x4xf32>
  %4 = IE.Clamp(%3) {max = 6.0 : f64, min = 0.0 : f64} : tensor<1x16x4x4xf32> -> tensor<1x16x4x4xf32>
  %5 = IE.Add(%4, %2) : tensor<1x16x4x4xf32>, tensor<1x16x4x4xf32> -> tensor<1x16x4x4xf32>
  %6 = IE.Reorder(%5) {dstOrder = #NHWC} : tensor<1x16x4x4xf32> -> tensor<1x16x4x4xf32, #NHWC>
  %7 = IE.MaxPool(%6) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x16x4x4xf32, #NHWC> -> tensor<1x16x4x4xf32, #NHWC>
  return %7 : tensor<1x16x4x4xf32, #NHWC>
}

// -----

// Chains merge, a reorder of a constant folds into it, and a constant operand of an eltwise op
// is reordered with the op. An Add with a broadcast operand of another rank (no encoding) is
// not moved: its result would not take the order.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-DAG:   #[[$NWCH:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// CHECK-LABEL: func.func @chains_constants
// CHECK-SAME:    (%[[X:.+]]: tensor<1x2x3x4xf32, #[[$NHWC]]>, %[[S:.+]]: tensor<4xf32>)
// CHECK-DAG:     %[[K:.+]] = const.Declare tensor<1x2x3x4xf32, #[[$NHWC]]> = #const.Content<dense<3.000000e+00> : tensor<1x2x3x4xf32>, [#const.Reorder<#[[$NHWC]]>]>
// CHECK-DAG:     %[[K2:.+]] = const.Declare tensor<1x2x3x4xf32, #[[$NWCH]]> = #const.Content<dense<2.000000e+00> : tensor<1x2x3x4xf32>, [#const.Reorder<#[[$NWCH]]>]>
// CHECK:         %[[M:.+]] = IE.Multiply(%[[X]], %[[K]]) : tensor<1x2x3x4xf32, #[[$NHWC]]>, tensor<1x2x3x4xf32, #[[$NHWC]]> -> tensor<1x2x3x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[R:.+]] = IE.Reorder(%[[M]]) {dstOrder = #{{.+}}} : tensor<1x2x3x4xf32, #[[$NHWC]]> -> tensor<1x2x3x4xf32>
// CHECK-NEXT:    %[[A:.+]] = IE.Add(%[[R]], %[[S]]) : tensor<1x2x3x4xf32>, tensor<4xf32> -> tensor<1x2x3x4xf32>
// CHECK-NEXT:    %[[B:.+]] = IE.Reorder(%[[A]]) {dstOrder = #[[$NWCH]]} : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32, #[[$NWCH]]>
// CHECK-NEXT:    return %[[B]], %[[K2]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NCHW = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#NWCH = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
func.func @chains_constants(%x: tensor<1x2x3x4xf32, #NHWC>, %s: tensor<4xf32>)
    -> (tensor<1x2x3x4xf32, #NWCH>, tensor<1x2x3x4xf32, #NWCH>) {
  %k = const.Declare tensor<1x2x3x4xf32> = #const.Content<dense<3.0> : tensor<1x2x3x4xf32>>
  %k2 = const.Declare tensor<1x2x3x4xf32> = #const.Content<dense<2.0> : tensor<1x2x3x4xf32>>
  %0 = IE.Reorder(%x) {dstOrder = #NCHW} : tensor<1x2x3x4xf32, #NHWC> -> tensor<1x2x3x4xf32>
  %1 = IE.Multiply(%0, %k) : tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
  %2 = IE.Add(%1, %s) : tensor<1x2x3x4xf32>, tensor<4xf32> -> tensor<1x2x3x4xf32>
  %3 = IE.Reorder(%2) {dstOrder = #NHWC} : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32, #NHWC>
  %4 = IE.Reorder(%3) {dstOrder = #NWCH} : tensor<1x2x3x4xf32, #NHWC> -> tensor<1x2x3x4xf32, #NWCH>
  %5 = IE.Reorder(%k2) {dstOrder = #NWCH} : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32, #NWCH>
  return %4, %5 : tensor<1x2x3x4xf32, #NWCH>, tensor<1x2x3x4xf32, #NWCH>
}

// -----

// Left alone: a reorder with another user, an op that is not layout-agnostic (Reshape),
// operands reordered from different orders and a layer the NCE can run (kept in the order
// layout assignment gave it).

// CHECK-LABEL: func.func @kept
// CHECK-COUNT-5: IE.Reorder
// CHECK-NOT:     IE.Reorder
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NWCH = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
#NCHW = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @kept(%x: tensor<1x2x3x4xf32, #NHWC>, %y: tensor<1x2x3x4xf32, #NWCH>, %h: tensor<1x16x2x2xf16, #NHWC>)
    -> (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x24xf32>, tensor<1x2x3x4xf32>, tensor<1x16x2x2xf16>) {
  %0 = IE.Reorder(%x) {dstOrder = #NCHW} : tensor<1x2x3x4xf32, #NHWC> -> tensor<1x2x3x4xf32>
  %1 = IE.ReLU(%0) : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
  %2 = IE.Reshape(%0) {shape = array<i64: 1, 24>} : tensor<1x2x3x4xf32> -> tensor<1x24xf32>
  %3 = IE.Reorder(%x) {dstOrder = #NCHW} : tensor<1x2x3x4xf32, #NHWC> -> tensor<1x2x3x4xf32>
  %4 = IE.Reorder(%y) {dstOrder = #NCHW} : tensor<1x2x3x4xf32, #NWCH> -> tensor<1x2x3x4xf32>
  %5 = IE.Add(%3, %4) : tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
  %6 = IE.Reorder(%h) {dstOrder = #NCHW} : tensor<1x16x2x2xf16, #NHWC> -> tensor<1x16x2x2xf16>
  %7 = IE.Reorder(%h) {dstOrder = #NCHW} : tensor<1x16x2x2xf16, #NHWC> -> tensor<1x16x2x2xf16>
  %8 = IE.Subtract(%6, %7) : tensor<1x16x2x2xf16>, tensor<1x16x2x2xf16> -> tensor<1x16x2x2xf16>
  return %0, %1, %2, %5, %8 : tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x24xf32>, tensor<1x2x3x4xf32>, tensor<1x16x2x2xf16>
}

// -----

// An interpolation computes on logical indices (IE_AnyLayout), so the reorders around it
// between two NHWC layers (a U-Net's upsampling between convolutions) cancel too.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @interpolate
// CHECK-NEXT:    %[[P:.+]] = IE.MaxPool
// CHECK-NEXT:    %[[I:.+]] = IE.Interpolate(%[[P]]) {{.+}} : tensor<1x16x4x4xf16, #[[$NHWC]]> -> tensor<1x16x8x8xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[Q:.+]] = IE.MaxPool(%[[I]])
// CHECK-NEXT:    return %[[Q]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NCHW = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @interpolate(%x: tensor<1x16x4x4xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %1 = IE.Reorder(%0) {dstOrder = #NCHW} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16>
  %2 = IE.Interpolate(%1) {mode = #IE.interp_mode<linear>, scales = array<f64: 1.0, 1.0, 2.0, 2.0>}
         : tensor<1x16x4x4xf16> -> tensor<1x16x8x8xf16>
  %3 = IE.Reorder(%2) {dstOrder = #NHWC} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16, #NHWC>
  %4 = IE.MaxPool(%3) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %4 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

// DepthToSpace computes on logical indices too (the 1x1 convolution and DepthToSpace of a
// rewritten deconvolution, vpuc-ie-convert-deconv-to-conv, between two NHWC layers).

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @depth_to_space
// CHECK-NEXT:    %[[P:.+]] = IE.MaxPool
// CHECK-NEXT:    %[[D:.+]] = IE.DepthToSpace(%[[P]]) {block_size = 2 : i64} : tensor<1x64x4x4xf16, #[[$NHWC]]> -> tensor<1x16x8x8xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[Q:.+]] = IE.MaxPool(%[[D]])
// CHECK-NEXT:    return %[[Q]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NCHW = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @depth_to_space(%x: tensor<1x64x4x4xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x64x4x4xf16, #NHWC> -> tensor<1x64x4x4xf16, #NHWC>
  %1 = IE.Reorder(%0) {dstOrder = #NCHW} : tensor<1x64x4x4xf16, #NHWC> -> tensor<1x64x4x4xf16>
  %2 = IE.DepthToSpace(%1) {block_size = 2 : i64} : tensor<1x64x4x4xf16> -> tensor<1x16x8x8xf16>
  %3 = IE.Reorder(%2) {dstOrder = #NHWC} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16, #NHWC>
  %4 = IE.MaxPool(%3) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %4 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

// A squeeze-excitation block between NHWC layers: the average pool and the multiplication both
// read the reordered activation. Each computes in NHWC in turn, and the reorder goes with the
// last of them; the pooled vector and the product then reach the next layers without a reorder.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @excitation
// CHECK-SAME:    (%[[X:.+]]: tensor<1x16x8x8xf16, #[[$NHWC]]>, %[[S:.+]]: tensor<1x16x1x1xf16, #[[$NHWC]]>)
// CHECK-NOT:     IE.Reorder
// CHECK:         %[[P:.+]] = IE.ReduceMean(%[[X]]) {{.+}} : tensor<1x16x8x8xf16, #[[$NHWC]]> -> tensor<1x16x1x1xf16, #[[$NHWC]]>
// CHECK-NOT:     IE.Reorder
// CHECK:         %[[M:.+]] = IE.Multiply(%[[X]], %[[S]]) : tensor<1x16x8x8xf16, #[[$NHWC]]>, tensor<1x16x1x1xf16, #[[$NHWC]]> -> tensor<1x16x8x8xf16, #[[$NHWC]]>
// CHECK-NOT:     IE.Reorder
// CHECK:         return %[[P]], %[[M]]
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NCHW = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @excitation(%x: tensor<1x16x8x8xf16, #NHWC>, %s: tensor<1x16x1x1xf16, #NHWC>)
    -> (tensor<1x16x1x1xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC>) {
  %0 = IE.Reorder(%x) {dstOrder = #NCHW} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16>
  %1 = IE.ReduceMean(%0) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x8x8xf16> -> tensor<1x16x1x1xf16>
  %2 = IE.Reorder(%1) {dstOrder = #NHWC} : tensor<1x16x1x1xf16> -> tensor<1x16x1x1xf16, #NHWC>
  %3 = IE.Reorder(%s) {dstOrder = #NCHW} : tensor<1x16x1x1xf16, #NHWC> -> tensor<1x16x1x1xf16>
  %4 = IE.Multiply(%0, %3) : tensor<1x16x8x8xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %5 = IE.Reorder(%4) {dstOrder = #NHWC} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16, #NHWC>
  return %2, %5 : tensor<1x16x1x1xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC>
}
