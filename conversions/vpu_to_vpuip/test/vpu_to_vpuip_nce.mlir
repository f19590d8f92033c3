// RUN: vpuc-opt %s --split-input-file --vpuc-convert-vpu-to-vpuip --mlir-print-local-scope | FileCheck %s
// VPU.NCE ops become NCE cluster tasks on cluster 0 (no `cluster`; see
// vpu_to_vpuip_nce_clusters.mlir for the others): activations, weights and the weights table
// copied into CMX_NN[0], the output allocated there and copied back to DDR, the output split
// over the cluster's DPUs.

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// One DPU per cluster (VPUX37XX): one variant.
// CHECK-LABEL: func.func @conv(
// CHECK-SAME: %[[X:.+]]: memref<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK: %[[W:.+]] = const.Declare memref<16x16x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK: %[[B:.+]] = const.Declare memref<16xf16> = #const.Content<dense<5.000000e-01>
// CHECK: %[[XBUF:.+]] = memref.alloc() : memref<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>
// CHECK: %[[XCMX:.+]] = VPUIP.Copy inputs(%[[X]] : {{.+}}) outputs(%[[XBUF]] : {{.+}})
// CHECK: %[[WBUF:.+]] = memref.alloc() : memref<16x16x3x3xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>
// CHECK: %[[WCMX:.+]] = VPUIP.Copy inputs(%[[W]] : {{.+}}) outputs(%[[WBUF]] : {{.+}})
// Per output channel: offset k * 16 * 9 * 2 = k * 288 bytes, no sparsity, scale 1.0 (0x3F800000 = 1065353216),
// bias 0.5 (0x3F000000 = 1056964608).
// CHECK: %[[T:.+]] = const.Declare memref<16x1x1x4xi32> = #const.Content<dense<{{\[\[\[\[}}0, -1, 1065353216, 1056964608]]], {{\[\[\[}}288, -1, 1065353216, 1056964608]]],
// CHECK-SAME: {{\[\[\[}}4320, -1, 1065353216, 1056964608]]]]> : tensor<16x1x1x4xi32>
// CHECK: %[[TBUF:.+]] = memref.alloc() : memref<16x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>
// CHECK: %[[TCMX:.+]] = VPUIP.Copy inputs(%[[T]] : {{.+}}) outputs(%[[TBUF]] : {{.+}})
// CHECK: %[[OBUF:.+]] = memref.alloc() : memref<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>
// CHECK: %[[O:.+]] = VPUIP.NCEClusterTask<CONV> {kernel_padding = array<i64: 1, 1, 1, 1>, kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 1, 1>, ppe = #VPUIP.ppe<RELU>}
// CHECK-SAME: input(%[[XCMX]] : {{.+}}) weights(%[[WCMX]] : {{.+}}) weights_table(%[[TCMX]] : {{.+}}) outputs(%[[OBUF]] : {{.+}})
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 0] outEnd [7, 7, 15] pad [1, 1, 1, 1] dpu 0 mpe MATRIX
// CHECK-NEXT: }
// CHECK: %[[RBUF:.+]] = memref.alloc() : memref<1x16x8x8xf16, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK: %[[R:.+]] = VPUIP.Copy inputs(%[[O]] : {{.+}}) outputs(%[[RBUF]] : {{.+}})
// CHECK: return %[[R]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @conv(%x: tensor<1x16x8x8xf16, #NHWC>) -> tensor<1x16x8x8xf16, #NHWC> {
    %w = const.Declare tensor<16x16x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<16x16x3x3xf16>, [#const.Reorder<#NHWC>]>
    %b = const.Declare tensor<16xf16> = #const.Content<dense<0.5> : tensor<16xf16>>
    %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<RELU>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16, #NHWC>, tensor<16x16x3x3xf16, #NHWC>, tensor<16xf16> -> tensor<1x16x8x8xf16, #NHWC>
    return %0 : tensor<1x16x8x8xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Five DPUs per cluster (VPUX30XX): the output rows split over them, each variant with the
// padding of the borders it touches; a depthwise convolution's weights table steps by one
// 3x3 block (18 bytes); no bias gives bias 0.
// CHECK-LABEL: func.func @depthwise(
// (little-endian words: 0 / 0xFFFFFFFF / 0x3F800000 / 0, then 18 = 0x12 / ...)
// CHECK: const.Declare memref<32x1x1x4xi32> = #const.Content<dense<"0x00000000FFFFFFFF0000803F0000000012000000FFFFFFFF0000803F00000000
// CHECK: VPUIP.NCEClusterTask<DWCONV> {kernel_padding = array<i64: 1, 1, 1, 1>, kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 1, 1>, ppe = #VPUIP.ppe<RELUX, clamp_low = 0.0, clamp_high = 6.0>}
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 0] outEnd [9, 1, 31] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 2, 0] outEnd [9, 3, 31] pad [0, 0, 1, 1] dpu 1 mpe VECTOR
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 4, 0] outEnd [9, 5, 31] pad [0, 0, 1, 1] dpu 2 mpe VECTOR
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 6, 0] outEnd [9, 7, 31] pad [0, 0, 1, 1] dpu 3 mpe VECTOR
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 8, 0] outEnd [9, 9, 31] pad [0, 1, 1, 1] dpu 4 mpe VECTOR
// CHECK-NEXT: }
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  func.func @depthwise(%x: tensor<1x32x10x10xf16, #NHWC>) -> tensor<1x32x10x10xf16, #NHWC> {
    %w = const.Declare tensor<32x1x3x3xf16, #NHWC> = #const.Content<dense<1.0> : tensor<32x1x3x3xf16>, [#const.Reorder<#NHWC>]>
    %0 = VPU.NCE.DepthConvolution(%x, %w) {pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 1, 1>} : tensor<1x32x10x10xf16, #NHWC>, tensor<32x1x3x3xf16, #NHWC> -> tensor<1x32x10x10xf16, #NHWC>
    return %0 : tensor<1x32x10x10xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// Too few rows for the DPUs: the output channels split in blocks of 16, each 2 x 2 box in MATRIX
// mode (one 4 x 4 step, where VECTOR needs two 16 x 1 steps). Pools have no weights; eltwise tasks
// copy both inputs.
// CHECK-LABEL: func.func @pool_eltwise(
// CHECK: VPUIP.NCEClusterTask<MAXPOOL> {kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>}
// CHECK-SAME: input(%{{.+}} : memref<1x48x4x4xf16, {{.+}}, #VPUIP.mem<CMX_NN[0]>>) outputs(
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 1, 15] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 16] outEnd [1, 1, 31] pad [0, 0, 0, 0] dpu 1 mpe MATRIX
// CHECK-NEXT: VPUIP.DPUTask outStart [0, 0, 32] outEnd [1, 1, 47] pad [0, 0, 0, 0] dpu 2 mpe MATRIX
// CHECK-NEXT: }
// CHECK: VPUIP.NCEClusterTask<AVEPOOL> {kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>, ppe = #VPUIP.ppe<LRELU, alpha = 0.1{{.*}}>}
// CHECK: VPUIP.NCEClusterTask<ELTWISE_ADD> {kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>}
// CHECK-SAME: input(%{{.+}} : memref<1x48x2x2xf16, {{.+}}, #VPUIP.mem<CMX_NN[0]>>) input2(%{{.+}} : memref<1x48x2x2xf16, {{.+}}, #VPUIP.mem<CMX_NN[0]>>) outputs(
// CHECK: VPUIP.NCEClusterTask<ELTWISE_SUB>
// CHECK: VPUIP.NCEClusterTask<ELTWISE_MUL>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 5>} {
  func.func @pool_eltwise(%x: tensor<1x48x4x4xf16, #NHWC>) -> tensor<1x48x2x2xf16, #NHWC> {
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>} : tensor<1x48x4x4xf16, #NHWC> -> tensor<1x48x2x2xf16, #NHWC>
    %1 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<LEAKY_RELU, slope = 0.1>, strides = array<i64: 2, 2>} : tensor<1x48x4x4xf16, #NHWC> -> tensor<1x48x2x2xf16, #NHWC>
    %2 = VPU.NCE.Eltwise(%0, %1) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<NONE>} : tensor<1x48x2x2xf16, #NHWC>, tensor<1x48x2x2xf16, #NHWC> -> tensor<1x48x2x2xf16, #NHWC>
    %3 = VPU.NCE.Eltwise(%2, %1) {op_type = #VPU.eltwise_type<SUBTRACT>, ppe = #VPU.PPE<NONE>} : tensor<1x48x2x2xf16, #NHWC>, tensor<1x48x2x2xf16, #NHWC> -> tensor<1x48x2x2xf16, #NHWC>
    %4 = VPU.NCE.Eltwise(%3, %0) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<NONE>} : tensor<1x48x2x2xf16, #NHWC>, tensor<1x48x2x2xf16, #NHWC> -> tensor<1x48x2x2xf16, #NHWC>
    return %4 : tensor<1x48x2x2xf16, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A quantized convolution becomes an INT8 task: its buffers hold the storage integers, the task
