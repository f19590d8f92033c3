// RUN: vpuc-opt %s --vpuc-ie-use-user-precision --split-input-file | FileCheck %s

// An ui8 image into an f32 network, an f16 result out of it.

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[ARG:.+]]: tensor<1x8xui8>) -> tensor<1x8xf16>
// CHECK-NEXT:    %[[IN:.+]] = IE.Convert(%[[ARG]]) {dstElemType = f32} : tensor<1x8xui8> -> tensor<1x8xf32>
// CHECK-NEXT:    %[[SM:.+]] = IE.SoftMax(%[[IN]]) {axis = 1 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
// CHECK-NEXT:    %[[OUT:.+]] = IE.Convert(%[[SM]]) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
// CHECK-NEXT:    return %[[OUT]] : tensor<1x8xf16>

// The network description is kept.
// CHECK:       IE.DataInfo "data" : tensor<1x8xf32> precision ui8
// CHECK:       IE.DataInfo "prob" : tensor<1x8xf32> precision f16

func.func @main(%arg0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %0 = IE.SoftMax(%arg0) {axis = 1 : i64} : tensor<1x8xf32> -> tensor<1x8xf32>
  return %0 : tensor<1x8xf32>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "data" : tensor<1x8xf32> precision ui8
} outputsInfo : {
  IE.DataInfo "prob" : tensor<1x8xf32> precision f16
}

// -----

// Only the inputs and outputs whose precision differs change; the converts of the inputs
// come in argument order. An argument returned as it is converts twice.

// CHECK-LABEL: func.func @net
// CHECK-SAME:    (%[[A:.+]]: tensor<2xf16>, %[[B:.+]]: tensor<3xsi32>, %[[C:.+]]: tensor<4xf16>)
// CHECK-SAME:    -> (tensor<2xf32>, tensor<3xf16>, tensor<4xf32>)
// CHECK-NEXT:    %[[A32:.+]] = IE.Convert(%[[A]]) {dstElemType = f32} : tensor<2xf16> -> tensor<2xf32>
// CHECK-NEXT:    %[[C32:.+]] = IE.Convert(%[[C]]) {dstElemType = f32} : tensor<4xf16> -> tensor<4xf32>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[A32]]) : tensor<2xf32> -> tensor<2xf32>
// CHECK-NEXT:    %[[N:.+]] = IE.Negative(%[[B]]) : tensor<3xsi32> -> tensor<3xsi32>
// CHECK-NEXT:    %[[N16:.+]] = IE.Convert(%[[N]]) {dstElemType = f16} : tensor<3xsi32> -> tensor<3xf16>
// CHECK-NEXT:    return %[[R]], %[[N16]], %[[C32]] : tensor<2xf32>, tensor<3xf16>, tensor<4xf32>
func.func @net(%a: tensor<2xf32>, %b: tensor<3xsi32>, %c: tensor<4xf32>)
    -> (tensor<2xf32>, tensor<3xsi32>, tensor<4xf32>) {
  %0 = IE.ReLU(%a) : tensor<2xf32> -> tensor<2xf32>
  %1 = IE.Negative(%b) : tensor<3xsi32> -> tensor<3xsi32>
  return %0, %1, %c : tensor<2xf32>, tensor<3xsi32>, tensor<4xf32>
}
IE.CNNNetwork entryPoint : @net inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f16
  IE.DataInfo "b" : tensor<3xsi32> precision si32
  IE.DataInfo "c" : tensor<4xf32> precision f16
} outputsInfo : {
  IE.DataInfo "r" : tensor<2xf32> precision f32
  IE.DataInfo "n" : tensor<3xsi32> precision f16
  IE.DataInfo "c_out" : tensor<4xf32> precision f32
}

// -----

// A pass-through input and output both with an f16 user precision: two converts.

// CHECK-LABEL: func.func @identity
// CHECK-SAME:    (%[[A:.+]]: tensor<2xf16>) -> tensor<2xf16>
// CHECK-NEXT:    %[[UP:.+]] = IE.Convert(%[[A]]) {dstElemType = f32} : tensor<2xf16> -> tensor<2xf32>
// CHECK-NEXT:    %[[DOWN:.+]] = IE.Convert(%[[UP]]) {dstElemType = f16} : tensor<2xf32> -> tensor<2xf16>
// CHECK-NEXT:    return %[[DOWN]] : tensor<2xf16>
func.func @identity(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
IE.CNNNetwork entryPoint : @identity inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f16
} outputsInfo : {
  IE.DataInfo "b" : tensor<2xf32> precision f16
}

