//===- Float16.h - IEEE half and bfloat16 conversions -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Bit-exact conversions between IEEE-754 binary32 (`float`) and the two 16-bit
// floating-point formats the accelerator uses:
//
//  - fp16 (IEEE binary16): 1 sign, 5 exponent, 10 mantissa bits;
//  - bf16 (bfloat16):      1 sign, 8 exponent,  7 mantissa bits.
//
// Narrowing (float -> 16 bits) rounds to nearest, ties to even, for every input
// including denormals on both sides; finite values too large for the format
// become infinities of the same sign; signed zeros keep their sign. A NaN stays
// a NaN of the same sign, with the top payload bits kept and the quiet bit set.
//
// Widening (16 bits -> float) is exact; a NaN keeps its sign and payload and
// comes back quiet (so the only non-identity of a 16 -> 32 -> 16 round trip is
// that a signalling NaN becomes quiet).
//
// The functions do not depend on the host FPU rounding mode or on compiler
// support for _Float16: they work on integer bit patterns only.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_NUMERIC_FLOAT16_H_
#define VPUC_CORE_NUMERIC_FLOAT16_H_

#include <cstdint>

#include "llvm/ADT/ArrayRef.h"

namespace mlir::vpuc::numeric {

//===----------------------------------------------------------------------===//
// Scalar conversions
//===----------------------------------------------------------------------===//

/// Converts `value` to IEEE binary16 bits, rounding to nearest even.
uint16_t floatToF16Bits(float value);

/// Converts IEEE binary16 bits to the (exactly representable) float.
float f16BitsToFloat(uint16_t bits);

/// Converts `value` to bfloat16 bits, rounding to nearest even.
uint16_t floatToBF16Bits(float value);

/// Converts bfloat16 bits to the (exactly representable) float.
float bf16BitsToFloat(uint16_t bits);

//===----------------------------------------------------------------------===//
// Bulk conversions
//===----------------------------------------------------------------------===//

/// Converts every element of `src` to fp16 bits into `dst`; the sizes must
/// match.
void floatToF16Bits(llvm::ArrayRef<float> src,
                    llvm::MutableArrayRef<uint16_t> dst);

/// Converts every fp16 bit pattern of `src` to a float into `dst`; the sizes
/// must match.
void f16BitsToFloat(llvm::ArrayRef<uint16_t> src,
                    llvm::MutableArrayRef<float> dst);

/// Converts every element of `src` to bf16 bits into `dst`; the sizes must
/// match.
void floatToBF16Bits(llvm::ArrayRef<float> src,
                     llvm::MutableArrayRef<uint16_t> dst);

/// Converts every bf16 bit pattern of `src` to a float into `dst`; the sizes
/// must match.
void bf16BitsToFloat(llvm::ArrayRef<uint16_t> src,
                     llvm::MutableArrayRef<float> dst);

//===----------------------------------------------------------------------===//
// Underflow of f16 stores
//===----------------------------------------------------------------------===//

/// The smallest normal f16, 2^-14 (about 6.1e-5).
inline constexpr float kMinNormalF16 = 0x1p-14f;

/// What rounding results to f16 did to the small ones: the numerics check's
/// underflow finding (emulator/NumericsCheck.h). A result is a value before
/// the rounding, its f16 the bits stored.
struct F16Underflow {
  /// Results that were not zero (NaN counts as nonzero).
  uint64_t nonzero = 0;
  /// Nonzero results stored as +-0.
  uint64_t flushed = 0;
  /// Results stored as f16 subnormals.
  uint64_t subnormal = 0;
  /// The largest magnitude of the results (NaN ignored, 0 when none).
  float largest = 0;