// carries the input's zero point (the filter's is 0, not printed), the weights table per output
// channel the multiplier and shift of input scale x filter scale / output scale (15 channels
// 0.5 x 0.25 / 0.1 = 1.25 = 10485760 x 2^-23, the last 0.625 = 10485760 x 2^-24) as
// (mult << 8) | shift (-1610612713 and -1610612712 as int32) and the i32 bias, the PPE the clamp
// [0, 6] in output steps of 0.1 and the output zero point.
// CHECK-LABEL: func.func @conv_int8(
// CHECK-SAME: memref<1x16x4x4xui8, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>
// CHECK: const.Declare memref<16x1x1x4xi32> = #const.Content<dense<{{\[\[\[\[}}0, -1, -1610612713, 7]]], {{\[\[\[}}16, -1, -1610612713, 7]]],
// CHECK-SAME: {{\[\[\[}}240, -1, -1610612712, 7]]]]> : tensor<16x1x1x4xi32>
// CHECK: VPUIP.NCEClusterTask<CONV> {input_zero_point = 128 : i64, kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, ppe = #VPUIP.ppe<RELUX, clamp_low = 0.0, clamp_high = 60.0, out_zero_point = 3>}
// CHECK-SAME: weights(%{{.+}} : memref<16x16x1x1xi8, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>)
// CHECK-SAME: outputs(%{{.+}} : memref<1x16x4x4xui8, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @conv_int8(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC> {
    %w = const.Declare tensor<16x16x1x1x!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>, #NHWC> = #const.Content<dense<1> : tensor<16x16x1x1xsi8>, [#const.QuantCast<!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>>, #const.Reorder<#NHWC>]>
    %b = const.Declare tensor<16x!quant.uniform<i32:f32:0, {0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.0625}>> = #const.Content<dense<7> : tensor<16xsi32>, [#const.QuantCast<!quant.uniform<i32:f32:0, {0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.0625}>>]>
    %0 = VPU.NCE.Convolution(%x, %w, %b) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<CLAMP, clamp_low = 0.0, clamp_high = 6.0>, strides = array<i64: 1, 1>}
           : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>, tensor<16x16x1x1x!quant.uniform<i8:f32:0, {0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.25,0.125}>, #NHWC>, tensor<16x!quant.uniform<i32:f32:0, {0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.125,0.0625}>> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC>
    return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.1:3>, #NHWC>
  }
}

