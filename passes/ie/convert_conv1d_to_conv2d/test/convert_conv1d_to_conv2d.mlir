// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-conv1d-to-conv2d))' --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-conv1d-to-conv2d,canonicalize))' --split-input-file | FileCheck %s --check-prefix=CANON

// A 1-D convolution with a constant filter and a [C] bias: the constant is reshaped in
// place, the bias is kept, the attributes get their unit y entry.

// CHECK-LABEL: func.func @conv
// CHECK-SAME:    (%[[X:.+]]: tensor<1x3x10xf32>)
// CHECK-DAG:     %[[B:.+]] = const.Declare tensor<4xf32>
// CHECK-DAG:     %[[X4:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 1, 3, 1, 10>} : tensor<1x3x10xf32> -> tensor<1x3x1x10xf32>
// CHECK-DAG:     %[[W4:.+]] = const.Declare tensor<4x3x1x3xf32> = #const.Content<dense<{{.+}}> : tensor<4x3x3xf32>, [#const.Reshape<[4, 3, 1, 3]>]>
// CHECK:         %[[C:.+]] = IE.Convolution(%[[X4]], %[[W4]], %[[B]]) {dilations = array<i64: 1, 2>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 2>, strides = array<i64: 1, 2>} : tensor<1x3x1x10xf32>, tensor<4x3x1x3xf32>, tensor<4xf32> -> tensor<1x4x1x5xf32>
// CHECK-NEXT:    %[[R:.+]] = IE.Reshape(%[[C]]) {shape = array<i64: 1, 4, 5>} : tensor<1x4x1x5xf32> -> tensor<1x4x5xf32>
// CHECK-NEXT:    return %[[R]]
func.func @conv(%x: tensor<1x3x10xf32>) -> tensor<1x4x5xf32> {
  %w = const.Declare tensor<4x3x3xf32> = #const.Content<dense<0.5> : tensor<4x3x3xf32>>
  %b = const.Declare tensor<4xf32> = #const.Content<dense<1.0> : tensor<4xf32>>
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 2>, pads_begin = array<i64: 1>,
         pads_end = array<i64: 2>, strides = array<i64: 2>}
         : tensor<1x3x10xf32>, tensor<4x3x3xf32>, tensor<4xf32> -> tensor<1x4x5xf32>
  return %0 : tensor<1x4x5xf32>
}

// -----

// A grouped convolution whose filter and [1, C, 1] bias are not constants: IE.Reshape.

// CHECK-LABEL: func.func @group
// CHECK-SAME:    (%[[X:.+]]: tensor<2x4x9xf16>, %[[W:.+]]: tensor<4x2x3xf16>, %[[B:.+]]: tensor<1x4x1xf16>)
// CHECK-NEXT:    %[[X4:.+]] = IE.Reshape(%[[X]]) {shape = array<i64: 2, 4, 1, 9>}
// CHECK-NEXT:    %[[W4:.+]] = IE.Reshape(%[[W]]) {shape = array<i64: 4, 2, 1, 3>}
// CHECK-NEXT:    %[[B4:.+]] = IE.Reshape(%[[B]]) {shape = array<i64: 1, 4, 1, 1>}
// CHECK-NEXT:    %[[C:.+]] = IE.GroupConvolution(%[[X4]], %[[W4]], %[[B4]]) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>, strides = array<i64: 1, 1>} : tensor<2x4x1x9xf16>, tensor<4x2x1x3xf16>, tensor<1x4x1x1xf16> -> tensor<2x4x1x9xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.Reshape(%[[C]]) {shape = array<i64: 2, 4, 9>}
// CHECK-NEXT:    return %[[R]]
func.func @group(%x: tensor<2x4x9xf16>, %w: tensor<4x2x3xf16>, %b: tensor<1x4x1xf16>) -> tensor<2x4x9xf16> {
  %0 = IE.GroupConvolution(%x, %w, %b) {dilations = array<i64: 1>, groups = 2 : i64,
         pads_begin = array<i64: 1>, pads_end = array<i64: 1>, strides = array<i64: 1>}
         : tensor<2x4x9xf16>, tensor<4x2x3xf16>, tensor<1x4x1xf16> -> tensor<2x4x9xf16>
  return %0 : tensor<2x4x9xf16>
}

