//===- Quantize.cpp - Uniform quantisation of float rows ------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// quantizeRow, cloned for x86-64-v3 (Target.h), where std::nearbyint is one
// instruction instead of a library call, and written so that the loop
// vectorises: the clamp and the NaN test as selects. Division, rounding to
// nearest even and the sum are IEEE operations in vectors as in scalars, so
// every clone gives the same bits.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Quantize.h"

#include <cmath>

#include "kernels/reference/Target.h"

namespace mlir::vpuc::kernels {

VPUC_KERNEL_CLONES VPUC_KERNEL_SEPARATE_ROUNDING void
quantizeRow(const float *in, int64_t count, float scale, float zeroPoint,
            float low, float high, float *out) {
  for (int64_t i = 0; i < count; ++i) {
    // std::nearbyint rounds halves to even in the default rounding mode.
    const float q = std::nearbyint(in[i] / scale) + zeroPoint;
    // std::clamp(q, low, high), and q != q for std::isnan(q).
    const float clamped = q < low ? low : (high < q ? high : q);
    out[i] = q != q ? zeroPoint : clamped;
  }
}

} // namespace mlir::vpuc::kernels
