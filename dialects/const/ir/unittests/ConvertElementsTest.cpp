//===- ConvertElementsTest.cpp - Tests of the bulk conversion ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks `Content::convertElements` (what `#const.ConvertElemType` folds
// with) against a plain element-by-element conversion on random bit patterns
// for every pair of storage element types, and its f32 -> f16 rounding
// against an independent reference: the nearest of all 63,488 finite f16
// values, found by search, with ties to the even pattern.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "dialects/const/ir/Content.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::Const {
namespace {

/// Every element type a content stores, except quantized types.
SmallVector<Type> getStorageTypes(MLIRContext &ctx) {
  Builder b(&ctx);
  return {b.getI1Type(),
          b.getIntegerType(8),
          IntegerType::get(&ctx, 8, IntegerType::Unsigned),
          IntegerType::get(&ctx, 8, IntegerType::Signed),
          b.getIntegerType(16),
          IntegerType::get(&ctx, 16, IntegerType::Unsigned),
          b.getIntegerType(32),
          IntegerType::get(&ctx, 32, IntegerType::Unsigned),
          b.getIntegerType(64),
          IntegerType::get(&ctx, 64, IntegerType::Unsigned),
          b.getF16Type(),
          b.getBF16Type(),
          b.getF32Type(),
          b.getF64Type()};
}

/// Random storage bytes of `count` elements of `elemType` (0 or 1 per `i1`
/// element). Random float bit patterns include NaNs, infinities and
/// subnormals.
std::vector<char> randomBytes(Type elemType, int64_t count, std::mt19937 &rng) {
  size_t elemBytes = Content::getElementByteSize(elemType);
  std::vector<char> bytes(count * elemBytes);
  std::uniform_int_distribution<int> byte(0, 255);
  for (char &value : bytes) {
    value =
        static_cast<char>(elemType.isInteger(1) ? byte(rng) & 1 : byte(rng));
  }
  return bytes;
}

/// The printed form of `type`.
std::string typeName(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return os.str();
}

/// The reference conversion: one element at a time through the scalar
/// accessors, as `#const.ConvertElemType` folded before the bulk conversion.
Content convertOneByOne(const Content &input, ShapedType outputType) {
  Content output = Content::allocate(outputType, input.isSplat());
  bool intToInt = !input.hasFloatElements() &&
                  !llvm::isa<FloatType>(outputType.getElementType());
  int64_t count = input.isSplat() ? 1 : input.getNumElements();
  for (int64_t i = 0; i < count; ++i) {
    if (intToInt) {
      output.setInt(i, input.getInt(i));
    } else {
      output.setDouble(i, input.getDouble(i));
    }
  }
  return output;
}

TEST(ConvertElementsTest, everyPairMatchesElementByElement) {
  MLIRContext ctx;
  std::mt19937 rng(15);
  // More than one conversion block, and not a multiple of its size.
  const int64_t count = 1237;
  for (Type from : getStorageTypes(ctx)) {
    auto inType = RankedTensorType::get({count}, from);
    Content input = Content::fromOwned(inType, randomBytes(from, count, rng),
                                       /*isSplat=*/false);
    for (Type to : getStorageTypes(ctx)) {
      auto outType = RankedTensorType::get({count}, to);
      Content bulk = input.convertElements(outType);
      Content reference = convertOneByOne(input, outType);
      ASSERT_EQ(bulk.getType(), outType);
      EXPECT_FALSE(bulk.isSplat());
      EXPECT_TRUE(bulk.getRawStorage() == reference.getRawStorage())
          << "from " << typeName(from) << " to " << typeName(to);
    }
  }
}

TEST(ConvertElementsTest, splatStaysSplat) {
  MLIRContext ctx;
  Builder b(&ctx);
  float value = 1.5f;
  Content input = Content::fromOwned(
      RankedTensorType::get({4, 4}, b.getF32Type()),
      std::vector<char>(reinterpret_cast<char *>(&value),
                        reinterpret_cast<char *>(&value) + sizeof(value)),
      /*isSplat=*/true);
  Content output =
      input.convertElements(RankedTensorType::get({4, 4}, b.getF16Type()));
  EXPECT_TRUE(output.isSplat());
  EXPECT_EQ(output.getRawStorage().size(), 2u);
  EXPECT_EQ(output.getValue<float>(15), 1.5f);
}

/// The value of the f16 bit pattern `bits`, computed from the definition.
double f16Value(uint16_t bits) {
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  double magnitude = exponent == 0 ? std::ldexp(mantissa, -24)
                                   : std::ldexp(1024 + mantissa, exponent - 25);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

/// The f16 bit pattern nearest to the finite `value` (ties to the even
/// pattern; beyond the largest finite value by half an ulp or more,
/// infinity), by binary search over the positive finite patterns, whose
/// values increase with the pattern.
uint16_t nearestF16(float value) {
  uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  double magnitude = std::fabs(static_cast<double>(value));
  // 65504 is the largest finite f16; 65520 is halfway to the next binade.
  if (magnitude >= 65520.0) {
    return sign | 0x7c00;
  }
  uint16_t lo = 0, hi = 0x7bff;
  while (lo < hi) { // Smallest pattern whose value is >= magnitude.
    uint16_t mid = static_cast<uint16_t>((lo + hi) / 2);
    if (f16Value(mid) < magnitude) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  uint16_t above = lo;
  if (above == 0 || f16Value(above) == magnitude) {
    return sign | above;
  }
  uint16_t below = above - 1;
  double toBelow = magnitude - f16Value(below);
  double toAbove = f16Value(above) - magnitude;
  if (toBelow != toAbove) {
    return sign | (toBelow < toAbove ? below : above);
  }
  return sign | ((below & 1) == 0 ? below : above);
}

/// Converts `values` from f32 to f16 with `convertElements`; returns the bits.
std::vector<uint16_t> convertToF16(MLIRContext &ctx,
                                   const std::vector<float> &values) {
  Builder b(&ctx);
  auto count = static_cast<int64_t>(values.size());
  std::vector<char> bytes(values.size() * sizeof(float));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  Content input =
      Content::fromOwned(RankedTensorType::get({count}, b.getF32Type()),
                         std::move(bytes), /*isSplat=*/false);
  Content output =
      input.convertElements(RankedTensorType::get({count}, b.getF16Type()));
  std::vector<uint16_t> bits(values.size());
  std::memcpy(bits.data(), output.getRawStorage().data(), bits.size() * 2);
  return bits;
}

TEST(ConvertElementsTest, f32ToF16RoundingEdgeCases) {
  MLIRContext ctx;
  const float subnormal = std::ldexp(1.0f, -24); // The smallest f16.
  std::vector<std::pair<float, uint16_t>> cases = {
      {0.0f, 0x0000},
      {-0.0f, 0x8000},
      {1.0f, 0x3c00},
      // Ties to even in the normal range: 1 + 2^-11 is halfway between 1 and
      // 1 + 2^-10 and goes down to the even 1; 1 + 3 * 2^-11 goes up.
      {1.0f + std::ldexp(1.0f, -11), 0x3c00},
      {1.0f + 3 * std::ldexp(1.0f, -11), 0x3c02},
      {-(1.0f + 3 * std::ldexp(1.0f, -11)), 0xbc02},
      // Subnormals: exact, ties to even (half the smallest goes to 0, 1.5 of
      // it to 2), and just above a tie.
      {subnormal, 0x0001},
      {subnormal / 2, 0x0000},
      {-subnormal / 2, 0x8000},
      {subnormal * 1.5f, 0x0002},
      {subnormal * 2.5f, 0x0002},
      {std::nextafter(subnormal / 2, 1.0f), 0x0001},
      {std::ldexp(1023.0f, -24), 0x03ff}, // The largest subnormal.
      {std::ldexp(1.0f, -14), 0x0400},    // The smallest normal.
      // Rounding up out of the subnormals into the smallest normal.
      {std::ldexp(1023.5f, -24), 0x0400},
      // f32 subnormals are far below the f16 range.
      {std::numeric_limits<float>::denorm_min(), 0x0000},
      // Overflow: 65504 is the largest f16, 65520 ties to infinity.
      {65504.0f, 0x7bff},
      {65519.0f, 0x7bff},
      {65520.0f, 0x7c00},
      {-65520.0f, 0xfc00},
      {1e10f, 0x7c00},
      {std::numeric_limits<float>::infinity(), 0x7c00},
      {-std::numeric_limits<float>::infinity(), 0xfc00},
  };
  std::vector<float> values;
  for (auto [value, expected] : cases) {
    values.push_back(value);
  }
  std::vector<uint16_t> bits = convertToF16(ctx, values);
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(bits[i], cases[i].second)
        << "f32 " << cases[i].first << " (case " << i << ")";
    if (std::isfinite(cases[i].first)) {
      EXPECT_EQ(cases[i].second, nearestF16(cases[i].first))
          << "the reference disagrees on case " << i;
    }
  }
}

TEST(ConvertElementsTest, f32ToF16NaNStaysNaN) {
  MLIRContext ctx;
  uint32_t patterns[] = {0x7fc00000u, 0xffc00001u, 0x7f800001u, 0x7fbfffffu};
  std::vector<float> values;
  for (uint32_t pattern : patterns) {
    float value;
    std::memcpy(&value, &pattern, 4);
    values.push_back(value);
  }
  std::vector<uint16_t> bits = convertToF16(ctx, values);
  for (size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(bits[i] & 0x7c00, 0x7c00) << "case " << i;
    EXPECT_NE(bits[i] & 0x03ff, 0) << "case " << i;
    EXPECT_EQ(bits[i] & 0x8000, (patterns[i] >> 16) & 0x8000) << "case " << i;
  }
}

TEST(ConvertElementsTest, f32ToF16MatchesNearestOnRandomValues) {
  MLIRContext ctx;
  std::mt19937 rng(7);
  // Magnitudes from well below the subnormals to beyond the largest f16.
  std::uniform_real_distribution<float> exponent(-27.0f, 17.0f);
  std::uniform_int_distribution<int> sign(0, 1);
  std::vector<float> values;
  for (int i = 0; i < 20000; ++i) {
    float value = std::exp2(exponent(rng));
    values.push_back(sign(rng) ? -value : value);
  }
  std::vector<uint16_t> bits = convertToF16(ctx, values);
  for (size_t i = 0; i < values.size(); ++i) {
    ASSERT_EQ(bits[i], nearestF16(values[i])) << "f32 " << values[i];
  }
}

TEST(ConvertElementsTest, floatToInt64Saturates) {
  MLIRContext ctx;
  Builder b(&ctx);
  std::vector<double> values = {1e30, -1e30, 0x1p63, -0x1p63, 2.5, -3.5};
  std::vector<char> bytes(values.size() * sizeof(double));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  auto count = static_cast<int64_t>(values.size());
  Content input =
      Content::fromOwned(RankedTensorType::get({count}, b.getF64Type()),
                         std::move(bytes), /*isSplat=*/false);
  Content output = input.convertElements(
      RankedTensorType::get({count}, b.getIntegerType(64)));
  const int64_t max = std::numeric_limits<int64_t>::max();
  const int64_t min = std::numeric_limits<int64_t>::min();
  std::vector<int64_t> expected = {max, min, max, min, 2, -4};
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(output.getValue<int64_t>(i), expected[i]) << "case " << i;
  }
}

} // namespace
} // namespace mlir::vpuc::Const
