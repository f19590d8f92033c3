//===- QuantizeTest.cpp - Tests of kernels::quantizeRow ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Compares kernels::quantizeRow bit for bit with a plain loop that rounds
// halves to even by floor and parity (not by std::nearbyint), on rows of every
// length up to past two 512-bit vectors, in place and not: exact halves,
// values beyond the storage range, infinities, NaN, signed zeros and
// subnormals.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Quantize.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "gtest/gtest.h"

namespace mlir::vpuc::kernels {
namespace {

/// x / scale rounded to the nearest integer, halves to even, plus zeroPoint,
/// clamped to [low, high]; zeroPoint for NaN.
float quantizeOne(float x, float scale, float zeroPoint, float low,
                  float high) {
  const float t = x / scale;
  float r = std::floor(t);
  const float fraction = t - r; // NaN for infinities, which stay as they are.
  if (fraction > 0.5f || (fraction == 0.5f && std::fmod(r, 2.0f) != 0.0f)) {
    r += 1.0f;
  }
  const float q = r + zeroPoint;
  if (std::isnan(q)) {
    return zeroPoint;
  }
  return q < low ? low : (q > high ? high : q);
}

std::vector<float> makeRow(size_t count) {
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> special = {0.5f,
                                      1.5f,
                                      2.5f,
                                      -0.5f,
                                      -1.5f,
                                      -2.5f,
                                      0.0f,
                                      -0.0f,
                                      1e-40f,
                                      -1e-40f,
                                      inf,
                                      -inf,
                                      std::numeric_limits<float>::quiet_NaN(),
                                      1e9f,
                                      -1e9f,
                                      126.5f,
                                      127.5f,
                                      -128.5f,
                                      -127.5f,
                                      3.4e38f};
  std::vector<float> row(count);
  uint32_t state = 12345;
  for (size_t i = 0; i < count; ++i) {
    state = state * 1664525u + 1013904223u;
    // Multiples of a quarter, so that a scale of 0.5 makes exact halves.
    row[i] =
        i % 3 == 0
            ? special[(state >> 16) % special.size()]
            : static_cast<float>(static_cast<int32_t>(state >> 20) - 2048) *
                  0.25f;
  }
  return row;
}

TEST(QuantizeTest, matchesRoundHalfToEvenByParity) {
  for (float scale : {0.5f, 0.37f, 3.0f}) {
    for (float zeroPoint : {0.0f, 3.0f, -128.0f}) {
      for (size_t count = 0; count <= 40; ++count) {
        std::vector<float> in = makeRow(count), out(count), inPlace = in;
        quantizeRow(in.data(), static_cast<int64_t>(count), scale, zeroPoint,
                    -128.0f, 127.0f, out.data());
        quantizeRow(inPlace.data(), static_cast<int64_t>(count), scale,
                    zeroPoint, -128.0f, 127.0f, inPlace.data());
        for (size_t i = 0; i < count; ++i) {
          const float expected =
              quantizeOne(in[i], scale, zeroPoint, -128.0f, 127.0f);
          uint32_t got, want, gotInPlace;
          std::memcpy(&got, &out[i], 4);
          std::memcpy(&want, &expected, 4);
          std::memcpy(&gotInPlace, &inPlace[i], 4);
          EXPECT_EQ(got, want)
              << "x=" << in[i] << " scale=" << scale
              << " zeroPoint=" << zeroPoint << " i=" << i << " count=" << count;
          EXPECT_EQ(gotInPlace, want) << "in place, x=" << in[i];
        }
      }
    }
  }
}

} // namespace
} // namespace mlir::vpuc::kernels
