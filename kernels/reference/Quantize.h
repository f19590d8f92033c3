//===- Quantize.h - Uniform quantisation of float rows ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The element math of ONNX QuantizeLinear as the IE interpreter
// (IE.Quantize) and the `quantize` SHAVE kernel compute it: in FP32,
// q = nearbyint(x / scale) + zeroPoint (halves to even), clamped to the
// storage range, NaN giving the zero point.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_QUANTIZE_H_
#define VPUC_KERNELS_REFERENCE_QUANTIZE_H_

#include <cstdint>

namespace mlir::vpuc::kernels {

/// out[i] = clamp(nearbyint(in[i] / scale) + zeroPoint, low, high) in FP32
/// for i < count (halves to even in the default rounding mode), or zeroPoint
/// where that sum is NaN. `in` and `out` may be the same row.
void quantizeRow(const float *in, int64_t count, float scale, float zeroPoint,
                 float low, float high, float *out);

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_QUANTIZE_H_