// -----

// A transposed convolution: output_padding gets a 0 for y.

// CHECK-LABEL: func.func @deconv
// CHECK:         IE.Deconvolution(%{{.+}}, %{{.+}}) {dilations = array<i64: 1, 1>, groups = 2 : i64, output_padding = array<i64: 0, 1>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 2>} : tensor<1x4x1x9xf32>, tensor<4x1x1x3xf32> -> tensor<1x2x1x19xf32>
// CHECK-NEXT:    IE.Reshape(%{{.+}}) {shape = array<i64: 1, 2, 19>} : tensor<1x2x1x19xf32> -> tensor<1x2x19xf32>
func.func @deconv(%x: tensor<1x4x9xf32>, %w: tensor<4x1x3xf32>) -> tensor<1x2x19xf32> {
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1>, groups = 2 : i64, output_padding = array<i64: 1>,
         pads_begin = array<i64: 1>, pads_end = array<i64: 0>, strides = array<i64: 2>}
         : tensor<1x4x9xf32>, tensor<4x1x3xf32> -> tensor<1x2x19xf32>
  return %0 : tensor<1x2x19xf32>
}

// -----

// Pools: kernel_size gets a 1 for y; rounding_type and exclude_pad are kept.

// CHECK-LABEL: func.func @pools
// CHECK:         %[[M:.+]] = IE.MaxPool(%{{.+}}) {kernel_size = array<i64: 1, 3>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 1, 2>} : tensor<1x2x1x7xf32> -> tensor<1x2x1x4xf32>
// CHECK:         %[[A:.+]] = IE.AvgPool(%{{.+}}) {exclude_pad, kernel_size = array<i64: 1, 3>, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 1>, strides = array<i64: 1, 1>} : tensor<1x2x1x7xf32> -> tensor<1x2x1x7xf32>
// CHECK:         %[[L:.+]] = IE.LpPool(%{{.+}}) {kernel_size = array<i64: 1, 2>, p = 3 : i64, pads_begin = array<i64: 0, 1>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 2>} : tensor<1x2x1x7xf32> -> tensor<1x2x1x4xf32>
func.func @pools(%x: tensor<1x2x7xf32>) -> (tensor<1x2x4xf32>, tensor<1x2x7xf32>, tensor<1x2x4xf32>) {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3>, pads_begin = array<i64: 1>, pads_end = array<i64: 0>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2>} : tensor<1x2x7xf32> -> tensor<1x2x4xf32>
  %1 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 3>, pads_begin = array<i64: 1>,
         pads_end = array<i64: 1>, strides = array<i64: 1>} : tensor<1x2x7xf32> -> tensor<1x2x7xf32>
  %2 = IE.LpPool(%x) {kernel_size = array<i64: 2>, p = 3 : i64, pads_begin = array<i64: 1>,
         pads_end = array<i64: 0>, strides = array<i64: 2>} : tensor<1x2x7xf32> -> tensor<1x2x4xf32>
  return %0, %1, %2 : tensor<1x2x4xf32>, tensor<1x2x7xf32>, tensor<1x2x4xf32>
}

// -----

// A channels-last 1-D input: IE.AffineReshape carries the layout to NHWC and back.

