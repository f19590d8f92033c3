// RUN: vpuc-opt %s --split-input-file | vpuc-opt --split-input-file | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --mlir-print-op-generic | vpuc-opt --split-input-file | FileCheck %s

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A 3x3 stride-2 convolution with padding, split over H on two DPUs.
// CHECK-LABEL: func.func @conv
func.func @conv(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>,
                %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>,
                %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>,
                %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // CHECK: VPUIP.NCEClusterTask<CONV> {kernel_padding = array<i64: 1, 1, 1, 1>, kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, ppe = #VPUIP.ppe<RELU>}
  // CHECK-SAME: input(%{{[a-z0-9_]+}} : memref<1x16x8x8xf16, #{{[a-z0-9_]+}}, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK-SAME: weights(%{{[a-z0-9_]+}} : memref<16x16x3x3xf16, #{{[a-z0-9_]+}}, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK-SAME: weights_table(%{{[a-z0-9_]+}} : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
  // CHECK-SAME: outputs(%{{[a-z0-9_]+}} : memref<1x16x4x4xf16, #{{[a-z0-9_]+}}, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #{{[a-z0-9_]+}}, #VPUIP.mem<CMX_NN[0]>> variants {
  // CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
  // CHECK-NEXT: VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe MATRIX
  // CHECK-NEXT: }
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>,
          kernel_padding = array<i64: 1, 1, 1, 1>, ppe = #VPUIP.ppe<RELU>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe MATRIX
  }
  return %r : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Depthwise, pools and eltwise ops, with every PPE mode; a channel split.
