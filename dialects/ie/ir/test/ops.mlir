// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// Round trip of every IE op. Results are written out, and the verifier checks each against
// the inferred type, so every accepted line is also a type inference check.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: IE.CNNNetwork entryPoint : @main inputsInfo : {
// CHECK-NEXT: IE.DataInfo "data" : tensor<1x3x8x8xf32> precision f16 layout #[[$NHWC]]
// CHECK-NEXT: IE.DataInfo "mask" : tensor<1x1x8x8xf32> precision ui8
// CHECK-NEXT: } outputsInfo : {
// CHECK-NEXT: IE.DataInfo "prob" : tensor<1x3x8x8xf32> precision f32
// CHECK-NEXT: }
IE.CNNNetwork entryPoint : @main inputsInfo : {
  IE.DataInfo "data" : tensor<1x3x8x8xf32> precision f16 layout #NHWC
  IE.DataInfo "mask" : tensor<1x1x8x8xf32> precision ui8
} outputsInfo : {
  IE.DataInfo "prob" : tensor<1x3x8x8xf32> precision f32
}
func.func @main(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<1x1x8x8xf32>) -> tensor<1x3x8x8xf32> {
  %0 = IE.Multiply(%arg0, %arg1) : tensor<1x3x8x8xf32>, tensor<1x1x8x8xf32> -> tensor<1x3x8x8xf32>
  return %0 : tensor<1x3x8x8xf32>
}

// -----

// CHECK-LABEL: IE.CNNNetwork entryPoint : @no_inputs inputsInfo : {
// CHECK-NEXT: } outputsInfo : {
IE.CNNNetwork entryPoint : @no_inputs inputsInfo : {
} outputsInfo : {
  IE.DataInfo "out" : tensor<2xf32> precision f32
}
func.func @no_inputs() -> tensor<2xf32> {
  %0 = const.Declare tensor<2xf32> = #const.Content<dense<1.0> : tensor<2xf32>>
  return %0 : tensor<2xf32>
}

// -----

// At the runtime levels the outputs are also trailing buffer arguments.
// CHECK-LABEL: IE.CNNNetwork entryPoint : @buffers inputsInfo : {
// CHECK: func.func @buffers(%{{.+}}: memref<1x8xf16>, %{{.+}}: memref<1x4xf16>) -> memref<1x4xf16>
IE.CNNNetwork entryPoint : @buffers inputsInfo : {
  IE.DataInfo "x" : tensor<1x8xf32> precision f32
} outputsInfo : {
  IE.DataInfo "y" : tensor<1x4xf32> precision f32
}
func.func @buffers(%x: memref<1x8xf16>, %y: memref<1x4xf16>) -> memref<1x4xf16> {
  return %y : memref<1x4xf16>
}

// -----

// CHECK-LABEL: func.func @arithmetic
func.func @arithmetic(%a: tensor<1x3x1x4xf32>, %b: tensor<2x1x5x1xf32>, %c: tensor<4xf32>)
    -> (tensor<2x3x5x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>,
        tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>,
        tensor<1x3x1x4xf32>) {
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) : tensor<1x3x1x4xf32>, tensor<2x1x5x1xf32> -> tensor<2x3x5x4xf32>
  %0 = IE.Add(%a, %b) : tensor<1x3x1x4xf32>, tensor<2x1x5x1xf32> -> tensor<2x3x5x4xf32>
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) {auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>} : tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
  %1 = IE.Add(%a, %a) {auto_broadcast = #IE.auto_broadcast<NONE_OR_EXPLICIT>} : tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
  // CHECK: IE.Subtract(%{{.+}}, %{{.+}}) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  %2 = IE.Subtract(%a, %c) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  // CHECK: IE.Multiply
  %3 = IE.Multiply(%a, %c) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  // CHECK: IE.Divide
  %4 = IE.Divide(%a, %c) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  // CHECK: IE.Power
  %5 = IE.Power(%a, %c) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  // CHECK: IE.Maximum
  %6 = IE.Maximum(%a, %c) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  // CHECK: IE.Minimum
  %7 = IE.Minimum(%c, %a) : tensor<4xf32>, tensor<1x3x1x4xf32> -> tensor<1x3x1x4xf32>
  // CHECK: IE.SquaredDifference
  %8 = IE.SquaredDifference(%a, %c) : tensor<1x3x1x4xf32>, tensor<4xf32> -> tensor<1x3x1x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<2x3x5x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>, tensor<1x3x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @integer_and_scalar
func.func @integer_and_scalar(%a: tensor<4xsi32>, %b: tensor<si32>, %c: tensor<f16>)
    -> (tensor<4xsi32>, tensor<f16>) {
  // CHECK: IE.FloorMod(%{{.+}}, %{{.+}}) : tensor<4xsi32>, tensor<si32> -> tensor<4xsi32>
  %0 = IE.FloorMod(%a, %b) : tensor<4xsi32>, tensor<si32> -> tensor<4xsi32>
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) : tensor<f16>, tensor<f16> -> tensor<f16>
  %1 = IE.Add(%c, %c) : tensor<f16>, tensor<f16> -> tensor<f16>
  return %0, %1 : tensor<4xsi32>, tensor<f16>
}

