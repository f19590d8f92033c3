// RUN: vpuc-opt %s --split-input-file --verify-diagnostics
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @input_nchw(%in: memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{'VPUIP.NCEClusterTask' op input must be laid out NHWC, got NCHW}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @input_other_cluster(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{input must be in CMX_NN[0] (the CMX of the task's cluster), got #VPUIP.mem<CMX_NN[1]>}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[1]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @output_ddr(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<DDR>>) {
  // expected-error @+1 {{output must be in the CMX of a cluster, got #VPUIP.mem<DDR>}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<DDR>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<DDR>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @input_f32(%in: memref<1x16x8x8xf32, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{input must have element type f16, ui8 or i8, got 'f32'}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf32, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @input_batch(%in: memref<2x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{input must be a 1xCxHxW buffer}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<2x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @conv_no_weights(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{CONV needs weights and weights_table}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @pool_weights(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x1x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{MAXPOOL takes no weights and weights_table}}
  %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x1x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise_no_input2(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{ELTWISE_ADD needs second input (input2)}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @dw_input2(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{DWCONV takes no second input (input2)}}
  %r = VPUIP.NCEClusterTask <DWCONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @bad_out_size(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{output spatial size 4x4 differs from 3x3, which the input, kernel, strides and padding give}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @big_pad(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{kernel_padding [3, 1, 1, 1] must be below the kernel size [3, 3] on each axis}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 3, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @zero_stride(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{kernel sizes and strides must be positive}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 0, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @kernel_rank(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{needs kernel_size [KY, KX], kernel_strides [SY, SX] and kernel_padding [top, bottom, left, right], got 1, 2 and 4 values}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @weights_shape(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{weights shape [16, 16, 1, 1] differs from [16, 16, 3, 3] (OC x IC x KY x KX)}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @weights_order(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{weights must be laid out NHWC (OYXI), got NCHW}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @table_type(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xf32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{weights_table must be 16x1x1x4xi32 (4 words per output channel), got 'memref<16x1x1x4xf32, #VPUIP.mem<CMX_NN[0]>>'}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xf32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @table_ddr(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{weights_table must be in CMX_NN[0] (the CMX of the task's cluster), got #VPUIP.mem<DDR>}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @dw_channels(%in: memref<1x32x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x1x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{DWCONV output has 16 channels but the input has 32}}
  %r = VPUIP.NCEClusterTask <DWCONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x32x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x1x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise_shapes(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{input2 shape [1, 16, 4, 4] differs from input shape [1, 16, 8, 8]}}
  %r = VPUIP.NCEClusterTask <ELTWISE_MUL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @eltwise_kernel(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{ELTWISE_ADD needs a 1x1 kernel with strides 1}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @ppe_quant(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{PPE requantisation fields need an integer output; this task's output is f16}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>, ppe = #VPUIP.ppe<NONE, quant_post_shift = 2>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @no_variants(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{needs at least one variant (VPUIP.DPUTask)}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @partial_cover(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  // expected-error @+1 {{variants cover 128 of the 256 output elements; they must cover the output exactly once}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @overlap(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    // expected-note @+1 {{variant #0}}
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 2, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    // expected-error @+1 {{'VPUIP.DPUTask' op box overlaps the box of variant #0}}
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @outside(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    // expected-error @+1 {{'VPUIP.DPUTask' op box [0, 2, 0] to [3, 4, 15] is not inside the output [0, 0, 0] to [3, 3, 15] ([x, y, z], inclusive)}}
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 4, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @bad_pad(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    // expected-error @+1 {{'VPUIP.DPUTask' op pad [1, 1, 1, 1] should be [1, 0, 1, 1]: the task's padding on the sides where the box touches the border of the output, 0 elsewhere}}
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 1, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @box_rank(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    // expected-error @+1 {{'VPUIP.DPUTask' op outStart and outEnd must be [x, y, z], got 2 and 3 values}}
    VPUIP.DPUTask outStart [0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @pad_rank(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    // expected-error @+1 {{'VPUIP.DPUTask' op pad must be [top, bottom, left, right], got 2 values}}
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [1, 1] dpu 0 mpe VECTOR
  }
  return
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @foreign_op(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
      input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
    VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
    // expected-error @+1 {{is not a VPUIP.DPUTask: the variants region of VPUIP.NCEClusterTask holds only variants}}
    %x = VPUIP.StaticAlloc<0> -> memref<16xf16>
  }
  return
}

// -----

// expected-error @+1 {{PPE mode RELU takes no clamp_low / clamp_high}}
func.func @ppe_relu_clamp() attributes {test.ppe = #VPUIP.ppe<RELU, clamp_high = 6.0>}

// -----

// expected-error @+1 {{PPE clamp_low 6.000000e+00 is above clamp_high 0.000000e+00}}
func.func @ppe_clamp_order() attributes {test.ppe = #VPUIP.ppe<RELUX, clamp_low = 6.0, clamp_high = 0.0>}

// -----

// expected-error @+1 {{PPE mode RELUX takes no alpha}}
func.func @ppe_alpha() attributes {test.ppe = #VPUIP.ppe<RELUX, alpha = 0.5>}

// -----

// expected-error @+1 {{PPE mode RELUX needs clamp_low and clamp_high}}
func.func @ppe_clamp_missing() attributes {test.ppe = #VPUIP.ppe<RELUX, clamp_high = 6.0>}

// -----

// expected-error @+1 {{PPE mode LRELU needs an alpha}}
func.func @ppe_alpha_missing() attributes {test.ppe = #VPUIP.ppe<LRELU>}

// -----

// expected-error @+2 {{expected floating point literal}}
// expected-error @+1 {{failed to parse VPUIP_PPEAttr parameter 'alpha'}}
func.func @ppe_alpha_not_a_number() attributes {test.ppe = #VPUIP.ppe<LRELU, alpha = beta>}

// -----

// expected-error @+2 {{expected '['}}
// expected-error @+1 {{failed to parse VPUIP_PPEAttr parameter 'quant_mult'}}
func.func @ppe_list_without_brackets() attributes {test.ppe = #VPUIP.ppe<NONE, quant_mult = 1, quant_shift = [3]>}

// -----

// expected-error @+1 {{PPE quant_mult has 2 entries but quant_shift has 1}}
func.func @ppe_quant_sizes() attributes {test.ppe = #VPUIP.ppe<NONE, quant_mult = [1, 2], quant_shift = [3]>}

// -----

// expected-error @+2 {{expected ::mlir::vpuc::VPUIP::PPEMode to be one of: NONE, RELU, RELUX, LRELU}}
// expected-error @+1 {{failed to parse VPUIP_PPEAttr parameter 'mode'}}
func.func @ppe_mode() attributes {test.ppe = #VPUIP.ppe<SIGMOID>}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: beta}}
func.func @ppe_key() attributes {test.ppe = #VPUIP.ppe<LRELU, beta = 0.5>}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: alpha}}
func.func @ppe_twice() attributes {test.ppe = #VPUIP.ppe<LRELU, alpha = 0.5, alpha = 0.25>}

// -----

// expected-error @+1 {{PPE alpha must be finite}}
func.func @ppe_inf() attributes {test.ppe = #VPUIP.ppe<LRELU, alpha = 1.0e39>}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A barrier's declared producer count must count each variant of an NCE task.
func.func @barrier_counts_variants() {
  %in = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  %out = VPURT.DeclareBuffer <CMX_NN> [0] <512> -> memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  // expected-error @+1 {{producer_count 1 differs from the count of the tasks that update the barrier (2)}}
  %b = VPURT.ConfigureBarrier<0> {producer_count = 1 : i64} -> !VPURT.Barrier
  VPURT.Task updates(%b) {
    %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>,
            kernel_padding = array<i64: 0, 0, 0, 0>}
        input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        outputs(%out : memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        -> memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
      VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 0, 15] pad [0, 0, 0, 0] dpu 0 mpe VECTOR
      VPUIP.DPUTask outStart [0, 1, 0] outEnd [1, 1, 15] pad [0, 0, 0, 0] dpu 1 mpe VECTOR
    }
  }
  VPURT.Task waits(%b) {
    %r = VPUIP.NNDMA inputs(%out : memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
                     outputs(%out : memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
  }
  return
}

// -----

// INT8 mode: zero points, element types and the PPE's requantisation fields.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_zero_point_range(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{input_zero_point 300 is outside the range of 'ui8' [0, 255]}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_zero_point = 300}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_weights_zero_point_range(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{weights_zero_point 128 is outside the range of 'i8' [-128, 127]}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, weights_zero_point = 128}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_f16_weights(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{weights must have element type ui8 or i8 (INT8 mode), got 'f16'}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @fp16_zero_point(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an FP16 task (f16 input) has no zero points}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_zero_point = 1}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @fp16_int_output(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an FP16 task (f16 input) has f16 operands and output, got output 'ui8'}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_eltwise_f16_input2(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an INT8 task's input2 is ui8 or i8, got 'f16'}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_mult = 1, input2_mult = 1, ppe = #VPUIP.ppe<NONE, quant_mult = [1], quant_shift = [0]>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_eltwise_f16_output(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an INT8 task's output is ui8 or i8 (or f16 for CONV and DWCONV), got 'f16'}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_mult = 1, input2_mult = 1}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_eltwise_input2_zero_point(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{input2_zero_point 200 is outside the range of 'i8' [-128, 127]}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input2_zero_point = 200, input_mult = 1, input2_mult = 1, ppe = #VPUIP.ppe<NONE, quant_mult = [1], quant_shift = [0]>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_eltwise_mult_range(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{input2_mult 32768 is outside [0, 32767]}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_mult = 1, input2_mult = 32768, ppe = #VPUIP.ppe<NONE, quant_mult = [1], quant_shift = [0]>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_eltwise_mul_mult(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{input_mult 3 on a ELTWISE_MUL task: only INT8 ELTWISE_ADD and ELTWISE_SUB scale their inputs}}
  %r = VPUIP.NCEClusterTask <ELTWISE_MUL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_mult = 3, ppe = #VPUIP.ppe<NONE, quant_mult = [1], quant_shift = [0]>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_eltwise_without_requant(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an INT8 pool or eltwise task needs exactly one PPE quant_mult in [0, 16777215] and one quant_shift in [0, 63]}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_mult = 1, input2_mult = 1}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @fp16_eltwise_mult(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an FP16 task (f16 input) has no input multipliers}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input_mult = 1}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @fp16_eltwise_input2_zero_point(%in: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %in2: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an FP16 task (f16 input) has no zero points}}
  %r = VPUIP.NCEClusterTask <ELTWISE_ADD> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, input2_zero_point = 1}
      input(%in : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      input2(%in2 : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_pool_f16_output(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an INT8 task's output is ui8 or i8 (or f16 for CONV and DWCONV), got 'f16'}}
  %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_pool_without_mult(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an INT8 pool or eltwise task needs exactly one PPE quant_mult in [0, 16777215] and one quant_shift in [0, 63]}}
  %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_pool_mult_range(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{an INT8 pool or eltwise task needs exactly one PPE quant_mult in [0, 16777215] and one quant_shift in [0, 63]}}
  %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, ppe = #VPUIP.ppe<NONE, quant_mult = [16777216], quant_shift = [0]>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_conv_ppe_mult(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{CONV takes its multipliers and shifts from the weights table, not from the PPE}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, ppe = #VPUIP.ppe<NONE, quant_mult = [1], quant_shift = [0]>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_out_zero_point(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{PPE out_zero_point 200 is outside the range of 'i8' [-128, 127]}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, ppe = #VPUIP.ppe<NONE, out_zero_point = 200>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_relux_steps(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{PPE RELUX clamps of an integer output are integers (output steps), got 6.5}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, ppe = #VPUIP.ppe<RELUX, clamp_low = 0.0, clamp_high = 6.5>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @int8_f16_out_requant(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{PPE requantisation fields need an integer output; this task's output is f16}}
  %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, ppe = #VPUIP.ppe<NONE, out_zero_point = 1>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights(%w : memref<16x16x1x1xi8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
func.func @pool_weights_zero_point(%in: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> {
  // expected-error @+1 {{MAXPOOL has no weights and no weights_zero_point}}
  %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, kernel_padding = array<i64: 0, 0, 0, 0>, weights_zero_point = 1, ppe = #VPUIP.ppe<NONE, quant_mult = [1], quant_shift = [0]>}
      input(%in : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
      outputs(%out : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
    VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 3, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
  }
  return %r : memref<1x16x4x4xui8, #NHWC, #VPUIP.mem<CMX_NN[0]>>
}

// -----

// A target whose NCE tasks take at most one variant (max_variants): two are too many.
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "ONE_VARIANT", clusters = 1,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256, dpus = 2, max_variants = 1>} {
  func.func @too_many_variants(%in: memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %w: memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>, %wt: memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>, %out: memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) {
    // expected-error @+1 {{'VPUIP.NCEClusterTask' op has 2 variants, more than one NCE task of the target ONE_VARIANT may have (1, nce.limits.max_variants_per_task)}}
    %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, kernel_padding = array<i64: 1, 1, 1, 1>}
        input(%in : memref<1x16x8x8xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        weights(%w : memref<16x16x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
        weights_table(%wt : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
        outputs(%out : memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x16x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
      VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 15] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
      VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 15] pad [0, 1, 1, 1] dpu 1 mpe VECTOR
    }
    return
  }
}
