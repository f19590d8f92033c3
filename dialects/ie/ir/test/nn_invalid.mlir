// RUN: vpuc-opt %s --split-input-file -verify-diagnostics

func.func @conv_input_rank(%x: tensor<1x3x2x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects a 4-D input [N, C, H, W] or a 3-D input [N, C, W], got shape [1, 3, 2, 8, 8]}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x2x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv1d_filter_rank(%x: tensor<3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects a 3-D filter for a 3-D input, got shape [4, 3, 3, 3]}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv1d_strides(%x: tensor<1x8x8xf32>, %w: tensor<4x8x3xf32>) -> tensor<1x4x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects strides to have 1 value (x), got 2}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 1, 1>} : tensor<1x8x8xf32>, tensor<4x8x3xf32> -> tensor<1x4x6xf32>
  return %0 : tensor<1x4x6xf32>
}

// -----

func.func @conv1d_bias(%x: tensor<1x8x8xf32>, %w: tensor<4x8x3xf32>, %b: tensor<1x4x1x1xf32>) -> tensor<1x4x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects a bias of shape [4] or [1, 4, 1], got [1, 4, 1, 1]}}
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 1>} : tensor<1x8x8xf32>, tensor<4x8x3xf32>, tensor<1x4x1x1xf32> -> tensor<1x4x6xf32>
  return %0 : tensor<1x4x6xf32>
}

// -----

func.func @conv1d_kernel_too_large(%x: tensor<1x8x4xf32>, %w: tensor<4x8x3xf32>) -> tensor<1x4x1xf32> {
  // expected-error @+1 {{'IE.Convolution' op kernel size 3 with dilation 2 exceeds the padded input 4}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 1>} : tensor<1x8x4xf32>, tensor<4x8x3xf32> -> tensor<1x4x1xf32>
  return %0 : tensor<1x4x1xf32>
}

// -----

func.func @conv1d_result_type(%x: tensor<1x8x8xf32>, %w: tensor<4x8x3xf32>) -> tensor<1x4x1x6xf32> {
  // expected-error @+2 {{'IE.Convolution' op inferred type(s) 'tensor<1x4x6xf32>' are incompatible with return type(s) of operation 'tensor<1x4x1x6xf32>'}}
  // expected-error @+1 {{'IE.Convolution' op failed to infer returned types}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 1>} : tensor<1x8x8xf32>, tensor<4x8x3xf32> -> tensor<1x4x1x6xf32>
  return %0 : tensor<1x4x1x6xf32>
}

// -----

