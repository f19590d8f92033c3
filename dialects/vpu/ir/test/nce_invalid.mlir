// RUN: vpuc-opt %s --split-input-file --verify-diagnostics
// Verifier errors of the NCE ops: every HW limit (NCELimits.h) and the operand rules.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @kernel_too_large(%x: tensor<1x16x16x16xf16, #NHWC>, %w: tensor<16x16x12x1xf16, #NHWC>) -> tensor<1x16x5x16xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op kernel height 12 is outside the NCE range [1, 11]}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x16x16xf16, #NHWC>, tensor<16x16x12x1xf16, #NHWC> -> tensor<1x16x5x16xf16, #NHWC>
  return %0 : tensor<1x16x5x16xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @stride_too_large(%x: tensor<1x16x16x16xf16, #NHWC>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<1x16x16x2xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op stride x 9 is outside the NCE range [1, 8]}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 9>} : tensor<1x16x16x16xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x16x2xf16, #NHWC>
  return %0 : tensor<1x16x16x2xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @stride_zero(%x: tensor<1x16x16x16xf16, #NHWC>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<1x16x16x16xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op stride y 0 is outside the NCE range [1, 8]}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 0, 1>} : tensor<1x16x16x16xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x16x16xf16, #NHWC>
  return %0 : tensor<1x16x16x16xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pad_above_max(%x: tensor<1x16x16x16xf16, #NHWC>, %w: tensor<16x16x11x11xf16, #NHWC>) -> tensor<1x16x12x6xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op pad_top 6 is outside the NCE range [0, 5]}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 6, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x16x16xf16, #NHWC>, tensor<16x16x11x11xf16, #NHWC> -> tensor<1x16x12x6xf16, #NHWC>
  return %0 : tensor<1x16x12x6xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pad_not_below_kernel(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x3x3xf16, #NHWC>) -> tensor<1x16x6x9xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op pad_right 3 is not smaller than the kernel width 3 (an NCE limit)}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 3>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x6x9xf16, #NHWC>
  return %0 : tensor<1x16x6x9xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @negative_pad(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x3x3xf16, #NHWC>) -> tensor<1x16x6x5xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op pad_left -1 is outside the NCE range [0, 5]}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, -1>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x6x5xf16, #NHWC>
  return %0 : tensor<1x16x6x5xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @window_three_values(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x3x3xf16, #NHWC>) -> tensor<1x16x6x6xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op strides has 3 values: NCE ops are 2-D (y, x)}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC> -> tensor<1x16x6x6xf16, #NHWC>
  return %0 : tensor<1x16x6x6xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @kernel_exceeds_input(%x: tensor<1x16x2x8xf16, #NHWC>, %w: tensor<16x16x5x1xf16, #NHWC>) -> tensor<1x16x1x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op the kernel height 5 exceeds the padded input height 4}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 1, 0>, pads_end = array<i64: 1, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x2x8xf16, #NHWC>, tensor<16x16x5x1xf16, #NHWC> -> tensor<1x16x1x8xf16, #NHWC>
  return %0 : tensor<1x16x1x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @input_channels(%x: tensor<1x8x8x8xf16, #NHWC>, %w: tensor<16x8x1x1xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op input channels 8 are not a multiple of the NCE channel alignment 16}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x8x8x8xf16, #NHWC>, tensor<16x8x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @output_channels(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<24x16x1x1xf16, #NHWC>) -> tensor<1x24x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op output channels 24 are not a multiple of the NCE channel alignment 16}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<24x16x1x1xf16, #NHWC> -> tensor<1x24x8x8xf16, #NHWC>
  return %0 : tensor<1x24x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @batch(%x: tensor<2x16x8x8xf16, #NHWC>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<2x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op input batch 2 is not 1: the NCE processes one image}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<2x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<2x16x8x8xf16, #NHWC>
  return %0 : tensor<2x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @element_type(%x: tensor<1x16x8x8xf32, #NHWC>, %w: tensor<16x16x1x1xf32, #NHWC>) -> tensor<1x16x8x8xf32, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op input element type f32 is not supported by the NCE (f16)}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf32, #NHWC>, tensor<16x16x1x1xf32, #NHWC> -> tensor<1x16x8x8xf32, #NHWC>
  return %0 : tensor<1x16x8x8xf32, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @filter_element_type(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x1x1xf32, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op filter element type f32 is not supported by the NCE (f16)}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf32, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @input_layout(%x: tensor<1x16x8x8xf16>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<1x16x8x8xf16> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op input order NCHW is not supported by the NCE (NHWC)}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16>
  return %0 : tensor<1x16x8x8xf16>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @filter_layout(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x1x1xf16>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op filter order NCHW is not supported by the NCE (OYXI)}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf16> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @filter_channels(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x32x1x1xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op filter [16, 32, 1, 1] reads 32 input channels but the input has 16}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x32x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @bias_shape(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x1x1xf16, #NHWC>, %b: tensor<1x16x1x1xf16>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op bias shape [1, 16, 1, 1] is not [16] (one value per output channel)}}
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC>, tensor<1x16x1x1xf16> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @bias_type(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x1x1xf16, #NHWC>, %b: tensor<16xbf16>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op bias element type bf16 is not supported by the NCE (f16, f32)}}
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC>, tensor<16xbf16> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @rank(%x: tensor<16x8x8xf16>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op input has rank 3, expected 4}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<16x8x8xf16>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @requant_on_f16(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op the PPE's requantisation fields need a quantized output, but the output element type is f16}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE, quant_scale = [0.5]>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @wrong_result(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
  // expected-error @+2 {{'VPU.NCE.Convolution' op inferred type(s) 'tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>' are incompatible with return type(s) of operation 'tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>'}}
  // expected-error @+1 {{'VPU.NCE.Convolution' op failed to infer returned types}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %0 : tensor<1x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @two_memories(%x: tensor<1x16x8x8xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>, %w: tensor<16x16x1x1xf16, #NHWC>) -> tensor<1x16x8x8xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op operand #1 is in DDR but operand #0 is in CMX_NN[0]: the tensors of an NCE op are in one memory}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>, tensor<16x16x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>
  return %0 : tensor<1x16x8x8xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @depthwise_filter(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x2x3x3xf16, #NHWC>) -> tensor<1x16x6x6xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.DepthConvolution' op filter [16, 2, 3, 3] is not [16, 1, KY, KX] (one filter per input channel)}}
  %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x2x3x3xf16, #NHWC> -> tensor<1x16x6x6xf16, #NHWC>
  return %0 : tensor<1x16x6x6xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @depthwise_channels(%x: tensor<1x8x8x8xf16, #NHWC>, %w: tensor<8x1x3x3xf16, #NHWC>) -> tensor<1x8x6x6xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.DepthConvolution' op input channels 8 are not a multiple of the NCE channel alignment 16}}
  %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x8x8x8xf16, #NHWC>, tensor<8x1x3x3xf16, #NHWC> -> tensor<1x8x6x6xf16, #NHWC>
  return %0 : tensor<1x8x6x6xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @depthwise_stride(%x: tensor<1x16x18x8xf16, #NHWC>, %w: tensor<16x1x1x1xf16, #NHWC>) -> tensor<1x16x2x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.DepthConvolution' op stride y 9 is outside the NCE range [1, 8]}}
  %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 9, 1>} : tensor<1x16x18x8xf16, #NHWC>, tensor<16x1x1x1xf16, #NHWC> -> tensor<1x16x2x8xf16, #NHWC>
  return %0 : tensor<1x16x2x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pool_kernel(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x9xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.MaxPool' op kernel width 0 is outside the NCE range [1, 11]}}
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 1, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x9xf16, #NHWC>
  return %0 : tensor<1x16x8x9xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pool_pad(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x5x4xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.MaxPool' op pad_bottom 2 is not smaller than the kernel height 2 (an NCE limit)}}
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 2, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x5x4xf16, #NHWC>
  return %0 : tensor<1x16x5x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pool_channels(%x: tensor<1x3x8x8xf16, #NHWC>) -> tensor<1x3x4x4xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.AveragePool' op input channels 3 are not a multiple of the NCE channel alignment 16}}
  %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x3x8x8xf16, #NHWC> -> tensor<1x3x4x4xf16, #NHWC>
  return %0 : tensor<1x3x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pool_layout(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x4x4xf16> {
  // expected-error @+1 {{'VPU.NCE.AveragePool' op input order NCHW is not supported by the NCE (NHWC)}}
  %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
  return %0 : tensor<1x16x4x4xf16>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pool_batch(%x: tensor<4x16x8x8xf16, #NHWC>) -> tensor<4x16x4x4xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.MaxPool' op input batch 4 is not 1: the NCE processes one image}}
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<4x16x8x8xf16, #NHWC> -> tensor<4x16x4x4xf16, #NHWC>
  return %0 : tensor<4x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @pool_requant(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.MaxPool' op the PPE's requantisation fields need a quantized output, but the output element type is f16}}
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<RELU, quant_zero_point = 3>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %0 : tensor<1x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @eltwise_broadcast(%a: tensor<1x16x8x8xf16, #NHWC>, %b: tensor<1x16x1x1xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op input2 has type 'tensor<1x16x1x1xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>' but input1 has type 'tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>': NCE eltwise inputs have one shape, layout and memory (no broadcasting)}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @eltwise_channels(%a: tensor<1x4x8x8xf16, #NHWC>, %b: tensor<1x4x8x8xf16, #NHWC>) -> tensor<1x4x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op channels 4 are not a multiple of the NCE channel alignment 16}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x4x8x8xf16, #NHWC>, tensor<1x4x8x8xf16, #NHWC> -> tensor<1x4x8x8xf16, #NHWC>
  return %0 : tensor<1x4x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @eltwise_rank(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>) -> tensor<16x16xf16> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op input1 has rank 2, expected 4}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf16>
  return %0 : tensor<16x16xf16>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @eltwise_type(%a: tensor<1x16x8x8xf32, #NHWC>, %b: tensor<1x16x8x8xf32, #NHWC>) -> tensor<1x16x8x8xf32, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op input1 element type f32 is not supported by the NCE (f16)}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf32, #NHWC>, tensor<1x16x8x8xf32, #NHWC> -> tensor<1x16x8x8xf32, #NHWC>
  return %0 : tensor<1x16x8x8xf32, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @eltwise_layout(%a: tensor<1x16x8x8xf16>, %b: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op input1 order NCHW is not supported by the NCE (NHWC)}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %0 : tensor<1x16x8x8xf16>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @eltwise_batch(%a: tensor<2x16x8x8xf16, #NHWC>, %b: tensor<2x16x8x8xf16, #NHWC>) -> tensor<2x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op input1 batch 2 is not 1: the NCE processes one image}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<2x16x8x8xf16, #NHWC>, tensor<2x16x8x8xf16, #NHWC> -> tensor<2x16x8x8xf16, #NHWC>
  return %0 : tensor<2x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @eltwise_requant(%a: tensor<1x16x8x8xf16, #NHWC>, %b: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op the PPE's requantisation fields need a quantized output, but the output element type is f16}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<NONE, quant_scale = [1.0]>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @negative_cluster(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.MaxPool' op attribute 'cluster' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0 = VPU.NCE.MaxPool(%x) {cluster = -1 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @cluster_not_i64(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op attribute 'cluster' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0 = VPU.NCE.Eltwise(%x, %x) {cluster = 1 : i32, op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

// Quantized convolutions: the rules of IE's quantized layers, one weights zero point, and element
// types the target's NCE runs.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @quantized_bias_scale(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, %w: tensor<16x16x1x1x!quant.uniform<i8:f32, 0.25>, #NHWC>, %b: tensor<16x!quant.uniform<i32:f32, 0.25>>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op the bias scale of output channel 0 is 2.500000e-01, but a quantized layer needs input scale x filter scale = 1.250000e-01}}
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, tensor<16x16x1x1x!quant.uniform<i8:f32, 0.25>, #NHWC>, tensor<16x!quant.uniform<i32:f32, 0.25>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC>
  return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @quantized_filter_axis(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, %w: tensor<16x16x1x1x!quant.uniform<i8:f32:1, {0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.2}>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Convolution' op the filter of a quantized layer is quantized per tensor or per output channel (axis 0) with 8-bit storage}}
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, tensor<16x16x1x1x!quant.uniform<i8:f32:1, {0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.2}>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC>
  return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

func.func @quantized_filter_zero_points(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, %w: tensor<16x1x1x1x!quant.uniform<u8:f32:0, {0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:2}>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC> {
  // expected-error @+1 {{has several zero points: the NCE subtracts one weights zero point}}
  %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, tensor<16x1x1x1x!quant.uniform<u8:f32:0, {0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:1,0.1:2}>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC>
  return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A target whose NCE runs only FP16.
module attributes {VPU.nce_element_types = ["f16"]} {
  func.func @quantized_not_on_target(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, %w: tensor<16x16x1x1x!quant.uniform<i8:f32, 0.25>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC> {
    // expected-error @+1 {{'VPU.NCE.Convolution' op input element type !quant.uniform<u8:f32, 5.000000e-01:128> is not one the target's NCE runs (f16)}}
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, tensor<16x16x1x1x!quant.uniform<i8:f32, 0.25>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC>
    return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1>, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Pools on quantized types take a type quantized per tensor (one scale and zero point).
func.func @quantized_pool(%x: tensor<1x16x4x4x!quant.uniform<u8:f32:1, {0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.25}>, #NHWC>) -> tensor<1x16x2x2x!quant.uniform<u8:f32:1, {0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.25}>, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.AveragePool' op input element type}}
  %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x16x4x4x!quant.uniform<u8:f32:1, {0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.25}>, #NHWC> -> tensor<1x16x2x2x!quant.uniform<u8:f32:1, {0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.25}>, #NHWC>
  return %0 : tensor<1x16x2x2x!quant.uniform<u8:f32:1, {0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.5,0.25}>, #NHWC>
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPU.nce_element_types' must be an array of element type names (e.g. ["u8", "f16"])}}
module attributes {VPU.nce_element_types = "u8"} {
}

// -----

// The target's limits (VPU.nce_limits) replace the defaults: a 5x5 kernel is too large for an NCE
// whose kernels are at most 3x3, and 16 channels are not aligned to 32.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, max_kernel_size = 3 : i64, max_pad = 1 : i64, max_stride = 2 : i64}} {
  func.func @kernel_above_target_limit(%x: tensor<1x16x16x16xf16, #NHWC>, %w: tensor<16x16x5x5xf16, #NHWC>) -> tensor<1x16x12x12xf16, #NHWC> {
    // expected-error @+1 {{'VPU.NCE.Convolution' op kernel height 5 is outside the NCE range [1, 3]}}
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x16x16xf16, #NHWC>, tensor<16x16x5x5xf16, #NHWC> -> tensor<1x16x12x12xf16, #NHWC>
    return %0 : tensor<1x16x12x12xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPU.nce_limits = {channel_alignment = 32 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
  func.func @channels_below_target_alignment(%a: tensor<1x16x8x8xf16, #NHWC>, %b: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
    // expected-error @+1 {{'VPU.NCE.Eltwise' op channels 16 are not a multiple of the NCE channel alignment 32}}
    %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    return %0 : tensor<1x16x8x8xf16, #NHWC>
  }
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPU.nce_limits' needs a positive integer 'max_pad'}}
module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, max_kernel_size = 11 : i64, max_stride = 8 : i64}} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPU.nce_limits' needs a positive integer 'channel_alignment'}}
module attributes {VPU.nce_limits = {channel_alignment = 0 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPU.nce_limits' has an unknown field 'max_dilation' (expected max_kernel_size, max_stride, max_pad, channel_alignment, compressed_input_channels)}}
module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, max_dilation = 2 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPU.nce_limits' field 'compressed_input_channels' must be a positive integer below channel_alignment (16)}}
module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 16 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
}

// -----

// A compressed input is only for a dense convolution, and only of the target's count.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
  func.func @compressed_not_the_count(%x: tensor<1x8x8x8xf16, #NHWC>, %w: tensor<16x8x1x1xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
    // expected-error @+1 {{'VPU.NCE.Convolution' op input channels 8 are not a multiple of the NCE channel alignment 16}}
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x8x8x8xf16, #NHWC>, tensor<16x8x1x1xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
    return %0 : tensor<1x16x8x8xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
  func.func @compressed_pool(%x: tensor<1x4x8x8xf16, #NHWC>) -> tensor<1x4x4x4xf16, #NHWC> {
    // expected-error @+1 {{'VPU.NCE.MaxPool' op input channels 4 are not a multiple of the NCE channel alignment 16}}
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x4x8x8xf16, #NHWC> -> tensor<1x4x4x4xf16, #NHWC>
    return %0 : tensor<1x4x4x4xf16, #NHWC>
  }
}

// -----

// expected-error @+1 {{'builtin.module' op attribute 'VPU.nce_limits' must be a dictionary of the NCE limits}}
module attributes {VPU.nce_limits = [16, 11]} {
}

// -----

// expected-error @+1 {{'func.func' op attribute 'VPU.nce_element_types' is only valid on a module}}
func.func @not_a_module() attributes {VPU.nce_element_types = ["f16"]} {
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise_quantized_subtract(%a: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, %b: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>) -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op a quantized NCE eltwise op adds or multiplies (IE has no quantized Subtract)}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<SUBTRACT>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC> -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
  return %0 : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise_quantized_float_output(%a: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, %b: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op a quantized layer has quantized input1, input2 and output}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise_quantized_per_axis(%a: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, %b: tensor<1x16x8x8x!quant.uniform<u8:f32:1, {0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.2}>, #NHWC>) -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC> {
  // expected-error @+1 {{'VPU.NCE.Eltwise' op the input2 of a quantized layer is quantized per tensor}}
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, tensor<1x16x8x8x!quant.uniform<u8:f32:1, {0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.1,0.2}>, #NHWC> -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
  return %0 : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPU.nce_element_types = ["f16"]} {
  func.func @eltwise_quantized_fp16_target(%a: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, %b: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>) -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC> {
    // expected-error @+1 {{'VPU.NCE.Eltwise' op input1 element type}}
    %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC> -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
    return %0 : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
  }
}
