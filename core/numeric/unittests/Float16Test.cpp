//===- Float16Test.cpp - Tests of the fp16/bf16 conversions -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Exhaustive and boundary tests of core/numeric/Float16.h. The fp16 decoder is
// checked against an independent formula (std::ldexp); the encoders are checked
// on every exact value, every midpoint between neighbours and the values just
// around each midpoint.
//
//===----------------------------------------------------------------------===//

#include "core/numeric/Float16.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "gtest/gtest.h"

using namespace mlir::vpuc::numeric;

namespace {

uint32_t bitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

float fromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// Decodes fp16 bits by the textbook formula, independently of the library.
double referenceF16(uint16_t bits) {
  int sign = (bits >> 15) & 1;
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  double magnitude;
  if (exponent == 0x1f) {
    magnitude = mantissa == 0 ? std::numeric_limits<double>::infinity()
                              : std::numeric_limits<double>::quiet_NaN();
  } else if (exponent == 0) {
    magnitude = std::ldexp(static_cast<double>(mantissa), -24);
  } else {
    magnitude = std::ldexp(static_cast<double>(mantissa + 1024), exponent - 25);
  }
  return sign ? -magnitude : magnitude;
}

bool isF16NaN(uint16_t bits) {
  return (bits & 0x7c00) == 0x7c00 && (bits & 0x3ff) != 0;
}

bool isBF16NaN(uint16_t bits) {
  return (bits & 0x7f80) == 0x7f80 && (bits & 0x7f) != 0;
}

//===----------------------------------------------------------------------===//
// fp16
//===----------------------------------------------------------------------===//

TEST(Float16Test, exhaustiveDecodeMatchesFormula) {
  for (uint32_t i = 0; i < 65536; ++i) {
    uint16_t bits = static_cast<uint16_t>(i);
    float value = f16BitsToFloat(bits);
    double expected = referenceF16(bits);
    if (std::isnan(expected)) {
      ASSERT_TRUE(std::isnan(value)) << std::hex << i;
      ASSERT_EQ(std::signbit(value), (bits & 0x8000) != 0) << std::hex << i;
      ASSERT_NE(bitsOf(value) & 0x00400000u, 0u) << "NaN not quiet " << i;
      continue;
    }
    ASSERT_EQ(static_cast<double>(value), expected) << std::hex << i;
    ASSERT_EQ(std::signbit(value), std::signbit(expected)) << std::hex << i;
  }
}

TEST(Float16Test, exhaustiveRoundTrip) {
  for (uint32_t i = 0; i < 65536; ++i) {
    uint16_t bits = static_cast<uint16_t>(i);
    uint16_t back = floatToF16Bits(f16BitsToFloat(bits));
    if (isF16NaN(bits)) {
      // The only change allowed: a signalling NaN becomes quiet.
      ASSERT_EQ(back, bits | 0x0200) << std::hex << i;
      continue;
    }
    ASSERT_EQ(back, bits) << std::hex << i;
  }
}

TEST(Float16Test, exhaustiveMidpointsRoundToEven) {
  // For every pair of adjacent finite fp16 values of the same sign, the exact
  // midpoint rounds to the even one, and the floats just beside it round to
  // the nearer one.
  for (uint32_t sign = 0; sign <= 0x8000; sign += 0x8000) {
    for (uint32_t i = 0; i < 0x7bff; ++i) {
      uint16_t lo = static_cast<uint16_t>(sign | i);
      uint16_t hi = static_cast<uint16_t>(sign | (i + 1));
      float mid = static_cast<float>((referenceF16(lo) + referenceF16(hi)) /
                                     2.0); // Exact in float.
      ASSERT_EQ(static_cast<double>(mid),
                (referenceF16(lo) + referenceF16(hi)) / 2.0);
      uint16_t even = (lo & 1) == 0 ? lo : hi;
      ASSERT_EQ(floatToF16Bits(mid), even) << std::hex << lo;
      float towardsLo = std::nextafter(mid, f16BitsToFloat(lo));
      float towardsHi = std::nextafter(mid, f16BitsToFloat(hi));
      ASSERT_EQ(floatToF16Bits(towardsLo), lo) << std::hex << lo;
      ASSERT_EQ(floatToF16Bits(towardsHi), hi) << std::hex << lo;
    }
  }
}

TEST(Float16Test, selectedRoundings) {
  EXPECT_EQ(floatToF16Bits(1.0f), 0x3c00);
  EXPECT_EQ(floatToF16Bits(-2.0f), 0xc000);
  EXPECT_EQ(floatToF16Bits(0.1f), 0x2e66);
  // 1 + 2^-11 is exactly halfway between 1 and 1 + 2^-10: ties to even (1.0).
  EXPECT_EQ(floatToF16Bits(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  // 1 + 3 * 2^-11 is halfway between 0x3c01 and 0x3c02: ties to even 0x3c02.
  EXPECT_EQ(floatToF16Bits(1.0f + 3 * std::ldexp(1.0f, -11)), 0x3c02);
  // Rounding carries into the next binade: just below 2 rounds to 2.
  EXPECT_EQ(floatToF16Bits(std::nextafter(2.0f, 0.0f)), 0x4000);
}

TEST(Float16Test, overflowBoundary) {
  EXPECT_EQ(floatToF16Bits(65504.0f), 0x7bff);
  EXPECT_EQ(floatToF16Bits(65519.99f), 0x7bff);
  EXPECT_EQ(floatToF16Bits(65520.0f), 0x7c00); // Tie: rounds to even (inf).
  EXPECT_EQ(floatToF16Bits(-65520.0f), 0xfc00);
  EXPECT_EQ(floatToF16Bits(1.0e10f), 0x7c00);
  EXPECT_EQ(floatToF16Bits(std::numeric_limits<float>::max()), 0x7c00);
  EXPECT_EQ(floatToF16Bits(-std::numeric_limits<float>::max()), 0xfc00);
  EXPECT_EQ(floatToF16Bits(std::numeric_limits<float>::infinity()), 0x7c00);
  EXPECT_EQ(floatToF16Bits(-std::numeric_limits<float>::infinity()), 0xfc00);
}

TEST(Float16Test, denormalsAndZeros) {
  float smallest = std::ldexp(1.0f, -24);
  EXPECT_EQ(floatToF16Bits(smallest), 0x0001);
  EXPECT_EQ(floatToF16Bits(-smallest), 0x8001);
  // Exactly half the smallest denormal: ties to even, i.e. zero.
  EXPECT_EQ(floatToF16Bits(std::ldexp(1.0f, -25)), 0x0000);
  EXPECT_EQ(floatToF16Bits(-std::ldexp(1.0f, -25)), 0x8000);
  // Just above half rounds up, just below rounds down.
  EXPECT_EQ(floatToF16Bits(std::nextafter(std::ldexp(1.0f, -25), 1.0f)),
            0x0001);
  EXPECT_EQ(floatToF16Bits(std::nextafter(std::ldexp(1.0f, -25), 0.0f)),
            0x0000);
  // 1.5 * smallest ties to even 2 * smallest.
  EXPECT_EQ(floatToF16Bits(1.5f * smallest), 0x0002);
  // Largest denormal and its carry into the smallest normal.
  EXPECT_EQ(floatToF16Bits(1023 * smallest), 0x03ff);
  EXPECT_EQ(floatToF16Bits(1023.5f * smallest), 0x0400);
  EXPECT_EQ(floatToF16Bits(std::ldexp(1.0f, -14)), 0x0400);
  // Float denormals and zeros become signed zeros.
  EXPECT_EQ(floatToF16Bits(std::numeric_limits<float>::denorm_min()), 0x0000);
  EXPECT_EQ(floatToF16Bits(-std::numeric_limits<float>::denorm_min()), 0x8000);
  EXPECT_EQ(floatToF16Bits(0.0f), 0x0000);
  EXPECT_EQ(floatToF16Bits(-0.0f), 0x8000);
  EXPECT_TRUE(std::signbit(f16BitsToFloat(0x8000)));
  EXPECT_EQ(f16BitsToFloat(0x0001), smallest);
}

TEST(Float16Test, nanStaysQuietNaN) {
  float qnan = std::numeric_limits<float>::quiet_NaN();
  uint16_t bits = floatToF16Bits(qnan);
  EXPECT_TRUE(isF16NaN(bits));
  EXPECT_NE(bits & 0x0200, 0);
  EXPECT_TRUE(isF16NaN(floatToF16Bits(-qnan)));
  EXPECT_NE(floatToF16Bits(-qnan) & 0x8000, 0);
  // A signalling float NaN whose payload lies entirely in the dropped bits.
  float snan = fromBits(0x7f800001u);
  EXPECT_TRUE(isF16NaN(floatToF16Bits(snan)));
  EXPECT_EQ(floatToF16Bits(snan), 0x7e00);
  // Payload top bits are kept.
  EXPECT_EQ(floatToF16Bits(fromBits(0x7fc02000u)), 0x7e01);
}

TEST(Float16Test, valueClass) {
  static_assert(!std::is_convertible_v<float, float16>,
                "float16 must be constructed explicitly");
  static_assert(!std::is_convertible_v<float16, float>,
                "float16 must convert to float explicitly");
  static_assert(std::is_trivially_copyable_v<float16>);
  float16 half(0.5f);
  EXPECT_EQ(half.bits(), 0x3800);
  EXPECT_EQ(static_cast<float>(half), 0.5f);
  EXPECT_EQ(float16::fromBits(0x3c00).bits(), 0x3c00);
  EXPECT_EQ(float16().bits(), 0);
  EXPECT_TRUE(float16::fromBits(0x7c01).isNaN());
  EXPECT_FALSE(float16::fromBits(0x7c00).isNaN());
  EXPECT_TRUE(float16::fromBits(0xfc00).isInf());
  EXPECT_FALSE(float16(1.0f).isInf());
}

TEST(Float16Test, bulk) {
  std::vector<float> src = {0.0f, 1.0f, -2.5f, 65520.0f};
  std::vector<uint16_t> bits(src.size());
  floatToF16Bits(src, bits);
  EXPECT_EQ(bits, (std::vector<uint16_t>{0x0000, 0x3c00, 0xc100, 0x7c00}));
  std::vector<float> back(src.size());
  f16BitsToFloat(bits, back);
  EXPECT_EQ(back[2], -2.5f);
  EXPECT_TRUE(std::isinf(back[3]));
}

/// The bulk widening (F16C where the CPU has it) gives the scalar widening's
/// bits for every fp16 value, at every position of a vector and of the tail.
TEST(Float16Test, bulkWideningMatchesScalarExhaustively) {
  std::vector<uint16_t> all(65536 + 5);
  for (size_t i = 0; i < all.size(); ++i) {
    all[i] = static_cast<uint16_t>(i);
  }
  std::vector<float> wide(all.size());
  f16BitsToFloat(all, wide);
  for (size_t i = 0; i < all.size(); ++i) {
    ASSERT_EQ(bitsOf(wide[i]), bitsOf(f16BitsToFloat(all[i])))
        << "fp16 bits 0x" << std::hex << all[i];
  }
}

/// The bulk narrowing gives the scalar narrowing's bits for every float
/// around every fp16 value (the value, its neighbours in float, the midpoints
/// to the next fp16 value and their neighbours), for the NaNs of every
/// payload pattern and for the floats below the fp16 denormals.
TEST(Float16Test, bulkNarrowingMatchesScalarAtEveryBoundary) {
  std::vector<float> floats;
  for (uint32_t h = 0; h < 0x10000; ++h) {
    uint32_t bits = bitsOf(f16BitsToFloat(static_cast<uint16_t>(h)));
    for (int delta = -2; delta <= 2; ++delta) {
      floats.push_back(fromBits(bits + delta));
    }
    if ((h & 0x7fff) < 0x7c00) {
      uint32_t next = bitsOf(f16BitsToFloat(static_cast<uint16_t>(h + 1)));
      // Exact in float: adjacent fp16 values differ in their 11th bit.
      uint32_t mid = bitsOf(static_cast<float>(
          (static_cast<double>(fromBits(bits)) + fromBits(next)) / 2));
      for (int delta = -1; delta <= 1; ++delta) {
        floats.push_back(fromBits(mid + delta));
      }
    }
  }
  for (uint32_t payload = 1; payload < (1u << 23); payload = payload * 3 + 1) {
    floats.push_back(fromBits(0x7f800000u | payload));
    floats.push_back(fromBits(0xff800000u | payload));
  }
  for (uint32_t bits = 0; bits < 0x34000000u; bits += 0x10001u) {
    floats.push_back(fromBits(bits));
    floats.push_back(fromBits(bits | 0x80000000u));
  }
  std::vector<uint16_t> narrow(floats.size());
  floatToF16Bits(floats, narrow);
  for (size_t i = 0; i < floats.size(); ++i) {
    ASSERT_EQ(narrow[i], floatToF16Bits(floats[i]))
        << "float bits 0x" << std::hex << bitsOf(floats[i]);
  }
}

//===----------------------------------------------------------------------===//
// bf16
//===----------------------------------------------------------------------===//

TEST(BFloat16Test, exhaustiveDecodeAndRoundTrip) {
  for (uint32_t i = 0; i < 65536; ++i) {
    uint16_t bits = static_cast<uint16_t>(i);
    float value = bf16BitsToFloat(bits);
    if (isBF16NaN(bits)) {
      ASSERT_TRUE(std::isnan(value)) << std::hex << i;
      ASSERT_EQ(floatToBF16Bits(value), bits | 0x0040) << std::hex << i;
      continue;
    }
    // A bf16 is the top half of the float.
    ASSERT_EQ(bitsOf(value), i << 16) << std::hex << i;
    ASSERT_EQ(floatToBF16Bits(value), bits) << std::hex << i;
  }
}

TEST(BFloat16Test, exhaustiveMidpointsRoundToEven) {
  for (uint32_t sign = 0; sign <= 0x8000; sign += 0x8000) {
    for (uint32_t i = 0; i < 0x7f7f; ++i) {
      uint16_t lo = static_cast<uint16_t>(sign | i);
      uint16_t hi = static_cast<uint16_t>(sign | (i + 1));
      // The midpoint has the bf16 bits of `lo` followed by a single 1 bit.
      float mid = fromBits((static_cast<uint32_t>(lo) << 16) | 0x8000u);
      uint16_t even = (lo & 1) == 0 ? lo : hi;
      ASSERT_EQ(floatToBF16Bits(mid), even) << std::hex << lo;
      ASSERT_EQ(floatToBF16Bits(fromBits(bitsOf(mid) - 1)), lo)
          << std::hex << lo;
      ASSERT_EQ(floatToBF16Bits(fromBits(bitsOf(mid) + 1)), hi)
          << std::hex << lo;
    }
  }
}

TEST(BFloat16Test, selectedValues) {
  EXPECT_EQ(floatToBF16Bits(1.0f), 0x3f80);
  EXPECT_EQ(floatToBF16Bits(-1.0f), 0xbf80);
  EXPECT_EQ(floatToBF16Bits(3.14159265f), 0x4049);
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties to even (1.0).
  EXPECT_EQ(floatToBF16Bits(1.0f + std::ldexp(1.0f, -8)), 0x3f80);
  // 1 + 3 * 2^-8 ties to even 0x3f82.
  EXPECT_EQ(floatToBF16Bits(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3f82);
  EXPECT_EQ(floatToBF16Bits(0.0f), 0x0000);
  EXPECT_EQ(floatToBF16Bits(-0.0f), 0x8000);
  EXPECT_EQ(floatToBF16Bits(std::numeric_limits<float>::denorm_min()), 0x0000);
  EXPECT_EQ(floatToBF16Bits(std::numeric_limits<float>::max()), 0x7f80);
  EXPECT_EQ(floatToBF16Bits(-std::numeric_limits<float>::max()), 0xff80);
  EXPECT_EQ(floatToBF16Bits(std::numeric_limits<float>::infinity()), 0x7f80);
  // The largest finite bf16 stays finite.
  EXPECT_EQ(floatToBF16Bits(bf16BitsToFloat(0x7f7f)), 0x7f7f);
}

TEST(BFloat16Test, nanStaysNaN) {
  // Payload only in the low half: plain truncation would give infinity.
  float snan = fromBits(0x7f800001u);
  EXPECT_TRUE(isBF16NaN(floatToBF16Bits(snan)));
  EXPECT_TRUE(isBF16NaN(floatToBF16Bits(fromBits(0xff800001u))));
  EXPECT_NE(floatToBF16Bits(fromBits(0xff800001u)) & 0x8000, 0);
  // An all-ones payload must not carry into the sign bit.
  EXPECT_EQ(floatToBF16Bits(fromBits(0x7fffffffu)), 0x7fff);
  EXPECT_TRUE(std::isnan(bf16BitsToFloat(0x7f81)));
  EXPECT_TRUE(bfloat16::fromBits(0x7fc0).isNaN());
  EXPECT_TRUE(bfloat16::fromBits(0xff80).isInf());
}

TEST(BFloat16Test, valueClassAndBulk) {
  static_assert(!std::is_convertible_v<float, bfloat16>);
  static_assert(!std::is_convertible_v<bfloat16, float>);
  static_assert(!std::is_convertible_v<float16, bfloat16>);
  bfloat16 two(2.0f);
  EXPECT_EQ(two.bits(), 0x4000);
  EXPECT_EQ(static_cast<float>(two), 2.0f);
  std::vector<float> src = {1.0f, -0.0f};
  std::vector<uint16_t> bits(2);
  floatToBF16Bits(src, bits);
  EXPECT_EQ(bits, (std::vector<uint16_t>{0x3f80, 0x8000}));
  std::vector<float> back(2);
  bf16BitsToFloat(bits, back);
  EXPECT_EQ(back[0], 1.0f);
  EXPECT_TRUE(std::signbit(back[1]));
}

} // namespace

//===----------------------------------------------------------------------===//
// Underflow of f16 stores
//===----------------------------------------------------------------------===//

// countF16Underflow against thresholds on the values themselves: under
// round-to-nearest-even, |v| <= 2^-25 (half the smallest subnormal, a tie that
// goes to the even 0) is stored as +-0, and 2^-25 < |v| < 2^-14 - 2^-25 (the
// midpoint between the largest subnormal and 2^-14, a tie that goes to the
// even 2^-14) as a subnormal.
TEST(F16UnderflowTest, countsAgainstThresholds) {
  const float flushLimit = std::ldexp(1.0f, -25);
  const float normalLimit = std::ldexp(1.0f, -14) - std::ldexp(1.0f, -25);
  std::vector<float> values = {0.0f,
                               -0.0f,
                               flushLimit,
                               -flushLimit,
                               std::nextafter(flushLimit, 1.0f),
                               1e-30f,
                               -3e-9f,
                               1e-6f,
                               -5e-5f,
                               normalLimit,
                               std::nextafter(normalLimit, 0.0f),
                               kMinNormalF16,
                               0.5f,
                               -70000.0f,
                               std::numeric_limits<float>::quiet_NaN(),
                               std::numeric_limits<float>::infinity()};
  for (int e = -40; e <= -10; ++e) {
    values.push_back(std::ldexp(1.37f, e));
    values.push_back(-std::ldexp(1.91f, e));
  }
  std::vector<uint16_t> bits(values.size());
  floatToF16Bits(values, bits);

  F16Underflow expected;
  for (float v : values) {
    float a = std::fabs(v);
    if (v != 0.0f) {
      ++expected.nonzero;
    }
    if (v != 0.0f && a <= flushLimit) {
      ++expected.flushed;
    }
    if (a > flushLimit && a < normalLimit) {
      ++expected.subnormal;
    }
  }
  // Counted in two parts, merged: the same as in one.
  F16Underflow first, second;
  size_t half = values.size() / 2;
  countF16Underflow(llvm::ArrayRef(values).take_front(half),
                    llvm::ArrayRef(bits).take_front(half), first);
  countF16Underflow(llvm::ArrayRef(values).drop_front(half),
                    llvm::ArrayRef(bits).drop_front(half), second);
  first.merge(second);
  EXPECT_EQ(first.nonzero, expected.nonzero);
  EXPECT_EQ(first.flushed, expected.flushed);
  EXPECT_EQ(first.subnormal, expected.subnormal);
  // NaN is left out of the largest magnitude; +inf is the largest.
  EXPECT_EQ(first.largest, std::numeric_limits<float>::infinity());
  EXPECT_FALSE(first.isTotal());
}

// The vectorised count (AVX2 where the CPU has it) against the portable one,
// element by element: random values from every range (zeros of both signs,
// NaNs, infinities, values that flush, subnormals, normals), stored bits that
// are their roundings or random, every length up to 70 and offsets that
// misalign the rows, counted onto a count that already holds some.
TEST(F16UnderflowTest, vectorisedCountEqualsPortable) {
  std::mt19937 rng(1704);
  auto uniform = [&](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(rng);
  };
  auto randomValue = [&]() -> float {
    switch (uniform(0, 6)) {
    case 0:
      return uniform(0, 1) ? 0.0f : -0.0f;
    case 1:
      return uniform(0, 1) ? std::numeric_limits<float>::quiet_NaN()
                           : -std::numeric_limits<float>::infinity();
    default: {
      float v = std::ldexp(1.0f + uniform(0, 1023) / 1024.0f, uniform(-40, 20));
      return uniform(0, 1) ? v : -v;
    }
    }
  };
  std::vector<float> values(80);
  std::vector<uint16_t> bits(80);
  for (int round = 0; round < 3000; ++round) {
    for (float &v : values) {
      v = randomValue();
    }
    floatToF16Bits(values, bits);
    if (round % 3 == 0) {
      for (uint16_t &b : bits) {
        b = static_cast<uint16_t>(uniform(0, 0xffff));
      }
    }
    size_t offset = uniform(0, 9);
    size_t length = uniform(0, 70);
    F16Underflow start;
    start.nonzero = uniform(0, 5);
    start.flushed = uniform(0, 5);
    start.subnormal = uniform(0, 5);
    start.largest = round % 2 ? 0.0f : std::ldexp(1.0f, uniform(-30, 5));
    F16Underflow vectorised = start, portable = start;
    auto someValues = llvm::ArrayRef(values).slice(offset, length);
    auto someBits = llvm::ArrayRef(bits).slice(offset, length);
    countF16Underflow(someValues, someBits, vectorised);
    countF16UnderflowPortable(someValues, someBits, portable);
    ASSERT_EQ(vectorised.nonzero, portable.nonzero) << "round " << round;
    ASSERT_EQ(vectorised.flushed, portable.flushed) << "round " << round;
    ASSERT_EQ(vectorised.subnormal, portable.subnormal) << "round " << round;
    ASSERT_EQ(bitsOf(vectorised.largest), bitsOf(portable.largest))
        << "round " << round;
  }
}

TEST(F16UnderflowTest, conversionForTheUnderflowFindingKeepsWhatItNeeds) {
  // floatToF16BitsForUnderflow against floatToF16Bits then the portable
  // count: the same bits and largest magnitude, the same counts when the
  // largest lies below the normal range (the only counts a finding reports),
  // and never a total count when it does not. Half of the rounds hold only
  // values near or below the subnormal range; NaNs, infinities and zeros in
  // every round; lengths around the blocks of eight.
  std::mt19937 rng(2026);
  auto uniform = [&](int low, int high) {
    return std::uniform_int_distribution<int>(low, high)(rng);
  };
  std::vector<float> values(100);
  for (int round = 0; round < 4000; ++round) {
    bool tiny = round % 2 == 0;
    for (float &v : values) {
      switch (uniform(0, 9)) {
      case 0:
        v = uniform(0, 1) ? 0.0f : -0.0f;
        break;
      case 1:
        v = round % 4 == 0 ? std::numeric_limits<float>::quiet_NaN()
            : tiny         ? 0.0f
                           : std::numeric_limits<float>::infinity();
        break;
      default:
        v = std::ldexp(1.0f + uniform(0, 8191) / 8192.0f,
                       tiny ? uniform(-30, -15) : uniform(-30, 17));
        v = uniform(0, 1) ? v : -v;
      }
    }
    size_t length = uniform(0, 100);
    auto some = llvm::ArrayRef(values).take_front(length);
    F16Underflow start;
    start.nonzero = uniform(0, 5);
    start.flushed = uniform(0, 2);
    start.largest = round % 3 ? 0.0f : std::ldexp(1.0f, uniform(-30, -10));
    F16Underflow fused = start, twoSteps = start;
    std::vector<uint16_t> fusedBits(length), bits(length);
    floatToF16BitsForUnderflow(some, fusedBits, fused);
    floatToF16Bits(some, bits);
    countF16UnderflowPortable(some, bits, twoSteps);
    ASSERT_EQ(fusedBits, bits) << "round " << round;
    ASSERT_EQ(bitsOf(fused.largest), bitsOf(twoSteps.largest))
        << "round " << round;
    if (twoSteps.largest < kMinNormalF16) {
      ASSERT_EQ(fused.nonzero, twoSteps.nonzero) << "round " << round;
      ASSERT_EQ(fused.flushed, twoSteps.flushed) << "round " << round;
      ASSERT_EQ(fused.subnormal, twoSteps.subnormal) << "round " << round;
      ASSERT_EQ(fused.isTotal(), twoSteps.isTotal()) << "round " << round;
    } else {
      ASSERT_FALSE(fused.isTotal()) << "round " << round;
    }
  }
}

TEST(F16UnderflowTest, totalOnlyWhenEveryResultIsBelowTheNormalRange) {
  std::vector<float> tiny = {0.0f, 5e-13f, -2e-10f, 3e-6f};
  std::vector<uint16_t> bits(tiny.size());
  floatToF16Bits(tiny, bits);
  F16Underflow count;
  countF16Underflow(tiny, bits, count);
  EXPECT_EQ(count.nonzero, 3u);
  EXPECT_EQ(count.flushed, 2u);
  EXPECT_EQ(count.subnormal, 1u);
  EXPECT_FLOAT_EQ(count.largest, 3e-6f);
  EXPECT_TRUE(count.isTotal());

  // One normal result among them: not total.
  std::vector<float> normal = {1e-4f};
  std::vector<uint16_t> normalBits(1);
  floatToF16Bits(normal, normalBits);
  countF16Underflow(normal, normalBits, count);
  EXPECT_FALSE(count.isTotal());

  // Only zeros: nothing was lost.
  F16Underflow zeros;
  std::vector<float> zeroValues(5, 0.0f);
  std::vector<uint16_t> zeroBits(5, 0);
  countF16Underflow(zeroValues, zeroBits, zeros);
  EXPECT_EQ(zeros.nonzero, 0u);
  EXPECT_FALSE(zeros.isTotal());
}