func.func @conv_filter_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects a 4-D filter for a 4-D input, got shape [4, 3, 3]}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_empty_kernel(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x0x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects a filter with a non-empty kernel, got shape [4, 3, 0, 3]}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x0x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_channels(%x: tensor<1x3x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op input channels 3 do not match filter input channels 4 x groups 1}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_kernel_too_big(%x: tensor<1x3x4x4xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x1x1xf32> {
  // expected-error @+1 {{'IE.Convolution' op kernel size 3x3 with dilation 2x2 exceeds the padded input 4x4}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x4x4xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x1x1xf32>
  return %0 : tensor<1x4x1x1xf32>
}

// -----

func.func @conv_strides_count(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects strides to have 2 values (y, x), got 1}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_zero_stride(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects strides >= 1, got [1, 0]}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 0>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_negative_pad(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects pads_begin >= 0, got [-1, 0]}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: -1, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_pads_end_count(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects pads_end to have 2 values (y, x), got 3}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_zero_dilation(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects dilations >= 1, got [0, 1]}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 0, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_bias_shape(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<1x4x1xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op expects a bias of shape [4] or [1, 4, 1, 1], got [1, 4, 1]}}
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4x1xf32> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_wrong_result(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+2 {{'IE.Convolution' op inferred type(s) 'tensor<1x4x6x6xf32>' are incompatible with return type(s) of operation 'tensor<1x4x8x8xf32>'}}
  // expected-error @+1 {{'IE.Convolution' op failed to infer returned types}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x8x8xf32>
  return %0 : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_element_types(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf16>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op a float layer has one element type for input, filter and output, got f32, f16 and f32}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf16> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// Quantized convolutions (see IE.Convolution): a float filter on a quantized input.
func.func @quant_conv_float_filter(%x: tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6x!quant.uniform<u8:f32, 0.1>> {
  // expected-error @+1 {{'IE.Convolution' op the filter of a quantized layer is quantized per tensor or per output channel (axis 0) with 8-bit storage, got f32}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, tensor<4x3x3x3xf32> -> tensor<1x4x6x6x!quant.uniform<u8:f32, 0.1>>
  return %0 : tensor<1x4x6x6x!quant.uniform<u8:f32, 0.1>>
}

// -----

// Weights quantized along another axis than the output channels.
func.func @quant_conv_filter_axis(%x: tensor<1x2x8x8x!quant.uniform<u8:f32, 0.05:128>>, %w: tensor<2x2x3x3x!quant.uniform<i8:f32:1, {0.1, 0.2}>>) -> tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>> {
  // expected-error @+1 {{'IE.Convolution' op the filter of a quantized layer is quantized per tensor or per output channel (axis 0) with 8-bit storage}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x2x8x8x!quant.uniform<u8:f32, 0.05:128>>, tensor<2x2x3x3x!quant.uniform<i8:f32:1, {0.1, 0.2}>> -> tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>>
  return %0 : tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>>
}

// -----

// A float output of a quantized layer.
func.func @quant_conv_float_output(%x: tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, %w: tensor<4x3x3x3x!quant.uniform<i8:f32, 0.1>>) -> tensor<1x4x6x6xf32> {
  // expected-error @+1 {{'IE.Convolution' op a quantized layer has per-tensor quantized input and output with 8-bit storage, got !quant.uniform<u8:f32, 5.000000e-02:128> and f32}}
  %0 = IE.Convolution(%x, %w) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, tensor<4x3x3x3x!quant.uniform<i8:f32, 0.1>> -> tensor<1x4x6x6xf32>
  return %0 : tensor<1x4x6x6xf32>
}

// -----

// A bias whose scale is not input scale x filter scale.
func.func @quant_conv_bias_scale(%x: tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, %w: tensor<2x3x3x3x!quant.uniform<i8:f32:0, {0.1, 0.2}>>, %b: tensor<2x!quant.uniform<i32:f32:0, {0.005, 0.02}>>) -> tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>> {
  // expected-error @+1 {{'IE.Convolution' op the bias scale of output channel 1 is 2.000000e-02, but a quantized layer needs input scale x filter scale = 1.000000e-02}}
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, tensor<2x3x3x3x!quant.uniform<i8:f32:0, {0.1, 0.2}>>, tensor<2x!quant.uniform<i32:f32:0, {0.005, 0.02}>> -> tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>>
  return %0 : tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>>
}

// -----

// An 8-bit bias.
func.func @quant_conv_bias_storage(%x: tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, %w: tensor<2x3x3x3x!quant.uniform<i8:f32, 0.1>>, %b: tensor<2x!quant.uniform<i8:f32, 0.005>>) -> tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>> {
  // expected-error @+1 {{'IE.Convolution' op the bias of a quantized layer is quantized per tensor or per output channel with 32-bit storage, got !quant.uniform<i8:f32, 5.000000e-03>}}
  %0 = IE.Convolution(%x, %w, %b) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x3x8x8x!quant.uniform<u8:f32, 0.05:128>>, tensor<2x3x3x3x!quant.uniform<i8:f32, 0.1>>, tensor<2x!quant.uniform<i8:f32, 0.005>> -> tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>>
  return %0 : tensor<1x2x6x6x!quant.uniform<u8:f32, 0.1>>
}

// -----

func.func @group_conv_channels(%x: tensor<1x32x8x8xf32>, %w: tensor<32x2x3x3xf32>) -> tensor<1x32x6x6xf32> {
  // expected-error @+1 {{'IE.GroupConvolution' op input channels 32 do not match filter input channels 2 x groups 32}}
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x32x8x8xf32>, tensor<32x2x3x3xf32> -> tensor<1x32x6x6xf32>
  return %0 : tensor<1x32x6x6xf32>
}

// -----

func.func @group_conv_output_channels(%x: tensor<1x8x8x8xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error @+1 {{'IE.GroupConvolution' op filter output channels 6 are not divisible by groups 4}}
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 4 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x8x8x8xf32>, tensor<6x2x3x3xf32> -> tensor<1x6x6x6xf32>
  return %0 : tensor<1x6x6x6xf32>
}

// -----

func.func @group_conv_zero_groups(%x: tensor<1x8x8x8xf32>, %w: tensor<8x1x3x3xf32>) -> tensor<1x8x6x6xf32> {
  // expected-error @+1 {{'IE.GroupConvolution' op attribute 'groups' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x8x8x8xf32>, tensor<8x1x3x3xf32> -> tensor<1x8x6x6xf32>
  return %0 : tensor<1x8x6x6xf32>
}

// -----

func.func @fc_input_rank(%x: tensor<1x2x8xf32>, %w: tensor<4x8xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.FullyConnected' op expects a 2-D input [N, K], got shape [1, 2, 8]}}
  %0 = IE.FullyConnected(%x, %w) : tensor<1x2x8xf32>, tensor<4x8xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @fc_weights_rank(%x: tensor<1x8xf32>, %w: tensor<4x8x1xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.FullyConnected' op expects 2-D weights [O, K], got shape [4, 8, 1]}}
  %0 = IE.FullyConnected(%x, %w) : tensor<1x8xf32>, tensor<4x8x1xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @fc_features(%x: tensor<1x8xf32>, %w: tensor<4x9xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.FullyConnected' op input features 8 do not match weights features 9}}
  %0 = IE.FullyConnected(%x, %w) : tensor<1x8xf32>, tensor<4x9xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @fc_bias(%x: tensor<1x8xf32>, %w: tensor<4x8xf32>, %b: tensor<2x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'IE.FullyConnected' op expects a bias of shape [4] or [1, 4], got [2, 4]}}
  %0 = IE.FullyConnected(%x, %w, %b) : tensor<1x8xf32>, tensor<4x8xf32>, tensor<2x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @matmul_scalar(%a: tensor<f32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'IE.MatMul' op expects operands of rank >= 1, got shapes [] and [4]}}
  %0 = IE.MatMul(%a, %b) : tensor<f32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @matmul_contraction(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'IE.MatMul' op contraction dims differ: input1 [2, 3] has K = 3, input2 [2, 4] has K = 2}}
  %0 = IE.MatMul(%a, %b) : tensor<2x3xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @matmul_contraction_transposed(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'IE.MatMul' op contraction dims differ: input1 [2, 3] (transposed) has K = 2, input2 [2, 4] (transposed) has K = 4}}
  %0 = IE.MatMul(%a, %b) {transpose_a, transpose_b} : tensor<2x3xf32>, tensor<2x4xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @matmul_batch(%a: tensor<2x4x8xf32>, %b: tensor<3x8x5xf32>) -> tensor<2x4x5xf32> {
  // expected-error @+1 {{'IE.MatMul' op batch dims [2] and [3] are not broadcastable}}
  %0 = IE.MatMul(%a, %b) : tensor<2x4x8xf32>, tensor<3x8x5xf32> -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

func.func @pool_rank(%x: tensor<6x6xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'IE.MaxPool' op expects a 4-D input [N, C, H, W] or a 3-D input [N, C, W], got shape [6, 6]}}
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<6x6xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @pool1d_kernel_size(%x: tensor<8x6x6xf32>) -> tensor<8x3x3xf32> {
  // expected-error @+1 {{'IE.MaxPool' op expects kernel_size to have 1 value (x), got 2}}
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<8x6x6xf32> -> tensor<8x3x3xf32>
  return %0 : tensor<8x3x3xf32>
}

// -----

func.func @pool1d_pads(%x: tensor<1x2x6xf32>) -> tensor<1x2x4xf32> {
  // expected-error @+1 {{'IE.AvgPool' op pads [2] and [0] must be smaller than the kernel size 2}}
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 2>, pads_begin = array<i64: 2>, pads_end = array<i64: 0>, strides = array<i64: 2>} : tensor<1x2x6xf32> -> tensor<1x2x4xf32>
  return %0 : tensor<1x2x4xf32>
}

