//===- Float16.cpp - IEEE half and bfloat16 conversions ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Integer-only implementations of the fp16/bf16 <-> float conversions. The
// bulk fp16 conversions use the F16C instructions where the CPU has them
// (checked at run time): those convert exactly as the integer code does
// (rounding to nearest even, NaNs quieted with their top payload bits), which
// Float16Test checks over every fp16 value and the rounding boundaries.
//
//===----------------------------------------------------------------------===//

#include "core/numeric/Float16.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>

#include "core/numeric/CpuFeatures.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define VPUC_NUMERIC_F16C 1
#endif

namespace mlir::vpuc::numeric {

static uint32_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

static float bitsToFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// Shifts `value` right by `shift` (1..31) bits, rounding to nearest even.
static uint32_t shiftRightRNE(uint32_t value, unsigned shift) {
  uint32_t kept = value >> shift;
  uint32_t rest = value & ((uint32_t(1) << shift) - 1);
  uint32_t half = uint32_t(1) << (shift - 1);
  if (rest > half || (rest == half && (kept & 1))) {
    ++kept;
  }
  return kept;
}

uint16_t floatToF16Bits(float value) {
  uint32_t bits = floatBits(value);
  uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
  uint32_t magnitude = bits & 0x7fffffffu;
  uint32_t exponent = magnitude >> 23; // Biased by 127.
  uint32_t mantissa = magnitude & 0x7fffffu;

  if (exponent == 0xff) {
    if (mantissa == 0) {
      return sign | 0x7c00u; // Infinity.
    }
    // NaN: keep the top payload bits, force the quiet bit.
    return sign | 0x7e00u | static_cast<uint16_t>(mantissa >> 13);
  }
  // fp16 exponent = exponent - 127 + 15.
  if (exponent >= 127 + 16) {
    return sign | 0x7c00u; // |value| >= 2^16: overflows even before rounding.
  }
  if (exponent >= 127 - 14) {
    // Normal fp16 range. Rounding may carry into the exponent, which is exactly
    // right: 0x3ff + 1 moves to the next binade, and 0x7bff + 1 is infinity.
    uint32_t rebased = ((exponent - 112) << 23) | mantissa;
    return sign | static_cast<uint16_t>(shiftRightRNE(rebased, 13));
  }
  // fp16 denormal (or zero): the result is round(|value| / 2^-24). With the
  // implicit bit, |value| = significand * 2^(exponent - 150), so the quotient
  // is significand >> (126 - exponent).
  unsigned shift = 126 - exponent;
  if (shift > 24) {
    // |value| < 2^-25, strictly less than half the smallest denormal (this
    // includes float denormals and zeros).
    return sign;
  }
  uint32_t significand = mantissa | 0x800000u;
  return sign | static_cast<uint16_t>(shiftRightRNE(significand, shift));
}

float f16BitsToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000u) << 16;
  uint32_t exponent = (bits >> 10) & 0x1fu;
  uint32_t mantissa = bits & 0x3ffu;

  if (exponent == 0x1f) {
    if (mantissa == 0) {
      return bitsToFloat(sign | 0x7f800000u);
    }
    return bitsToFloat(sign | 0x7fc00000u | (mantissa << 13));
  }
  if (exponent == 0) {
    if (mantissa == 0) {
      return bitsToFloat(sign); // Signed zero.
    }
    // Denormal: normalise so that the leading one becomes the implicit bit.
    int unbiased = -14;
    while ((mantissa & 0x400u) == 0) {
      mantissa <<= 1;
      --unbiased;
    }
    mantissa &= 0x3ffu;
    return bitsToFloat(sign | (static_cast<uint32_t>(unbiased + 127) << 23) |
                       (mantissa << 13));
  }
  return bitsToFloat(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

uint16_t floatToBF16Bits(float value) {
  uint32_t bits = floatBits(value);
  if ((bits & 0x7f800000u) == 0x7f800000u && (bits & 0x7fffffu) != 0) {
    // NaN: truncating could lose every payload bit; keep it a quiet NaN.
    return static_cast<uint16_t>(bits >> 16) | 0x0040u;
  }
  // Rounding to nearest even on the low 16 bits; a carry out of the mantissa
  // correctly bumps the exponent, and the largest finite values round to inf.
  uint32_t roundingBias = 0x7fffu + ((bits >> 16) & 1u);
  return static_cast<uint16_t>((bits + roundingBias) >> 16);
}

float bf16BitsToFloat(uint16_t bits) {
  uint32_t wide = static_cast<uint32_t>(bits) << 16;
  if ((wide & 0x7f800000u) == 0x7f800000u && (wide & 0x7fffffu) != 0) {
    wide |= 0x00400000u; // Quiet NaN.
  }
  return bitsToFloat(wide);
}

//===----------------------------------------------------------------------===//
// Bulk conversions
//===----------------------------------------------------------------------===//

#ifdef VPUC_NUMERIC_F16C
__attribute__((target("avx,f16c"))) static void
floatToF16BitsF16c(const float *src, uint16_t *dst, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m128i half =
        _mm256_cvtps_ph(_mm256_loadu_ps(src + i),
                        _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(dst + i), half);
  }
  for (; i < count; ++i) {
    dst[i] = floatToF16Bits(src[i]);
  }
}

