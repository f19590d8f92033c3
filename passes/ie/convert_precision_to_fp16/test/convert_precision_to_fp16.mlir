// RUN: vpuc-opt %s --vpuc-ie-convert-precision-to-fp16 --split-input-file | FileCheck %s

// The network entry point keeps its f32 signature: IE.Convert at the boundary, one per
// converted value. Constants convert lazily.

// CHECK-LABEL: func.func @main
// CHECK-SAME:    (%[[ARG:.+]]: tensor<1x8xf32>) -> tensor<1x8xf32>
// CHECK-DAG:     %[[IN:.+]] = IE.Convert(%[[ARG]]) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
// CHECK-DAG:     %[[CST:.+]] = const.Declare tensor<1x8xf16> = #const.Content<dense<1.000000e+00> : tensor<1x8xf32>, [#const.ConvertElemType<f16>]>
// CHECK:         %[[ADD:.+]] = IE.Add(%[[IN]], %[[CST]]) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
// CHECK-NEXT:    %[[MUL:.+]] = IE.Multiply(%[[IN]], %[[ADD]]) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
// CHECK-NEXT:    %[[OUT:.+]] = IE.Convert(%[[MUL]]) {dstElemType = f32} : tensor<1x8xf16> -> tensor<1x8xf32>
// CHECK-NEXT:    return %[[OUT]] : tensor<1x8xf32>
// CHECK:       IE.DataInfo "x" : tensor<1x8xf32> precision f32
// CHECK:       IE.DataInfo "y" : tensor<1x8xf32> precision f32
func.func @main(%arg0: tensor<1x8xf32>) -> tensor<1x8xf32> {
  %cst = const.Declare tensor<1x8xf32> = #const.Content<dense<1.0> : tensor<1x8xf32>>
  %0 = IE.Add(%arg0, %cst) : tensor<1x8xf32>, tensor<1x8xf32> -> tensor<1x8xf32>
  %1 = IE.Multiply(%arg0, %0) : tensor<1x8xf32>, tensor<1x8xf32> -> tensor<1x8xf32>
  return %1 : tensor<1x8xf32>
}
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "x" : tensor<1x8xf32> precision f32
} outputsInfo : {
  IE.DataInfo "y" : tensor<1x8xf32> precision f32
}

// -----

// A private entry point keeps its signature too.