// CHECK-DAG:   #[[$NWC:.+]] = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @channels_last
// CHECK-NEXT:    %[[X4:.+]] = IE.AffineReshape(%{{.+}}) {dim_mapping = [array<i64: 0>, array<i64: 1>, array<i64: 2, 3>], shape_value = array<i64: 1, 2, 1, 7>} : tensor<1x2x7xf32, #[[$NWC]]> -> tensor<1x2x1x7xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[M:.+]] = IE.MaxPool(%[[X4]]) {{.+}} : tensor<1x2x1x7xf32, #[[$NHWC]]> -> tensor<1x2x1x3xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[R:.+]] = IE.AffineReshape(%[[M]]) {dim_mapping = [array<i64: 0>, array<i64: 1>, array<i64: 2>, array<i64: 2>], shape_value = array<i64: 1, 2, 3>} : tensor<1x2x1x3xf32, #[[$NHWC]]> -> tensor<1x2x3xf32, #[[$NWC]]>
// CHECK-NEXT:    return %[[R]]
#NWC = affine_map<(d0, d1, d2) -> (d0, d2, d1)>
func.func @channels_last(%x: tensor<1x2x7xf32, #NWC>) -> tensor<1x2x3xf32, #NWC> {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>,
         strides = array<i64: 2>} : tensor<1x2x7xf32, #NWC> -> tensor<1x2x3xf32, #NWC>
  return %0 : tensor<1x2x3xf32, #NWC>
}

// -----

// 2-D ops and 1-D ops with a dynamic dim are left alone.

// CHECK-LABEL: func.func @unchanged
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {{.+}} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    IE.MaxPool(%{{.+}}) {{.+}} : tensor<?x2x7xf32> -> tensor<?x2x3xf32>
// CHECK-NEXT:    return
func.func @unchanged(%x: tensor<1x2x4x4xf32>, %y: tensor<?x2x7xf32>) -> (tensor<1x2x2x2xf32>, tensor<?x2x3xf32>) {
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 2, 2>} : tensor<1x2x4x4xf32> -> tensor<1x2x2x2xf32>
  %1 = IE.MaxPool(%y) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>,
         strides = array<i64: 2>} : tensor<?x2x7xf32> -> tensor<?x2x3xf32>
  return %0, %1 : tensor<1x2x2x2xf32>, tensor<?x2x3xf32>
}

// -----

// Consecutive 1-D layers: after canonicalisation one reshape is left at each end.

// CANON-LABEL: func.func @chain
// CANON-NEXT:    %[[X4:.+]] = IE.Reshape(%{{.+}}) {shape = array<i64: 1, 2, 1, 8>} : tensor<1x2x8xf32> -> tensor<1x2x1x8xf32>
// CANON-NEXT:    %[[W4:.+]] = IE.Reshape(%{{.+}}) {shape = array<i64: 2, 2, 1, 1>} : tensor<2x2x1xf32> -> tensor<2x2x1x1xf32>
// CANON-NEXT:    %[[C:.+]] = IE.Convolution(%[[X4]], %[[W4]]) {{.+}} -> tensor<1x2x1x8xf32>
// CANON-NEXT:    %[[P:.+]] = IE.AvgPool(%[[C]]) {{.+}} : tensor<1x2x1x8xf32> -> tensor<1x2x1x4xf32>
// CANON-NEXT:    %[[R:.+]] = IE.Reshape(%[[P]]) {shape = array<i64: 1, 2, 4>} : tensor<1x2x1x4xf32> -> tensor<1x2x4xf32>
// CANON-NEXT:    return %[[R]]
func.func @chain(%x: tensor<1x2x8xf32>, %w: tensor<2x2x1xf32>) -> tensor<1x2x4xf32> {
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1>, pads_begin = array<i64: 0>,
         pads_end = array<i64: 0>, strides = array<i64: 1>} : tensor<1x2x8xf32>, tensor<2x2x1xf32> -> tensor<1x2x8xf32>
  %1 = IE.AvgPool(%0) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>,
         strides = array<i64: 2>} : tensor<1x2x8xf32> -> tensor<1x2x4xf32>
  return %1 : tensor<1x2x4xf32>
}