__attribute__((target("avx,f16c"))) static void
f16BitsToFloatF16c(const uint16_t *src, float *dst, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m128i half = _mm_loadu_si128(reinterpret_cast<const __m128i *>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(half));
  }
  for (; i < count; ++i) {
    dst[i] = f16BitsToFloat(src[i]);
  }
}
#endif // VPUC_NUMERIC_F16C

/// The bulk conversions over raw pointers.
static void floatToF16BitsBulk(const float *src, uint16_t *dst, size_t count) {
#ifdef VPUC_NUMERIC_F16C
  if (cpuHasF16c()) {
    floatToF16BitsF16c(src, dst, count);
    return;
  }
#endif
  for (size_t i = 0; i < count; ++i) {
    dst[i] = floatToF16Bits(src[i]);
  }
}

static void f16BitsToFloatBulk(const uint16_t *src, float *dst, size_t count) {
#ifdef VPUC_NUMERIC_F16C
  if (cpuHasF16c()) {
    f16BitsToFloatF16c(src, dst, count);
    return;
  }
#endif
  for (size_t i = 0; i < count; ++i) {
    dst[i] = f16BitsToFloat(src[i]);
  }
}

void floatToF16Bits(llvm::ArrayRef<float> src,
                    llvm::MutableArrayRef<uint16_t> dst) {
  assert(src.size() == dst.size() &&
         "floatToF16Bits: source and destination sizes differ");
  floatToF16BitsBulk(src.data(), dst.data(), src.size());
}

void f16BitsToFloat(llvm::ArrayRef<uint16_t> src,
                    llvm::MutableArrayRef<float> dst) {
  assert(src.size() == dst.size() &&
         "f16BitsToFloat: source and destination sizes differ");
  f16BitsToFloatBulk(src.data(), dst.data(), src.size());
}

void floatToBF16Bits(llvm::ArrayRef<float> src,
                     llvm::MutableArrayRef<uint16_t> dst) {
  assert(src.size() == dst.size() &&
         "floatToBF16Bits: source and destination sizes differ");
  for (size_t i = 0, e = src.size(); i < e; ++i) {
    dst[i] = floatToBF16Bits(src[i]);
  }
}

void bf16BitsToFloat(llvm::ArrayRef<uint16_t> src,
                     llvm::MutableArrayRef<float> dst) {
  assert(src.size() == dst.size() &&
         "bf16BitsToFloat: source and destination sizes differ");
  for (size_t i = 0, e = src.size(); i < e; ++i) {
    dst[i] = bf16BitsToFloat(src[i]);
  }
}

void F16Underflow::merge(const F16Underflow &other) {
  nonzero += other.nonzero;
  flushed += other.flushed;
  subnormal += other.subnormal;
  largest = std::max(largest, other.largest);
}

void countF16UnderflowPortable(llvm::ArrayRef<float> values,
                               llvm::ArrayRef<uint16_t> bits,
                               F16Underflow &count) {
  assert(values.size() == bits.size() &&
         "countF16Underflow: values and bits differ in size");
  // `largest < |v|` is false for NaN, which leaves it out.
  uint64_t nonzero = 0, flushed = 0, subnormal = 0;
  float largest = count.largest;
  for (size_t i = 0, e = values.size(); i < e; ++i) {
    float v = values[i];
    uint32_t magnitude = bits[i] & 0x7fffu;
    uint32_t isNonzero = !(v == 0.0f);
    nonzero += isNonzero;
    flushed += isNonzero & (magnitude == 0);
    subnormal += (magnitude != 0) & (magnitude < 0x0400u);
    float a = std::fabs(v);
    largest = largest < a ? a : largest;
  }
  count.nonzero += nonzero;
  count.flushed += flushed;
  count.subnormal += subnormal;
  count.largest = largest;
}

#ifdef VPUC_NUMERIC_F16C
/// The largest of `init` and the lanes of `lanes`, compared as
/// `result < lane` (a NaN lane is skipped).
__attribute__((target("avx"))) static float maxOfLanes(__m256 lanes,
                                                       float init) {
  alignas(32) float values[8];
  _mm256_store_ps(values, lanes);
  float result = init;
  for (float lane : values) {
    result = result < lane ? lane : result;
  }
  return result;
}

