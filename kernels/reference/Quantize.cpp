//===- Quantize.cpp - Uniform quantisation of float rows ------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// quantizeRow, cloned for x86-64-v3 (Target.h), where std::nearbyint is one
// instruction instead of a library call.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Quantize.h"

#include <algorithm>
#include <cmath>

#include "kernels/reference/Target.h"

namespace mlir::vpuc::kernels {

VPUC_KERNEL_CLONES void quantizeRow(const float *in, int64_t count, float scale,
                                    float zeroPoint, float low, float high,
                                    float *out) {
  for (int64_t i = 0; i < count; ++i) {
    // std::nearbyint rounds halves to even in the default rounding mode.
    const float q = std::nearbyint(in[i] / scale) + zeroPoint;
    out[i] = std::isnan(q) ? zeroPoint : std::clamp(q, low, high);
  }
}

} // namespace mlir::vpuc::kernels
