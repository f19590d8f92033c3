// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s

// CHECK-DAG: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @weights
func.func @weights() -> tensor<1x16x3x3xf16, #NHWC> {
  // CHECK: const.Declare tensor<1x16x3x3xf16, #[[$NHWC]]> = #const.Content<dense<1.000000e+00> : tensor<16x3x3xf32>, [#const.Reshape<[1, 16, 3, 3]>, #const.ConvertElemType<f16>, #const.Reorder<#[[$NHWC]]>]>
  %0 = const.Declare tensor<1x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x3x3xf32>,
         [#const.Reshape<[1, 16, 3, 3]>, #const.ConvertElemType<f16>, #const.Reorder<#NHWC>]>
  return %0 : tensor<1x16x3x3xf16, #NHWC>
}

// -----

// CHECK-LABEL: func.func @no_transformations
func.func @no_transformations() -> tensor<2xi32> {
  // CHECK: const.Declare tensor<2xi32> = #const.Content<dense<[1, 2]> : tensor<2xi32>>
  %0 = const.Declare tensor<2xi32> = #const.Content<dense<[1, 2]> : tensor<2xi32>>
  return %0 : tensor<2xi32>
}

// -----

// CHECK-LABEL: func.func @pad_subview_broadcast
func.func @pad_subview_broadcast() -> tensor<4x3xf32> {
  // CHECK: #const.Content<dense<{{.*}}> : tensor<1x2xf32>, [#const.PadWithZero<[0, 1], [0, 2]>, #const.Broadcast<0, 6>, #const.SubView<[1, 1], [4, 3]>]>
  %0 = const.Declare tensor<4x3xf32> = #const.Content<dense<[[1.0, 2.0]]> : tensor<1x2xf32>,
         [#const.PadWithZero<[0, 1], [0, 2]>, #const.Broadcast<0, 6>, #const.SubView<[1, 1], [4, 3]>]>
  return %0 : tensor<4x3xf32>
}

// -----

// CHECK-LABEL: func.func @rescale_add
func.func @rescale_add() -> tensor<2xbf16> {
  // CHECK: [#const.ConvertElemType<bf16>, #const.Rescale<2.500000e-01>, #const.Add<-1.500000e+00>]
  %0 = const.Declare tensor<2xbf16> = #const.Content<dense<[1.0, 2.0]> : tensor<2xf32>,
         [#const.ConvertElemType<bf16>, #const.Rescale<0.25>, #const.Add<-1.5>]>
  return %0 : tensor<2xbf16>
}

// -----

// CHECK-LABEL: func.func @quant_per_tensor
func.func @quant_per_tensor() -> tensor<2xf32> {
  // CHECK: [#const.QuantCast<!quant.uniform<i8:f32, 5.000000e-01:10>>, #const.Dequantize]
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<[1, 2]> : tensor<2xi8>,
         [#const.QuantCast<!quant.uniform<i8:f32, 0.5:10>>, #const.Dequantize]>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @quant_per_axis
func.func @quant_per_axis() -> tensor<2x1x!quant.uniform<u8:f16:0, {1.0:128, 2.0:120}>> {
  // CHECK: const.Declare tensor<2x1x!quant.uniform<u8:f16:0, {1.000000e+00:128,2.000000e+00:120}>> = #const.Content<dense<{{.*}}> : tensor<2x1xui8>, [#const.QuantCast<!quant.uniform<u8:f16:0, {1.000000e+00:128,2.000000e+00:120}>>]>
  %0 = const.Declare tensor<2x1x!quant.uniform<u8:f16:0, {1.0:128, 2.0:120}>> =
         #const.Content<dense<[[1], [2]]> : tensor<2x1xui8>,
         [#const.QuantCast<!quant.uniform<u8:f16:0, {1.0:128, 2.0:120}>>]>
  return %0 : tensor<2x1x!quant.uniform<u8:f16:0, {1.0:128, 2.0:120}>>
}

// -----

// CHECK-LABEL: func.func @int_conversions
func.func @int_conversions() -> tensor<3xi1> {
  // CHECK: #const.Content<dense<[1, -2, 300]> : tensor<3xi16>, [#const.ConvertElemType<i8>, #const.ConvertElemType<f32>, #const.ConvertElemType<i1>]>
  %0 = const.Declare tensor<3xi1> = #const.Content<dense<[1, -2, 300]> : tensor<3xi16>,
         [#const.ConvertElemType<i8>, #const.ConvertElemType<f32>, #const.ConvertElemType<i1>]>
  return %0 : tensor<3xi1>
}

// -----

// CHECK-LABEL: func.func @resource_base
func.func @resource_base() -> tensor<2xf32> {
  // CHECK: #const.Content<dense_resource<weights> : tensor<2xf32>, [#const.Rescale<2.000000e+00>]>
  %0 = const.Declare tensor<2xf32> = #const.Content<dense_resource<weights> : tensor<2xf32>, [#const.Rescale<2.0>]>
  return %0 : tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @transpose
func.func @transpose() -> tensor<3x1x2xf32> {
  // CHECK: #const.Content<dense<{{.*}}> : tensor<1x2x3xf32>, [#const.Transpose<[2, 0, 1]>]>
  %0 = const.Declare tensor<3x1x2xf32> = #const.Content<dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<1x2x3xf32>, [#const.Transpose<[2, 0, 1]>]>
  return %0 : tensor<3x1x2xf32>
}

// -----

// Constant buffers (the VPUIP and VPURT levels).
// CHECK-DAG: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @buffers
func.func @buffers() -> (memref<2x3xf16>, memref<1x16x3x3xf16, #NHWC>) {
  // CHECK: const.Declare memref<2x3xf16> = #const.Content<dense<1.000000e+00> : tensor<6xf32>, [#const.Reshape<[2, 3]>, #const.ConvertElemType<f16>]>
  %0 = const.Declare memref<2x3xf16> = #const.Content<dense<1.0> : tensor<6xf32>, [#const.Reshape<[2, 3]>, #const.ConvertElemType<f16>]>
  // CHECK: const.Declare memref<1x16x3x3xf16, #[[$NHWC]]> = #const.Content<dense<2.000000e+00> : tensor<1x16x3x3xf16>, [#const.Reorder<#[[$NHWC]]>]>
  %1 = const.Declare memref<1x16x3x3xf16, #NHWC> = #const.Content<dense<2.0> : tensor<1x16x3x3xf16>, [#const.Reorder<#NHWC>]>
  return %0, %1 : memref<2x3xf16>, memref<1x16x3x3xf16, #NHWC>
}
