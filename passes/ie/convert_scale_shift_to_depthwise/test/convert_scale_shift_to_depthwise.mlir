// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-scale-shift-to-depthwise))' --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-scale-shift-to-depthwise{float-multiplies=true}))' --split-input-file | FileCheck %s --check-prefix=FLOATS

// Scale and shift: the weights reshaped to the filter, the biases kept as the bias.

// CHECK-LABEL: func.func @scale_shift
// CHECK-SAME:    (%[[X:.+]]: tensor<1x16x8x8xf16>)
// CHECK-DAG:     %[[B:.+]] = const.Declare tensor<1x16x1x1xf16> = #const.Content<dense<-1.000000e+00> : tensor<1x16x1x1xf16>>
// CHECK-DAG:     %[[W:.+]] = const.Declare tensor<16x1x1x1xf16> = #const.Content<dense<2.000000e+00> : tensor<1x16x1x1xf16>, [#const.Reshape<[16, 1, 1, 1]>]>
// CHECK:         %[[C:.+]] = IE.GroupConvolution(%[[X]], %[[W]], %[[B]]) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16>, tensor<16x1x1x1xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16>
// CHECK-NEXT:    return %[[C]]
func.func @scale_shift(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  %w = const.Declare tensor<1x16x1x1xf16> = #const.Content<dense<2.0> : tensor<1x16x1x1xf16>>
  %b = const.Declare tensor<1x16x1x1xf16> = #const.Content<dense<-1.0> : tensor<1x16x1x1xf16>>
  %0 = IE.ScaleShift(%x) weights(%w : tensor<1x16x1x1xf16>) biases(%b : tensor<1x16x1x1xf16>) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %0 : tensor<1x16x8x8xf16>
}

// -----

// Scale only: no bias. Shift only: a filter of ones.

// CHECK-LABEL: func.func @scale_or_shift
// CHECK:         IE.GroupConvolution(%{{.+}}, %{{.+}}) {dilations = array<i64: 1, 1>, groups = 3 : i64, {{.+}}} : tensor<1x3x4x5xf16>, tensor<3x1x1x1xf16> -> tensor<1x3x4x5xf16>
// CHECK:         %[[ONES:.+]] = const.Declare tensor<3x1x1x1xf16> = #const.Content<dense<1.000000e+00> : tensor<3x1x1x1xf16>>
// CHECK-NEXT:    IE.GroupConvolution(%{{.+}}, %[[ONES]], %{{.+}}) {{.+}} : tensor<1x3x4x5xf16>, tensor<3x1x1x1xf16>, tensor<1x3x1x1xf16> -> tensor<1x3x4x5xf16>
// CHECK-NOT:     IE.ScaleShift
func.func @scale_or_shift(%x: tensor<1x3x4x5xf16>) -> (tensor<1x3x4x5xf16>, tensor<1x3x4x5xf16>) {
  %w = const.Declare tensor<1x3x1x1xf16> = #const.Content<dense<[[[[0.5]], [[1.5]], [[-2.0]]]]> : tensor<1x3x1x1xf16>>
  %0 = IE.ScaleShift(%x) weights(%w : tensor<1x3x1x1xf16>) : tensor<1x3x4x5xf16> -> tensor<1x3x4x5xf16>
  %1 = IE.ScaleShift(%x) biases(%w : tensor<1x3x1x1xf16>) : tensor<1x3x4x5xf16> -> tensor<1x3x4x5xf16>
  return %0, %1 : tensor<1x3x4x5xf16>, tensor<1x3x4x5xf16>
}

// -----

// Left: non-constant weights or biases, batch 2, f32, rank 3 (no temporary ops stay).