// -----

// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%a: tensor<?x3xf32>, %b: tensor<1x3xf32>, %c: tensor<5x1xf32>)
    -> (tensor<?x3xf32>, tensor<5x3xf32>) {
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) : tensor<?x3xf32>, tensor<1x3xf32> -> tensor<?x3xf32>
  %0 = IE.Add(%a, %b) : tensor<?x3xf32>, tensor<1x3xf32> -> tensor<?x3xf32>
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) : tensor<?x3xf32>, tensor<5x1xf32> -> tensor<5x3xf32>
  %1 = IE.Add(%a, %c) : tensor<?x3xf32>, tensor<5x1xf32> -> tensor<5x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<5x3xf32>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The result keeps the layout encoding when both inputs carry the same one, and has none
// otherwise.
// CHECK: #[[$NHWC:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// CHECK-LABEL: func.func @layouts
func.func @layouts(%a: tensor<1x16x4x4xf16, #NHWC>, %b: tensor<1x16x4x4xf16>)
    -> (tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16, #NHWC>) {
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) : tensor<1x16x4x4xf16, #[[$NHWC]]>, tensor<1x16x4x4xf16, #[[$NHWC]]> -> tensor<1x16x4x4xf16, #[[$NHWC]]>
  %0 = IE.Add(%a, %a) : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) : tensor<1x16x4x4xf16, #[[$NHWC]]>, tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  %1 = IE.Add(%a, %b) : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16> -> tensor<1x16x4x4xf16>
  // CHECK: IE.ReLU(%{{.+}}) : tensor<1x16x4x4xf16, #[[$NHWC]]> -> tensor<1x16x4x4xf16, #[[$NHWC]]>
  %2 = IE.ReLU(%a) : tensor<1x16x4x4xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %0, %1, %2 : tensor<1x16x4x4xf16, #NHWC>, tensor<1x16x4x4xf16>, tensor<1x16x4x4xf16, #NHWC>
}

// -----

