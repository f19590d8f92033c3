//===- Rounding.cpp - Rounding float32 values to narrower element types -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Bit-exact rounding of float32 to f16 / bf16 (round to nearest even) and to
// integers.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/utils/Rounding.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace mlir::vpuc::IE {

float roundToF16(float value) {
  if (!std::isfinite(value)) {
    return value;
  }
  const float magnitude = std::fabs(value);
  // 65520 is halfway between the largest f16 (65504) and 2^16: it and above
  // round to inf.
  if (magnitude >= 65520.0f) {
    return std::copysign(std::numeric_limits<float>::infinity(), value);
  }
  // Below 2^-14 f16 is subnormal with a fixed quantum of 2^-24; scaling by 2^24
  // is exact and nearbyint rounds ties to even in the default rounding mode.
  if (magnitude < 6.103515625e-05f) {
    return std::nearbyint(value * 16777216.0f) / 16777216.0f;
  }
  // Normal range: keep 10 of the 23 mantissa bits, rounding ties to even.
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  const uint32_t lsb = (bits >> 13) & 1u;
  bits += 0x0FFFu + lsb;
  bits &= ~0x1FFFu;
  float result;
  std::memcpy(&result, &bits, sizeof(result));
  return result;
}

float roundToBF16(float value) {
  if (std::isnan(value)) {
    return value;
  }
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  const uint32_t lsb = (bits >> 16) & 1u;
  bits += 0x7FFFu + lsb;
  bits &= 0xFFFF0000u;
  float result;
  std::memcpy(&result, &bits, sizeof(result));
  return result;
}

float roundToInteger(float value, unsigned bits, bool isSigned) {
  if (bits == 1) {
    return value != 0.0f ? 1.0f : 0.0f;
  }
  if (std::isnan(value)) {
    return 0.0f;
  }
  double lo = 0.0;
  double hi = 0.0;
  if (isSigned) {
    lo = -std::ldexp(1.0, static_cast<int>(bits) - 1);
    hi = std::ldexp(1.0, static_cast<int>(bits) - 1) - 1.0;
  } else {
    hi = std::ldexp(1.0, static_cast<int>(bits)) - 1.0;
  }
  double t = std::trunc(static_cast<double>(value));
  if (t < lo) {
    t = lo;
  }
  if (t > hi) {
    t = hi;
  }
  return static_cast<float>(t);
}

void roundInPlace(llvm::MutableArrayRef<float> values, HostElementType type) {
  switch (type.kind) {
  case HostElementKind::F32:
  case HostElementKind::F64:
    return;
  case HostElementKind::F16:
    for (float &v : values) {
      v = roundToF16(v);
    }
    return;
  case HostElementKind::BF16:
    for (float &v : values) {
      v = roundToBF16(v);
    }
    return;
  case HostElementKind::Integer:
    for (float &v : values) {
      v = roundToInteger(v, type.bits, type.isSigned);
    }
    return;
  }
}

} // namespace mlir::vpuc::IE
