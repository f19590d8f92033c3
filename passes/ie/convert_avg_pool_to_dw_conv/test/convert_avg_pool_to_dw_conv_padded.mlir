// Rule 3: means over maps whose sides have a prime factor beyond the NCE's windows (up to 8)
// become chains of zero-padded non-overlapping pools, the last a depthwise convolution whose
// weights scale the padded mean to the mean; maps smaller than min-padded-area are left.
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-avg-pool-to-dw-conv))' | FileCheck %s
// RUN: vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-avg-pool-to-dw-conv{min-padded-area=1}))' \
// RUN:   | FileCheck %s --check-prefix=SMALL
// RUN: not vpuc-opt %s --pass-pipeline='builtin.module(func.func(vpuc-ie-convert-avg-pool-to-dw-conv{min-padded-area=0}))' \
// RUN:   2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: vpuc-ie-convert-avg-pool-to-dw-conv: min-padded-area must be at least 1, got 0

// 65 x 65 = 5 x 13: 7 x 7 windows with 5 rows and columns of padding (the largest window whose
// padding stays within the NCE's 5) leave 10 x 10 means, 5 x 5 windows 2 x 2, and the last
// 2 x 2 depthwise convolution weighs each by 49 * 25 / (65 * 65) = 0.2899 (f16 0.29004).
// CHECK-LABEL: func.func @sixty_five
// CHECK:      %[[A:.+]] = IE.AvgPool(%arg0) {kernel_size = array<i64: 7, 7>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 5, 5>, strides = array<i64: 7, 7>} : tensor<1x32x65x65xf16> -> tensor<1x32x10x10xf16>
// CHECK-NEXT: %[[B:.+]] = IE.AvgPool(%[[A]]) {kernel_size = array<i64: 5, 5>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 5, 5>} : tensor<1x32x10x10xf16> -> tensor<1x32x2x2xf16>
// CHECK-NEXT: %[[W:.+]] = const.Declare tensor<32x1x2x2xf16> = #const.Content<dense<2.900390e-01> : tensor<32x1x2x2xf16>>
// CHECK-NEXT: %[[C:.+]] = IE.GroupConvolution(%[[B]], %[[W]]) {dilations = array<i64: 1, 1>, groups = 32 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>} : tensor<1x32x2x2xf16>, tensor<32x1x2x2xf16> -> tensor<1x32x1x1xf16>
// CHECK-NEXT: return %[[C]]
func.func @sixty_five(%x: tensor<1x32x65x65xf16>) -> tensor<1x32x1x1xf16> {
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x32x65x65xf16> -> tensor<1x32x1x1xf16>
  return %0 : tensor<1x32x1x1xf16>
}

// 17 x 17 (289 >= 256): 6 x 6 windows with one row and column of padding, then a 3 x 3
// depthwise convolution of weight 36 / 289 (f16 0.12457); an IE.AvgPool over the whole map too.
// CHECK-LABEL: func.func @seventeen
// CHECK:      IE.AvgPool(%arg0) {kernel_size = array<i64: 6, 6>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 1, 1>, strides = array<i64: 6, 6>} : tensor<1x16x17x17xf16> -> tensor<1x16x3x3xf16>
// CHECK:      const.Declare tensor<16x1x3x3xf16> = #const.Content<dense<1.245730e-01> : tensor<16x1x3x3xf16>>
// CHECK:      IE.GroupConvolution({{.+}} -> tensor<1x16x1x1xf16>
// CHECK:      IE.AvgPool(%arg0) {kernel_size = array<i64: 6, 6>, {{.+}} pads_end = array<i64: 1, 1>
// CHECK:      IE.GroupConvolution({{.+}} -> tensor<1x16x1x1xf16>
// CHECK-NOT:  IE.ReduceMean
func.func @seventeen(%x: tensor<1x16x17x17xf16>) -> (tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>) {
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x17x17xf16> -> tensor<1x16x1x1xf16>
  %1 = IE.AvgPool(%x) {kernel_size = array<i64: 17, 17>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 1, 1>} : tensor<1x16x17x17xf16> -> tensor<1x16x1x1xf16>
  return %0, %1 : tensor<1x16x1x1xf16>, tensor<1x16x1x1xf16>
}

// 13 x 13 (169) is left by default, rewritten with min-padded-area=1: 7 x 7 windows with one row
// and column of padding, then a 2 x 2 depthwise convolution of weight 49 / 169 (f16 0.29004).
// CHECK-LABEL: func.func @thirteen
// CHECK-NEXT:  IE.ReduceMean
// SMALL-LABEL: func.func @thirteen
// SMALL-NEXT:  IE.AvgPool(%arg0) {kernel_size = array<i64: 7, 7>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 1, 1>, strides = array<i64: 7, 7>}
// SMALL-NEXT:  const.Declare tensor<16x1x2x2xf16> = #const.Content<dense<2.900390e-01> : tensor<16x1x2x2xf16>>
// SMALL-NEXT:  IE.GroupConvolution
func.func @thirteen(%x: tensor<1x16x13x13xf16>) -> tensor<1x16x1x1xf16> {
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x16x13x13xf16> -> tensor<1x16x1x1xf16>
  return %0 : tensor<1x16x1x1xf16>
}

// Not a mean over the whole input (a strided pool that leaves 2 x 2 means): left, even with a
// prime side.
// CHECK-LABEL: func.func @not_global
// CHECK-NEXT:  IE.AvgPool(%arg0) {kernel_size = array<i64: 13, 13>
// SMALL-LABEL: func.func @not_global
// SMALL-NEXT:  IE.AvgPool(%arg0) {kernel_size = array<i64: 13, 13>
func.func @not_global(%x: tensor<1x16x26x26xf16>) -> tensor<1x16x2x2xf16> {
  %0 = IE.AvgPool(%x) {kernel_size = array<i64: 13, 13>, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>,
         strides = array<i64: 13, 13>} : tensor<1x16x26x26xf16> -> tensor<1x16x2x2xf16>
  return %0 : tensor<1x16x2x2xf16>
}

// On a target whose software layers run on UPA SHAVEs (VPUX30XX) the 65 x 65 mean is left.
// CHECK-LABEL: func.func @upa_target
// CHECK-NEXT:  IE.ReduceMean
// SMALL-LABEL: func.func @upa_target
// SMALL-NEXT:  IE.ReduceMean
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX30XX", clusters = 2, cmx_size = 917504, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 1, dma_max_transfer = 16777215, shave_kind = UPA, shaves = 1, barriers = 32, max_producers = 256, max_consumers = 256, dpus = 1>} {
func.func @upa_target(%x: tensor<1x32x65x65xf16>) -> tensor<1x32x1x1xf16> {
  %0 = IE.ReduceMean(%x) {axes = array<i64: 2, 3>, keep_dims} : tensor<1x32x65x65xf16> -> tensor<1x32x1x1xf16>
  return %0 : tensor<1x32x1x1xf16>
}
}
