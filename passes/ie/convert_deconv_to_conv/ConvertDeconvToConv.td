//===- ConvertDeconvToConv.td - Deconvolution to conv -----*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares ConvertDeconvToConvPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_DECONV_TO_CONV_CONVERTDECONVTOCONV
#define VPUC_PASSES_IE_CONVERT_DECONV_TO_CONV_CONVERTDECONVTOCONV

include "mlir/Pass/PassBase.td"

def ConvertDeconvToConvPass : Pass<"vpuc-ie-convert-deconv-to-conv", "::mlir::func::FuncOp"> {
  let summary = "Rewrites transposed convolutions with non-overlapping windows into a 1x1 convolution and a DepthToSpace";
  let description = [{
    The NCE has no transposed convolution, so an `IE.Deconvolution` runs as a software kernel
    and its MACs at a SHAVE's rate (the 2x2, stride-2 upsampling of a U-Net decoder is the
    common case). When the kernel equals the stride in both dims (`KY == SY == KX == SX == s`),
    the windows of the input pixels do not overlap: output pixel `(y * s + i, x * s + j)` of
    channel `oc` is the sum over the input channels of
    `input[ic, y, x] * filter[ic, oc, i, j]`, plus the bias. That is a 1x1 convolution with
    `s * s * C_out` output channels, channel `(i * s + j) * C_out + oc` having the weights
    `filter[:, oc, i, j]` and the bias of `oc`, followed by an `IE.DepthToSpace` with block
    size `s` in `dcr` mode, which moves channel block `i * s + j` to the pixels `(i, j)` of
    each `s x s` block. The sums are the same products in the same order, so in float the
    result is the same (one rounding per output element either way).

    An `IE.Deconvolution` is rewritten when it is 2-D, has 1 group, `s >= 2` (a 1x1
    transposed convolution with stride 1 becomes the convolution alone), no padding, no
    output padding and dilations of 1, a constant filter in the default order and a
    constant bias if any, and the NCE accepts the convolution (`IE.Convolution`'s legality
    interface, asked without the layout and channel alignment checks, which the later passes
    handle). The deconvolution's other attributes carry over to the convolution. The new ops
    take the location of the deconvolution. The pass never fails.

    ```mlir
    %0 = IE.Deconvolution(%x, %w) {dilations = array<i64: 1, 1>, output_padding = array<i64: 0, 0>,
           pads_begin = array<i64: 0, 0>, pads_end = array<i64: 0, 0>, strides = array<i64: 2, 2>}
           : tensor<1x16x8x8xf16>, tensor<16x8x2x2xf16> -> tensor<1x8x16x16xf16>
    // becomes
    %w2 = const.Declare tensor<32x16x1x1xf16> = #const.Content<dense<...> : tensor<32x16x1x1xf16>>
    %1 = IE.Convolution(%x, %w2) {dilations = array<i64: 1, 1>, pads_begin = array<i64: 0, 0>,
           pads_end = array<i64: 0, 0>, strides = array<i64: 1, 1>}
           : tensor<1x16x8x8xf16>, tensor<32x16x1x1xf16> -> tensor<1x32x8x8xf16>
    %0 = IE.DepthToSpace(%1) {block_size = 2 : i64} : tensor<1x32x8x8xf16> -> tensor<1x8x16x16xf16>
    ```
  }];
  let options = [
    Option<"emitRemarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each deconvolution the pass leaves, with the reasons">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CONVERT_DECONV_TO_CONV_CONVERTDECONVTOCONV
