//===- ExpandActivationChannels.td - channel expansion -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ExpandActivationChannelsPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_EXPAND_ACTIVATION_CHANNELS_EXPANDACTIVATIONCHANNELS
#define VPUC_PASSES_IE_EXPAND_ACTIVATION_CHANNELS_EXPANDACTIVATIONCHANNELS

include "mlir/Pass/PassBase.td"

def ExpandActivationChannelsPass
    : Pass<"vpuc-ie-expand-activation-channels", "::mlir::func::FuncOp"> {
  let summary = "Pads the channels of NCE layers to the NCE alignment, slicing the result back";
  let description = [{
    The NCE needs activation channel counts that are multiples of its alignment
    (`VPU::NCE::kChannelAlignment`, NCELimits.h). Every `IE.Convolution`,
    `IE.GroupConvolution` (depthwise), `IE.MaxPool`, `IE.AvgPool`, `IE.Add`, `IE.Subtract`
    and `IE.Multiply` that the NCE can run but for the channel alignment
    (`VPU::isNCELayer`, the NCE legality interface with the alignment and layout checks off) and has an
    unaligned channel count is rewritten with every channel count rounded up:

    * each activation input gets zero channels at the end (`IE.Pad`, constant 0);
    * a convolution's constant filter gets zero filters (output channels) and zero input
      channels, a depthwise filter zero filters and `groups` the new count, a constant bias
      zeros (`#const.PadWithZero`, no op);
    * the result, with the padded channel count, is sliced back to the former channels
      (`IE.Slice`) for the former users.

    Between two expanded layers no slice/pad pair is created: a layer whose input is the
    slice of an expanded layer's result reads that padded result directly (its extra
    channels hold values computed from the zero channels; a convolution multiplies them by
    zero weights and every other layer computes only its own extra channels from them,
    which are sliced away in the end).

    An element-wise layer between expanded layers computes on the padded channels too, so
    that no slice / pad pair (two copies of the activation) surrounds it: when each of its
    operands with the channels is a slice of an expanded result (one padded count), it is
    one of the layers that keep finite values finite (the activations, `IE.Add`,
    `IE.Subtract`, `IE.Multiply`, `IE.Maximum`, `IE.Minimum`: not a division, whose zero
    channels would give NaN, nor exponentials, logarithms or roots) and every user of its
    result is an NCE layer or such a layer (an EfficientNet Swish between an expansion and
    its depthwise convolution, a squeeze-excitation's product with its scale). Its extra
    channels hold finite values computed from the extra channels of its operands, which the
    zero weights of the convolutions after it cancel (a NaN or an infinity would not
    cancel: NaN times zero is NaN).

    The padded channels never reach a value the function returns, so the results are
    unchanged (up to no rounding: every real channel is computed from the same values).

    ```mlir
    %0 = IE.MaxPool(%x) {...} : tensor<1x3x8x8xf16> -> tensor<1x3x4x4xf16>
    // becomes
    %p = IE.Pad(%x) {pads_begin = array<i64: 0, 0, 0, 0>, pads_end = array<i64: 0, 13, 0, 0>}
           : tensor<1x3x8x8xf16> -> tensor<1x16x8x8xf16>
    %m = IE.MaxPool(%p) {...} : tensor<1x16x8x8xf16> -> tensor<1x16x4x4xf16>
    %0 = IE.Slice(%m) {ends = array<i64: 1, 3, 4, 4>, starts = array<i64: 0, 0, 0, 0>}
           : tensor<1x16x4x4xf16> -> tensor<1x3x4x4xf16>
    ```
  }];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_EXPAND_ACTIVATION_CHANNELS_EXPANDACTIVATIONCHANNELS