// -----

func.func @deconv1d_output_padding(%x: tensor<1x4x5xf32>, %w: tensor<4x2x3xf32>) -> tensor<1x2x12xf32> {
  // expected-error @+1 {{'IE.Deconvolution' op output_padding 2 must be smaller than the stride or the dilation in each dim (strides 2, dilations 1)}}
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1>, output_padding = array<i64: 2>, pads_begin = array<i64: 0>, pads_end = array<i64: 0>, strides = array<i64: 2>} : tensor<1x4x5xf32>, tensor<4x2x3xf32> -> tensor<1x2x12xf32>
  return %0 : tensor<1x2x12xf32>
}

// -----

func.func @pool_kernel_count(%x: tensor<1x8x6x6xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @+1 {{'IE.MaxPool' op expects kernel_size to have 2 values (y, x), got 1}}
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf32> -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @pool_zero_kernel(%x: tensor<1x8x6x6xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @+1 {{'IE.AvgPool' op expects kernel_size >= 1, got [0, 2]}}
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 0, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf32> -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @pool_pad_too_big(%x: tensor<1x8x6x6xf32>) -> tensor<1x8x4x4xf32> {
  // expected-error @+1 {{'IE.MaxPool' op pads [2, 0] and [0, 0] must be smaller than the kernel size 2x2}}
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 2, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf32> -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

func.func @pool_kernel_too_big(%x: tensor<1x8x2x6xf32>) -> tensor<1x8x1x2xf32> {
  // expected-error @+1 {{'IE.MaxPool' op kernel size 3x3 exceeds the padded input 2x6}}
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x2x6xf32> -> tensor<1x8x1x2xf32>
  return %0 : tensor<1x8x1x2xf32>
}

// -----

func.func @pool_zero_stride(%x: tensor<1x8x6x6xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @+1 {{'IE.MaxPool' op expects strides >= 1, got [0, 2]}}
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 0, 2>} : tensor<1x8x6x6xf32> -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @pool_wrong_result(%x: tensor<1x8x7x7xf32>) -> tensor<1x8x4x4xf32> {
  // expected-error @+2 {{'IE.MaxPool' op inferred type(s) 'tensor<1x8x3x3xf32>' are incompatible with return type(s) of operation 'tensor<1x8x4x4xf32>'}}
  // expected-error @+1 {{'IE.MaxPool' op failed to infer returned types}}
  %0 = IE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x7x7xf32> -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

func.func @reduce_no_axes(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.ReduceSum' op expects at least one axis}}
  %0 = IE.ReduceSum(%x) {axes = array<i64>} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_axis_range(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'IE.ReduceMean' op axis 2 is out of range for rank 2}}
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2>} : tensor<2x3xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_repeated_axis(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'IE.ReduceMax' op axes [1, -1] name a dim more than once}}
  %0 = IE.ReduceMax(%x) {axes = array<i64: 1, -1>} : tensor<2x3xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_mean_int(%x: tensor<2x3xsi32>) -> tensor<2xsi32> {
  // expected-error @+1 {{'IE.ReduceMean' op operand #0 must be ranked tensor of 16-bit float or bfloat16 type or 32-bit float or 64-bit float values}}
  %0 = IE.ReduceMean(%x) {axes = array<i64: 1>} : tensor<2x3xsi32> -> tensor<2xsi32>
  return %0 : tensor<2xsi32>
}

// -----

func.func @reduce_prod_axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'IE.ReduceProd' op axis -3 is out of range for rank 2}}
  %0 = IE.ReduceProd(%x) {axes = array<i64: -3>} : tensor<2x3xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_prod_no_axes(%x: tensor<2x3xsi32>) -> tensor<2x3xsi32> {
  // expected-error @+1 {{'IE.ReduceProd' op expects at least one axis}}
  %0 = IE.ReduceProd(%x) {axes = array<i64>} : tensor<2x3xsi32> -> tensor<2x3xsi32>
  return %0 : tensor<2x3xsi32>
}