// -----

// Layout encodings and dynamic dims are kept; the entry point may be private, and other
// functions are not touched.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func private @net
// CHECK-SAME:    (%[[A:.+]]: tensor<?x3x4x4xui8, #[[$NHWC]]>) -> tensor<?x3x4x4xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[IN:.+]] = IE.Convert(%[[A]]) {dstElemType = f32} : tensor<?x3x4x4xui8, #[[$NHWC]]> -> tensor<?x3x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[IN]]) : tensor<?x3x4x4xf32, #[[$NHWC]]> -> tensor<?x3x4x4xf32, #[[$NHWC]]>
// CHECK-NEXT:    %[[OUT:.+]] = IE.Convert(%[[R]]) {dstElemType = f16} : tensor<?x3x4x4xf32, #[[$NHWC]]> -> tensor<?x3x4x4xf16, #[[$NHWC]]>
// CHECK-NEXT:    return %[[OUT]]
// CHECK-LABEL: func.func @other
// CHECK-SAME:    (%{{.+}}: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func private @net(%a: tensor<?x3x4x4xf32, #NHWC>) -> tensor<?x3x4x4xf32, #NHWC> {
  %0 = IE.ReLU(%a) : tensor<?x3x4x4xf32, #NHWC> -> tensor<?x3x4x4xf32, #NHWC>
  return %0 : tensor<?x3x4x4xf32, #NHWC>
}
func.func @other(%a: tensor<2xf32>) -> tensor<2xf32> {
  return %a : tensor<2xf32>
}
IE.CNNNetwork entryPoint : @net inputsInfo : {
  IE.DataInfo "a" : tensor<?x3x4x4xf32> precision ui8 layout #NHWC
} outputsInfo : {
  IE.DataInfo "b" : tensor<?x3x4x4xf32> precision f16 layout #NHWC
}

// -----

// Precisions that equal the element types: nothing changes.

// CHECK-LABEL: func.func @same
// CHECK-SAME:    (%[[A:.+]]: tensor<2xf32>, %[[B:.+]]: tensor<2xi1>) -> tensor<2xf32>
// CHECK-NEXT:    %[[S:.+]] = IE.Select(%[[B]], %[[A]], %[[A]])
// CHECK-NEXT:    return %[[S]] : tensor<2xf32>
func.func @same(%a: tensor<2xf32>, %b: tensor<2xi1>) -> tensor<2xf32> {
  %0 = IE.Select(%b, %a, %a) : tensor<2xi1>, tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
IE.CNNNetwork entryPoint : @same inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f32
  IE.DataInfo "b" : tensor<2xi1> precision i1
} outputsInfo : {
  IE.DataInfo "s" : tensor<2xf32> precision f32
}

// -----

// A boolean input from u8 user data.

// CHECK-LABEL: func.func @mask
// CHECK-SAME:    (%[[A:.+]]: tensor<2xf32>, %[[B:.+]]: tensor<2xui8>) -> tensor<2xf32>
// CHECK-NEXT:    %[[M:.+]] = IE.Convert(%[[B]]) {dstElemType = i1} : tensor<2xui8> -> tensor<2xi1>
// CHECK-NEXT:    IE.Select(%[[M]], %[[A]], %[[A]])
func.func @mask(%a: tensor<2xf32>, %b: tensor<2xi1>) -> tensor<2xf32> {
  %0 = IE.Select(%b, %a, %a) : tensor<2xi1>, tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
IE.CNNNetwork entryPoint : @mask inputsInfo : {
  IE.DataInfo "a" : tensor<2xf32> precision f32
  IE.DataInfo "b" : tensor<2xi1> precision ui8
} outputsInfo : {
  IE.DataInfo "s" : tensor<2xf32> precision f32
}

// -----

// Without IE.CNNNetwork there is nothing to adapt.

// CHECK-LABEL: func.func @no_network
// CHECK-SAME:    (%{{.+}}: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    IE.ReLU
func.func @no_network(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = IE.ReLU(%a) : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
