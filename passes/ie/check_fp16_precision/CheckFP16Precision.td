//===- CheckFP16Precision.td - f16 precision check ---------*- tablegen -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares CheckFP16PrecisionPass.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CHECK_FP16_PRECISION_CHECKFP16PRECISION
#define VPUC_PASSES_IE_CHECK_FP16_PRECISION_CHECKFP16PRECISION

include "mlir/Pass/PassBase.td"

def CheckFP16PrecisionPass : Pass<"vpuc-ie-check-fp16-precision"> {
  let summary = "Warns about f32 layers and constants that f16 cannot hold";
  let description = [{
    Runs on an `f32` (or `f64`, which is computed in `f16` too) network before
    `vpuc-ie-convert-precision-to-fp16` and emits a warning,
    naming the layer, for each place where computing in `f16` loses what the model's values
    mean, which the statistics of the model tell without running it. The IR is not changed.

    * A constant (`const.Declare` of `f32` or `f64`) with a finite value whose magnitude is at least
      65520: it rounds to an infinity in `f16` (the largest finite `f16` value is 65504). The
      warning names the layers that read the constant and its largest value.
    * An `IE.BatchNormInference` of an `f32` input with constant statistics where, for some
      channel `c`, `f16` rounds the input near its mean by more than `max-error` standard
      deviations: `|mean[c]| * 2^-11 / sqrt(variance[c] + epsilon) > max-error`. `f16` holds
      11 significant bits, so values near `mean[c]` round by up to `|mean[c]| * 2^-11`, and
      the batch norm scales that error by `gamma[c] / sqrt(variance[c] + epsilon)` like the
      signal. A trained convolution's output often carries such an offset (its bias minus
      the running mean, hundreds of standard deviations); folded into the convolution (see
      `vpuc-ie-fuse-layers`, which `ie_adaptation` runs before this check) the offset
      cancels in the bias, so this warning names only the batch norms that follow no
      convolution they can fold into.

    Neither is an error: the network still compiles, and may still be accurate enough for
    its use (a batch norm's large error on a channel the next layer ignores), but the user
    learns at compile time which layer to look at, rather than from wrong outputs.

    ```mlir
    %0 = IE.Add(%a, %b) : tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32> -> tensor<1x2x8x8xf32>
    // warning: batch norm of layer 'bn': f16 rounds its input near channel 1's mean 1000 by
    // up to 0.488281 (4.88281 standard deviations of 0.1; at most 0.1 passes), ...
    %1 = IE.BatchNormInference(%0, %g, %be, %m, %v) {epsilon = 1.0e-05 : f64} : ...
    ```
  }];
  let options = [
    Option<"maxError", "max-error", "double", /*default=*/"0.1",
           "Largest f16 rounding error of a batch norm's input near its mean, in standard "
           "deviations of that input, that passes without a warning">,
  ];
  let dependentDialects = [
    "::mlir::vpuc::Const::ConstDialect",
    "::mlir::vpuc::IE::IEDialect",
  ];
}

#endif // VPUC_PASSES_IE_CHECK_FP16_PRECISION_CHECKFP16PRECISION
