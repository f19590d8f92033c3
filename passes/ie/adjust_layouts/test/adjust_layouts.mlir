// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-adjust-layouts))' --split-input-file | FileCheck %s

// An NCHW convolution and pool: NHWC in between reorders, the filter constant is OYXI.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-DAG:   #[[$NCHW:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv_pool
// CHECK-SAME:    (%[[X:.+]]: tensor<1x3x8x8xf16>) -> tensor<1x5x4x4xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.Reorder(%[[X]]) {dstOrder = #[[$NHWC]]} : tensor<1x3x8x8xf16> -> tensor<1x3x8x8xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[W:.+]] = const.Declare tensor<5x3x3x3xf16, #[[$NHWC]]> = #const.Content<dense<5.000000e-01> : tensor<5x3x3x3xf16>, [#const.Reorder<#[[$NHWC]]>]>
// CHECK-NEXT:    %[[C:.+]] = IE.Convolution(%[[R]], %[[W]]) {{.+}} : tensor<1x3x8x8xf16, #[[$NHWC]]>, tensor<5x3x3x3xf16, #[[$NHWC]]> -> tensor<1x5x8x8xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[B:.+]] = IE.Reorder(%[[C]]) {dstOrder = #[[$NCHW]]} : tensor<1x5x8x8xf16, #[[$NHWC]]> -> tensor<1x5x8x8xf16>
// CHECK-NEXT:    %[[R2:.+]] = IE.Reorder(%[[B]]) {dstOrder = #[[$NHWC]]} : tensor<1x5x8x8xf16> -> tensor<1x5x8x8xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[P:.+]] = IE.MaxPool(%[[R2]]) {{.+}} : tensor<1x5x8x8xf16, #[[$NHWC]]> -> tensor<1x5x4x4xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[B2:.+]] = IE.Reorder(%[[P]]) {dstOrder = #[[$NCHW]]} : tensor<1x5x4x4xf16, #[[$NHWC]]> -> tensor<1x5x4x4xf16>
// CHECK-NEXT:    return %[[B2]]
func.func @conv_pool(%x: tensor<1x3x8x8xf16>) -> tensor<1x5x4x4xf16> {
  %w = const.Declare tensor<5x3x3x3xf16> = #const.Content<dense<0.5> : tensor<5x3x3x3xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>}
         : tensor<1x3x8x8xf16>, tensor<5x3x3x3xf16> -> tensor<1x5x8x8xf16>
  %1 = IE.MaxPool(%0) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x5x8x8xf16> -> tensor<1x5x4x4xf16>
  return %1 : tensor<1x5x4x4xf16>
}

// -----

