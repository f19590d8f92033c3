//===- CalibrationTest.cpp - Tests of the calibration methods -------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/calibration/Calibration.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace mlir::vpuc::calibration {
namespace {

constexpr QuantType kU8{/*isSigned=*/false, /*symmetric=*/false};
constexpr QuantType kI8Symmetric{/*isSigned=*/true, /*symmetric=*/true};

TEST(CalibrationTest, methodNamesRoundTrip) {
  for (Method method : {Method::MinMax, Method::Percentile, Method::Mse,
                        Method::Kl, Method::Auto}) {
    EXPECT_EQ(parseMethod(getMethodName(method)), method);
  }
  EXPECT_FALSE(parseMethod("entropy"));
}

TEST(CalibrationTest, quantParamsCoverTheRangeAndZero) {
  // u8: 255 steps over [-1, 3]; 0 at 1 / (4 / 255) = 63.75 -> 64.
  QuantParams u8 = getQuantParams(-1.0, 3.0, kU8);
  EXPECT_FLOAT_EQ(u8.scale, 4.0f / 255.0f);
  EXPECT_EQ(u8.zeroPoint, 64);
  // A positive range is widened to [0, hi]: zero point 0.
  QuantParams relu = getQuantParams(0.5, 2.55, kU8);
  EXPECT_FLOAT_EQ(relu.scale, 0.01f);
  EXPECT_EQ(relu.zeroPoint, 0);
  // Symmetric i8: 127 steps for the larger side.
  QuantParams i8 = getQuantParams(-2.54, 1.0, kI8Symmetric);
  EXPECT_FLOAT_EQ(i8.scale, 0.02f);
  EXPECT_EQ(i8.zeroPoint, 0);
  // Symmetric u8 puts the zero point at 128.
  QuantParams u8Symmetric = getQuantParams(-1.27, 0.5, {false, true});
  EXPECT_FLOAT_EQ(u8Symmetric.scale, 0.01f);
  EXPECT_EQ(u8Symmetric.zeroPoint, 128);
  // An empty range keeps scale 1.
  EXPECT_FLOAT_EQ(getQuantParams(0.0, 0.0, kU8).scale, 1.0f);
}

TEST(CalibrationTest, quantizeDequantizeRoundsHalfToEvenAndSaturates) {
  QuantParams params{0.5f, 10};
  EXPECT_DOUBLE_EQ(quantizeDequantize(0.25, params, kU8), 0.0);   // 0.5 -> 0
  EXPECT_DOUBLE_EQ(quantizeDequantize(0.75, params, kU8), 1.0);   // 1.5 -> 2
  EXPECT_DOUBLE_EQ(quantizeDequantize(-10.0, params, kU8), -5.0); // q = 0
  EXPECT_DOUBLE_EQ(quantizeDequantize(1000.0, params, kU8), 122.5);
}

/// Gaussian values with a few far outliers.
std::vector<float> makeOutlierData() {
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> values(100000);
  for (float &value : values) {
    value = normal(rng);
  }
  values[0] = 60.0f;
  values[1] = -40.0f;
  return values;
}

TensorStats collect(const std::vector<float> &values) {
  TensorStats stats;
  // Two batches per pass, as over two calibration inputs.
  llvm::ArrayRef<float> all(values);
  stats.addRange(all.take_front(all.size() / 2));
  stats.addRange(all.drop_front(all.size() / 2));
  stats.addHistogram(all.take_front(all.size() / 2));
  stats.addHistogram(all.drop_front(all.size() / 2));
  return stats;
}

TEST(CalibrationTest, minMaxIsTheObservedRange) {
  TensorStats stats = collect(makeOutlierData());
  auto [lo, hi] = stats.getRange(Method::MinMax, kU8);
  EXPECT_DOUBLE_EQ(lo, -40.0);
  EXPECT_DOUBLE_EQ(hi, 60.0);
  double total = 0.0;
  for (double count : stats.getHistogram()) {
    total += count;
  }
  EXPECT_DOUBLE_EQ(total, 100000.0);
}

TEST(CalibrationTest, percentileLeavesOutTheTails) {
  TensorStats stats = collect(makeOutlierData());
  auto [lo, hi] = stats.getRange(Method::Percentile, kU8, 99.9);
  // The 0.1% and 99.9% quantiles of N(0, 1) are -/+3.09; one bin is 0.05.
  EXPECT_NEAR(lo, -3.09, 0.15);
  EXPECT_NEAR(hi, 3.09, 0.15);
}

/// The squared error of quantizing `values` to [lo, hi], directly.
double directSquaredError(const std::vector<float> &values, double lo,
                          double hi, QuantType type) {
  QuantParams params = getQuantParams(lo, hi, type);
  double error = 0.0;
  for (float value : values) {
    double d = value - quantizeDequantize(value, params, type);
    error += d * d;
  }
  return error;
}

TEST(CalibrationTest, mseFindsTheLeastSquaredError) {
  std::vector<float> values = makeOutlierData();
  TensorStats stats = collect(values);
  auto [lo, hi] = stats.getRange(Method::Mse, kU8);
  const double chosen = directSquaredError(values, lo, hi, kU8);
  // A brute-force search over the same shrunk ranges, on the values.
  double best = directSquaredError(values, -40.0, 60.0, kU8);
  for (int step = 1; step <= 128; ++step) {
    double factor = step / 128.0;
    best = std::min(
        best, directSquaredError(values, -40.0 * factor, 60.0 * factor, kU8));
  }
  EXPECT_LE(chosen, best * 1.02);
  // Clipping the two far outliers costs more than their steps save.
  EXPECT_GT(hi, 20.0);
}

TEST(CalibrationTest, klClipsFarOutliers) {
  TensorStats stats = collect(makeOutlierData());
  // Two values in 100000 weigh little in the distribution.
  auto [lo, hi] = stats.getRange(Method::Kl, kU8);
  EXPECT_GT(hi, 2.0);
  EXPECT_LT(hi, 20.0);
  EXPECT_LT(lo, -2.0);
}

TEST(CalibrationTest, mseAndKlClipALongTail) {
  // ReLU-like: exponential values, a long thin tail up to about 12.
  std::mt19937 rng(3);
  std::exponential_distribution<float> exponential(1.0f);
  std::vector<float> values(200000);
  for (float &value : values) {
    value = exponential(rng);
  }
  TensorStats stats = collect(values);
  const double max = stats.getMax();
  ASSERT_GT(max, 9.0);
  const double minMaxError = directSquaredError(values, 0.0, max, kU8);
  for (Method method : {Method::Mse, Method::Kl}) {
    auto [lo, hi] = stats.getRange(method, kU8);
    EXPECT_DOUBLE_EQ(lo, 0.0) << getMethodName(method).str();
    EXPECT_LT(hi, max) << getMethodName(method).str();
    EXPECT_GT(hi, 3.0) << getMethodName(method).str();
  }
  auto [lo, hi] = stats.getRange(Method::Mse, kU8);
  EXPECT_LT(directSquaredError(values, lo, hi, kU8), minMaxError);
}

TEST(CalibrationTest, cosineMatchesADirectComputation) {
  std::vector<float> values = makeOutlierData();
  TensorStats stats = collect(values);
  for (auto [lo, hi] : {std::pair(-40.0, 60.0), std::pair(-4.0, 4.0)}) {
    QuantParams params = getQuantParams(lo, hi, kU8);
    double dot = 0.0, xx = 0.0, qq = 0.0;
    for (float value : values) {
      double q = quantizeDequantize(value, params, kU8);
      dot += value * q;
      xx += double(value) * value;
      qq += q * q;
    }
    EXPECT_NEAR(stats.getCosine(lo, hi, kU8), dot / std::sqrt(xx * qq), 2e-3);
  }
}

TEST(CalibrationTest, autoPicksTheBestCosine) {
  TensorStats stats = collect(makeOutlierData());
  Method picked = stats.pickMethod(kU8);
  EXPECT_NE(picked, Method::Auto);
  auto [lo, hi] = stats.getRange(Method::Auto, kU8);
  const double best = stats.getCosine(lo, hi, kU8);
  for (Method method :
       {Method::MinMax, Method::Percentile, Method::Mse, Method::Kl}) {
    auto [l, h] = stats.getRange(method, kU8);
    EXPECT_GE(best, stats.getCosine(l, h, kU8)) << getMethodName(method).str();
  }
  // The outliers make min-max the worst.
  EXPECT_NE(picked, Method::MinMax);
}

TEST(CalibrationTest, constantTensorsAndNaNs) {
  TensorStats stats;
  std::vector<float> values = {0.0f, 0.0f, NAN};
  stats.addRange(values);
  stats.addHistogram(values);
  ASSERT_TRUE(stats.hasRange());
  for (Method method : {Method::MinMax, Method::Percentile, Method::Mse,
                        Method::Kl, Method::Auto}) {
    auto [lo, hi] = stats.getRange(method, kU8);
    QuantParams params = getQuantParams(lo, hi, kU8);
    EXPECT_GT(params.scale, 0.0f) << getMethodName(method).str();
    EXPECT_DOUBLE_EQ(quantizeDequantize(0.0, params, kU8), 0.0);
  }
  EXPECT_FALSE(TensorStats().hasRange());
  EXPECT_DOUBLE_EQ(stats.getZeroCount(), 2.0);
}

TEST(CalibrationTest, zerosDoNotPullTheKlRangeIn) {
  // A ReLU output: half exact zeros, half |N(0, 1)|. The zeros quantize
  // exactly whatever the range; KL keeps most of the tail (the 99.99th
  // percentile of |N(0, 1)| is 3.9).
  std::mt19937 rng(5);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  std::vector<float> values(200000);
  for (float &value : values) {
    value = std::max(normal(rng), 0.0f);
  }
  TensorStats stats = collect(values);
  EXPECT_NEAR(stats.getZeroCount(), 100000.0, 1000.0);
  auto [lo, hi] = stats.getRange(Method::Kl, kU8);
  EXPECT_DOUBLE_EQ(lo, 0.0);
  EXPECT_GT(hi, 3.0);
  // The percentile counts the zeros: 99% of all values lie below 2.33.
  auto [plo, phi] = stats.getRange(Method::Percentile, kU8, 99.0);
  EXPECT_NEAR(phi, 2.33, 0.05);
}

} // namespace
} // namespace mlir::vpuc::calibration
