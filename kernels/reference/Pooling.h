//===- Pooling.h - 2-D max and average pooling ------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Max, average and p-norm pooling over the planes of an NCHW float buffer,
// described by a geometry struct. Plain C++ (no MLIR): the IE reference
// interpreter and the emulator's kernels call the same code.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_POOLING_H_
#define VPUC_KERNELS_REFERENCE_POOLING_H_

#include <cstdint>

namespace mlir::vpuc::kernels {

/// The geometry of a 2-D pooling: `planes` independent input planes of inH x
/// inW (batch times channels) map to as many output planes of outH x outW. The
/// window of output (oy, ox) spans rows [oy * strideH - padTop, + kernelH) and
/// columns [ox * strideW - padLeft, + kernelW); every window is expected to
/// overlap the input (IE's shape rules guarantee it: pads are smaller than the
/// kernel and a ceil-mode window starting beyond the input is dropped).
struct PoolGeometry {
  int64_t planes = 1;
  int64_t inH = 0, inW = 0;
  int64_t outH = 0, outW = 0;
  int64_t kernelH = 1, kernelW = 1;
  int64_t strideH = 1, strideW = 1;
  int64_t padTop = 0, padLeft = 0, padBottom = 0, padRight = 0;
};

/// Returns true if the geometry's values are consistent (positive strides and
/// kernel, non-negative extents and pads).
bool isValid(const PoolGeometry &g);

/// The maximum of each window over the input values it covers (padding is
/// ignored); a NaN in a window makes its result NaN, and a window covering no
/// input value yields -infinity.
void maxPool(const PoolGeometry &g, const float *input, float *output);

/// The mean of each window: the sum of the input values it covers divided by
/// the number of input values it covers when `excludePad`, otherwise by the
/// window's extent clipped to the padded input (cells of the padding count,
/// cells beyond it do not).
void avgPool(const PoolGeometry &g, bool excludePad, const float *input,
             float *output);

/// The p-norm (sum |x|^p)^(1/p) of each window over the input values it covers
/// (padding adds nothing); `p` >= 1. The powers and the sum are FP32 (p = 1
/// and p = 2 without calls to pow).
void lpPool(const PoolGeometry &g, int64_t p, const float *input,
            float *output);

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_POOLING_H_