// An eltwise Add reading one value twice: one reorder. NHWC layers and ops the NCE cannot run
// (f32, broadcasting, a Sigmoid) are left alone.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @eltwise
// CHECK-NEXT:    %[[R:.+]] = IE.Reorder(%{{.+}}) {dstOrder = #[[$NHWC]]}
// CHECK-NEXT:    %[[A:.+]] = IE.Add(%[[R]], %[[R]]) {{.+}} -> tensor<1x16x4x4xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[B:.+]] = IE.Reorder(%[[A]])
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {{.+}} : tensor<1x16x4x4xf16, #[[$NHWC]]> -> tensor<1x16x4x4xf16, #[[$NHWC]]>
// CHECK-NEXT:    IE.Add(%{{.+}}, %{{.+}}) : tensor<1x16x4x4xf32>, tensor<1x16x4x4xf32> -> tensor<1x16x4x4xf32>
// CHECK-NEXT:    IE.Multiply(%[[B]], %{{.+}}) : tensor<1x16x4x4xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x4x4xf16>
// CHECK-NEXT:    IE.Sigmoid(%[[B]]) : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
// CHECK-NEXT:    return
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise(%x: tensor<1x16x4x4xf16>, %y: tensor<1x16x4x4xf16, #NHWC>, %f: tensor<1x16x4x4xf32>,
                   %c: tensor<1x16x1x1xf16>)
    -> (tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf32>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>) {
  %0 = IE.Add(%x, %x) : tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %1 = IE.MaxPool(%y) {kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  %2 = IE.Add(%f, %f) : tensor<1x16x4x4xf32>, tensor<1x16x4x4xf32> -> tensor<1x16x4x4xf32>
  %3 = IE.Multiply(%0, %c) : tensor<1x16x4x4xf16>, tensor<1x16x1x1xf16> -> tensor<1x16x4x4xf16>
  %4 = IE.Sigmoid(%0) : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  return %1, %2, %3, %4 : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf32>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>
}

// -----

// An eltwise of 1 or 7 channels stays a software layer in NCHW (aligning its channels to 16
// would multiply its data by more than 2, NCE::kMaxEltwisePadding); one of 8 channels goes to
// the NCE in NHWC.
// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @few_channels
// CHECK-NEXT:    IE.Reorder(%arg2) {dstOrder = #[[$NHWC]]}
// CHECK-NEXT:    IE.Add(%arg0, %arg0) : tensor<1x1x64x256xf16>, tensor<1x1x64x256xf16> -> tensor<1x1x64x256xf16>
// CHECK-NEXT:    IE.Subtract(%arg1, %arg1) : tensor<1x7x4x4xf16>, tensor<1x7x4x4xf16> -> tensor<1x7x4x4xf16>
// CHECK-NEXT:    IE.Multiply({{.+}}) : tensor<1x8x4x4xf16, #[[$NHWC]]>, tensor<1x8x4x4xf16, #[[$NHWC]]> -> tensor<1x8x4x4xf16, #[[$NHWC]]>
func.func @few_channels(%a: tensor<1x1x64x256xf16>, %b: tensor<1x7x4x4xf16>, %c: tensor<1x8x4x4xf16>)
    -> (tensor<1x1x64x256xf16>, tensor<1x7x4x4xf16>, tensor<1x8x4x4xf16>) {
  %0 = IE.Add(%a, %a) : tensor<1x1x64x256xf16>, tensor<1x1x64x256xf16> -> tensor<1x1x64x256xf16>
  %1 = IE.Subtract(%b, %b) : tensor<1x7x4x4xf16>, tensor<1x7x4x4xf16> -> tensor<1x7x4x4xf16>
  %2 = IE.Multiply(%c, %c) : tensor<1x8x4x4xf16>, tensor<1x8x4x4xf16> -> tensor<1x8x4x4xf16>
  return %0, %1, %2 : tensor<1x1x64x256xf16>, tensor<1x7x4x4xf16>, tensor<1x8x4x4xf16>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qs = !quant.uniform<u8:f32, 3.906250e-03>
!qy = !quant.uniform<u8:f32, 4.000000e-02:3>

// A depthwise convolution whose filter is an activation (a squeeze-excitation's scales): the
// filter gets an IE.Reorder to OYXI (NHWC's permutation) like an input.
// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @activation_filter
// CHECK:         %[[F:.+]] = IE.Reorder(%arg1) {dstOrder = #[[$NHWC]]} : tensor<16x1x1x1x!quant.uniform<u8:f32, 3.906250e-03>> -> tensor<16x1x1x1x!quant.uniform<u8:f32, 3.906250e-03>, #[[$NHWC]]>
// CHECK:         IE.GroupConvolution(%{{.+}}, %[[F]])
func.func @activation_filter(%x: tensor<1x16x8x8x!qx>, %s: tensor<16x1x1x1x!qs>) -> tensor<1x16x8x8x!qy> {
  %0 = IE.GroupConvolution(%x, %s) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8x!qx>, tensor<16x1x1x1x!qs> -> tensor<1x16x8x8x!qy>
  return %0 : tensor<1x16x8x8x!qy>
}
