// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-avg-pool-to-dw-conv))' --split-input-file | FileCheck %s

// exclude_pad with end padding no window reads: a depthwise convolution with 1/4 weights and
// the unused padding dropped.

// CHECK-LABEL: func.func @exclude_pad_unused
// CHECK-SAME:    (%[[X:.+]]: tensor<1x16x8x8xf16>)
// CHECK:         %[[W:.+]] = const.Declare tensor<16x1x2x2xf16> = #const.Content<dense<2.500000e-01> : tensor<16x1x2x2xf16>>
// CHECK-NEXT:    %[[C:.+]] = IE.GroupConvolution(%[[X]], %[[W]]) {dilations = array<i64: 1, 1>, groups = 16 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16>, tensor<16x1x2x2xf16> -> tensor<1x16x4x4xf16>
// CHECK-NEXT:    return %[[C]]
func.func @exclude_pad_unused(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x4x4xf16> {
  %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
  return %0 : tensor<1x16x4x4xf16>
}

// -----

// ceil rounding where it gives the floor output size, with padding counted: the NCE pool
// rejects the rounding type, the depthwise convolution has none. 1/9 is rounded to f16.

// CHECK-LABEL: func.func @ceil_same_size
// CHECK:         %[[W:.+]] = const.Declare tensor<3x1x3x3xf16> = #const.Content<dense<1.110840e-01> : tensor<3x1x3x3xf16>>
// CHECK-NEXT:    IE.GroupConvolution(%{{.+}}, %[[W]]) {dilations = array<i64: 1, 1>, groups = 3 : i64, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x3x9x9xf16>, tensor<3x1x3x3xf16> -> tensor<1x3x5x5xf16>
// CHECK-NOT:     IE.AvgPool
func.func @ceil_same_size(%x: tensor<1x3x9x9xf16>) -> tensor<1x3x5x5xf16> {
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>,
         rounding_type = #IE.rounding_type<ceil>, strides = array<i64: 2, 2>} : tensor<1x3x9x9xf16> -> tensor<1x3x5x5xf16>
  return %0 : tensor<1x3x5x5xf16>
}

// -----

// A pool the NCE runs as a pool is left.

// CHECK-LABEL: func.func @supported_pool
// CHECK-NEXT:    IE.AvgPool
// CHECK-NOT:     IE.GroupConvolution
func.func @supported_pool(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>, pads_end = array<i64: 1, 1>,
         strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %0 : tensor<1x16x8x8xf16>
}

// -----

// exclude_pad with padding the windows read: no exact depthwise convolution, left.

// CHECK-LABEL: func.func @exclude_pad_read
// CHECK-NEXT:    IE.AvgPool(%{{.+}}) {exclude_pad
// CHECK-NOT:     IE.GroupConvolution
func.func @exclude_pad_read(%x: tensor<1x16x8x8xf16>) -> tensor<1x16x8x8xf16> {
  %0 = IE.AvgPool(%x) {exclude_pad, kernel_size = array<i64: 3, 3>, pads_begin = array<i64: 1, 1>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 1, 1>} : tensor<1x16x8x8xf16> -> tensor<1x16x8x8xf16>
  return %0 : tensor<1x16x8x8xf16>
}

// -----

// A global pool with a kernel beyond the NCE limit becomes a chain of non-overlapping pools:
// 14 = 7 * 2.

// CHECK-LABEL: func.func @large_global_pool
// CHECK-SAME:    (%[[X:.+]]: tensor<1x32x14x14xf16>)
// CHECK-NEXT:    %[[P0:.+]] = IE.AvgPool(%[[X]]) {kernel_size = array<i64: 7, 7>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 7, 7>} : tensor<1x32x14x14xf16> -> tensor<1x32x2x2xf16>
// CHECK-NEXT:    %[[P1:.+]] = IE.AvgPool(%[[P0]]) {kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x32x2x2xf16> -> tensor<1x32x1x1xf16>
// CHECK-NEXT:    return %[[P1]]
func.func @large_global_pool(%x: tensor<1x32x14x14xf16>) -> tensor<1x32x1x1xf16> {
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 14, 14>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x32x14x14xf16> -> tensor<1x32x1x1xf16>
  return %0 : tensor<1x32x1x1xf16>
}

// -----

// With the target's resources: the first pool of a chain over an input larger than half the CMX
// (16 KiB here) takes one-row windows, so that every split over rows is a window boundary
// (30x30 = (1x6), (6x5), (5x1) instead of (6x6), (5x5); strides are at most 8); a smaller
// input keeps the largest windows (14x14 = (7x7), (2x2)).

// CHECK-LABEL: func.func @first_pool_of_large_input
// CHECK-SAME:    (%[[X:.+]]: tensor<1x16x30x30xf16>, %[[Y:.+]]: tensor<1x16x14x14xf16>)
// CHECK-NEXT:    %[[P0:.+]] = IE.AvgPool(%[[X]]) {kernel_size = array<i64: 1, 6>, {{.+}} strides = array<i64: 1, 6>} : tensor<1x16x30x30xf16> -> tensor<1x16x30x5xf16>
// CHECK-NEXT:    %[[P1:.+]] = IE.AvgPool(%[[P0]]) {kernel_size = array<i64: 6, 5>, {{.+}} strides = array<i64: 6, 5>} : tensor<1x16x30x5xf16> -> tensor<1x16x5x1xf16>
// CHECK-NEXT:    %[[P2:.+]] = IE.AvgPool(%[[P1]]) {kernel_size = array<i64: 5, 1>, {{.+}} strides = array<i64: 5, 1>} : tensor<1x16x5x1xf16> -> tensor<1x16x1x1xf16>
// CHECK-NEXT:    %[[Q0:.+]] = IE.AvgPool(%[[Y]]) {kernel_size = array<i64: 7, 7>, {{.+}} strides = array<i64: 7, 7>} : tensor<1x16x14x14xf16> -> tensor<1x16x2x2xf16>
// CHECK-NEXT:    %[[Q1:.+]] = IE.AvgPool(%[[Q0]]) {kernel_size = array<i64: 2, 2>, {{.+}} strides = array<i64: 2, 2>} : tensor<1x16x2x2xf16> -> tensor<1x16x1x1xf16>
// CHECK-NEXT:    return %[[P2]], %[[Q1]]
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 16384, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, max_variants = 128>} {
  func.func @first_pool_of_large_input(%x: tensor<1x16x30x30xf16>, %y: tensor<1x16x14x14xf16>)
      -> (tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>) {
    %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x30x30xf16> -> tensor<1x16x1x1xf16>
    %1 = IE.ReduceMean(%y) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x14x14xf16> -> tensor<1x16x1x1xf16>
    return %0, %1 : tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>
  }
}