// -----

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>

// A max pool on a quantized tensor becomes an INT8 MAXPOOL: the input's zero point on the task,
// and in the PPE the multiplier and shift of input scale / output scale (1 = 8388608 x 2^-23)
// and the output zero point.
// CHECK-LABEL: func.func @max_pool_int8(
// CHECK: VPUIP.NCEClusterTask<MAXPOOL> {input_zero_point = 128 : i64, kernel_padding = array<i64: 1, 1, 1, 1>, kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, ppe = #VPUIP.ppe<NONE, quant_mult = [8388608], quant_shift = [23], out_zero_point = 128>}
// CHECK-SAME: outputs(%{{.+}} : memref<1x16x2x2xui8, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>, #VPUIP.mem<CMX_NN[0]>>)
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @max_pool_int8(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC>) -> tensor<1x16x2x2x!quant.uniform<u8:f32, 0.5:128>, #NHWC> {
    %0 = VPU.NCE.MaxPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, ppe = #VPU.PPE<NONE>, strides = array<i64: 2, 2>}
           : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.5:128>, #NHWC> -> tensor<1x16x2x2x!quant.uniform<u8:f32, 0.5:128>, #NHWC>
    return %0 : tensor<1x16x2x2x!quant.uniform<u8:f32, 0.5:128>, #NHWC>
  }
}

// -----

