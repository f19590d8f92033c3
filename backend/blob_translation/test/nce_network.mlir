// NCE cluster tasks (schema 1.3) on VPUX30XX: NNDMA of the input, weights and weights table to
// CMX, a 3x3 stride-2 convolution with padding and a LeakyReLU PPE split over two DPUs, a 2x2
// max pool of its result, and DMAs back. Export, determinism, import, re-export byte for byte,
// and a run on the emulator compared with NumPy (exactly: the values are small dyadic fractions,
// so the FP32 accumulation is exact and the FP16 results are the correctly rounded ones).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: vpuc-translate %s --export-blob -o %t/a.blob
// RUN: vpuc-translate %s --export-blob -o %t/b.blob
// RUN: cmp %t/a.blob %t/b.blob
// RUN: vpuc-translate %t/a.blob --import-blob | FileCheck %s
// RUN: vpuc-translate %t/a.blob --import-blob --mlir-print-debuginfo -o %t/a.mlir
// RUN: vpuc-translate %t/a.mlir --export-blob -o %t/c.blob
// RUN: cmp %t/a.blob %t/c.blob
// RUN: vpuc info %t/a.blob --tasks | FileCheck %s --check-prefix=INFO
//
// RUN: %python -c "import numpy as np; x = ((np.arange(196).reshape(1, 4, 7, 7) %% 13) - 6) / 4; np.savez('%t/in.npz', x=x.astype(np.float16))"
// RUN: vpuc run %t/a.blob --inputs %t/in.npz -o %t/out.npz --trace %t/trace.json | FileCheck %s --check-prefix=EMU
// RUN: %python %S/Inputs/nce_reference.py %t/in.npz %t/out.npz
// RUN: %python -c "import json; t = json.load(open('%t/trace.json')); names = [e['args']['name'] for e in t['traceEvents'] if e['name'] == 'thread_name']; assert 'NCE0.DPU0' in names and 'NCE0.DPU1' in names, names; assert sum(1 for e in t['traceEvents'] if e.get('cat') == 'DPU') == 3"

#NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
module @nce_network attributes {VPUIP.network_macs = {f16 = 4608 : i64},
    VPUIP.network_weight_bytes = 500 : i64,
    VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 4,
    cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1,
    dma_max_transfer = 16777215, shave_kind = UPA, shaves = 16, barriers = 32,
    max_producers = 256, max_consumers = 256>} {
  func.func @main(%x: memref<1x4x7x7xf16> {VPURT.name = "x"},
                  %y: memref<1x8x4x4xf16> {VPURT.name = "y"},
                  %z: memref<1x8x2x2xf16> {VPURT.name = "z"}) -> (memref<1x8x4x4xf16>, memref<1x8x2x2xf16>) {
    %in = VPURT.DeclareBuffer <NetworkInput> [0] <0> -> memref<1x4x7x7xf16> loc("x")
    %weights = const.Declare memref<8x4x3x3xf16, #NHWC> = #const.Content<dense<[[[[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]]], [[[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]]], [[[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]]], [[[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]]], [[[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]]], [[[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]]], [[[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]]], [[[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]], [[-0.5, -0.375, -0.25], [-0.125, 0.0, 0.125], [0.25, 0.375, 0.5]]]]> : tensor<8x4x3x3xf32>, [#const.ConvertElemType<f16>, #const.Reorder<#NHWC>]> loc("weights")
    %table = const.Declare memref<8x1x1x4xi32> = #const.Content<dense<[[[[0, -1, 1065353216, -1082130432]]], [[[72, -1, 1065353216, -1086324736]]], [[[144, -1, 1065353216, -1090519040]]], [[[216, -1, 1065353216, -1098907648]]], [[[288, -1, 1065353216, 0]]], [[[360, -1, 1065353216, 1048576000]]], [[[432, -1, 1065353216, 1056964608]]], [[[504, -1, 1065353216, 1061158912]]]]> : tensor<8x1x1x4xi32>> loc("weights_table")
    %in_cmx = VPURT.DeclareBuffer <CMX_NN> [0] <0> -> memref<1x4x7x7xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("x_cmx")
    %w_cmx = VPURT.DeclareBuffer <CMX_NN> [0] <512> -> memref<8x4x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("weights_cmx")
    %wt_cmx = VPURT.DeclareBuffer <CMX_NN> [0] <1088> -> memref<8x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>> loc("weights_table_cmx")
    %conv_cmx = VPURT.DeclareBuffer <CMX_NN> [0] <1216> -> memref<1x8x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("conv_cmx")
    %pool_cmx = VPURT.DeclareBuffer <CMX_NN> [0] <1472> -> memref<1x8x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> loc("pool_cmx")
    %out0 = VPURT.DeclareBuffer <NetworkOutput> [0] <0> -> memref<1x8x4x4xf16> loc("y")
    %out1 = VPURT.DeclareBuffer <NetworkOutput> [1] <0> -> memref<1x8x2x2xf16> loc("z")
    %b0 = VPURT.ConfigureBarrier<0> -> !VPURT.Barrier
    %b1 = VPURT.ConfigureBarrier<1> -> !VPURT.Barrier
    %b2 = VPURT.ConfigureBarrier<2> -> !VPURT.Barrier
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%in : memref<1x4x7x7xf16>) outputs(%in_cmx : memref<1x4x7x7xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x4x7x7xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    } loc("x/load")
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%weights : memref<8x4x3x3xf16, #NHWC>) outputs(%w_cmx : memref<8x4x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<8x4x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>
    } loc("weights/load")
    VPURT.Task updates(%b0) {
      %r = VPUIP.NNDMA inputs(%table : memref<8x1x1x4xi32>) outputs(%wt_cmx : memref<8x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>) -> memref<8x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>
    } loc("weights_table/load")
    VPURT.Task waits(%b0) updates(%b1) {
      %r = VPUIP.NCEClusterTask <CONV> {kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>,
              kernel_padding = array<i64: 1, 1, 1, 1>, ppe = #VPUIP.ppe<LRELU, alpha = 0.125>}
          input(%in_cmx : memref<1x4x7x7xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
          weights(%w_cmx : memref<8x4x3x3xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
          weights_table(%wt_cmx : memref<8x1x1x4xi32, #VPUIP.mem<CMX_NN[0]>>)
          outputs(%conv_cmx : memref<1x8x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x8x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 7] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
        VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 7] pad [0, 1, 1, 1] dpu 1 mpe MATRIX
      }
    } loc("conv")
    VPURT.Task waits(%b1) updates(%b2) {
      %r = VPUIP.NCEClusterTask <MAXPOOL> {kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>,
              kernel_padding = array<i64: 0, 0, 0, 0>}
          input(%conv_cmx : memref<1x8x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>)
          outputs(%pool_cmx : memref<1x8x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) -> memref<1x8x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>> variants {
        VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 1, 7] pad [0, 0, 0, 0] dpu 0 mpe MATRIX
      }
    } loc("pool")
    VPURT.Task waits(%b1) {
      %r = VPUIP.NNDMA inputs(%conv_cmx : memref<1x8x4x4xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out0 : memref<1x8x4x4xf16>) -> memref<1x8x4x4xf16>
    } loc("y/store")
    VPURT.Task waits(%b2) {
      %r = VPUIP.NNDMA inputs(%pool_cmx : memref<1x8x2x2xf16, #NHWC, #VPUIP.mem<CMX_NN[0]>>) outputs(%out1 : memref<1x8x2x2xf16>) -> memref<1x8x2x2xf16>
    } loc("z/store")
    return %y, %z : memref<1x8x4x4xf16>, memref<1x8x2x2xf16>
  }
}

