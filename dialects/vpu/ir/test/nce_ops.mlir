// RUN: vpuc-opt %s --split-input-file --mlir-print-local-scope | vpuc-opt --split-input-file --mlir-print-local-scope | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-generic | vpuc-opt --split-input-file --mlir-print-local-scope | FileCheck %s
// Round trip of every NCE op with every PPE mode. Result types are written out and the
// verifier checks them against the inferred ones, so every case is a type inference check.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @conv_relu_bias
// CHECK-NEXT: %0 = VPU.NCE.Convolution(%arg0, %arg1, %arg2) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x32x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @conv_relu_bias(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<32x16x3x3xf16, #NHWC>, %b: tensor<32xf16>) -> tensor<1x32x8x8xf16, #NHWC> {
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<32x16x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x8x8xf16, #NHWC>
  return %0 : tensor<1x32x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Strides 2, asymmetric padding, 11 x 1 kernel, f32 bias, no PPE.
// CHECK-LABEL: func.func @conv_none
// CHECK-NEXT: %0 = VPU.NCE.Convolution(%arg0, %arg1, %arg2) {pads_begin = array<i64: 5, 0>, pads_end = array<i64: 4, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 1>}
// CHECK-SAME: tensor<16xf32> -> tensor<1x16x10x7xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @conv_none(%x: tensor<1x32x20x7xf16, #NHWC>, %w: tensor<16x32x11x1xf16, #NHWC>, %b: tensor<16xf32>) -> tensor<1x16x10x7xf16, #NHWC> {
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 5, 0>, pads_end = array<i64: 4, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 1>}
         : tensor<1x32x20x7xf16, #NHWC>, tensor<16x32x11x1xf16, #NHWC>, tensor<16xf32> -> tensor<1x16x10x7xf16, #NHWC>
  return %0 : tensor<1x16x10x7xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// In CMX: the result takes the input's memory.
// CHECK-LABEL: func.func @conv_cmx_clamp
// CHECK-NEXT: %0 = VPU.NCE.Convolution(%arg0, %arg1) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x4x4xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[1]>>
func.func @conv_cmx_clamp(%x: tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[1]>>,
                          %w: tensor<16x16x1x1xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[1]>>)
    -> tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[1]>> {
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 1, 1>}
         : tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[1]>>, tensor<16x16x1x1xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[1]>>
         -> tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[1]>>
  return %0 : tensor<1x16x4x4xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[1]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @conv_leaky
// CHECK-NEXT: %0 = VPU.NCE.Convolution(%arg0, %arg1) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<LEAKY_RELU, slope = 0.1>, strides = array<i64: 8, 8>}
// CHECK-SAME: -> tensor<1x16x2x2xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @conv_leaky(%x: tensor<1x16x16x16xf16, #NHWC>, %w: tensor<16x16x8x8xf16, #NHWC>) -> tensor<1x16x2x2xf16, #NHWC> {
  %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<LEAKY_RELU, slope = 0.1>, strides = array<i64: 8, 8>}
         : tensor<1x16x16x16xf16, #NHWC>, tensor<16x16x8x8xf16, #NHWC> -> tensor<1x16x2x2xf16, #NHWC>
  return %0 : tensor<1x16x2x2xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @depthconv
// CHECK-NEXT: %0 = VPU.NCE.DepthConvolution(%arg0, %arg1, %arg2) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x32x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @depthconv(%x: tensor<1x32x8x8xf16, #NHWC>, %w: tensor<32x1x3x3xf16, #NHWC>, %b: tensor<32xf16>) -> tensor<1x32x4x4xf16, #NHWC> {
  %0 = VPU.NCE.DepthConvolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 2, 2>}
         : tensor<1x32x8x8xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC>, tensor<32xf16> -> tensor<1x32x4x4xf16, #NHWC>
  return %0 : tensor<1x32x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @depthconv_relu
