// RUN: vpuc-opt %s --split-input-file --vpuc-ie-convert-group-conv-to-conv="remarks=true max-groups=4" -verify-diagnostics -o /dev/null
// RUN: not vpuc-opt %s --split-input-file --vpuc-ie-convert-group-conv-to-conv="max-groups=0" -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: {{.+}} cannot combine 0 groups per convolution (option max-groups of vpuc-ie-convert-group-conv-to-conv): it is below 1

// Each group convolution the NCE cannot run that the pass leaves is named with the reasons (with
// max-groups 4: the 64 groups of 2 channels need runs of 8 groups for aligned channels).
module attributes {VPUIP.resources = #VPUIP.resources<arch = "VPUX37XX", clusters = 2, cmx_size = 1982464, cmx_alignment = 16, ddr_alignment = 64, dma_ports = 2, dma_max_transfer = 16777215, shave_kind = ACT, shaves = 2, barriers = 64, max_producers = 256, max_consumers = 256, dpus = 1>} {
  func.func @remarks(%x: tensor<1x128x8x8xf16>, %w: tensor<4x64x1x1xf16>, %y: tensor<1x4x8x8xf32>) -> (tensor<1x128x8x8xf16>, tensor<1x4x8x8xf16>, tensor<1x4x8x8xf32>) {
    %v = const.Declare tensor<128x2x1x1xf16> = #const.Content<dense<1.0> : tensor<128x2x1x1xf16>>
    // expected-remark @+1 {{left unchanged: its runs of 8 groups (the fewest with aligned channels) are more than max-groups = 4}}
    %0 = IE.GroupConvolution(%x, %v) {dilations = array<i64: 1, 1>, groups = 64 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x128x8x8xf16>, tensor<128x2x1x1xf16> -> tensor<1x128x8x8xf16>
    // expected-remark @+1 {{left unchanged: the filter is not a constant}}
    %1 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x128x8x8xf16>, tensor<4x64x1x1xf16> -> tensor<1x4x8x8xf16>
    %u = const.Declare tensor<4x2x1x1xf32> = #const.Content<dense<1.0> : tensor<4x2x1x1xf32>>
    // expected-remark @+1 {{left unchanged: the NCE cannot run the convolution (input element type f32 is not supported by the NCE (f16); filter element type f32 is not supported by the NCE (f16); output element type f32 is not supported by the NCE (f16))}}
    %2 = IE.GroupConvolution(%y, %u) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x8x8xf32>, tensor<4x2x1x1xf32> -> tensor<1x4x8x8xf32>
    return %0, %1, %2 : tensor<1x128x8x8xf16>, tensor<1x4x8x8xf16>, tensor<1x4x8x8xf32>
  }
}

// -----

// The run sizes come from the target's cost model: a module without a target is an error.
// expected-error @+1 {{has no target for vpuc-ie-convert-group-conv-to-conv's cost model: the module has no VPUIP.resources (run vpuc-init-compiler)}}
func.func @no_target(%x: tensor<1x4x8x8xf16>) -> tensor<1x4x8x8xf16> {
  %w = const.Declare tensor<4x2x1x1xf16> = #const.Content<dense<1.0> : tensor<4x2x1x1xf16>>
  %0 = IE.GroupConvolution(%x, %w) {dilations = array<i64: 1, 1>, groups = 2 : i64, pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>} : tensor<1x4x8x8xf16>, tensor<4x2x1x1xf16> -> tensor<1x4x8x8xf16>
  return %0 : tensor<1x4x8x8xf16>
}