// CHECK-LABEL: func.func private @net
// CHECK-SAME:    (%[[ARG:.+]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[IN:.+]] = IE.Convert(%[[ARG]]) {dstElemType = f16}
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[IN]]) : tensor<2xf16> -> tensor<2xf16>
// CHECK-NEXT:    %[[OUT:.+]] = IE.Convert(%[[R]]) {dstElemType = f32}
// CHECK-NEXT:    return %[[OUT]] : tensor<2xf32>
func.func private @net(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = IE.ReLU(%arg0) : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
IE.CNNNetwork entryPoint : @net inputsInfo : {
  IE.DataInfo "x" : tensor<2xf32> precision f32
} outputsInfo : {
  IE.DataInfo "y" : tensor<2xf32> precision f32
}

// -----

// Private functions are converted with their calls; integer and boolean tensors keep their
// types, and the dstElemType of IE.Convert follows.

// CHECK-LABEL: func.func private @helper
// CHECK-SAME:    (%[[X:.+]]: tensor<4xf16>, %[[I:.+]]: tensor<4xsi32>) -> (tensor<4xf16>, tensor<4xi1>, tensor<4xsi32>)
// CHECK-NEXT:    %[[F:.+]] = IE.Convert(%[[I]]) {dstElemType = f16} : tensor<4xsi32> -> tensor<4xf16>
// CHECK-NEXT:    %[[L:.+]] = IE.Less(%[[X]], %[[F]]) : tensor<4xf16>, tensor<4xf16> -> tensor<4xi1>
// CHECK-NEXT:    %[[T:.+]] = IE.Convert(%[[X]]) {dstElemType = si32} : tensor<4xf16> -> tensor<4xsi32>
// CHECK-NEXT:    return %[[F]], %[[L]], %[[T]] : tensor<4xf16>, tensor<4xi1>, tensor<4xsi32>
func.func private @helper(%arg0: tensor<4xf32>, %arg1: tensor<4xsi32>)
    -> (tensor<4xf32>, tensor<4xi1>, tensor<4xsi32>) {
  %0 = IE.Convert(%arg1) {dstElemType = f32} : tensor<4xsi32> -> tensor<4xf32>
  %1 = IE.Less(%arg0, %0) : tensor<4xf32>, tensor<4xf32> -> tensor<4xi1>
  %2 = IE.Convert(%arg0) {dstElemType = si32} : tensor<4xf32> -> tensor<4xsi32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xi1>, tensor<4xsi32>
}

// Ops of other dialects keep f32, with IE.Convert where they meet converted values.

// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xsi32>) -> (tensor<4xf32>, tensor<?xf32>)
// CHECK-DAG:     %[[A16:.+]] = IE.Convert(%[[A]]) {dstElemType = f16} : tensor<4xf32> -> tensor<4xf16>
// CHECK-DAG:     %[[E:.+]] = tensor.empty() : tensor<4xf32>
// CHECK:         %[[E16:.+]] = IE.Convert(%[[E]]) {dstElemType = f16} : tensor<4xf32> -> tensor<4xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[E16]]) : tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT:    %[[CALL:.+]]:3 = call @helper(%[[R]], %[[B]]) : (tensor<4xf16>, tensor<4xsi32>) -> (tensor<4xf16>, tensor<4xi1>, tensor<4xsi32>)
// CHECK-NEXT:    %[[S:.+]] = IE.Select(%[[CALL]]#1, %[[CALL]]#0, %[[A16]]) : tensor<4xi1>, tensor<4xf16>, tensor<4xf16> -> tensor<4xf16>
// CHECK-NEXT:    %[[S32:.+]] = IE.Convert(%[[S]]) {dstElemType = f32} : tensor<4xf16> -> tensor<4xf32>
// CHECK-NEXT:    %[[CAST:.+]] = tensor.cast %[[S32]] : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT:    return %[[S32]], %[[CAST]] : tensor<4xf32>, tensor<?xf32>
func.func @caller(%arg0: tensor<4xf32>, %arg1: tensor<4xsi32>) -> (tensor<4xf32>, tensor<?xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  %r = IE.ReLU(%e) : tensor<4xf32> -> tensor<4xf32>
  %0:3 = call @helper(%r, %arg1) : (tensor<4xf32>, tensor<4xsi32>)
      -> (tensor<4xf32>, tensor<4xi1>, tensor<4xsi32>)
  %1 = IE.Select(%0#1, %0#0, %arg0) : tensor<4xi1>, tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  %2 = tensor.cast %1 : tensor<4xf32> to tensor<?xf32>
  return %1, %2 : tensor<4xf32>, tensor<?xf32>
}

// -----

// A public function calling a public one: the call keeps f32.

// CHECK-LABEL: func.func @callee
// CHECK-SAME:    (%{{.+}}: tensor<2xf32>) -> tensor<2xf32>
// CHECK-LABEL: func.func @outer
// CHECK-SAME:    (%[[A:.+]]: tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    %[[A16:.+]] = IE.Convert(%[[A]]) {dstElemType = f16}
// CHECK-NEXT:    %[[N:.+]] = IE.Negative(%[[A16]]) : tensor<2xf16> -> tensor<2xf16>
// CHECK-NEXT:    %[[N32:.+]] = IE.Convert(%[[N]]) {dstElemType = f32}
// CHECK-NEXT:    %[[C:.+]] = call @callee(%[[N32]]) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK-NEXT:    return %[[C]] : tensor<2xf32>
func.func @callee(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = IE.Exp(%arg0) : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @outer(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = IE.Negative(%arg0) : tensor<2xf32> -> tensor<2xf32>
  %1 = call @callee(%0) : (tensor<2xf32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// Layout encodings, dynamic shapes and multi-result ops.

// CHECK-DAG:   #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @layout
// CHECK:         %[[R:.+]] = IE.ReLU(%{{.+}}) : tensor<?x4x2x2xf16, #[[$NHWC]]> -> tensor<?x4x2x2xf16, #[[$NHWC]]>
// CHECK-NEXT:    %[[S:.+]]:2 = IE.Split(%[[R]]) {axis = 1 : i64, splits = array<i64: 1, 3>} : tensor<?x4x2x2xf16, #[[$NHWC]]> -> tensor<?x1x2x2xf16, #[[$NHWC]]>, tensor<?x3x2x2xf16, #[[$NHWC]]>
// CHECK-NEXT:    IE.Convert(%[[S]]#1) {dstElemType = f32} : tensor<?x3x2x2xf16, #[[$NHWC]]> -> tensor<?x3x2x2xf32, #[[$NHWC]]>
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @layout(%arg0: tensor<?x4x2x2xf32, #NHWC>) -> tensor<?x3x2x2xf32, #NHWC> {
  %0 = IE.ReLU(%arg0) : tensor<?x4x2x2xf32, #NHWC> -> tensor<?x4x2x2xf32, #NHWC>
  %1:2 = IE.Split(%0) {axis = 1 : i64, splits = array<i64: 1, 3>}
      : tensor<?x4x2x2xf32, #NHWC> -> tensor<?x1x2x2xf32, #NHWC>, tensor<?x3x2x2xf32, #NHWC>
  return %1#1 : tensor<?x3x2x2xf32, #NHWC>
}

// -----

// Nothing to convert: f16, bf16 and integer tensors, and an f32 value that is only passed
// through.

// CHECK-LABEL: func.func @no_f32
// CHECK-NEXT:    %[[A:.+]] = IE.ReLU(%{{.+}}) : tensor<2xf16> -> tensor<2xf16>
// CHECK-NEXT:    %[[B:.+]] = IE.Exp(%{{.+}}) : tensor<2xbf16> -> tensor<2xbf16>
// CHECK-NEXT:    %[[D:.+]] = IE.Add(%{{.+}}, %{{.+}}) : tensor<2xsi64>, tensor<2xsi64> -> tensor<2xsi64>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[D]], %{{.+}} :
func.func @no_f32(%a: tensor<2xf16>, %b: tensor<2xbf16>, %d: tensor<2xsi64>, %f: tensor<2xf32>)
    -> (tensor<2xf16>, tensor<2xbf16>, tensor<2xsi64>, tensor<2xf32>) {
  %0 = IE.ReLU(%a) : tensor<2xf16> -> tensor<2xf16>
  %1 = IE.Exp(%b) : tensor<2xbf16> -> tensor<2xbf16>
  %3 = IE.Add(%d, %d) : tensor<2xsi64>, tensor<2xsi64> -> tensor<2xsi64>
  return %0, %1, %3, %f : tensor<2xf16>, tensor<2xbf16>, tensor<2xsi64>, tensor<2xf32>
}

// -----

// f64 is computed in f16 like f32 (a VPU has no f64 arithmetic): the f64 signature stays, with
// IE.Convert at the boundary; f64 constants and type attributes become f16.

// CHECK-LABEL: func.func @f64
// CHECK-SAME:    (%[[ARG:.+]]: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf32>)
// CHECK-NEXT:    %[[IN:.+]] = IE.Convert(%[[ARG]]) {dstElemType = f16} : tensor<2xf64> -> tensor<2xf16>
// CHECK-NEXT:    %[[CST:.+]] = const.Declare tensor<2xf16> = #const.Content<dense<1.000000e+00> : tensor<2xf64>, [#const.ConvertElemType<f16>]>
// CHECK-NEXT:    %[[ADD:.+]] = IE.Add(%[[IN]], %[[CST]]) : tensor<2xf16>, tensor<2xf16> -> tensor<2xf16>
// CHECK-NEXT:    %[[EXP:.+]] = IE.Exp(%[[ADD]]) : tensor<2xf16> -> tensor<2xf16>
// CHECK-NEXT:    %[[OUT0:.+]] = IE.Convert(%[[EXP]]) {dstElemType = f64} : tensor<2xf16> -> tensor<2xf64>
// CHECK-NEXT:    %[[CAST:.+]] = IE.Convert(%[[EXP]]) {dstElemType = f16} : tensor<2xf16> -> tensor<2xf16>
// CHECK-NEXT:    %[[OUT1:.+]] = IE.Convert(%[[CAST]]) {dstElemType = f32} : tensor<2xf16> -> tensor<2xf32>
// CHECK-NEXT:    return %[[OUT0]], %[[OUT1]] : tensor<2xf64>, tensor<2xf32>
func.func @f64(%a: tensor<2xf64>) -> (tensor<2xf64>, tensor<2xf32>) {
  %cst = const.Declare tensor<2xf64> = #const.Content<dense<1.0> : tensor<2xf64>>
  %0 = IE.Add(%a, %cst) : tensor<2xf64>, tensor<2xf64> -> tensor<2xf64>
  %1 = IE.Exp(%0) : tensor<2xf64> -> tensor<2xf64>
  %2 = IE.Convert(%1) {dstElemType = f32} : tensor<2xf64> -> tensor<2xf32>
  return %1, %2 : tensor<2xf64>, tensor<2xf32>
}

// -----

// After vpuc-ie-use-user-precision with an f16 user input: the convert to the network's
// precision becomes an f16 -> f16 convert, which folds away (canonicalize).

// CHECK-LABEL: func.func @user_f16
// CHECK-SAME:    (%[[ARG:.+]]: tensor<2xf16>) -> tensor<2xf32>
// CHECK-NEXT:    %[[SAME:.+]] = IE.Convert(%[[ARG]]) {dstElemType = f16} : tensor<2xf16> -> tensor<2xf16>
// CHECK-NEXT:    %[[R:.+]] = IE.ReLU(%[[SAME]]) : tensor<2xf16> -> tensor<2xf16>
func.func @user_f16(%arg0: tensor<2xf16>) -> tensor<2xf32> {
  %0 = IE.Convert(%arg0) {dstElemType = f32} : tensor<2xf16> -> tensor<2xf32>
  %1 = IE.ReLU(%0) : tensor<2xf32> -> tensor<2xf32>
  return %1 : tensor<2xf32>
}

// -----

// A quantize of a network input keeps the caller's f32 values; one of another value reads
// f16 (the quant type keeps its expressed type).
// CHECK-LABEL: func.func @quantize_input
// CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
// CHECK-NEXT: %[[Q:.+]] = IE.Quantize(%[[X]]) {dstElemType = !quant.uniform<u8:f32, 1.000000e-01:128>} : tensor<4xf32> -> tensor<4x!quant.uniform<u8:f32, 1.000000e-01:128>>
// CHECK-NEXT: %[[D:.+]] = IE.Dequantize(%[[Q]]) {dstElemType = f16} : tensor<4x!quant.uniform<u8:f32, 1.000000e-01:128>> -> tensor<4xf16>
// CHECK-NEXT: %[[Q2:.+]] = IE.Quantize(%[[D]]) {dstElemType = !quant.uniform<u8:f32, 2.000000e-01>} : tensor<4xf16> -> tensor<4x!quant.uniform<u8:f32, 2.000000e-01>>
func.func @quantize_input(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<u8:f32, 0.2>> {
  %q = IE.Quantize(%x) {dstElemType = !quant.uniform<u8:f32, 0.1:128>} : tensor<4xf32> -> tensor<4x!quant.uniform<u8:f32, 0.1:128>>
  %d = IE.Dequantize(%q) {dstElemType = f32} : tensor<4x!quant.uniform<u8:f32, 0.1:128>> -> tensor<4xf32>
  %q2 = IE.Quantize(%d) {dstElemType = !quant.uniform<u8:f32, 0.2>} : tensor<4xf32> -> tensor<4x!quant.uniform<u8:f32, 0.2>>
  return %q2 : tensor<4x!quant.uniform<u8:f32, 0.2>>
}

// -----

// A float layer between dequantizes and quantizes (a QDQ network's residual Add with a constant
// and a view) keeps f32, with the dequantizes, quantize and constant around it; the dequantize
// with a float user outside converts.
// CHECK-LABEL: func.func private @quantized_island
// CHECK-DAG: %[[C:.+]] = const.Declare tensor<1x4xf32>
// CHECK-DAG: %[[A:.+]] = IE.Dequantize(%arg0) {dstElemType = f32}
// CHECK-DAG: %[[B:.+]] = IE.Dequantize(%arg1) {dstElemType = f32}
// CHECK: %[[S:.+]] = IE.Add(%[[A]], %[[B]]) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
// CHECK: %[[T:.+]] = IE.Add(%[[S]], %[[C]]) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
// CHECK: %[[R:.+]] = IE.Reshape(%[[T]]) {shape = array<i64: 4>} : tensor<1x4xf32> -> tensor<4xf32>
// CHECK: IE.Quantize(%[[R]]) {dstElemType = !quant.uniform<u8:f32, 1.000000e-01>} : tensor<4xf32>
// CHECK: %[[D:.+]] = IE.Dequantize(%arg1) {dstElemType = f16}
// CHECK: IE.Sigmoid(%[[D]]) : tensor<1x4xf16> -> tensor<1x4xf16>
func.func private @quantized_island(%a: tensor<1x4x!quant.uniform<u8:f32, 0.1>>, %b: tensor<1x4x!quant.uniform<u8:f32, 0.2>>) -> (tensor<4x!quant.uniform<u8:f32, 0.1>>, tensor<1x4xf32>) {
  %c = const.Declare tensor<1x4xf32> = #const.Content<dense<0.5> : tensor<1x4xf32>>
  %ad = IE.Dequantize(%a) {dstElemType = f32} : tensor<1x4x!quant.uniform<u8:f32, 0.1>> -> tensor<1x4xf32>
  %bd = IE.Dequantize(%b) {dstElemType = f32} : tensor<1x4x!quant.uniform<u8:f32, 0.2>> -> tensor<1x4xf32>
  %s = IE.Add(%ad, %bd) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %t = IE.Add(%s, %c) : tensor<1x4xf32>, tensor<1x4xf32> -> tensor<1x4xf32>
  %r = IE.Reshape(%t) {shape = array<i64: 4>} : tensor<1x4xf32> -> tensor<4xf32>
  %q = IE.Quantize(%r) {dstElemType = !quant.uniform<u8:f32, 0.1>} : tensor<4xf32> -> tensor<4x!quant.uniform<u8:f32, 0.1>>
  %bd2 = IE.Dequantize(%b) {dstElemType = f32} : tensor<1x4x!quant.uniform<u8:f32, 0.2>> -> tensor<1x4xf32>
  %g = IE.Sigmoid(%bd2) : tensor<1x4xf32> -> tensor<1x4xf32>
  return %q, %g : tensor<4x!quant.uniform<u8:f32, 0.1>>, tensor<1x4xf32>
}