// The barriers count the conv once per variant.
// CHECK:      module @nce_network attributes {VPUIP.network_macs = {f16 = 4608 : i64}, VPUIP.network_weight_bytes = 500 : i64, VPUIP.resources
// CHECK:      VPURT.ConfigureBarrier<0> {consumer_count = 2 : i64, producer_count = 3 : i64}
// CHECK:      VPURT.ConfigureBarrier<1> {consumer_count = 2 : i64, producer_count = 2 : i64}
// CHECK:      VPURT.ConfigureBarrier<2> {consumer_count = 1 : i64, producer_count = 1 : i64}
// CHECK:      VPUIP.NCEClusterTask<CONV> {kernel_padding = array<i64: 1, 1, 1, 1>, kernel_size = array<i64: 3, 3>, kernel_strides = array<i64: 2, 2>, ppe = #VPUIP.ppe<LRELU, alpha = 0.125>}
// CHECK-SAME:   weights_table(
// CHECK-NEXT:   VPUIP.DPUTask outStart [0, 0, 0] outEnd [3, 1, 7] pad [1, 0, 1, 1] dpu 0 mpe VECTOR
// CHECK-NEXT:   VPUIP.DPUTask outStart [0, 2, 0] outEnd [3, 3, 7] pad [0, 1, 1, 1] dpu 1 mpe MATRIX
// CHECK:      VPUIP.NCEClusterTask<MAXPOOL> {kernel_padding = array<i64: 0, 0, 0, 0>, kernel_size = array<i64: 2, 2>, kernel_strides = array<i64: 2, 2>}
// CHECK-NEXT:   VPUIP.DPUTask outStart [0, 0, 0] outEnd [1, 1, 7] pad [0, 0, 0, 0] dpu 0 mpe MATRIX

// The network's own MACs and weight bytes travel in the header: the DDR bound counts the lesser
// of the stated 500 bytes and the 704 bytes of constants read (filter and weights table).
// INFO:      a.blob: schema 2.8, arch VPUX30XX
// INFO:      network MACs: 4608 f16
// INFO-NEXT: network weights: 500 bytes
// INFO:      NCE0: 2 tasks
// INFO-NEXT:   0 'conv' wait [0] update [1]: NCE CONV kernel 3x3 stride 2x2 pad [1, 1, 1, 1] ppe LRELU, 2 variants
// INFO:          dpu 0 VECTOR [0, 0, 0] to [3, 1, 7]
// INFO-NEXT:     dpu 1 MATRIX [0, 2, 0] to [3, 3, 7]
// INFO-NEXT:   1 'pool' wait [1] update [2]: NCE MAXPOOL kernel 2x2 stride 2x2 pad [0, 0, 0, 0], 1 variant

// EMU:      ran 7 tasks
// EMU:      NCE0
// EMU:      dpu  variants
// EMU-NEXT: NCE0.DPU0   2
// EMU-NEXT: NCE0.DPU1   1
// EMU:      ddr: 1212 bytes (inputs 392, outputs 320, constants read 704, network weights 500: the lesser counts)