// -----

func.func @reduce_prod_result_type(%x: tensor<2x3xf32>) -> tensor<2xf16> {
  // expected-error @+1 {{'IE.ReduceProd' op failed to verify that all of {input, output} have same element type}}
  %0 = IE.ReduceProd(%x) {axes = array<i64: 1>} : tensor<2x3xf32> -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @softmax_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.SoftMax' op axis -3 is out of range for rank 2}}
  %0 = IE.SoftMax(%x) {axis = -3 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @log_softmax_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'IE.LogSoftMax' op axis 2 is out of range for rank 2}}
  %0 = IE.LogSoftMax(%x) {axis = 2 : i64} : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @deconv_channels(%x: tensor<1x16x8x8xf32>, %w: tensor<8x8x3x3xf32>) -> tensor<1x8x10x10xf32> {
  // expected-error @+1 {{'IE.Deconvolution' op input channels 16 do not match filter input channels 8}}
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf32>, tensor<8x8x3x3xf32> -> tensor<1x8x10x10xf32>
  return %0 : tensor<1x8x10x10xf32>
}

// -----

func.func @deconv_groups(%x: tensor<1x6x8x8xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x8x10x10xf32> {
  // expected-error @+1 {{'IE.Deconvolution' op filter input channels 6 are not divisible by groups 4}}
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 4 : i64, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x6x8x8xf32>, tensor<6x2x3x3xf32> -> tensor<1x8x10x10xf32>
  return %0 : tensor<1x8x10x10xf32>
}

// -----

func.func @deconv_output_padding(%x: tensor<1x16x8x8xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<1x8x18x18xf32> {
  // expected-error @+1 {{'IE.Deconvolution' op output_padding 2x2 must be smaller than the stride or the dilation in each dim (strides 2x2, dilations 1x1)}}
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, output_padding = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x18x18xf32>
  return %0 : tensor<1x8x18x18xf32>
}

// -----

func.func @deconv_output_padding_count(%x: tensor<1x16x8x8xf32>, %w: tensor<16x8x3x3xf32>) -> tensor<1x8x10x10xf32> {
  // expected-error @+1 {{'IE.Deconvolution' op expects output_padding to have 2 values (y, x), got 1}}
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32> -> tensor<1x8x10x10xf32>
  return %0 : tensor<1x8x10x10xf32>
}

// -----

func.func @deconv_no_output(%x: tensor<1x16x1x1xf32>, %w: tensor<16x8x1x1xf32>) -> tensor<1x8x1x1xf32> {
  // expected-error @+1 {{'IE.Deconvolution' op pads [1, 0] and [0, 0] leave no output for input 1x1 and kernel 1x1}}
  %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 1, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x1x1xf32>, tensor<16x8x1x1xf32> -> tensor<1x8x1x1xf32>
  return %0 : tensor<1x8x1x1xf32>
}

// -----

func.func @deconv_bias(%x: tensor<1x16x8x8xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x8x10x10xf32> {
  // expected-error @+1 {{'IE.Deconvolution' op expects a bias of shape [8] or [1, 8, 1, 1], got [16]}}
  %0 = IE.Deconvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf32>, tensor<16x8x3x3xf32>, tensor<16xf32> -> tensor<1x8x10x10xf32>
  return %0 : tensor<1x8x10x10xf32>
}

// -----

func.func @batchnorm_rank(%x: tensor<16xf32>, %c: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'IE.BatchNormInference' op expects an input [N, C, ...] of rank >= 2, got shape [16]}}
  %0 = IE.BatchNormInference(%x, %c, %c, %c, %c) {epsilon = 1.0e-05 : f64} : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

func.func @batchnorm_param(%x: tensor<1x16x4x4xf32>, %c: tensor<16xf32>, %v: tensor<8xf32>) -> tensor<1x16x4x4xf32> {
  // expected-error @+1 {{'IE.BatchNormInference' op expects variance of shape [16] (one value per channel), got [8]}}
  %0 = IE.BatchNormInference(%x, %c, %c, %c, %v) {epsilon = 1.0e-05 : f64} : tensor<1x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<8xf32> -> tensor<1x16x4x4xf32>
  return %0 : tensor<1x16x4x4xf32>
}

// -----

func.func @batchnorm_epsilon(%x: tensor<1x16x4x4xf32>, %c: tensor<16xf32>) -> tensor<1x16x4x4xf32> {
  // expected-error @+1 {{'IE.BatchNormInference' op expects epsilon >= 0, got -1.000000e+00}}
  %0 = IE.BatchNormInference(%x, %c, %c, %c, %c) {epsilon = -1.0 : f64} : tensor<1x16x4x4xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32> -> tensor<1x16x4x4xf32>
  return %0 : tensor<1x16x4x4xf32>
}

// -----

func.func @mvn_axes(%x: tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32> {
  // expected-error @+1 {{'IE.MVN' op axis 4 is out of range for rank 4}}
  %0 = IE.MVN(%x) {axes = array<i64: 2, 4>, eps = 1.0e-09 : f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>} : tensor<1x16x4x4xf32> -> tensor<1x16x4x4xf32>
  return %0 : tensor<1x16x4x4xf32>
}

// -----

func.func @mvn_eps(%x: tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32> {
  // expected-error @+1 {{'IE.MVN' op expects eps >= 0, got -5.000000e-01}}
  %0 = IE.MVN(%x) {axes = array<i64: 2, 3>, eps = -0.5 : f64, eps_mode = #IE.mvn_eps_mode<inside_sqrt>, normalize_variance} : tensor<1x16x4x4xf32> -> tensor<1x16x4x4xf32>
  return %0 : tensor<1x16x4x4xf32>
}

// -----

func.func @layernorm_axis(%x: tensor<2x8xf32>, %s: tensor<8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.LayerNormalization' op axis 2 is out of range for rank 2}}
  %0 = IE.LayerNormalization(%x, %s) {axis = 2 : i64, epsilon = 1.0e-05 : f64} : tensor<2x8xf32>, tensor<8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @layernorm_scale(%x: tensor<2x8xf32>, %s: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.LayerNormalization' op scale of shape [2, 8] does not broadcast to the normalized shape [8]}}
  %0 = IE.LayerNormalization(%x, %s) {epsilon = 1.0e-05 : f64} : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @layernorm_bias(%x: tensor<2x8xf32>, %s: tensor<8xf32>, %b: tensor<4xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.LayerNormalization' op bias of shape [4] does not broadcast to the normalized shape [8]}}
  %0 = IE.LayerNormalization(%x, %s, %b) {epsilon = 1.0e-05 : f64} : tensor<2x8xf32>, tensor<8xf32>, tensor<4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @layernorm_bias_type(%x: tensor<2x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf16>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.LayerNormalization' op expects bias of the input's element type 'f32', got 'f16'}}
  %0 = IE.LayerNormalization(%x, %s, %b) {epsilon = 1.0e-05 : f64} : tensor<2x8xf32>, tensor<8xf32>, tensor<8xf16> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @layernorm_epsilon(%x: tensor<2x8xf32>, %s: tensor<8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'IE.LayerNormalization' op expects epsilon >= 0, got -1.000000e+00}}
  %0 = IE.LayerNormalization(%x, %s) {epsilon = -1.0 : f64} : tensor<2x8xf32>, tensor<8xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

!qa = !quant.uniform<u8:f32:1, {0.05, 0.1}>
func.func @quant_avg_pool_per_axis(%x: tensor<1x2x4x4x!qa>) -> tensor<1x2x1x1x!qa> {
  // expected-error @+1 {{'IE.AvgPool' op a quantized average pool takes a tensor quantized per tensor, got '!quant.uniform<u8:f32:1, {5.000000e-02,1.000000e-01}>'}}
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 4, 4>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x2x4x4x!qa> -> tensor<1x2x1x1x!qa>
  return %0 : tensor<1x2x1x1x!qa>
}

// -----

func.func @lp_pool_p(%x: tensor<1x8x6x6xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error @+1 {{'IE.LpPool' op p must be >= 1, got 0}}
  %0 = IE.LpPool(%x) {kernel_size = array<i64: 2, 2>, p = 0 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf32> -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

func.func @lp_pool_int(%x: tensor<1x8x6x6xi32>) -> tensor<1x8x3x3xi32> {
  // expected-error @+1 {{'IE.LpPool' op operand #0 must be}}
  %0 = IE.LpPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xi32> -> tensor<1x8x3x3xi32>
  return %0 : tensor<1x8x3x3xi32>
}

// -----

func.func @lp_pool_pads(%x: tensor<1x8x6x6xf32>) -> tensor<1x8x4x4xf32> {
  // expected-error @+1 {{'IE.LpPool' op pads [2, 0] and [0, 0] must be smaller than the kernel size 2x2}}
  %0 = IE.LpPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 2, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf32> -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// -----

func.func @lp_pool_result(%x: tensor<1x8x6x6xf32>) -> tensor<1x8x2x2xf32> {
  // expected-error @+2 {{'IE.LpPool' op inferred type(s) 'tensor<1x8x3x3xf32>' are incompatible with return type(s) of operation 'tensor<1x8x2x2xf32>'}}
  // expected-error @+1 {{'IE.LpPool' op failed to infer returned types}}
  %0 = IE.LpPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x8x6x6xf32> -> tensor<1x8x2x2xf32>
  return %0 : tensor<1x8x2x2xf32>
}
