// RUN: vpuc-opt %s --split-input-file --vpuc-ie-count-network-macs | FileCheck %s

// A float convolution (12 x 32 x 32 outputs x 3 x 3 x 3 MACs = 331776), a fully connected layer
// (4 x 1000 outputs x 1024 = 4096000) and a pool (no MACs): 4427776 in f16. Their weights:
// 324 + 1024000 f16 values, 2048648 bytes.
// CHECK: module attributes {VPUIP.network_macs = {f16 = 4427776 : i64}, VPUIP.network_weight_bytes = 2048648 : i64}
func.func @main(%x: tensor<1x3x32x32xf16>, %a: tensor<4x1024xf16>) -> (tensor<1x12x16x16xf16>, tensor<4x1000xf16>) {
  %w = const.Declare tensor<12x3x3x3xf16> = #const.Content<dense<1.0> : tensor<12x3x3x3xf16>>
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x3x32x32xf16>, tensor<12x3x3x3xf16> -> tensor<1x12x32x32xf16>
  %1 = IE.MaxPool(%0) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, rounding_type = #IE.rounding_type<floor>, strides = array<i64: 2, 2>} : tensor<1x12x32x32xf16> -> tensor<1x12x16x16xf16>
  %f = const.Declare tensor<1000x1024xf16> = #const.Content<dense<1.0> : tensor<1000x1024xf16>>
  %2 = IE.FullyConnected(%a, %f) : tensor<4x1024xf16>, tensor<1000x1024xf16> -> tensor<4x1000xf16>
  return %1, %2 : tensor<1x12x16x16xf16>, tensor<4x1000xf16>
}

// -----

// A quantized grouped convolution counts in u8 (4 x 8 x 8 outputs x 2 input channels per group),
// the float one in f16 (its own MACs, not those of a dense convolution of 4 channels). The
// weights: 8 u8 values (their storage) and 8 f16 values, 24 bytes.
// CHECK: module attributes {VPUIP.network_macs = {f16 = 512 : i64, u8 = 512 : i64}, VPUIP.network_weight_bytes = 24 : i64}
!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<u8:f32:0, {1.0:3, 2.0:3, 3.0:3, 4.0:3}>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>
func.func @quantized(%x: tensor<1x4x8x8x!qx>, %y: tensor<1x4x8x8xf16>) -> (tensor<1x4x8x8x!qy>, tensor<1x4x8x8xf16>) {
  %w = const.Declare tensor<4x2x1x1x!qw> = #const.Content<dense<1> : tensor<4x2x1x1xui8>, [#const.QuantCast<!qw>]>
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x8x8x!qx>, tensor<4x2x1x1x!qw> -> tensor<1x4x8x8x!qy>
  %v = const.Declare tensor<4x2x1x1xf16> = #const.Content<dense<1.0> : tensor<4x2x1x1xf16>>
  %1 = IE.GroupConvolution(%y, %v) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x8x8xf16>, tensor<4x2x1x1xf16> -> tensor<1x4x8x8xf16>
  return %0, %1 : tensor<1x4x8x8x!qy>, tensor<1x4x8x8xf16>
}

// -----

// No layer with MACs and no constant: an empty dictionary and no bytes.
// CHECK: module attributes {VPUIP.network_macs = {}, VPUIP.network_weight_bytes = 0 : i64}
func.func @relu(%x: tensor<1x4xf16>) -> tensor<1x4xf16> {
  %0 = IE.ReLU(%x) : tensor<1x4xf16> -> tensor<1x4xf16>
  return %0 : tensor<1x4xf16>
}
