// RUN: vpuc-opt %s --vpuc-ie-use-user-layout --split-input-file | FileCheck %s

// An NHWC image into a network computing in NCHW, an NCHW result out of it.

// CHECK-DAG:   #[[$NCHW:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[ARG:.+]]: tensor<1x3x8x8xf32, #[[$NHWC]]>) -> tensor<1x3x8x8xf32>
// CHECK-NEXT:    %[[IN:.+]] = IE.Reorder(%[[ARG]]) {dstOrder = #[[$NCHW]]} : tensor<1x3x8x8xf32, #[[$NHWC]]> -> tensor<1x3x8x8xf32>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[IN]]) : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
// CHECK-NEXT:    return %[[R]] : tensor<1x3x8x8xf32>

// The network description is kept.
// CHECK:       IE.DataInfo "data" : tensor<1x3x8x8xf32> precision f32 layout #[[$NHWC]]
// CHECK:       IE.DataInfo "prob" : tensor<1x3x8x8xf32> precision f32

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @main(%arg0: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32> {
  %0 = IE.ReLU(%arg0) : tensor<1x3x8x8xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "data" : tensor<1x3x8x8xf32> precision f32 layout #NHWC
} outputsInfo : {
  IE.DataInfo "prob" : tensor<1x3x8x8xf32> precision f32
}

// -----

// Outputs too; only the inputs and outputs whose layout differs change, the reorders of the
// inputs come in argument order, and an argument returned as it is reorders twice. Any
// rank and dynamic dims work.

// CHECK-DAG:   #[[$ID3:.+]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG:   #[[$HWC:.+]] = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
// CHECK-DAG:   #[[$CN:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @net
// CHECK-SAME:    (%[[A:.+]]: tensor<3x?x5xf16, #[[$HWC]]>, %[[B:.+]]: tensor<2x3xf16>, %[[C:.+]]: tensor<4x2xf16, #[[$CN]]>)
// CHECK-SAME:    -> (tensor<3x?x5xf16, #[[$HWC]]>, tensor<2x3xf16, #[[$CN]]>, tensor<4x2xf16>)
// CHECK-NEXT:    %[[A0:.+]] = IE.Reorder(%[[A]]) {dstOrder = #[[$ID3]]} : tensor<3x?x5xf16, #[[$HWC]]> -> tensor<3x?x5xf16>
// CHECK-NEXT:    %[[C0:.+]] = IE.Reorder(%[[C]]) {dstOrder = #{{.+}}} : tensor<4x2xf16, #[[$CN]]> -> tensor<4x2xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[A0]]) : tensor<3x?x5xf16> -> tensor<3x?x5xf16>
// CHECK-NEXT:    %[[N:.+]] = IE.Negative(%[[B]]) : tensor<2x3xf16> -> tensor<2x3xf16>
// CHECK-NEXT:    %[[R1:.+]] = IE.Reorder(%[[R]]) {dstOrder = #[[$HWC]]} : tensor<3x?x5xf16> -> tensor<3x?x5xf16, #[[$HWC]]>
// CHECK-NEXT:    %[[N1:.+]] = IE.Reorder(%[[N]]) {dstOrder = #[[$CN]]} : tensor<2x3xf16> -> tensor<2x3xf16, #[[$CN]]>
// CHECK-NEXT:    return %[[R1]], %[[N1]], %[[C0]]
#HWC = affine_map<(d0, d1, d2) -> (d1, d2, d0)>
#CN = affine_map<(d0, d1) -> (d1, d0)>
func.func @net(%a: tensor<3x?x5xf16>, %b: tensor<2x3xf16>, %c: tensor<4x2xf16>)
    -> (tensor<3x?x5xf16>, tensor<2x3xf16>, tensor<4x2xf16>) {
  %0 = IE.ReLU(%a) : tensor<3x?x5xf16> -> tensor<3x?x5xf16>
  %1 = IE.Negative(%b) : tensor<2x3xf16> -> tensor<2x3xf16>
  return %0, %1, %c : tensor<3x?x5xf16>, tensor<2x3xf16>, tensor<4x2xf16>
}
IE.CNNNetwork entryPoint : @net inputsInfo : {
  IE.DataInfo "a" : tensor<3x?x5xf16> precision f16 layout #HWC
  IE.DataInfo "b" : tensor<2x3xf16> precision f16
  IE.DataInfo "c" : tensor<4x2xf16> precision f16 layout #CN
} outputsInfo : {
  IE.DataInfo "r" : tensor<3x?x5xf16> precision f16 layout #HWC
  IE.DataInfo "n" : tensor<2x3xf16> precision f16 layout #CN
  IE.DataInfo "c_out" : tensor<4x2xf16> precision f16
}

// -----

// A body that computes in NHWC and a user who exchanges row-major buffers: the signature
// becomes row-major and the body keeps its order. An identity layout is the default order.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-DAG:   #[[$NCHW:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @nhwc_body
// CHECK-SAME:    (%[[A:.+]]: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK-NEXT:    %[[IN:.+]] = IE.Reorder(%[[A]]) {dstOrder = #[[$NHWC]]} : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[IN]]) : tensor<1x2x3x4xf32, #[[$NHWC]]> -> tensor<1x2x3x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[OUT:.+]] = IE.Reorder(%[[R]]) {dstOrder = #[[$NCHW]]} : tensor<1x2x3x4xf32, #[[$NHWC]]> -> tensor<1x2x3x4xf32>
// CHECK-NEXT:    return %[[OUT]] : tensor<1x2x3x4xf32>
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @nhwc_body(%a: tensor<1x2x3x4xf32, #NHWC>) -> tensor<1x2x3x4xf32, #NHWC> {
  %0 = IE.ReLU(%a) : tensor<1x2x3x4xf32, #NHWC> -> tensor<1x2x3x4xf32, #NHWC>
  return %0 : tensor<1x2x3x4xf32, #NHWC>
}
IE.CNNNetwork entryPoint : @nhwc_body inputsInfo : {
  IE.DataInfo "a" : tensor<1x2x3x4xf32> precision f32
} outputsInfo : {
  IE.DataInfo "b" : tensor<1x2x3x4xf32> precision f32 layout affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
}

// -----

// Layouts that equal the orders of the signature (and scalars): nothing changes; other
// functions are not touched.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func private @same
// CHECK-SAME:    (%[[A:.+]]: tensor<1x2x3x4xui8, #[[$NHWC]]>, %[[B:.+]]: tensor<f32>) -> tensor<1x2x3x4xui8, #[[$NHWC]]>
// CHECK-NEXT:    return %[[A]]
// CHECK-LABEL: func.func @other
// CHECK-SAME:    (%{{.+}}: tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK-NEXT:    return
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func private @same(%a: tensor<1x2x3x4xui8, #NHWC>, %b: tensor<f32>) -> tensor<1x2x3x4xui8, #NHWC> {
  return %a : tensor<1x2x3x4xui8, #NHWC>
}
func.func @other(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  return %a : tensor<2x2xf32>
}
IE.CNNNetwork entryPoint : @same inputsInfo : {
  IE.DataInfo "a" : tensor<1x2x3x4xui8> precision ui8 layout #NHWC
  IE.DataInfo "b" : tensor<f32> precision f32
} outputsInfo : {
  IE.DataInfo "c" : tensor<1x2x3x4xui8> precision ui8 layout #NHWC
}

// -----

// Without IE.CNNNetwork there is nothing to adapt.

// CHECK-LABEL: func.func @no_network
// CHECK-SAME:    (%{{.+}}: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
// CHECK-NEXT:    IE.ReLU
func.func @no_network(%a: tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32> {
  %0 = IE.ReLU(%a) : tensor<1x2x3x4xf32> -> tensor<1x2x3x4xf32>
  return %0 : tensor<1x2x3x4xf32>
}
