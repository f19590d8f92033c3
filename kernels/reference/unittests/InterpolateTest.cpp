//===- InterpolateTest.cpp - Tests of the interpolation kernel --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// kernels::interpolate on small cases worked out by hand from the ONNX Resize
// definition (the IE interpreter's tests cover the modes exhaustively through
// IE.Interpolate), and the geometry helpers.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Interpolate.h"

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace mlir::vpuc::kernels {
namespace {

TEST(InterpolateTest, geometryFromSizesAndScales) {
  InterpolateDim sized = getInterpolateDimFromSize(4, 6);
  EXPECT_EQ(sized.out, 6);
  EXPECT_DOUBLE_EQ(sized.scale, 1.5);
  EXPECT_DOUBLE_EQ(sized.resizedLength, 6.0);
  EXPECT_TRUE(isValid(sized));
  InterpolateDim scaled = getInterpolateDimFromScale(5, 0.5);
  EXPECT_EQ(scaled.out, 2);
  EXPECT_DOUBLE_EQ(scaled.resizedLength, 2.5);
  EXPECT_TRUE(isValid(scaled));
  InterpolateDim empty = getInterpolateDimFromSize(0, 3);
  EXPECT_FALSE(isValid(empty));
  InterpolateDim negative = getInterpolateDimFromScale(3, -1.0);
  EXPECT_FALSE(isValid(negative));
}

TEST(InterpolateTest, vectorisedLoopsGiveTheScalarBits) {
  // Every mode, up- and downscaling, over ranks 1 to 4 whose rows are not
  // multiples of the vectors, with signed zeros and infinities among the
  // values: the vectorised resize and conversion give the scalar loops'
  // bits.
  std::mt19937 random(17);
  std::uniform_real_distribution<float> value(-100.0f, 100.0f);
  const float specials[] = {0.0f, -0.0f, std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity()};
  struct Case {
    InterpolateMode mode;
    InterpolateCoordMode coordMode;
    std::vector<std::pair<int64_t, int64_t>> dims; // in, out
  };
  const Case cases[] = {
      {InterpolateMode::Nearest,
       InterpolateCoordMode::Asymmetric,
       {{1, 1}, {3, 3}, {5, 10}, {7, 14}}},
      {InterpolateMode::Linear,
       InterpolateCoordMode::HalfPixel,
       {{2, 2}, {9, 18}, {13, 26}}},
      {InterpolateMode::Linear,
       InterpolateCoordMode::AlignCorners,
       {{3, 7}, {11, 5}}},
      {InterpolateMode::Cubic,
       InterpolateCoordMode::HalfPixel,
       {{6, 13}, {10, 23}}},
      {InterpolateMode::Linear,
       InterpolateCoordMode::PytorchHalfPixel,
       {{37, 74}}},
      // Weights in thirds and sevenths, whose products round; nearest
      // downscaling.
      {InterpolateMode::Linear,
       InterpolateCoordMode::AlignCorners,
       {{2, 2}, {5, 7}, {9, 4}}},
      {InterpolateMode::Cubic,
       InterpolateCoordMode::AlignCorners,
       {{5, 7}, {17, 23}}},
      {InterpolateMode::Nearest,
       InterpolateCoordMode::HalfPixel,
       {{3, 3}, {8, 3}, {5, 16}}},
  };
  for (const Case &c : cases) {
    std::vector<InterpolateDim> dims;
    int64_t inCount = 1, outCount = 1;
    for (auto [in, out] : c.dims) {
      dims.push_back(getInterpolateDimFromSize(in, out));
      inCount *= in;
      outCount *= out;
    }
    std::vector<float> input(inCount);
    for (int64_t i = 0; i < inCount; ++i) {
      input[i] = i % 29 == 3 ? specials[(i / 29) % 4] : value(random);
    }
    InterpolateParams params;
    params.mode = c.mode;
    params.coordMode = c.coordMode;
    std::vector<float> vectorised(outCount), scalar(outCount);
    interpolate(params, dims.data(), static_cast<int64_t>(dims.size()),
                input.data(), vectorised.data());
    params.vectorised = false;
    interpolate(params, dims.data(), static_cast<int64_t>(dims.size()),
                input.data(), scalar.data());
    EXPECT_EQ(
        std::memcmp(vectorised.data(), scalar.data(), outCount * sizeof(float)),
        0)
        << "mode " << static_cast<int>(c.mode) << ", rank " << dims.size();
  }
}

TEST(InterpolateTest, nearestAsymmetricUpsampling) {
  InterpolateParams params;
  params.mode = InterpolateMode::Nearest;
  params.coordMode = InterpolateCoordMode::Asymmetric;
  params.nearestMode = InterpolateNearestMode::Floor;
  InterpolateDim dims[2] = {getInterpolateDimFromSize(2, 4),
                            getInterpolateDimFromSize(1, 2)};
  const float input[2] = {1.0f, 2.0f};
  std::vector<float> output(8);
  interpolate(params, dims, 2, input, output.data());
  EXPECT_EQ(output, (std::vector<float>{1, 1, 1, 1, 2, 2, 2, 2}));
}

TEST(InterpolateTest, linearHalfPixelAndAlignCorners) {
  InterpolateParams params;
  params.mode = InterpolateMode::Linear;
  params.coordMode = InterpolateCoordMode::HalfPixel;
  InterpolateDim dim = getInterpolateDimFromSize(2, 4);
  const float input[2] = {0.0f, 4.0f};
  std::vector<float> output(4);
  // x = (o + 0.5) / 2 - 0.5 = -0.25, 0.25, 0.75, 1.25, clamped to [0, 1].
  interpolate(params, &dim, 1, input, output.data());
  EXPECT_EQ(output, (std::vector<float>{0, 1, 3, 4}));
  params.coordMode = InterpolateCoordMode::AlignCorners;
  dim = getInterpolateDimFromSize(2, 5);
  output.assign(5, 0.0f);
  interpolate(params, &dim, 1, input, output.data());
  EXPECT_EQ(output, (std::vector<float>{0, 1, 2, 3, 4}));
}

TEST(InterpolateTest, cubicKeepsConstants) {
  InterpolateParams params;
  params.mode = InterpolateMode::Cubic;
  InterpolateDim dim = getInterpolateDimFromScale(3, 2.0);
  const float input[3] = {5.0f, 5.0f, 5.0f};
  std::vector<float> output(6);
  interpolate(params, &dim, 1, input, output.data());
  for (float value : output) {
    EXPECT_FLOAT_EQ(value, 5.0f);
  }
}

TEST(InterpolateTest, cropAndResizeExtrapolates) {
  InterpolateParams params;
  params.mode = InterpolateMode::Linear;
  params.coordMode = InterpolateCoordMode::TfCropAndResize;
  params.extrapolationValue = -1.0f;
  InterpolateDim dim = getInterpolateDimFromSize(3, 3);
  dim.roiStart = 0.5;
  dim.roiEnd = 1.5;
  const float input[3] = {0.0f, 2.0f, 4.0f};
  std::vector<float> output(3);
  // x = 0.5 * 2 + o * 1.0 * 2 / 2 = 1, 2, 3: the last one lies outside.
  interpolate(params, &dim, 1, input, output.data());
  EXPECT_EQ(output, (std::vector<float>{2, 4, -1}));
}

} // namespace
} // namespace mlir::vpuc::kernels