// CHECK-LABEL: func.func @others
func.func @others(%in: memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>,
                  %in2: memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>,
                  %w: memref<32x1x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>,
                  %wt: memref<32x1x1x4xi32, #VPUIP.mem<CMX_NN[1]>>,
                  %out: memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>,
                  %pooled: memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) {
  // CHECK: VPUIP.NCEClusterTask<DWCONV> {{{.+}}, ppe = #VPUIP.ppe<RELUX, clamp_low = 0.0, clamp_high = 6.0>}
  // CHECK: VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [1, 1, 1, 1] dpu 0 mpe VECTOR
  // CHECK: VPUIP.DPUTask outStart [0, 0, 16] outEnd [3, 3, 31] pad [1, 1, 1, 1] dpu 0 mpe VECTOR
  %0 = VPUIP.NCEClusterTask <DWCONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 1, 1, 1, 1>, ppe = #VPUIP.ppe<RELUX, clamp_low = 0.0, clamp_high = 6.0>}
      input(%in : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      weights(%w : memref<32x1x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      weights_table(%wt : memref<32x1x1x4xi32, #VPUIP.mem<CMX_NN[1]>>)
      outputs(%out : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [1, 1, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 0, 16] outEnd [3, 3, 31] pad [1, 1, 1, 1] dpu 0 mpe VECTOR
  }
  // CHECK: VPUIP.NCEClusterTask<MAXPOOL> {{{.+}}, ppe = #VPUIP.ppe<LRELU, alpha = 0.1>}
  %1 = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>,
          kernel_padding = array<i64: 0, 0, 0, 0>, ppe = #VPUIP.ppe<LRELU, alpha = 0.1>}
      input(%in : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      outputs(%pooled : memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      -> memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 1, 31] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  // CHECK: VPUIP.NCEClusterTask<AVEPOOL> {kernel_padding
  // CHECK-NOT: ppe
  // CHECK-SAME: input(
  %2 = VPUIP.NCEClusterTask <AVEPOOL> {kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>,
          kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      outputs(%pooled : memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      -> memref<1x32x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 1, 31] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  // CHECK: VPUIP.NCEClusterTask<ELTWISE_SUB> {{{.+}}, ppe = #VPUIP.ppe<NONE>}
  // CHECK-SAME: input2(%{{[a-z0-9_]+}} : memref<1x32x4x4xf16, #{{[a-z0-9_]+}}, #VPUIP.mem<CMX_NN[1]>>)
  %3 = VPUIP.NCEClusterTask <ELTWISE_SUB> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>,
          kernel_padding = array<i64: 0, 0, 0, 0>, ppe = #VPUIP.ppe<NONE>}
      input(%in : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      input2(%in2 : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      outputs(%out : memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      -> memref<1x32x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 3, 31] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [2, 0, 0] outEnd [3, 3, 31] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  return
}

// -----

// The PPE attribute's INT8 fields print back (ops with an f16 output reject them).
// CHECK-LABEL: func.func @ppe_quant
// CHECK-SAME: test.ppe = #VPUIP.ppe<NONE, quant_mult = [16384, 8192], quant_shift = [14, 13], quant_post_shift = 1, out_zero_point = -3>
func.func @ppe_quant() attributes {test.ppe = #VPUIP.ppe<NONE, quant_mult = [16384, 8192], quant_shift = [14, 13], quant_post_shift = 1, out_zero_point = -3>} {
  return
}

// -----

// The parameters parse in any order and print in a fixed one; FP32 values
// print in the shortest form that reads back as the same FP32 value (-0.0
// stays apart from 0.0); zero requantisation fields are left out.
// CHECK-LABEL: func.func @ppe_parameters
// CHECK-SAME: clamp = #VPUIP.ppe<RELUX, clamp_low = -0.0, clamp_high = 6.5>
// CHECK-SAME: leaky = #VPUIP.ppe<LRELU, alpha = 0.1, quant_mult = [3], quant_shift = [2], quant_post_shift = 1>
// CHECK-SAME: tiny = #VPUIP.ppe<LRELU, alpha = 1.0e-07>
func.func @ppe_parameters() attributes {
    clamp = #VPUIP.ppe<RELUX, clamp_high = 6.5, clamp_low = -0.0>,
    leaky = #VPUIP.ppe<LRELU, out_zero_point = 0, quant_post_shift = 1, quant_shift = [2], quant_mult = [3], alpha = 0.100000001>,
    tiny = #VPUIP.ppe<LRELU, alpha = 1.0e-7>} {
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// In a VPURT task, an NCE cluster task runs on the DPUs of its cluster and
// counts once per variant on its barriers.
// CHECK-LABEL: func.func @in_vpurt_task
func.func @in_vpurt_task() {
  %in = VPURT.DeclareBuffer <CMX_NN> [1] <0> -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %out = VPURT.DeclareBuffer <CMX_NN> [1] <512> -> memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  %copy = VPURT.DeclareBuffer <CMX_NN> [1] <1024> -> memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  // CHECK: VPURT.ConfigureBarrier<0> {producer_count = 2 : i64}
  %b = VPURT.ConfigureBarrier<0> {producer_count = 2 : i64} -> !VPURT.Barrier
  VPURT.Task updates(%b) {
    %r = VPUIP.NCEClusterTask <AVEPOOL> {kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>,
            kernel_padding = array<i64: 0, 0, 0, 0>}
        input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
        outputs(%out : memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
        -> memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>> variants {
      VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 0, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
      VPUIP.DPUTask outStart [0, 1, 0] outEnd [1, 1, 15] pad [0, 0, 0, 0] dpu 1 mpe VECTOR
    }
  }
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA inputs(%out : memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
                     outputs(%copy : memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>) -> memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>
  }
  return
}

// -----

// INT8 mode: a u8 x i8 convolution with a requantised u8 output (zero points on the task, the
// output zero point and integral clamps in the PPE), and an i8 depthwise one with an f16 output.
// CHECK-LABEL: func.func @conv_int8
// CHECK: VPUIP.NCEClusterTask<CONV> {input_zero_point = 128 : i64, kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, ppe = #VPUIP.ppe<RELUX, clamp_low = 0.0, clamp_high = 255.0, out_zero_point = 3>, weights_zero_point = -2 : i64}
// CHECK-SAME: outputs(%{{[a-z0-9_]+}} : memref<1x16x4x4xui8
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @conv_int8(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_zero_point = 128, weights_zero_point = -2, ppe = #VPUIP.ppe<RELUX, clamp_low = 0.0, clamp_high = 255.0, out_zero_point = 3>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// CHECK-LABEL: func.func @dwconv_int8_f16_out
// CHECK: VPUIP.NCEClusterTask<DWCONV> {input_zero_point = -3 : i64, kernel_padding
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @dwconv_int8_f16_out(%in: memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x1x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = VPUIP.NCEClusterTask <DWCONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_zero_point = -3, ppe = #VPUIP.ppe<LRELU, alpha = 1.000000e-01>}
      input(%in : memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x1x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// An INT8 eltwise add: a u8 and an i8 input, each with its zero point and multiplier, an i8
// output requantised by the PPE.
// CHECK-LABEL: func.func @eltwise_add_int8
// CHECK: VPUIP.NCEClusterTask<ELTWISE_ADD> {input2_mult = 9000 : i64, input2_zero_point = -5 : i64, input_mult = 16384 : i64, input_zero_point = 128 : i64, kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, ppe = #VPUIP.ppe<RELU, quant_mult = [12345], quant_shift = [30], out_zero_point = -128>}
// CHECK-SAME: input2(%{{[a-z0-9_]+}} : memref<1x16x4x4xi8
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise_add_int8(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_zero_point = 128, input2_zero_point = -5, input_mult = 16384, input2_mult = 9000, ppe = #VPUIP.ppe<RELU, quant_mult = [12345], quant_shift = [30], out_zero_point = -128>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// An INT8 pool takes its multiplier and shift from the PPE.
// CHECK-LABEL: func.func @avgpool_int8
// CHECK: ppe = #VPUIP.ppe<NONE, quant_mult = [16777215], quant_shift = [40], out_zero_point = 255>
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @avgpool_int8(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  %r = VPUIP.NCEClusterTask <AVEPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, ppe = #VPUIP.ppe<NONE, quant_mult = [16777215], quant_shift = [40], out_zero_point = 255>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}
