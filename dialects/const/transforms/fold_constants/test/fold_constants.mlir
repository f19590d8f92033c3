// RUN: vpuc-opt %s --split-input-file -vpuc-const-fold | FileCheck %s
// RUN: vpuc-opt %s --split-input-file -vpuc-const-fold="resource-threshold-bytes=4" | FileCheck %s --check-prefix=RESOURCE

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-DAG: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @reorder
// RESOURCE-LABEL: func.func @reorder
func.func @reorder() -> tensor<1x2x2x2xf16, #NHWC> {
  // The base is stored in the NHWC memory order of its type.
  // CHECK: const.Declare tensor<1x2x2x2xf16, #[[$NHWC]]> = #const.Content<dense<{{\[\[\[\[}}1.500000e+00, 3.500000e+00], [2.000000e+00, 4.000000e+00]], {{\[\[}}2.500000e+00, 4.500000e+00], [3.000000e+00, 5.000000e+00]]]]> : tensor<1x2x2x2xf16, #[[$NHWC]]>>
  // RESOURCE: const.Declare tensor<1x2x2x2xf16, #{{.+}}> = #const.Content<dense_resource<[[BLOB:.+]]> : tensor<1x2x2x2xf16, #{{.+}}>>
  %0 = const.Declare tensor<1x2x2x2xf16, #NHWC> = #const.Content<dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>,
         [#const.Reshape<[1, 2, 2, 2]>, #const.ConvertElemType<f16>, #const.Reorder<#NHWC>, #const.Rescale<0.5>, #const.Add<1.0>]>
  return %0 : tensor<1x2x2x2xf16, #NHWC>
}
// RESOURCE: [[BLOB]]: "0x08000000003E0043004000440041804400420045"

// -----

// CHECK-LABEL: func.func @splat
// RESOURCE-LABEL: func.func @splat
func.func @splat() -> tensor<64x64xf16> {
  // Splats stay dense splats whatever their size.
  // CHECK: const.Declare tensor<64x64xf16> = #const.Content<dense<3.000000e+00> : tensor<64x64xf16>>
  // RESOURCE: const.Declare tensor<64x64xf16> = #const.Content<dense<3.000000e+00> : tensor<64x64xf16>>
  %0 = const.Declare tensor<64x64xf16> = #const.Content<dense<1.5> : tensor<4096xf32>,
         [#const.ConvertElemType<f16>, #const.Reshape<[64, 64]>, #const.Rescale<2.0>]>
  return %0 : tensor<64x64xf16>
}

// -----

// CHECK-LABEL: func.func @quantized
func.func @quantized() -> (tensor<3x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<2xf32>) {
  // Quantized content keeps a QuantCast on the storage-typed base.
  // CHECK: const.Declare tensor<3x!quant.uniform<i8:f32, 5.000000e-01:2>> = #const.Content<dense<[2, 5, 6]> : tensor<3xi8>, [#const.QuantCast<!quant.uniform<i8:f32, 5.000000e-01:2>>]>
  %0 = const.Declare tensor<3x!quant.uniform<i8:f32, 0.5:2>> = #const.Content<dense<[5, 6]> : tensor<2xi8>,
         [#const.QuantCast<!quant.uniform<i8:f32, 0.5:2>>, #const.PadWithZero<[1], [0]>]>
  // CHECK: const.Declare tensor<2xf32> = #const.Content<dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf32>>
  %1 = const.Declare tensor<2xf32> = #const.Content<dense<[5, 6]> : tensor<2xi8>,
         [#const.QuantCast<!quant.uniform<i8:f32, 0.5:2>>, #const.Dequantize]>
  return %0, %1 : tensor<3x!quant.uniform<i8:f32, 0.5:2>>, tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @bool
func.func @bool() -> tensor<3xi1> {
  // CHECK: const.Declare tensor<3xi1> = #const.Content<dense<[true, false, true]> : tensor<3xi1>>
  %0 = const.Declare tensor<3xi1> = #const.Content<dense<[2.0, 0.0, -1.0]> : tensor<3xf32>, [#const.ConvertElemType<i1>]>
  return %0 : tensor<3xi1>
}

// -----

// CHECK-LABEL: func.func @already_folded
func.func @already_folded() -> tensor<2xf32> {
  // CHECK: const.Declare tensor<2xf32> = #const.Content<dense_resource<blob> : tensor<2xf32>>
  %0 = const.Declare tensor<2xf32> = #const.Content<dense_resource<blob> : tensor<2xf32>>
  return %0 : tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F00000040"
    }
  }
#-}