// CHECK-LABEL: func.func @left
// CHECK-NOT:     IE.GroupConvolution
// CHECK-NOT:     IE.Reshape
// CHECK-COUNT-5: IE.ScaleShift
// CHECK-NOT:     IE.GroupConvolution
func.func @left(%x: tensor<1x16x8x8xf16>, %s: tensor<1x16x1x1xf16>, %y: tensor<2x16x8x8xf16>, %z: tensor<1x16x8x8xf32>, %r: tensor<1x16x8xf16>)
    -> (tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>, tensor<2x16x8x8xf16>, tensor<1x16x8x8xf32>, tensor<1x16x8xf16>) {
  %w = const.Declare tensor<1x16x1x1xf16> = #const.Content<dense<2.0> : tensor<1x16x1x1xf16>>
  %wf = const.Declare tensor<1x16x1x1xf32> = #const.Content<dense<2.0> : tensor<1x16x1x1xf32>>
  %w3 = const.Declare tensor<1x16x1xf16> = #const.Content<dense<2.0> : tensor<1x16x1xf16>>
  %0 = IE.ScaleShift(%x) weights(%s : tensor<1x16x1x1xf16>) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %1 = IE.ScaleShift(%x) weights(%w : tensor<1x16x1x1xf16>) biases(%s : tensor<1x16x1x1xf16>) : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  %2 = IE.ScaleShift(%y) weights(%w : tensor<1x16x1x1xf16>) : tensor<2x16x8x8xf16> -> tensor<2x16x8x8xf16>
  %3 = IE.ScaleShift(%z) weights(%wf : tensor<1x16x1x1xf32>) : tensor<1x16x8x8xf32> -> tensor<1x16x8x8xf32>
  %4 = IE.ScaleShift(%r) weights(%w3 : tensor<1x16x1xf16>) : tensor<1x16x8xf16> -> tensor<1x16x8xf16>
  return %0, %1, %2, %3, %4 : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>, tensor<2x16x8x8xf16>, tensor<1x16x8x8xf32>, tensor<1x16x8xf16>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qs = !quant.uniform<u8:f32, 3.906250e-03>
!qy = !quant.uniform<u8:f32, 4.000000e-02:3>

// A quantized Multiply by per-channel factors that are an activation (a squeeze-excitation
// block's scales, either operand order) becomes a depthwise convolution whose filter is the
// factors reshaped to [C, 1, 1, 1], with the Multiply's type and post-op. A float one stays
// (without float-multiplies), and so does a Multiply of two full tensors.
// CHECK-LABEL: func.func @channel_multiply
// CHECK:       %[[F0:.+]] = IE.Reshape(%arg1) {shape = array<i64: 16, 1, 1, 1>} : tensor<1x16x1x1x!quant.uniform<u8:f32, 3.906250e-03>> -> tensor<16x1x1x1x!quant.uniform<u8:f32, 3.906250e-03>>
// CHECK-NEXT:  %[[C0:.+]] = IE.GroupConvolution(%arg0, %[[F0]]) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x16x8x8x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<16x1x1x1x!quant.uniform<u8:f32, 3.906250e-03>> -> tensor<1x16x8x8x!quant.uniform<u8:f32, 4.000000e-02:3>>
// CHECK:       IE.GroupConvolution(%[[C0]], %{{.+}}) {{.+}} groups = 16
// CHECK:       IE.Multiply(%arg2, %arg3)
// CHECK:       IE.Multiply(%arg0, %arg0)
// FLOATS-LABEL: func.func @channel_multiply
// FLOATS-COUNT-3: IE.GroupConvolution
// FLOATS:       IE.Multiply(%arg0, %arg0)
func.func @channel_multiply(%x: tensor<1x16x8x8x!qx>, %s: tensor<1x16x1x1x!qs>, %fx: tensor<1x16x8x8xf16>, %fs: tensor<1x16x1x1xf16>)
    -> (tensor<1x16x8x8x!qy>, tensor<1x16x8x8x!qy>, tensor<1x16x8x8xf16>, tensor<1x16x8x8x!qy>) {
  %0 = IE.Multiply(%x, %s) {post_op = {name = "IE.ReLU"}} : tensor<1x16x8x8x!qx>, tensor<1x16x1x1x!qs> -> tensor<1x16x8x8x!qy>
  %1 = IE.Multiply(%s, %0) : tensor<1x16x1x1x!qs>, tensor<1x16x8x8x!qy> -> tensor<1x16x8x8x!qy>
  %2 = IE.Multiply(%fx, %fs) : tensor<1x16x8x8xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16>
  %3 = IE.Multiply(%x, %x) : tensor<1x16x8x8x!qx>, tensor<1x16x8x8x!qx> -> tensor<1x16x8x8x!qy>
  return %0, %1, %2, %3 : tensor<1x16x8x8x!qy>, tensor<1x16x8x8x!qy>, tensor<1x16x8x8xf16>, tensor<1x16x8x8x!qy>
}
