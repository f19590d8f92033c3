//===- ParallelTest.cpp - The kernels on several threads ------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// GEMM, convolutions and interpolation run under a ParallelRunner that spreads
// the chunks over real threads give the same bytes as without a runner, and
// every chunk of [0, n) runs once.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Parallel.h"

#include <atomic>
#include <cstring>
#include <random>
#include <vector>

#include "kernels/reference/Convolution.h"
#include "kernels/reference/Gemm.h"
#include "kernels/reference/Interpolate.h"
#include "kernels/reference/testing/ThreadPerChunkRunner.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::kernels {
namespace {

std::vector<float> randomFloats(int64_t count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> values(count);
  for (float &v : values) {
    v = value(rng);
  }
  return values;
}

bool sameBytes(const std::vector<float> &a, const std::vector<float> &b) {
  return a.size() == b.size() &&
         std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

TEST(ParallelTest, serialWithoutRunner) {
  EXPECT_EQ(getParallelRunner(), nullptr);
  int calls = 0;
  parallelFor(10, 3, [&](int64_t begin, int64_t end) {
    EXPECT_EQ(begin, 0);
    EXPECT_EQ(end, 10);
    ++calls;
  });
  EXPECT_EQ(calls, 1);
}

TEST(ParallelTest, scopedRunnerIsRestored) {
  ThreadPerChunkRunner outer, inner;
  {
    ScopedParallelRunner a(&outer);
    EXPECT_EQ(getParallelRunner(), &outer);
    {
      ScopedParallelRunner b(&inner);
      EXPECT_EQ(getParallelRunner(), &inner);
    }
    EXPECT_EQ(getParallelRunner(), &outer);
    std::atomic<int64_t> sum{0};
    parallelFor(100, 7, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        sum += i;
      }
    });
    EXPECT_EQ(sum.load(), 99 * 100 / 2);
  }
  EXPECT_EQ(getParallelRunner(), nullptr);
}

TEST(ParallelTest, gemmSameBytes) {
  const int64_t m = 70, n = 300, k = 530;
  std::vector<float> a = randomFloats(m * k, 1), b = randomFloats(k * n, 2);
  std::vector<float> serial(m * n), parallel(m * n);
  gemm(m, n, k, {a.data(), k}, {b.data(), n}, serial.data(), n);
  ThreadPerChunkRunner runner;
  {
    ScopedParallelRunner scope(&runner);
    gemm(m, n, k, {a.data(), k}, {b.data(), n}, parallel.data(), n);
  }
  EXPECT_GT(runner.loops, 0);
  EXPECT_TRUE(sameBytes(serial, parallel));
}

TEST(ParallelTest, convolutionsSameBytes) {
  ConvGeometry dense;
  dense.inChannels = 24;
  dense.outChannels = 40;
  dense.inH = dense.inW = 20;
  dense.kernelH = dense.kernelW = 3;
  dense.padTop = dense.padLeft = 1;
  dense.outH = dense.outW = 20;
  ConvGeometry depthwise = dense;
  depthwise.outChannels = depthwise.groups = 24;
  ConvGeometry pointwise = dense;
  pointwise.kernelH = pointwise.kernelW = 1;
  pointwise.padTop = pointwise.padLeft = 0;
  for (const ConvGeometry &g : {dense, depthwise, pointwise}) {
    std::vector<float> input = randomFloats(g.inChannels * g.inH * g.inW, 3);
    std::vector<float> filter = randomFloats(
        g.outChannels * g.inChannels / g.groups * g.kernelH * g.kernelW, 4);
    std::vector<float> bias = randomFloats(g.outChannels, 5);
    std::vector<float> serial(g.outChannels * g.outH * g.outW);
    std::vector<float> parallel(serial.size());
    convolution(g, input.data(), filter.data(), bias.data(), serial.data());
    ThreadPerChunkRunner runner;
    {
      ScopedParallelRunner scope(&runner);
      convolution(g, input.data(), filter.data(), bias.data(), parallel.data());
    }
    EXPECT_GT(runner.loops, 0) << "groups " << g.groups;
    EXPECT_TRUE(sameBytes(serial, parallel)) << "groups " << g.groups;
  }
}

TEST(ParallelTest, interpolationSameBytes) {
  // Each resized dim split into many chunks of rows: an outer dim that is
  // resized too, a middle one (rows of the inner dim) and the innermost one
  // (rows of one element), in every mode; nearest's gather in many chunks
  // of output rows.
  std::vector<InterpolateDim> dims = {
      getInterpolateDimFromSize(2, 3), getInterpolateDimFromSize(16, 16),
      getInterpolateDimFromSize(40, 77), getInterpolateDimFromSize(50, 100)};
  int64_t inCount = 2 * 16 * 40 * 50, outCount = 3 * 16 * 77 * 100;
  std::vector<float> input = randomFloats(inCount, 6);
  for (InterpolateMode mode :
       {InterpolateMode::Nearest, InterpolateMode::Linear,
        InterpolateMode::Cubic}) {
    InterpolateParams params;
    params.mode = mode;
    params.coordMode = InterpolateCoordMode::HalfPixel;
    std::vector<float> serial(outCount), parallel(outCount);
    interpolate(params, dims.data(), 4, input.data(), serial.data());
    ThreadPerChunkRunner runner;
    {
      ScopedParallelRunner scope(&runner);
      interpolate(params, dims.data(), 4, input.data(), parallel.data());
    }
    // Nearest gathers the output rows in one loop; the others resize the
    // three resized dims one after the other.
    EXPECT_EQ(runner.loops, mode == InterpolateMode::Nearest ? 1 : 3)
        << "mode " << static_cast<int>(mode);
    EXPECT_TRUE(sameBytes(serial, parallel))
        << "mode " << static_cast<int>(mode);
  }
}

} // namespace
} // namespace mlir::vpuc::kernels
