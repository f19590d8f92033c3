//===- PoolingTest.cpp - Tests of the pooling kernels -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Compares kernels::maxPool and kernels::avgPool with their definitions on
// fixed and random geometries (strides, asymmetric pads, windows larger than
// the input, global pooling), the two average divisors, and NaN propagation of
// max pooling.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Pooling.h"

#include "kernels/reference/unittests/Reference.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::kernels {
namespace {

using testing::expectClose;
using testing::Random;

/// The output extent with floor or ceil rounding; a ceil window that would
/// start beyond the input is dropped (IE's rule, so every window overlaps the
/// input).
int64_t poolOut(int64_t in, int64_t kernel, int64_t stride, int64_t padBegin,
                int64_t padEnd, bool ceil) {
  const int64_t span = in + padBegin + padEnd - kernel;
  int64_t out = (ceil ? (span + stride - 1) / stride : span / stride) + 1;
  if (ceil && (out - 1) * stride >= in + padBegin) {
    --out;
  }
  return out;
}

/// A pooling geometry, the output size derived with floor or ceil rounding.
PoolGeometry pool(int64_t planes, int64_t h, int64_t w, int64_t kh, int64_t kw,
                  int64_t sh, int64_t sw, int64_t pt, int64_t pl, int64_t pb,
                  int64_t pr, bool ceil = false) {
  PoolGeometry g;
  g.planes = planes;
  g.inH = h;
  g.inW = w;
  g.kernelH = kh;
  g.kernelW = kw;
  g.strideH = sh;
  g.strideW = sw;
  g.padTop = pt;
  g.padLeft = pl;
  g.padBottom = pb;
  g.padRight = pr;
  g.outH = poolOut(h, kh, sh, pt, pb, ceil);
  g.outW = poolOut(w, kw, sw, pl, pr, ceil);
  return g;
}

void checkPools(const PoolGeometry &g, Random &random) {
  ASSERT_TRUE(isValid(g));
  std::vector<float> in = random.values(g.planes * g.inH * g.inW);
  std::vector<float> out(g.planes * g.outH * g.outW, 42.0f);
  SCOPED_TRACE(::testing::Message()
               << "pool " << g.planes << "x" << g.inH << "x" << g.inW << " -> "
               << g.outH << "x" << g.outW << " k " << g.kernelH << "x"
               << g.kernelW << " s " << g.strideH << "," << g.strideW << " p "
               << g.padTop << "," << g.padLeft << "," << g.padBottom << ","
               << g.padRight);
  maxPool(g, in.data(), out.data());
  expectClose(out, testing::referencePool(g, true, false, in), 1.0);
  for (bool excludePad : {false, true}) {
    avgPool(g, excludePad, in.data(), out.data());
    expectClose(out, testing::referencePool(g, false, excludePad, in), 1.0);
  }
}

TEST(PoolingTest, fixedGeometries) {
  Random random(17);
  checkPools(pool(3, 8, 8, 2, 2, 2, 2, 0, 0, 0, 0), random);
  checkPools(pool(2, 9, 10, 3, 3, 2, 2, 1, 1, 1, 1), random);
  checkPools(pool(2, 9, 10, 3, 3, 2, 2, 1, 1, 1, 1, /*ceil=*/true), random);
  checkPools(pool(1, 7, 5, 3, 2, 1, 3, 2, 0, 1, 1), random);
  // Global pooling.
  checkPools(pool(4, 6, 7, 6, 7, 1, 1, 0, 0, 0, 0), random);
}

TEST(PoolingTest, randomGeometries) {
  Random random(19);
  for (int trial = 0; trial < 100; ++trial) {
    const int64_t kh = random.uniform(1, 4), kw = random.uniform(1, 4);
    PoolGeometry g = pool(random.uniform(1, 3), random.uniform(kh, 12),
                          random.uniform(kw, 12), kh, kw, random.uniform(1, 3),
                          random.uniform(1, 3), random.uniform(0, kh - 1),
                          random.uniform(0, kw - 1), random.uniform(0, kh - 1),
                          random.uniform(0, kw - 1), random.uniform(0, 1) == 1);
    checkPools(g, random);
  }
}

TEST(PoolingTest, maxPropagatesNaN) {
  PoolGeometry g = pool(1, 2, 4, 2, 2, 2, 2, 0, 0, 0, 0);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> in = {1, nan, 5, 6, 3, 2, 7, 8};
  std::vector<float> out(2);
  maxPool(g, in.data(), out.data());
  EXPECT_TRUE(std::isnan(out[0]));
  EXPECT_EQ(out[1], 8.0f);
}

TEST(PoolingTest, divisors) {
  // A 3x3 window with pads of 1 on a 2x2 input: 4 valid cells, 9 padded ones.
  PoolGeometry g = pool(1, 2, 2, 3, 3, 1, 1, 1, 1, 1, 1);
  ASSERT_EQ(g.outH, 2);
  std::vector<float> in = {1, 2, 3, 6};
  std::vector<float> out(4);
  avgPool(g, /*excludePad=*/true, in.data(), out.data());
  EXPECT_EQ(out, (std::vector<float>{3, 3, 3, 3}));
  avgPool(g, /*excludePad=*/false, in.data(), out.data());
  EXPECT_EQ(out,
            (std::vector<float>{12.0f / 9, 12.0f / 9, 12.0f / 9, 12.0f / 9}));
}

} // namespace
} // namespace mlir::vpuc::kernels
