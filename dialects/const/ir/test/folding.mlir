// RUN: vpuc-opt %s --split-input-file -canonicalize | FileCheck %s

// CHECK-LABEL: func.func @reshape_reshape
func.func @reshape_reshape() -> tensor<4x2xf32> {
  // CHECK: const.Declare tensor<4x2xf32> = #const.Content<dense<1.000000e+00> : tensor<8xf32>, [#const.Reshape<[4, 2]>]>
  %0 = const.Declare tensor<4x2xf32> = #const.Content<dense<1.0> : tensor<8xf32>, [#const.Reshape<[2, 4]>, #const.Reshape<[4, 2]>]>
  return %0 : tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func.func @rescale_rescale
func.func @rescale_rescale() -> tensor<2xf32> {
  // CHECK: [#const.Rescale<1.500000e+00>]>
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Rescale<0.5>, #const.Rescale<3.0>]>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @add_add
func.func @add_add() -> tensor<2xf32> {
  // CHECK: [#const.Add<2.500000e+00>]>
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Add<1.0>, #const.Add<1.5>]>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @reorder_identity
func.func @reorder_identity() -> tensor<2x2xf32> {
  // CHECK: const.Declare tensor<2x2xf32> = #const.Content<dense<1.000000e+00> : tensor<2x2xf32>>
  %0 = const.Declare tensor<2x2xf32> = #const.Content<dense<1.0> : tensor<2x2xf32>, [#const.Reorder<affine_map<(d0, d1) -> (d0, d1)>>]>
  return %0 : tensor<2x2xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NCHW = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @reorder_and_back
func.func @reorder_and_back() -> tensor<1x2x2x2xf32> {
  // CHECK: const.Declare tensor<1x2x2x2xf32> = #const.Content<dense<1.000000e+00> : tensor<1x2x2x2xf32>>
  %0 = const.Declare tensor<1x2x2x2xf32> = #const.Content<dense<1.0> : tensor<1x2x2x2xf32>, [#const.Reorder<#NHWC>, #const.Reorder<#NCHW>]>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NWHC = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2, d1)>
// CHECK-DAG: #[[$NWHC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2, d1)>
// CHECK-LABEL: func.func @reorder_reorder
func.func @reorder_reorder() -> tensor<1x2x2x2xf32, #NWHC> {
  // CHECK: [#const.Reorder<#[[$NWHC]]>]>
  %0 = const.Declare tensor<1x2x2x2xf32, #NWHC> = #const.Content<dense<1.0> : tensor<1x2x2x2xf32>, [#const.Reorder<#NHWC>, #const.Reorder<#NWHC>]>
  return %0 : tensor<1x2x2x2xf32, #NWHC>
}

// -----

// CHECK-LABEL: func.func @convert_same_type
func.func @convert_same_type() -> tensor<2xf16> {
  // CHECK: [#const.ConvertElemType<f16>]>
  %0 = const.Declare tensor<2xf16> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.ConvertElemType<f16>, #const.ConvertElemType<f16>]>
  return %0 : tensor<2xf16>
}

// -----

// CHECK-LABEL: func.func @reshape_same_shape
func.func @reshape_same_shape() -> tensor<2x3xf32> {
  // CHECK: const.Declare tensor<2x3xf32> = #const.Content<dense<1.000000e+00> : tensor<2x3xf32>>
  %0 = const.Declare tensor<2x3xf32> = #const.Content<dense<1.0> : tensor<2x3xf32>, [#const.Reshape<[2, 3]>]>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @subview_full
func.func @subview_full() -> tensor<2x3xf32> {
  // CHECK: const.Declare tensor<2x3xf32> = #const.Content<dense<1.000000e+00> : tensor<2x3xf32>>
  %0 = const.Declare tensor<2x3xf32> = #const.Content<dense<1.0> : tensor<2x3xf32>, [#const.SubView<[0, 0], [2, 3]>]>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @subview_subview
func.func @subview_subview() -> tensor<2x2xf32> {
  // CHECK: [#const.SubView<[3, 1], [2, 2]>]>
  %0 = const.Declare tensor<2x2xf32> = #const.Content<dense<1.0> : tensor<8x8xf32>, [#const.SubView<[1, 1], [5, 5]>, #const.SubView<[2, 0], [2, 2]>]>
  return %0 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @no_op_transformations
func.func @no_op_transformations() -> tensor<1x3xf32> {
  // CHECK: const.Declare tensor<1x3xf32> = #const.Content<dense<1.000000e+00> : tensor<1x3xf32>>
  %0 = const.Declare tensor<1x3xf32> = #const.Content<dense<1.0> : tensor<1x3xf32>, [#const.PadWithZero<[0, 0], [0, 0]>, #const.Broadcast<0, 1>, #const.Rescale<1.0>, #const.Add<0.0>]>
  return %0 : tensor<1x3xf32>
}

// -----

// CHECK-LABEL: func.func @quantcast_same_type
func.func @quantcast_same_type() -> tensor<2xi8> {
  // CHECK: const.Declare tensor<2xi8> = #const.Content<dense<1> : tensor<2xi8>>
  %0 = const.Declare tensor<2xi8> = #const.Content<dense<1> : tensor<2xi8>, [#const.QuantCast<!quant.uniform<i8:f32, 0.5>>, #const.QuantCast<!quant.uniform<i8:f32, 0.5>>, #const.QuantCast<i8>]>
  return %0 : tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @not_merged
func.func @not_merged() -> tensor<2xf32> {
  // CHECK: [#const.ConvertElemType<f16>, #const.ConvertElemType<f32>, #const.Rescale<2.000000e+00>, #const.Add<1.000000e+00>, #const.Rescale<2.000000e+00>]>
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.ConvertElemType<f16>, #const.ConvertElemType<f32>, #const.Rescale<2.0>, #const.Add<1.0>, #const.Rescale<2.0>]>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @cse
func.func @cse() -> (tensor<2xf32>, tensor<2xf32>) {
  // CHECK: %[[C:.+]] = const.Declare tensor<2xf32> = #const.Content<dense<1.000000e+00> : tensor<2xf32>, [#const.Rescale<2.000000e+00>]>
  // CHECK-NOT: const.Declare
  // CHECK: return %[[C]], %[[C]]
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Rescale<2.0>]>
  %1 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>, [#const.Rescale<2.0>]>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @quantcast_quantcast
func.func @quantcast_quantcast() -> tensor<2x!quant.uniform<i8:f32, 2.000000e+00:1>> {
  // CHECK: [#const.QuantCast<!quant.uniform<i8:f32, 2.000000e+00:1>>]>
  %0 = const.Declare tensor<2x!quant.uniform<i8:f32, 2.0:1>> = #const.Content<dense<1> : tensor<2xi8>, [#const.QuantCast<!quant.uniform<i8:f32, 0.5>>, #const.QuantCast<!quant.uniform<i8:f32, 2.0:1>>]>
  return %0 : tensor<2x!quant.uniform<i8:f32, 2.0:1>>
}

// -----

// CHECK-LABEL: func.func @transpose_transpose
func.func @transpose_transpose() -> tensor<2x3x4xf32> {
  // [1, 2, 0] then [0, 2, 1] reads input dims [1, 0, 2].
  // CHECK: const.Declare tensor<2x3x4xf32> = #const.Content<dense<1.000000e+00> : tensor<3x2x4xf32>, [#const.Transpose<[1, 0, 2]>]>
  %0 = const.Declare tensor<2x3x4xf32> = #const.Content<dense<1.0> : tensor<3x2x4xf32>, [#const.Transpose<[1, 2, 0]>, #const.Transpose<[0, 2, 1]>]>
  return %0 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_and_back
func.func @transpose_and_back() -> tensor<2x3xf32> {
  // CHECK: const.Declare tensor<2x3xf32> = #const.Content<dense<1.000000e+00> : tensor<2x3xf32>>
  %0 = const.Declare tensor<2x3xf32> = #const.Content<dense<1.0> : tensor<2x3xf32>, [#const.Transpose<[1, 0]>, #const.Transpose<[1, 0]>]>
  return %0 : tensor<2x3xf32>
}

// -----

// A transpose of a square tensor keeps the type but moves data: it stays.
// CHECK-LABEL: func.func @transpose_square
func.func @transpose_square() -> tensor<2x2xf32> {
  // CHECK: [#const.Transpose<[1, 0]>]>
  %0 = const.Declare tensor<2x2xf32> = #const.Content<dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, [#const.Transpose<[1, 0]>]>
  return %0 : tensor<2x2xf32>
}

// -----

#NC = affine_map<(d0, d1) -> (d1, d0)>
// An identity transpose of a reordered input drops the order: it stays.
// CHECK-LABEL: func.func @transpose_identity_of_reordered
func.func @transpose_identity_of_reordered() -> tensor<2x3xf32> {
  // CHECK: [#const.Reorder<#{{.*}}>, #const.Transpose<[0, 1]>]>
  %0 = const.Declare tensor<2x3xf32> = #const.Content<dense<1.0> : tensor<2x3xf32>, [#const.Reorder<#NC>, #const.Transpose<[0, 1]>]>
  return %0 : tensor<2x3xf32>
}

// -----

// Constant buffers simplify their content the same way.
// CHECK-LABEL: func.func @buffer_reshape_reshape
func.func @buffer_reshape_reshape() -> memref<4x2xf32> {
  // CHECK: const.Declare memref<4x2xf32> = #const.Content<dense<1.000000e+00> : tensor<8xf32>, [#const.Reshape<[4, 2]>]>
  %0 = const.Declare memref<4x2xf32> = #const.Content<dense<1.0> : tensor<8xf32>, [#const.Reshape<[2, 4]>, #const.Reshape<[4, 2]>]>
  return %0 : memref<4x2xf32>
}