// CHECK-NEXT: %0 = VPU.NCE.DepthConvolution(%arg0, %arg1) {pads_begin = array<i64: 2, 2>, pads_end = array<i64: 2, 2>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @depthconv_relu(%x: tensor<1x16x8x8xf16, #NHWC>, %w: tensor<16x1x5x5xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 2, 2>, pads_end = array<i64: 2, 2>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<16x1x5x5xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @maxpool
// CHECK-NEXT: %0 = VPU.NCE.MaxPool(%arg0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @maxpool(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %0 : tensor<1x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @maxpool_leaky
// CHECK-NEXT: %0 = VPU.NCE.MaxPool(%arg0) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<LEAKY_RELU, slope = 0.25>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x32x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @maxpool_leaky(%x: tensor<1x32x7x7xf16, #NHWC>) -> tensor<1x32x3x3xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<LEAKY_RELU, slope = 0.25>, strides = array<i64: 2, 2>}
         : tensor<1x32x7x7xf16, #NHWC> -> tensor<1x32x3x3xf16, #NHWC>
  return %0 : tensor<1x32x3x3xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @avgpool
// CHECK-NEXT: %0 = VPU.NCE.AveragePool(%arg0) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @avgpool(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
  %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
  return %0 : tensor<1x16x4x4xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @avgpool_relu
// CHECK-NEXT: %0 = VPU.NCE.AveragePool(%arg0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @avgpool_relu(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>}
         : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @eltwise_add