/// countF16UnderflowPortable eight elements at a time: the three conditions
/// as lane masks (counted by subtracting the all-ones masks from 32-bit lane
/// counters, added up at most every 2^24 steps), the largest magnitude as
/// `max(|v|, largest)`, which keeps `largest` when |v| is NaN as the scalar
/// comparison does; the maximum of the same values in any order is the same.
__attribute__((target("avx2"))) static void
countF16UnderflowAvx2(const float *values, const uint16_t *bits, size_t size,
                      F16Underflow &count) {
  const __m256 absMask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  const __m256i magMask = _mm256_set1_epi32(0x7fff);
  const __m256i normalBits = _mm256_set1_epi32(0x0400);
  const __m256i zero = _mm256_setzero_si256();
  __m256 largest = _mm256_set1_ps(count.largest);
  size_t i = 0;
  while (i + 8 <= size) {
    size_t blockEnd = std::min(size - size % 8, i + (size_t(8) << 24));
    __m256i nonzero = zero, flushed = zero, subnormal = zero;
    for (; i < blockEnd; i += 8) {
      __m256 v = _mm256_loadu_ps(values + i);
      __m256i magnitude =
          _mm256_and_si256(_mm256_cvtepu16_epi32(_mm_loadu_si128(
                               reinterpret_cast<const __m128i *>(bits + i))),
                           magMask);
      __m256i isNonzero = _mm256_castps_si256(
          _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_NEQ_UQ));
      __m256i isZeroBits = _mm256_cmpeq_epi32(magnitude, zero);
      __m256i belowNormal = _mm256_cmpgt_epi32(normalBits, magnitude);
      nonzero = _mm256_sub_epi32(nonzero, isNonzero);
      flushed =
          _mm256_sub_epi32(flushed, _mm256_and_si256(isNonzero, isZeroBits));
      subnormal = _mm256_sub_epi32(
          subnormal, _mm256_andnot_si256(isZeroBits, belowNormal));
      largest = _mm256_max_ps(_mm256_and_ps(v, absMask), largest);
    }
    alignas(32) uint32_t lanes[3][8];
    _mm256_store_si256(reinterpret_cast<__m256i *>(lanes[0]), nonzero);
    _mm256_store_si256(reinterpret_cast<__m256i *>(lanes[1]), flushed);
    _mm256_store_si256(reinterpret_cast<__m256i *>(lanes[2]), subnormal);
    for (int lane = 0; lane < 8; ++lane) {
      count.nonzero += lanes[0][lane];
      count.flushed += lanes[1][lane];
      count.subnormal += lanes[2][lane];
    }
  }
  count.largest = maxOfLanes(largest, count.largest);
  if (i < size) {
    countF16UnderflowPortable(llvm::ArrayRef<float>(values + i, size - i),
                              llvm::ArrayRef<uint16_t>(bits + i, size - i),
                              count);
  }
}

/// floatToF16BitsF16c that also returns the largest magnitude of `src`
/// (NaN ignored, 0 for none): eight at a time, `max(|v|, largest)`.
__attribute__((target("avx2,f16c"))) static float
floatToF16BitsMaxF16c(const float *src, uint16_t *dst, size_t count) {
  const __m256 absMask = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fffffff));
  __m256 largest = _mm256_setzero_ps();
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256 v = _mm256_loadu_ps(src + i);
    _mm_storeu_si128(
        reinterpret_cast<__m128i *>(dst + i),
        _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    largest = _mm256_max_ps(_mm256_and_ps(v, absMask), largest);
  }
  float result = maxOfLanes(largest, 0.0f);
  for (; i < count; ++i) {
    dst[i] = floatToF16Bits(src[i]);
    float a = std::fabs(src[i]);
    result = result < a ? a : result;
  }
  return result;
}
#endif // VPUC_NUMERIC_F16C

void floatToF16BitsForUnderflow(llvm::ArrayRef<float> src,
                                llvm::MutableArrayRef<uint16_t> dst,
                                F16Underflow &count) {
  assert(src.size() == dst.size() &&
         "floatToF16BitsForUnderflow: src and dst differ in size");
#ifdef VPUC_NUMERIC_F16C
  if (src.size() >= 8 && cpuHasAvx2() && cpuHasF16c()) {
    float largest = floatToF16BitsMaxF16c(src.data(), dst.data(), src.size());
    if (!(largest < kMinNormalF16) || !(count.largest < kMinNormalF16)) {
      // Not an underflow: only the largest magnitude counts.
      count.largest = count.largest < largest ? largest : count.largest;
      return;
    }
    countF16Underflow(src, dst, count);
    return;
  }
#endif
  floatToF16Bits(src, dst);
  countF16Underflow(src, dst, count);
}

void countF16Underflow(llvm::ArrayRef<float> values,
                       llvm::ArrayRef<uint16_t> bits, F16Underflow &count) {
  assert(values.size() == bits.size() &&
         "countF16Underflow: values and bits differ in size");
#ifdef VPUC_NUMERIC_F16C
  // (Short rows, e.g. a SHAVE kernel's rows of 8 channels, cost less one by
  // one than the vector set-up and reduction.)
  if (values.size() >= 32 && cpuHasAvx2()) {
    countF16UnderflowAvx2(values.data(), bits.data(), values.size(), count);
    return;
  }
#endif
  countF16UnderflowPortable(values, bits, count);
}

} // namespace mlir::vpuc::numeric
