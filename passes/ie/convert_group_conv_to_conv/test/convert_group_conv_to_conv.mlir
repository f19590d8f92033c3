// RUN: vpuc-opt %s --split-input-file --vpuc-ie-convert-group-conv-to-conv | FileCheck %s
// RUN: vpuc-opt %s --split-input-file --vpuc-ie-convert-group-conv-to-conv="max-groups=2" | FileCheck %s --check-prefix=RUNS

// Two groups of 2 input and 2 output channels: the filter's rows 0-1 read input channels 0-1,
// rows 2-3 channels 2-3; the other weights are 0. Bias and post-op carry over.
// CHECK-LABEL: func.func @groups_2
// CHECK: %[[W:.+]] = const.Declare tensor<4x4x1x1xf16> = #const.Content<dense<{{\[\[\[\[}}1.000000e+00]], {{\[\[}}2.000000e+00]], {{\[\[}}0.000000e+00]], {{\[\[}}0.000000e+00]]], {{\[\[\[}}3.000000e+00]], {{\[\[}}4.000000e+00]], {{\[\[}}0.000000e+00]], {{\[\[}}0.000000e+00]]], {{\[\[\[}}0.000000e+00]], {{\[\[}}0.000000e+00]], {{\[\[}}5.000000e+00]], {{\[\[}}6.000000e+00]]], {{\[\[\[}}0.000000e+00]], {{\[\[}}0.000000e+00]], {{\[\[}}7.000000e+00]], {{\[\[}}8.000000e+00]]]]> : tensor<4x4x1x1xf16>>
// CHECK: IE.Convolution(%arg0, %[[W]], %{{.+}}) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>}
// CHECK-SAME: -> tensor<1x4x8x8xf16>
// CHECK-NOT: IE.GroupConvolution
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
  func.func @groups_2(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x8x8xf16> {
    %w = const.Declare tensor<4x2x1x1xf16> = #const.Content<dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]], [[[7.0]], [[8.0]]]]> : tensor<4x2x1x1xf16>>
    %b = const.Declare tensor<4xf16> = #const.Content<dense<0.5> : tensor<4xf16>>
    %0 = IE.GroupConvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x4x8x8xf16>, tensor<4x2x1x1xf16>, tensor<4xf16> -> tensor<1x4x8x8xf16>
    return %0 : tensor<1x4x8x8xf16>
  }
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<u8:f32:0, {1.0:3, 2.0:3, 3.0:3, 4.0:3}>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// A quantized filter: the weights outside the blocks are the output channel's zero point (the
// real 0); the per-channel quantization is the group filter's.
// CHECK-LABEL: func.func @quantized
// CHECK: const.Declare tensor<4x4x1x1x!quant.uniform<u8:f32:0, {1.000000e+00:3,2.000000e+00:3,3.000000e+00:3,4.000000e+00:3}>> = #const.Content<dense<{{\[\[\[\[}}9]], {{\[\[}}8]], {{\[\[}}3]], {{\[\[}}3]]], {{\[\[\[}}7]], {{\[\[}}6]], {{\[\[}}3]], {{\[\[}}3]]], {{\[\[\[}}3]], {{\[\[}}3]], {{\[\[}}4]], {{\[\[}}3]]], {{\[\[\[}}3]], {{\[\[}}3]], {{\[\[}}2]], {{\[\[}}1]]]]> : tensor<4x4x1x1xui8>, [#const.QuantCast<!quant.uniform<u8:f32:0, {1.000000e+00:3,2.000000e+00:3,3.000000e+00:3,4.000000e+00:3}>>]>
// CHECK: IE.Convolution
// CHECK-SAME: -> tensor<1x4x8x8x!quant.uniform<u8:f32, 1.000000e-01:10>>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
  func.func @quantized(%x: tensor<1x4x8x8x!qx>) -> tensor<1x4x8x8x!qy> {
    %w = const.Declare tensor<4x2x1x1x!qw> = #const.Content<dense<[[[[9]], [[8]]], [[[7]], [[6]]], [[[4]], [[3]]], [[[2]], [[1]]]]> : tensor<4x2x1x1xui8>, [#const.QuantCast<!qw>]>
    %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x8x8x!qx>, tensor<4x2x1x1x!qw> -> tensor<1x4x8x8x!qy>
    return %0 : tensor<1x4x8x8x!qy>
  }
}

// -----