// CHECK-LABEL: func.func @comparison_and_logic
func.func @comparison_and_logic(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %p: tensor<2x3xi1>,
    %q: tensor<1xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>,
    tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xf32>) {
  // CHECK: IE.Equal(%{{.+}}, %{{.+}}) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  %0 = IE.Equal(%a, %b) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  // CHECK: IE.Less(%{{.+}}, %{{.+}}) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  %1 = IE.Less(%a, %b) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  // CHECK: IE.Greater(%{{.+}}, %{{.+}}) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  %2 = IE.Greater(%a, %b) : tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xi1>
  // CHECK: IE.LogicalAnd(%{{.+}}, %{{.+}}) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
  %3 = IE.LogicalAnd(%p, %q) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
  // CHECK: IE.LogicalOr(%{{.+}}, %{{.+}}) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
  %4 = IE.LogicalOr(%p, %q) : tensor<2x3xi1>, tensor<1xi1> -> tensor<2x3xi1>
  // CHECK: IE.LogicalNot(%{{.+}}) : tensor<2x3xi1> -> tensor<2x3xi1>
  %5 = IE.LogicalNot(%p) : tensor<2x3xi1> -> tensor<2x3xi1>
  // CHECK: IE.Select(%{{.+}}, %{{.+}}, %{{.+}}) : tensor<1xi1>, tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  %6 = IE.Select(%q, %a, %b) : tensor<1xi1>, tensor<2x3xf32>, tensor<3xf32> -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @select_broadcasts_all_three
func.func @select_broadcasts_all_three(%c: tensor<2x1x1xi1>, %a: tensor<1x3x1xf16>, %b: tensor<4xf16>) -> tensor<2x3x4xf16> {
  // CHECK: IE.Select(%{{.+}}, %{{.+}}, %{{.+}}) : tensor<2x1x1xi1>, tensor<1x3x1xf16>, tensor<4xf16> -> tensor<2x3x4xf16>
  %0 = IE.Select(%c, %a, %b) : tensor<2x1x1xi1>, tensor<1x3x1xf16>, tensor<4xf16> -> tensor<2x3x4xf16>
  return %0 : tensor<2x3x4xf16>
}

// -----

// CHECK-LABEL: func.func @activations
func.func @activations(%x: tensor<1x8xf32>) -> tensor<1x8xf32> {
  // CHECK: IE.ReLU(%{{.+}}) : tensor<1x8xf32> -> tensor<1x8xf32>
  %0 = IE.ReLU(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Clamp(%{{.+}}) {max = 6.000000e+00 : f64, min = 0.000000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
  %1 = IE.Clamp(%0) {min = 0.0, max = 6.0} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Sigmoid
  %2 = IE.Sigmoid(%1) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Tanh
  %3 = IE.Tanh(%2) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Elu(%{{.+}}) {alpha = 1.000000e+00 : f64}
  %4 = IE.Elu(%3) {alpha = 1.0} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Erf
  %5 = IE.Erf(%4) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Gelu
  %6 = IE.Gelu(%5) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Exp
  %7 = IE.Exp(%6) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Log
  %8 = IE.Log(%7) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Sqrt
  %9 = IE.Sqrt(%8) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Abs
  %10 = IE.Abs(%9) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Floor
  %11 = IE.Floor(%10) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Ceil
  %12 = IE.Ceil(%11) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Round(%{{.+}}) {mode = #IE.round_mode<half_to_even>}
  %13 = IE.Round(%12) {mode = #IE.round_mode<half_to_even>} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Round(%{{.+}}) {mode = #IE.round_mode<half_away_from_zero>}
  %14 = IE.Round(%13) {mode = #IE.round_mode<half_away_from_zero>} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.HSwish
  %15 = IE.HSwish(%14) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.HSigmoid
  %16 = IE.HSigmoid(%15) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Mish
  %17 = IE.Mish(%16) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.SoftPlus
  %18 = IE.SoftPlus(%17) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.LeakyRelu(%{{.+}}) {negative_slope = 1.000000e-01 : f64}
  %19 = IE.LeakyRelu(%18) {negative_slope = 0.1} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.LeakyRelu(%{{.+}}) : tensor<1x8xf32> -> tensor<1x8xf32>
  %20 = IE.LeakyRelu(%19) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Negative
  %21 = IE.Negative(%20) : tensor<1x8xf32> -> tensor<1x8xf32>
  return %21 : tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @swish
func.func @swish(%x: tensor<1x8xf32>, %beta: tensor<1xf32>) -> (tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>) {
  // CHECK: IE.Swish(%{{.+}}) : tensor<1x8xf32> -> tensor<1x8xf32>
  %0 = IE.Swish(%x) : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Swish(%{{.+}}) {beta_value = 1.500000e+00 : f64} : tensor<1x8xf32> -> tensor<1x8xf32>
  %1 = IE.Swish(%x) {beta_value = 1.5} : tensor<1x8xf32> -> tensor<1x8xf32>
  // CHECK: IE.Swish(%{{.+}}, %{{.+}}) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
  %2 = IE.Swish(%x, %beta) : tensor<1x8xf32>, tensor<1xf32> -> tensor<1x8xf32>
  return %0, %1, %2 : tensor<1x8xf32>, tensor<1x8xf32>, tensor<1x8xf32>
}

// -----

// CHECK-LABEL: func.func @prelu
func.func @prelu(%x: tensor<1x16x8x8xf32>, %s: tensor<16xf32>, %t: tensor<16x1x1xf32>, %u: tensor<8xf32>)
    -> (tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>) {
  // CHECK: IE.PRelu(%{{.+}}, %{{.+}}) : tensor<1x16x8x8xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
  %0 = IE.PRelu(%x, %s) : tensor<1x16x8x8xf32>, tensor<16xf32> -> tensor<1x16x8x8xf32>
  // CHECK: IE.PRelu(%{{.+}}, %{{.+}}) : tensor<1x16x8x8xf32>, tensor<16x1x1xf32> -> tensor<1x16x8x8xf32>
  %1 = IE.PRelu(%x, %t) : tensor<1x16x8x8xf32>, tensor<16x1x1xf32> -> tensor<1x16x8x8xf32>
  // CHECK: IE.PRelu(%{{.+}}, %{{.+}}) : tensor<1x16x8x8xf32>, tensor<8xf32> -> tensor<1x16x8x8xf32>
  %2 = IE.PRelu(%x, %u) : tensor<1x16x8x8xf32>, tensor<8xf32> -> tensor<1x16x8x8xf32>
  return %0, %1, %2 : tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>, tensor<1x16x8x8xf32>
}

// -----

// CHECK-LABEL: func.func @integer_activations
func.func @integer_activations(%x: tensor<4xsi8>) -> tensor<4xsi8> {
  // CHECK: IE.ReLU(%{{.+}}) : tensor<4xsi8> -> tensor<4xsi8>
  %0 = IE.ReLU(%x) : tensor<4xsi8> -> tensor<4xsi8>
  // CHECK: IE.Clamp(%{{.+}}) {max = 1.000000e+01 : f64, min = -1.000000e+01 : f64} : tensor<4xsi8> -> tensor<4xsi8>
  %1 = IE.Clamp(%0) {min = -10.0, max = 10.0} : tensor<4xsi8> -> tensor<4xsi8>
  // CHECK: IE.Abs(%{{.+}}) : tensor<4xsi8> -> tensor<4xsi8>
  %2 = IE.Abs(%1) : tensor<4xsi8> -> tensor<4xsi8>
  // CHECK: IE.Negative(%{{.+}}) : tensor<4xsi8> -> tensor<4xsi8>
  %3 = IE.Negative(%2) : tensor<4xsi8> -> tensor<4xsi8>
  return %3 : tensor<4xsi8>
}

// -----

// CHECK-LABEL: func.func @convert
func.func @convert(%x: tensor<1x8xf32>) -> (tensor<1x8xf16>, tensor<1x8xsi32>, tensor<1x8xi1>) {
  // CHECK: IE.Convert(%{{.+}}) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
  %0 = IE.Convert(%x) {dstElemType = f16} : tensor<1x8xf32> -> tensor<1x8xf16>
  // CHECK: IE.Convert(%{{.+}}) {dstElemType = si32} : tensor<1x8xf16> -> tensor<1x8xsi32>
  %1 = IE.Convert(%0) {dstElemType = si32} : tensor<1x8xf16> -> tensor<1x8xsi32>
  // CHECK: IE.Convert(%{{.+}}) {dstElemType = i1} : tensor<1x8xsi32> -> tensor<1x8xi1>
  %2 = IE.Convert(%1) {dstElemType = i1} : tensor<1x8xsi32> -> tensor<1x8xi1>
  return %0, %1, %2 : tensor<1x8xf16>, tensor<1x8xsi32>, tensor<1x8xi1>
}

// -----

// Add and Multiply on quantized types: 8-bit per-tensor operands and result with their own
// scales and zero points, NumPy broadcasting, a post-op, layout encodings.
// CHECK-LABEL: func.func @quantized_eltwise
func.func @quantized_eltwise(%a: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>>, %b: tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-3>>, %s: tensor<1x16x1x1x!quant.uniform<u8:f32, 0.01>>, %n: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) -> (tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.03:2>>, tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>) {
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) {post_op = {name = "IE.ReLU"}} : tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<1x16x4x4x!quant.uniform<i8:f32, 2.000000e-02:-3>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 4.000000e-02>>
  %0 = IE.Add(%a, %b) {post_op = {name = "IE.ReLU"}} : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-3>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>>
  // CHECK: IE.Multiply(%{{.+}}, %{{.+}}) : tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<1x16x1x1x!quant.uniform<u8:f32, 1.000000e-02>> -> tensor<1x16x4x4x!quant.uniform<i8:f32, 3.000000e-02:2>>
  %1 = IE.Multiply(%a, %s) : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>>, tensor<1x16x1x1x!quant.uniform<u8:f32, 0.01>> -> tensor<1x16x4x4x!quant.uniform<i8:f32, 0.03:2>>
  // CHECK: IE.Add(%{{.+}}, %{{.+}}) : tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>, #{{.+}}>, tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>, #{{.+}}> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 1.000000e-01:128>, #{{.+}}>
  %2 = IE.Add(%n, %n) : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
  return %0, %1, %2 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04>>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.03:2>>, tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
}