// CHECK-NEXT: %0 = VPU.NCE.Eltwise(%arg0, %arg1) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
// CHECK-SAME: -> tensor<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @eltwise_add(%a: tensor<1x16x8x8xf16, #NHWC>, %b: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @eltwise_subtract
// CHECK-NEXT: %0 = VPU.NCE.Eltwise(%arg0, %arg1) {op_type = #VPU.eltwise_type<SUBTRACT>, ppe = #VPU.PPE<NONE>}
func.func @eltwise_subtract(%a: tensor<1x16x8x8xf16, #NHWC>, %b: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<SUBTRACT>, ppe = #VPU.PPE<NONE>}
         : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %0 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// CHECK-LABEL: func.func @eltwise_multiply_cmx
// CHECK-NEXT: %0 = VPU.NCE.Eltwise(%arg0, %arg1) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<CLAMP, clamp_low = -1.0, clamp_high = 1.0>}
// CHECK-SAME: -> tensor<1x16x2x2xf16, #VPU.tensor<order = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, mem_space = CMX_NN[0]>>
func.func @eltwise_multiply_cmx(%a: tensor<1x16x2x2xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>,
                                %b: tensor<1x16x2x2xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>)
    -> tensor<1x16x2x2xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>> {
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<CLAMP, clamp_low = -1.0, clamp_high = 1.0>}
         : tensor<1x16x2x2xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>, tensor<1x16x2x2xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>
         -> tensor<1x16x2x2xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>
  return %0 : tensor<1x16x2x2xf16, #VPU.tensor<order = #NHWC, mem_space = CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A quantized add: a u8 and an i8 operand, each with its scale and zero point, and a result
// with its own.
// CHECK-LABEL: func.func @eltwise_add_quantized
// CHECK-NEXT: %0 = VPU.NCE.Eltwise(%arg0, %arg1) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
// CHECK-SAME: -> tensor<1x16x8x8x!quant.uniform<u8:f32, 4.000000e-02:2>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @eltwise_add_quantized(%a: tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, %b: tensor<1x16x8x8x!quant.uniform<i8:f32, 0.02:-1>, #NHWC>) -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.04:2>, #NHWC> {
  %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
         : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, tensor<1x16x8x8x!quant.uniform<i8:f32, 0.02:-1>, #NHWC> -> tensor<1x16x8x8x!quant.uniform<u8:f32, 0.04:2>, #NHWC>
  return %0 : tensor<1x16x8x8x!quant.uniform<u8:f32, 0.04:2>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A quantized average pool: the mean of the real values, requantised to the input's type.
// CHECK-LABEL: func.func @avgpool_quantized
// CHECK-NEXT: %0 = VPU.NCE.AveragePool(%arg0) {kernel_size = array<i64: 4, 4>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x16x1x1x!quant.uniform<u8:f32, 5.000000e-02:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @avgpool_quantized(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC>) -> tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>, #NHWC> {
  %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 4, 4>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
         : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC> -> tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
  return %0 : tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// The cluster that runs the op.
// CHECK-LABEL: func.func @maxpool_cluster
// CHECK-NEXT: %0 = VPU.NCE.MaxPool(%arg0) {cluster = 3 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
// CHECK-NEXT: %1 = VPU.NCE.Eltwise(%0, %0) {cluster = 1 : i64, op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>}
func.func @maxpool_cluster(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {cluster = 3 : i64, kernel_size = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  %1 = VPU.NCE.Eltwise(%0, %0) {cluster = 1 : i64, op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x16x8x8xf16, #NHWC>, tensor<1x16x8x8xf16, #NHWC> -> tensor<1x16x8x8xf16, #NHWC>
  return %1 : tensor<1x16x8x8xf16, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A quantized convolution (IE.Convolution's quantized form): u8 input and output per tensor, i8
// weights per output channel, an i32 bias of scale input x filter; the output's quantization is
// its own (the inferred type is the input's, up to the quantization parameters).
// CHECK-LABEL: func.func @conv_quantized
// CHECK-NEXT: %0 = VPU.NCE.Convolution(%arg0, %arg1, %arg2) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 1, 1>}
// CHECK-SAME: tensor<16x!quant.uniform<i32:f32:0, {{.+}}>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 2.500000e-02:3>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @conv_quantized(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>,
                          %w: tensor<16x16x3x3x!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>, #NHWC>,
                          %b: tensor<16x!quant.uniform<i32:f32:0, {0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.0625}>>)
    -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.025:3>, #NHWC> {
  %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 1, 1>}
         : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>,
           tensor<16x16x3x3x!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>, #NHWC>,
           tensor<16x!quant.uniform<i32:f32:0, {0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.0625}>>
         -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.025:3>, #NHWC>
  return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.025:3>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A quantized depthwise convolution with i8 activations and a per-tensor filter, no bias, on a
// module whose target runs i8 (VPU.nce_element_types).
// CHECK-LABEL: func.func @dwconv_quantized
// CHECK-NEXT: %0 = VPU.NCE.DepthConvolution(%arg0, %arg1) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x16x2x2x!quant.uniform<i8:f32, 1.000000e-01:-5>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
module attributes {VPU.nce_element_types = ["i8", "f16"]} {
  func.func @dwconv_quantized(%x: tensor<1x16x4x4x!quant.uniform<i8:f32, 0.5>, #NHWC>, %w: tensor<16x1x2x2x!quant.uniform<i8:f32, 0.25:2>, #NHWC>)
      -> tensor<1x16x2x2x!quant.uniform<i8:f32, 0.1:-5>, #NHWC> {
    %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
           : tensor<1x16x4x4x!quant.uniform<i8:f32, 0.5>, #NHWC>, tensor<16x1x2x2x!quant.uniform<i8:f32, 0.25:2>, #NHWC>
           -> tensor<1x16x2x2x!quant.uniform<i8:f32, 0.1:-5>, #NHWC>
    return %0 : tensor<1x16x2x2x!quant.uniform<i8:f32, 0.1:-5>, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A max pool on a quantized tensor keeps its type.
// CHECK-LABEL: func.func @max_pool_quantized
// CHECK-NEXT: %0 = VPU.NCE.MaxPool(%arg0) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x16x2x2x!quant.uniform<u8:f32, 5.000000e-01:128>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
func.func @max_pool_quantized(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>) -> tensor<1x16x2x2x!quant.uniform<u8:f32, 0.5:128>, #NHWC> {
  %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
         : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC> -> tensor<1x16x2x2x!quant.uniform<u8:f32, 0.5:128>, #NHWC>
  return %0 : tensor<1x16x2x2x!quant.uniform<u8:f32, 0.5:128>, #NHWC>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// On a target with compressed-input convolutions, a convolution reads 4 input channels.
// CHECK-LABEL: func.func @compressed_input
// CHECK-NEXT: %0 = VPU.NCE.Convolution(%arg0, %arg1) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
// CHECK-SAME: : tensor<1x4x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, tensor<16x4x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>> -> tensor<1x16x4x4xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
module attributes {VPU.nce_limits = {channel_alignment = 16 : i64, compressed_input_channels = 4 : i64, max_kernel_size = 11 : i64, max_pad = 5 : i64, max_stride = 8 : i64}} {
  func.func @compressed_input(%x: tensor<1x4x8x8xf16, #NHWC>, %w: tensor<16x4x3x3xf16, #NHWC>) -> tensor<1x16x4x4xf16, #NHWC> {
    %0 = VPU.NCE.Convolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
           : tensor<1x4x8x8xf16, #NHWC>, tensor<16x4x3x3xf16, #NHWC> -> tensor<1x16x4x4xf16, #NHWC>
    return %0 : tensor<1x16x4x4xf16, #NHWC>
  }
}