// -----

// Non-overlapping windows (stride = kernel) beyond the limit, rectangular: 12x24 = (6x8) then
// (2x3).

// CHECK-LABEL: func.func @large_tiled_pool
// CHECK-NEXT:    %[[P0:.+]] = IE.AvgPool(%{{.+}}) {kernel_size = array<i64: 6, 8>, {{.+}} strides = array<i64: 6, 8>} : tensor<1x16x24x48xf16> -> tensor<1x16x4x6xf16>
// CHECK-NEXT:    %[[P1:.+]] = IE.AvgPool(%[[P0]]) {kernel_size = array<i64: 2, 3>, {{.+}} strides = array<i64: 2, 3>} : tensor<1x16x4x6xf16> -> tensor<1x16x2x2xf16>
// CHECK-NEXT:    return %[[P1]]
func.func @large_tiled_pool(%x: tensor<1x16x24x48xf16>) -> tensor<1x16x2x2xf16> {
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 12, 24>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 12, 24>} : tensor<1x16x24x48xf16> -> tensor<1x16x2x2xf16>
  return %0 : tensor<1x16x2x2xf16>
}

// -----

// Global average pools (IE.ReduceMean over H and W with keep_dims): the pool itself where the
// NCE runs it, a chain of pools beyond the kernel limit (28 = 7 * 4).