// A depthwise convolution (the NCE runs it) stays.
// CHECK-LABEL: func.func @kept
// CHECK: IE.GroupConvolution({{.+}}) {dilations = array<i64: 1, 1>, groups = 16 : i64
// CHECK-NOT: IE.Convolution
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
  func.func @kept(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
    %w = const.Declare tensor<16x1x3x3xf16> = #const.Content<dense<1.0> : tensor<16x1x3x3xf16>>
    %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16>, tensor<16x1x3x3xf16> -> tensor<1x16x8x8xf16>
    return %0 : tensor<1x16x8x8xf16>
  }
}

// -----

// 64 groups of 2 channels on 8 x 8 (more than max-groups): runs of a multiple of 8 groups, the
// fewest with aligned channels, up to max-groups 32. The layer is small: each run more costs a
// task, its weights' DMA latency and a copy of its input channels, so the estimate takes the
// fewest runs, two of 32 groups. Each run is a slice of its 64 input channels, a convolution with
// its 64x64 block-diagonal filter (row 0 reads input channels 0-1 of the run, row 63 channels
// 62-63) and the bias and post-op, and the concat joins the runs in order.
// CHECK-LABEL: func.func @runs
// CHECK: %[[S0:.+]] = IE.Slice(%arg0) {ends = array<i64: 1, 64, 8, 8>, starts = array<i64: 0, 0, 0, 0>} : tensor<1x128x8x8xf16> -> tensor<1x64x8x8xf16>
// CHECK: %[[W0:.+]] = const.Declare tensor<64x64x1x1xf16> = #const.Content<dense<"0x003C003C0000000000000000
// CHECK: %[[C0:.+]] = IE.Convolution(%[[S0]], %[[W0]], %{{.+}}) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x64x8x8xf16>, tensor<64x64x1x1xf16>, tensor<64xf16> -> tensor<1x64x8x8xf16>
// CHECK: %[[S1:.+]] = IE.Slice(%arg0) {ends = array<i64: 1, 128, 8, 8>, starts = array<i64: 0, 64, 0, 0>} : tensor<1x128x8x8xf16> -> tensor<1x64x8x8xf16>
// CHECK: %[[B1:.+]] = const.Declare tensor<64xf16> = #const.Content<dense<{{.+}}> : tensor<128xf16>, [#const.SubView<[64], [64]>]>
// CHECK: %[[C1:.+]] = IE.Convolution(%[[S1]], %{{.+}}, %[[B1]])
// CHECK: %[[CAT:.+]] = IE.Concat(%[[C0]], %[[C1]]) {axis = 1 : i64} : {{.+}} -> tensor<1x128x8x8xf16>
// CHECK: return %[[CAT]]
// CHECK-NOT: IE.GroupConvolution
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
  func.func @runs(%x: tensor<1x128x8x8xf16>) -> tensor<1x128x8x8xf16> {
    %v = const.Declare tensor<128x2x1x1xf16> = #const.Content<dense<1.0> : tensor<128x2x1x1xf16>>
    %b = const.Declare tensor<128xf16> = #const.Content<dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0, 64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0, 80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0, 96.0, 97.0, 98.0, 99.0, 100.0, 101.0, 102.0, 103.0, 104.0, 105.0, 106.0, 107.0, 108.0, 109.0, 110.0, 111.0, 112.0, 113.0, 114.0, 115.0, 116.0, 117.0, 118.0, 119.0, 120.0, 121.0, 122.0, 123.0, 124.0, 125.0, 126.0, 127.0]> : tensor<128xf16>>
    %0 = IE.GroupConvolution(%x, %v, %b) {dilations = array<i64: 1, 1>, groups = 64 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, post_op = {name = "IE.ReLU"}, strides = array<i64: 1, 1>} : tensor<1x128x8x8xf16>, tensor<128x2x1x1xf16>, tensor<128xf16> -> tensor<1x128x8x8xf16>
    return %0 : tensor<1x128x8x8xf16>
  }
}

// -----

!qx = !quant.uniform<u8:f32, 5.000000e-02:128>
!qw = !quant.uniform<i8:f32:0, {1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0}>
!qb = !quant.uniform<i32:f32:0, {0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3, 1.35, 1.4, 1.45, 1.5, 1.55, 1.6, 1.65, 1.7, 1.75, 1.8, 1.85, 1.9, 1.95, 2.0}>
!qy = !quant.uniform<u8:f32, 1.000000e-01:10>

