//===- QuantizedEltwise.h - Element math of quantized eltwise ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The per-element arithmetic of a quantized Add / Multiply: what an
// unoptimised QDQ graph computes (DequantizeLinear of both operands in f32,
// the float op in f32, QuantizeLinear of the result with round half to even),
// written once for the IE interpreter (dialects/ie/ir) and the
// quantized_eltwise SHAVE kernel (kernels/shave), so that the two agree bit
// for bit. Storage integers travel as floats (exact for 8-bit storage). The
// caller applies the post-op to the float result between the two steps.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_QUANTIZEDELTWISE_H_
#define VPUC_KERNELS_REFERENCE_QUANTIZEDELTWISE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace mlir::vpuc::kernels {

/// The operation of a quantized eltwise layer.
enum class QuantizedEltwiseKind { Add, Multiply };

/// The per-tensor quantisation of one tensor: its scale, in the f32
/// precision ONNX stores it with, and its zero point.
struct PerTensorQuant {
  float scale = 1.0f;
  int32_t zeroPoint = 0;
};

/// The real value of the storage integer `q` (DequantizeLinear): (q -
/// zeroPoint) * scale, exact in double for 8-bit storage, rounded once to f32
/// (the correctly rounded f32 product).
inline float dequantizeToF32(float q, const PerTensorQuant &quant) {
  return static_cast<float>(
      (static_cast<double>(q) - static_cast<double>(quant.zeroPoint)) *
      static_cast<double>(quant.scale));
}

/// `kind` on the real values of the storage integers `q1` and `q2`, in f32:
/// each operand dequantized to f32 first, then one f32 addition or product.
inline float computeQuantizedEltwise(QuantizedEltwiseKind kind, float q1,
                                     const PerTensorQuant &quant1, float q2,
                                     const PerTensorQuant &quant2) {
  const float a = dequantizeToF32(q1, quant1);
  const float b = dequantizeToF32(q2, quant2);
  return kind == QuantizedEltwiseKind::Add ? a + b : a * b;
}

/// The storage integer of `y` (QuantizeLinear, in f32): clamp(
/// round_half_to_even(y / scale) + zeroPoint, qmin, qmax); NaN gives the zero
/// point.
inline float quantizeFromF32(float y, const PerTensorQuant &quant, float qmin,
                             float qmax) {
  const float zeroPoint = static_cast<float>(quant.zeroPoint);
  // std::nearbyint rounds halves to even in the default rounding mode.
  const float q = std::nearbyint(y / quant.scale) + zeroPoint;
  return std::isnan(q) ? zeroPoint : std::clamp(q, qmin, qmax);
}

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_QUANTIZEDELTWISE_H_
