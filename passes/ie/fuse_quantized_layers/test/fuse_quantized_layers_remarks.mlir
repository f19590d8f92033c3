// RUN: vpuc-opt %s --split-input-file --vpuc-ie-fuse-quantized-layers=remarks=true -verify-diagnostics -o /dev/null

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32, 1.000000e-01>
!qb = !quant.uniform<i32:f32, 1.000000e-03>
!qy = !quant.uniform<u8:f32, 1.000000e-01>

// Each layer that reads a dequantized tensor and stays in float is named with the reason; the
// quantized convolution is not.
func.func @remarks(%q: tensor<1x3x8x8x!qx>, %r: tensor<1x2x8x8x!qy>) -> (tensor<1x2x8x8x!qy>, tensor<1x2x8x8xf32>, tensor<1x2x8x8x!qy>, tensor<1x2x8x8xf32>) {
  %w = const.Declare tensor<2x3x1x1x!qw> = #const.Content<dense<1> : tensor<2x3x1x1xsi8>, [#const.QuantCast<!qw>]>
  %b = const.Declare tensor<2x!qb> = #const.Content<dense<1> : tensor<2xsi32>, [#const.QuantCast<!qb>]>
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<2x3x1x1x!qw> -> tensor<2x3x1x1xf32>
  %bd = IE.Dequantize(%b) {dstElemType = f32} : tensor<2x!qb> -> tensor<2xf32>
  // expected-remark @+1 {{stays in float: the bias scale of output channel 0 is 1.000000e-03, but a quantized layer needs input scale x filter scale = 5.000000e-03}}
  %c0 = IE.Convolution(%xd, %wd, %bd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x1x1xf32>, tensor<2xf32> -> tensor<1x2x8x8xf32>
  %q0 = IE.Quantize(%c0) {dstElemType = !qy} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8x!qy>
  // expected-remark @+1 {{stays in float: its result is not quantized (no single QuantizeLinear after it)}}
  %c1 = IE.Convolution(%xd, %wd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x1x1xf32> -> tensor<1x2x8x8xf32>
  %c2 = IE.Convolution(%xd, %wd) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<2x3x1x1xf32> -> tensor<1x2x8x8xf32>
  %q2 = IE.Quantize(%c2) {dstElemType = !qy} : tensor<1x2x8x8xf32> -> tensor<1x2x8x8x!qy>
  %rd = IE.Dequantize(%r) {dstElemType = f32} : tensor<1x2x8x8x!qy> -> tensor<1x2x8x8xf32>
  // expected-remark @+1 {{stays in float: its result is not quantized (no single QuantizeLinear after it)}}
  %a = IE.Add(%rd, %c1) : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32> -> tensor<1x2x8x8xf32>
  return %q0, %c1, %q2, %a : tensor<1x2x8x8x!qy>, tensor<1x2x8x8xf32>, tensor<1x2x8x8x!qy>, tensor<1x2x8x8xf32>
}

// -----

!qa = !quant.uniform<u8:f32, 4.000000e-02:123>
!qc = !quant.uniform<u8:f32:1, {4.000000e-02:123, 5.000000e-02:120}>
!qw = !quant.uniform<i16:f32, 1.000000e-03>
!qh = !quant.uniform<u8:f16, 4.000000e-02:123>
!qy = !quant.uniform<u8:f32, 8.000000e-02:120>

// The reasons an Add or a Multiply between dequantizes stays in float; the quantized Add is not
// named.
func.func @eltwise_remarks(%a: tensor<1x2x4x4x!qa>, %c: tensor<1x2x4x4x!qc>, %f: tensor<1x2x4x4xf32>, %w: tensor<1x2x4x4x!qw>, %h: tensor<1x2x4x4x!qh>) -> (tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4xf32>) {
  %ad = IE.Dequantize(%a) {dstElemType = f32} : tensor<1x2x4x4x!qa> -> tensor<1x2x4x4xf32>
  %cd = IE.Dequantize(%c) {dstElemType = f32} : tensor<1x2x4x4x!qc> -> tensor<1x2x4x4xf32>
  %wd = IE.Dequantize(%w) {dstElemType = f32} : tensor<1x2x4x4x!qw> -> tensor<1x2x4x4xf32>
  %hd = IE.Dequantize(%h) {dstElemType = f16} : tensor<1x2x4x4x!qh> -> tensor<1x2x4x4xf16>
  // expected-remark @+1 {{stays in float: the input2 of a quantized layer is quantized per tensor, got !quant.uniform<u8:f32:1, {4.000000e-02:123,5.000000e-02:120}>}}
  %s0 = IE.Add(%ad, %cd) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y0 = IE.Quantize(%s0) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  // expected-remark @+1 {{stays in float: an operand is not the result of a dequantize}}
  %s1 = IE.Multiply(%f, %ad) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y1 = IE.Quantize(%s1) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  // expected-remark @+1 {{stays in float: the input2 of a quantized layer has 8-bit storage, got !quant.uniform<i16:f32, 1.000000e-03>}}
  %s2 = IE.Add(%ad, %wd) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y2 = IE.Quantize(%s2) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  // expected-remark @+1 {{stays in float: it computes in f16, a quantized layer in f32 (the dequantizes' precision)}}
  %s3 = IE.Add(%hd, %hd) : tensor<1x2x4x4xf16>, tensor<1x2x4x4xf16> -> tensor<1x2x4x4xf16>
  %y3 = IE.Quantize(%s3) {dstElemType = !qy} : tensor<1x2x4x4xf16> -> tensor<1x2x4x4x!qy>
  %s4 = IE.Add(%ad, %ad) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %r4 = IE.ReLU(%s4) : tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  %y4 = IE.Quantize(%r4) {dstElemType = !qy} : tensor<1x2x4x4xf32> -> tensor<1x2x4x4x!qy>
  // expected-remark @+1 {{stays in float: its result is not quantized (no single QuantizeLinear after it)}}
  %s5 = IE.Multiply(%ad, %ad) : tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32> -> tensor<1x2x4x4xf32>
  return %y0, %y1, %y2, %y3, %y4, %s5 : tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4x!qy>, tensor<1x2x4x4xf32>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// Max pools that stay in float, with the reason.
func.func @max_pool_remarks(%q: tensor<1x3x8x8x!qx>) -> (tensor<1x3x4x4x!qy>, tensor<1x3x4x4xf32>) {
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  // expected-remark @+1 {{stays in float: the quantize after it has other parameters than its input (a quantized pool keeps them)}}
  %p = IE.MaxPool(%xd) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  %pq = IE.Quantize(%p) {dstElemType = !qy} : tensor<1x3x4x4xf32> -> tensor<1x3x4x4x!qy>
  // expected-remark @+1 {{stays in float: its result is not quantized (no single QuantizeLinear after it)}}
  %p2 = IE.MaxPool(%xd) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf32> -> tensor<1x3x4x4xf32>
  return %pq, %p2 : tensor<1x3x4x4x!qy>, tensor<1x3x4x4xf32>
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// Means that stay in float, with the reasons.
func.func @means(%q: tensor<1x3x8x8x!qx>) -> (tensor<1x1x8x8x!qx>, tensor<1x3x1x1x!qy>, tensor<1x3x4x4x!qx>) {
  %xd = IE.Dequantize(%q) {dstElemType = f32} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf32>
  // expected-remark @+1 {{stays in float: it is not a global mean (over H and W of a static rank-4 tensor, keeping the dims)}}
  %c = IE.ReduceMean(%xd) {axes = array<i64: 1>, keep_dims} : tensor<1x3x8x8xf32> -> tensor<1x1x8x8xf32>
  %cq = IE.Quantize(%c) {dstElemType = !qx} : tensor<1x1x8x8xf32> -> tensor<1x1x8x8x!qx>
  // expected-remark @+1 {{stays in float: the quantize after it has other parameters than its input (a quantized pool keeps them)}}
  %g = IE.ReduceMean(%xd) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x3x8x8xf32> -> tensor<1x3x1x1xf32>
  %gq = IE.Quantize(%g) {dstElemType = !qy} : tensor<1x3x1x1xf32> -> tensor<1x3x1x1x!qy>
  %xh = IE.Dequantize(%q) {dstElemType = f16} : tensor<1x3x8x8x!qx> -> tensor<1x3x8x8xf16>
  // expected-remark @+1 {{stays in float: it computes in f16, a quantized pool in f32 (the dequantizes' precision)}}
  %p = IE.AvgPool(%xh) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf16> -> tensor<1x3x4x4xf16>
  %pq = IE.Quantize(%p) {dstElemType = !qx} : tensor<1x3x4x4xf16> -> tensor<1x3x4x4x!qx>
  return %cq, %gq, %pq : tensor<1x1x8x8x!qx>, tensor<1x3x1x1x!qy>, tensor<1x3x4x4x!qx>
}
