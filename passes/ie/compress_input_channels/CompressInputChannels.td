//===- CompressInputChannels.td - vpuc-ie-compress-input-channels -*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_COMPRESS_INPUT_CHANNELS_COMPRESSINPUTCHANNELS
#define VPUC_PASSES_IE_COMPRESS_INPUT_CHANNELS_COMPRESSINPUTCHANNELS

include "mlir/Pass/PassBase.td"

def CompressInputChannelsPass
    : Pass<"vpuc-ie-compress-input-channels", "::mlir::func::FuncOp"> {
  let summary = "Lets a convolution on a few zero-padded input channels read them compressed";
  let description = [{
    A target with a compressed-input NCE mode (arch `nce.limits.compressed_input_channels`,
    recorded in `VPU.nce_limits` by vpuc-init-compiler) runs a dense convolution whose input
    has exactly that many channels (4 on VPUX37XX) instead of a multiple of the channel
    alignment (16). The stem convolution of an RGB network, which
    vpuc-ie-expand-activation-channels pads from 3 to 16 input channels, then reads 4: a
    quarter of the input bytes and of the MACs.

    The pass runs after the channel expansion. It rewrites every `IE.Convolution` whose input
    is an `IE.Pad` (constant 0, zeros only at the end of the channel dim) of at most the
    compressed count of channels, seen directly or through one `IE.Reorder`, to more than the
    compressed count, and whose filter is a constant that is zero in every input channel from
    the compressed count on:

    * the input is padded to the compressed count instead (a new `IE.Pad`, and a new
      `IE.Reorder` with the same order when there was one);
    * the filter keeps its first input channels (`#const.SubView`).

    The channels dropped were zeros multiplied by zero weights, so every sum is unchanged.
    Nothing happens on a target without the mode, to a grouped convolution or to an input that
    is not such a pad.

    ```mlir
    %p = IE.Pad(%x) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 13, 0, 0>}
           : tensor<1x3x32x32xf16> -> tensor<1x16x32x32xf16>
    %c = IE.Convolution(%p, %w) {...} : tensor<1x16x32x32xf16>, tensor<16x16x3x3xf16> -> ...
    // becomes, with compressed_input_channels = 4
    %p4 = IE.Pad(%x) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 1, 0, 0>}
           : tensor<1x3x32x32xf16> -> tensor<1x4x32x32xf16>
    %w4 = const.Declare tensor<16x4x3x3xf16> = #const.Content<..., [..., #const.SubView<[0, 0, 0, 0], [16, 4, 3, 3]>]>
    %c = IE.Convolution(%p4, %w4) {...} : tensor<1x4x32x32xf16>, tensor<16x4x3x3xf16> -> ...
    ```
  }];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_COMPRESS_INPUT_CHANNELS_COMPRESSINPUTCHANNELS
