// RUN: vpuc-opt %s --vpuc-ie-expose-layer-outputs="layers=*" --split-input-file --mlir-print-debuginfo | FileCheck %s
// RUN: vpuc-opt %s --vpuc-ie-expose-layer-outputs="layers=sig" --split-input-file | FileCheck %s --check-prefix=ONE
// RUN: vpuc-opt %s --vpuc-ie-expose-layer-outputs --split-input-file | FileCheck %s --check-prefix=NONE

// Every layer: the fused conv+relu computes the output of `relu` (`conv` is absorbed) in NHWC,
// so it is reordered to row-major under its own location; the reorder the compiler put after
// `sig` carries its name, so `sig`'s output is the reorder's. The network output is returned
// again as the output of `convert`.

// CHECK-LABEL: func.func @main
// CHECK-SAME:    -> (tensor<1x16x4x4xf32>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf32>)
// CHECK:         %[[CONV:.+]] = IE.Convolution{{.+}}loc(#[[LOC:.+]])
// CHECK:         %[[SIG:.+]] = IE.Sigmoid(%[[CONV]])
// CHECK:         %[[SIGROW:.+]] = IE.Reorder(%[[SIG]])
// CHECK:         %[[OUT:.+]] = IE.Convert(%[[SIGROW]])
// CHECK:         %[[ROW:.+]] = IE.Reorder(%[[CONV]]) {dstOrder = #{{.+}}} : tensor<1x16x4x4xf16, #{{.+}}> -> tensor<1x16x4x4xf16> loc(#[[LOC]])
// CHECK:         return %[[OUT]], %[[ROW]], %[[SIGROW]], %[[OUT]]
// CHECK:       IE.DataInfo "out" : tensor<1x16x4x4xf32> precision f32
// CHECK-NEXT:  IE.DataInfo "layer:relu" : tensor<1x16x4x4xf16> precision f16
// CHECK-NEXT:  IE.DataInfo "layer:sig" : tensor<1x16x4x4xf16> precision f16
// CHECK-NEXT:  IE.DataInfo "layer:convert" : tensor<1x16x4x4xf32> precision f32

// ONE-LABEL: func.func @main
// ONE-SAME:    -> (tensor<1x16x4x4xf32>, tensor<1x16x4x4xf16>)
// ONE:       IE.DataInfo "out"
// ONE-NEXT:  IE.DataInfo "layer:sig" : tensor<1x16x4x4xf16> precision f16
// ONE-NEXT:  }

// NONE-LABEL: func.func @main
// NONE-SAME:    -> tensor<1x16x4x4xf32>
// NONE-NOT:   layer:

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
#NCHW = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @main(%arg0: tensor<1x16x4x4xf16, #NHWC>) -> tensor<1x16x4x4xf32> {
  %w = const.Declare tensor<16x16x1x1xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x1x1xf16>, [#const.Reorder<#NHWC>]>
  %0 = IE.Convolution(%arg0, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x16x4x4xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC> loc(fused["conv", "relu"])
  %1 = IE.Sigmoid(%0) : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC> loc("sig")
  %2 = IE.Reorder(%1) {dstOrder = #NCHW} : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16> loc("sig")
  %3 = IE.Convert(%2) {dstElemType = f32} : tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf32> loc("convert")
  return %3 : tensor<1x16x4x4xf32>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "in" : tensor<1x16x4x4xf32> precision f32
} outputsInfo : {
  IE.DataInfo "out" : tensor<1x16x4x4xf32> precision f32
}

// -----

// A quantized output is dequantized to f16 under the layer's location; a value returned twice
// is one output.

// CHECK-LABEL: func.func @quantized
// CHECK:         %[[SIG:.+]] = IE.Reshape
// CHECK:         %[[DQ:.+]] = IE.Dequantize(%[[SIG]]) {dstElemType = f16}
// CHECK:         %[[EXP:.+]] = IE.Dequantize(%[[SIG]]) {dstElemType = f16} : tensor<8x!quant.uniform<u8:f16, 5.000000e-01:128>> -> tensor<8xf16> loc(#[[SIGLOC:.+]])
// CHECK:         return %[[DQ]], %[[DQ]], %[[EXP]], %[[DQ]] :
// CHECK:       IE.DataInfo "layer:sig" : tensor<8xf16> precision f16
// CHECK-NEXT:  IE.DataInfo "layer:dq" : tensor<8xf16> precision f16
// CHECK-NEXT:  }

// CHECK:       #[[SIGLOC]] = loc("sig")

// ONE-LABEL: func.func @quantized
// ONE-SAME:    -> (tensor<8xf16>, tensor<8xf16>, tensor<8xf16>)
// ONE:       IE.DataInfo "b"
// ONE-NEXT:  IE.DataInfo "layer:sig" : tensor<8xf16> precision f16
// ONE-NEXT:  }

func.func @quantized(%arg0: tensor<1x8x!quant.uniform<u8:f16, 0.5:128>>) -> (tensor<8xf16>, tensor<8xf16>) {
  %0 = IE.Reshape(%arg0) {shape = array<i64: 8>} : tensor<1x8x!quant.uniform<u8:f16, 0.5:128>> -> tensor<8x!quant.uniform<u8:f16, 0.5:128>> loc("sig")
  %1 = IE.Dequantize(%0) {dstElemType = f16} : tensor<8x!quant.uniform<u8:f16, 0.5:128>> -> tensor<8xf16> loc("dq")
  return %1, %1 : tensor<8xf16>, tensor<8xf16>
}
IE.CNNNetwork entryPoint : @quantized inputsInfo : {
  IE.DataInfo "in" : tensor<1x8xf32> precision ui8
} outputsInfo : {
  IE.DataInfo "a" : tensor<8xf32> precision f16
  IE.DataInfo "b" : tensor<8xf32> precision f16
}