// Quantized eltwise ops become INT8 eltwise tasks. The add brings both inputs onto one
// accumulator scale with the pair of multipliers (at most 32767) whose ratio is closest to
// 0.02 / 0.05 = 2 / 5, the largest on a tie: 32765 and 13106; the PPE requantises one
// accumulator step (0.05 / 32765) to the output scale 0.04: 10486720 x 2^-38. The multiply accumulates the
// product of the inputs less their zero points, requantised by 0.04 x 0.02 / 0.05 =
// 8589935 x 2^-29; it has no input multipliers.
// CHECK-LABEL: func.func @eltwise_int8(
// CHECK: VPUIP.NCEClusterTask<ELTWISE_ADD> {input2_mult = 13106 : i64, input2_zero_point = -1 : i64, input_mult = 32765 : i64, input_zero_point = 128 : i64, kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, ppe = #VPUIP.ppe<RELU, quant_mult = [10486720], quant_shift = [38], out_zero_point = 2>}
// CHECK-SAME: input2(%{{.+}} : memref<1x16x4x4xi8
// CHECK: VPUIP.NCEClusterTask<ELTWISE_MUL> {input2_zero_point = -1 : i64, input_zero_point = 2 : i64, kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 1, 1>, kernel_strides = array<i64: 1, 1>, ppe = #VPUIP.ppe<NONE, quant_mult = [8589935], quant_shift = [29], out_zero_point = -3>}
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @eltwise_int8(%a: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, %b: tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-1>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<i8:f32, 0.05:-3>, #NHWC> {
    %0 = VPU.NCE.Eltwise(%a, %b) {op_type = #VPU.eltwise_type<ADD>, ppe = #VPU.PPE<RELU>}
           : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-1>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04:2>, #NHWC>
    %1 = VPU.NCE.Eltwise(%0, %b) {op_type = #VPU.eltwise_type<MULTIPLY>, ppe = #VPU.PPE<NONE>}
           : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.04:2>, #NHWC>, tensor<1x16x4x4x!quant.uniform<i8:f32, 0.02:-1>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<i8:f32, 0.05:-3>, #NHWC>
    return %1 : tensor<1x16x4x4x!quant.uniform<i8:f32, 0.05:-3>, #NHWC>
  }
}

// -----

// A depthwise convolution whose filter is an activation (a squeeze-excitation's scales): the
// filter is copied into CMX like an input, and the weights table needs only the offsets of its
// one-byte blocks and the requantisation 0.05 x 2^-8 / 0.04 = 10485760 x 2^-31 (word 2
// (10485760 << 8) | 31).
// CHECK-LABEL: func.func @dwconv_activation_filter(
// CHECK: %[[F:.+]] = VPUIP.Copy inputs(%arg1 : memref<16x1x1x1xui8
// CHECK: const.Declare memref<16x1x1x4xi32> = #const.Content<dense<{{\[\[\[\[}}0, -1, -1610612705, 0]]], {{\[\[\[}}1, -1, -1610612705, 0]]],
// CHECK: VPUIP.NCEClusterTask<DWCONV> {input_zero_point = 128 : i64
// CHECK-SAME: weights(%[[F]] : memref<16x1x1x1xui8
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @dwconv_activation_filter(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>, #NHWC>, %s: tensor<16x1x1x1x!quant.uniform<u8:f32, 3.906250e-03>, #NHWC>) -> tensor<1x16x4x4x!quant.uniform<u8:f32, 4.000000e-02:3>, #NHWC> {
    %0 = VPU.NCE.DepthConvolution(%x, %s) {pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>, #NHWC>, tensor<16x1x1x1x!quant.uniform<u8:f32, 3.906250e-03>, #NHWC> -> tensor<1x16x4x4x!quant.uniform<u8:f32, 4.000000e-02:3>, #NHWC>
    return %0 : tensor<1x16x4x4x!quant.uniform<u8:f32, 4.000000e-02:3>, #NHWC>
  }
}

// -----

// A quantized average pool becomes an INT8 AVEPOOL: the accumulator sums the window less the
// zero point, and the PPE's multiplier and shift divide by its area as they requantise:
// 0.05 / 16 / 0.05 = 8388608 x 2^-27.
// CHECK-LABEL: func.func @avg_pool_int8(
// CHECK: VPUIP.NCEClusterTask<AVEPOOL> {input_zero_point = 128 : i64, kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 4, 4>, kernel_strides = array<i64: 1, 1>, ppe = #VPUIP.ppe<NONE, quant_mult = [8388608], quant_shift = [27], out_zero_point = 128>}
#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256>} {
  func.func @avg_pool_int8(%x: tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC>) -> tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>, #NHWC> {
    %0 = VPU.NCE.AveragePool(%x) {kernel_size = array<i64: 4, 4>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, ppe = #VPU.PPE<NONE>, strides = array<i64: 1, 1>}
           : tensor<1x16x4x4x!quant.uniform<u8:f32, 0.05:128>, #NHWC> -> tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
    return %0 : tensor<1x16x1x1x!quant.uniform<u8:f32, 0.05:128>, #NHWC>
  }
}