// A quantized group convolution of 5 groups of 8 channels with max-groups 2: runs of 2 groups
// (16 channels, the fewest aligned and the only size within max-groups) and a last run of one
// group (8 channels). Each run's filter and bias keep their channels' scales.
// RUNS-LABEL: func.func @quantized_runs
// RUNS: IE.Slice(%arg0) {ends = array<i64: 1, 16, 4, 4>, starts = array<i64: 0, 0, 0, 0>}
// RUNS: IE.Convolution({{.+}} : tensor<1x16x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<16x16x3x3x!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00,3.000000e+00,4.000000e+00,5.000000e+00,6.000000e+00,7.000000e+00,8.000000e+00,9.000000e+00,1.000000e+01,1.100000e+01,1.200000e+01,1.300000e+01,1.400000e+01,1.500000e+01,1.600000e+01}>>, tensor<16x!quant.uniform<i32:f32:0, {5.000000e-02,1.000000e-01,
// RUNS: IE.Slice(%arg0) {ends = array<i64: 1, 40, 4, 4>, starts = array<i64: 0, 32, 0, 0>}
// RUNS: IE.Convolution({{.+}} : tensor<1x8x4x4x!quant.uniform<u8:f32, 5.000000e-02:128>>, tensor<8x8x3x3x!quant.uniform<i8:f32:0, {3.300000e+01,3.400000e+01,3.500000e+01,3.600000e+01,3.700000e+01,3.800000e+01,3.900000e+01,4.000000e+01}>>, tensor<8x!quant.uniform<i32:f32:0, {1.650000e+00,1.700000e+00,1.750000e+00,1.800000e+00,1.850000e+00,1.900000e+00,1.950000e+00,2.000000e+00}>> -> tensor<1x8x4x4x!quant.uniform<u8:f32, 1.000000e-01:10>>
// RUNS: IE.Concat({{.+}}) {axis = 1 : i64} : {{.+}} -> tensor<1x40x4x4x!quant.uniform<u8:f32, 1.000000e-01:10>>
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
  func.func @quantized_runs(%x: tensor<1x40x4x4x!qx>) -> tensor<1x40x4x4x!qy> {
    %w = const.Declare tensor<40x8x3x3x!qw> = #const.Content<dense<1> : tensor<40x8x3x3xsi8>, [#const.QuantCast<!qw>]>
    %b = const.Declare tensor<40x!qb> = #const.Content<dense<2> : tensor<40xsi32>, [#const.QuantCast<!qb>]>
    %0 = IE.GroupConvolution(%x, %w, %b) {dilations = array<i64: 1, 1>, groups = 5 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x40x4x4x!qx>, tensor<40x8x3x3x!qw>, tensor<40x!qb> -> tensor<1x40x4x4x!qy>
    return %0 : tensor<1x40x4x4x!qy>
  }
}

// -----

// RegNetY-3.2GF's 576-channel stage: 24 groups of 24 channels, 3x3, on 14 x 14. One dense
// convolution would read 24 times the weights (6 MB) and compute 24 times the MACs; runs of 2
// groups (48 channels, the fewest aligned) read 41 KB each, about what the DMA moves while the
// run before computes, so the estimate takes 12 runs of 2 groups.
// CHECK-LABEL: func.func @weights_bound
// CHECK-COUNT-12: IE.Convolution({{.+}}) {{.+}} : tensor<1x48x14x14xf16>, tensor<48x48x3x3xf16> -> tensor<1x48x14x14xf16>
// CHECK-NOT: IE.Convolution
// CHECK: IE.Concat
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
  func.func @weights_bound(%x: tensor<1x576x14x14xf16>) -> tensor<1x576x14x14xf16> {
    %w = const.Declare tensor<576x24x3x3xf16> = #const.Content<dense<1.0> : tensor<576x24x3x3xf16>>
    %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 24 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x576x14x14xf16>, tensor<576x24x3x3xf16> -> tensor<1x576x14x14xf16>
    return %0 : tensor<1x576x14x14xf16>
  }
}

// -----

// 4 groups of 8 channels on 8 x 8: runs of 2 groups (16 channels) would cost two tasks, two
// weight loads and two input copies for a few hundred cycles of MACs, so the estimate takes one
// dense convolution of the 4 groups.
// CHECK-LABEL: func.func @overhead_bound
// CHECK-NOT: IE.Slice
// CHECK: IE.Convolution(%arg0, %{{.+}}) {{.+}} : tensor<1x32x8x8xf16>, tensor<32x32x3x3xf16> -> tensor<1x32x8x8xf16>
// CHECK-NOT: IE.Concat
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
  func.func @overhead_bound(%x: tensor<1x32x8x8xf16>) -> tensor<1x32x8x8xf16> {
    %w = const.Declare tensor<32x8x3x3xf16> = #const.Content<dense<1.0> : tensor<32x8x3x3xf16>>
    %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 4 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x32x8x8xf16>, tensor<32x8x3x3xf16> -> tensor<1x32x8x8xf16>
    return %0 : tensor<1x32x8x8xf16>
  }
}