  /// Adds the counts of `other` (e.g. of another chunk of the same task).
  void merge(const F16Underflow &other);
  /// True when results were nonzero and every one of them lay below the
  /// normal f16 range (largest < kMinNormalF16): the stored tensor holds
  /// nothing but zeros and subnormals where the arithmetic held values.
  bool isTotal() const { return nonzero != 0 && largest < kMinNormalF16; }
};

/// Adds the results `values` and their f16 roundings `bits` (same sizes) to
/// `count`. Eight at a time with AVX2 when the CPU has it (chosen at run
/// time) and there are 32 or more, else countF16UnderflowPortable; the
/// counts are the same.
void countF16Underflow(llvm::ArrayRef<float> values,
                       llvm::ArrayRef<uint16_t> bits, F16Underflow &count);

/// floatToF16Bits(src, dst), adding to `count` what its underflow finding
/// needs (F16Underflow::isTotal): the largest magnitude of `src` always, and
/// countF16Underflow's other counts only when that largest magnitude lies
/// below the normal f16 range. A count whose largest magnitude is normal is
/// never total, so its other fields are not needed (they are then left as
/// they were). With AVX2 and F16C, the conversion and the largest magnitude
/// come in one pass and the counts in a second one only for such rows.
void floatToF16BitsForUnderflow(llvm::ArrayRef<float> src,
                                llvm::MutableArrayRef<uint16_t> dst,
                                F16Underflow &count);

/// countF16Underflow one element at a time, on every CPU (the definition the
/// vectorised loop is tested against).
void countF16UnderflowPortable(llvm::ArrayRef<float> values,
                               llvm::ArrayRef<uint16_t> bits,
                               F16Underflow &count);

//===----------------------------------------------------------------------===//
// Value classes
//===----------------------------------------------------------------------===//

/// An IEEE binary16 value stored as its bit pattern. It only converts
/// explicitly: `float16(1.5f)`, `static_cast<float>(h)`,
/// `float16::fromBits(b)`. It deliberately has no arithmetic and no comparison
/// operators: compute in float, and compare bit patterns with `bits()` when
/// that is what you mean.
class float16 {
public:
  /// Positive zero.
  constexpr float16() = default;
  /// Rounds `value` to the nearest fp16 (ties to even).
  explicit float16(float value) : value(floatToF16Bits(value)) {}

  /// Wraps an fp16 bit pattern.
  static constexpr float16 fromBits(uint16_t bits) {
    float16 result;
    result.value = bits;
    return result;
  }

  /// The fp16 bit pattern.
  constexpr uint16_t bits() const { return value; }
  /// The exact float value.
  explicit operator float() const { return f16BitsToFloat(value); }

  /// True for both NaN kinds.
  constexpr bool isNaN() const {
    return (value & 0x7c00u) == 0x7c00u && (value & 0x03ffu) != 0;
  }
  /// True for +inf and -inf.
  constexpr bool isInf() const { return (value & 0x7fffu) == 0x7c00u; }

private:
  uint16_t value = 0;
};

/// A bfloat16 value stored as its bit pattern; same conventions as `float16`.
class bfloat16 {
public:
  /// Positive zero.
  constexpr bfloat16() = default;
  /// Rounds `value` to the nearest bf16 (ties to even).
  explicit bfloat16(float value) : value(floatToBF16Bits(value)) {}

  /// Wraps a bf16 bit pattern.
  static constexpr bfloat16 fromBits(uint16_t bits) {
    bfloat16 result;
    result.value = bits;
    return result;
  }

  /// The bf16 bit pattern.
  constexpr uint16_t bits() const { return value; }
  /// The exact float value.
  explicit operator float() const { return bf16BitsToFloat(value); }

  /// True for both NaN kinds.
  constexpr bool isNaN() const {
    return (value & 0x7f80u) == 0x7f80u && (value & 0x007fu) != 0;
  }
  /// True for +inf and -inf.
  constexpr bool isInf() const { return (value & 0x7fffu) == 0x7f80u; }

private:
  uint16_t value = 0;
};

static_assert(sizeof(float16) == 2, "float16 must be exactly 16 bits");
static_assert(sizeof(bfloat16) == 2, "bfloat16 must be exactly 16 bits");

} // namespace mlir::vpuc::numeric

#endif // VPUC_CORE_NUMERIC_FLOAT16_H_