// CHECK-LABEL: func.func @global_mean
// CHECK-SAME:    (%[[X:.+]]: tensor<1x16x7x7xf16>, %[[Y:.+]]: tensor<1x16x28x28xf16>)
// CHECK-NEXT:    %[[M0:.+]] = IE.AvgPool(%[[X]]) {kernel_size = array<i64: 7, 7>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x16x7x7xf16> -> tensor<1x16x1x1xf16>
// CHECK-NEXT:    %[[P0:.+]] = IE.AvgPool(%[[Y]]) {kernel_size = array<i64: 7, 7>, {{.+}} strides = array<i64: 7, 7>} : tensor<1x16x28x28xf16> -> tensor<1x16x4x4xf16>
// CHECK-NEXT:    %[[M1:.+]] = IE.AvgPool(%[[P0]]) {kernel_size = array<i64: 4, 4>, {{.+}} strides = array<i64: 4, 4>} : tensor<1x16x4x4xf16> -> tensor<1x16x1x1xf16>
// CHECK-NEXT:    return %[[M0]], %[[M1]]
func.func @global_mean(%x: tensor<1x16x7x7xf16>, %y: tensor<1x16x28x28xf16>) -> (tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>) {
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x7x7xf16> -> tensor<1x16x1x1xf16>
  %1 = IE.ReduceMean(%y) {axes = array<i64: -1, 2>, keep_dims} : tensor<1x16x28x28xf16> -> tensor<1x16x1x1xf16>
  return %0, %1 : tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>
}

// -----

// Left: other reductions, a prime kernel beyond the limit, a batch the NCE does not take,
// f32 activations.

// CHECK-LABEL: func.func @left
// CHECK-NEXT:    IE.ReduceMean(%{{.+}}) {axes = array<i64: 1, 2, 3>, keep_dims}
// CHECK-NEXT:    IE.ReduceMean(%{{.+}}) {axes = array<i64: 2, 3>}
// CHECK-NEXT:    IE.ReduceMean(%{{.+}}) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x13x13xf16>
// CHECK-NEXT:    IE.AvgPool(%{{.+}}) {{.+}} : tensor<2x16x8x8xf16> -> tensor<2x16x4x4xf16>
// CHECK-NEXT:    IE.AvgPool(%{{.+}}) {{.+}} : tensor<1x16x8x8xf32> -> tensor<1x16x4x4xf32>
// CHECK-NEXT:    return
func.func @left(%x: tensor<1x16x7x7xf16>, %y: tensor<1x16x13x13xf16>, %z: tensor<2x16x8x8xf16>, %w: tensor<1x16x8x8xf32>)
    -> (tensor<1x1x1x1xf16>, tensor<1x16xf16>, tensor<1x16x1x1xf16>, tensor<2x16x4x4xf16>, tensor<1x16x4x4xf32>) {
  %0 = IE.ReduceMean(%x) {axes = array<i64: 1, 2, 3>, keep_dims} : tensor<1x16x7x7xf16> -> tensor<1x1x1x1xf16>
  %1 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>} : tensor<1x16x7x7xf16> -> tensor<1x16xf16>
  %2 = IE.ReduceMean(%y) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x13x13xf16> -> tensor<1x16x1x1xf16>
  %3 = IE.AvgPool(%z) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<2x16x8x8xf16> -> tensor<2x16x4x4xf16>
  %4 = IE.AvgPool(%w) {exclude_pad, kernel_size = array<i64: 2, 2>, pads_begin = array<i64: 0, 0>,
         pads_end = array<i64: 1, 1>, strides = array<i64: 2, 2>} : tensor<1x16x8x8xf32> -> tensor<1x16x4x4xf32>
  return %0, %1, %2, %3, %4 : tensor<1x1x1x1xf16>, tensor<1x16xf16>, tensor<1x16x1x1xf16>, tensor<2x16x4x4xf16>, tensor<1x16x4x4xf32>
}
