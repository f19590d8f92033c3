//===- InterpolateBenchmark.cpp - Throughput of the resize kernel ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// kernels::interpolate on the 2x upsamplings of segmentation and detection
// heads (a 1x8x64x64 activation, the shape of unet_tiny's Resize parts):
// nearest (asymmetric, floor) and linear (half_pixel), on the calling thread.
// Not a test:
//   tools/bazel.sh run -c opt //kernels/reference:interpolate_benchmark
//
//===----------------------------------------------------------------------===//

#include <random>
#include <vector>

#include "benchmark/benchmark.h"
#include "kernels/reference/Interpolate.h"

namespace mlir::vpuc::kernels {
namespace {

void runUpsampling(benchmark::State &state, InterpolateMode mode,
                   InterpolateCoordMode coordMode) {
  constexpr int64_t kC = 8, kH = 64, kW = 64, kFactor = 2;
  const InterpolateDim dims[] = {getInterpolateDimFromSize(1, 1),
                                 getInterpolateDimFromSize(kC, kC),
                                 getInterpolateDimFromSize(kH, kH * kFactor),
                                 getInterpolateDimFromSize(kW, kW * kFactor)};
  InterpolateParams params;
  params.mode = mode;
  params.coordMode = coordMode;
  params.nearestMode = InterpolateNearestMode::Floor;
  std::vector<float> input(kC * kH * kW);
  std::vector<float> output(input.size() * kFactor * kFactor);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (float &x : input) {
    x = value(random);
  }
  for (auto _ : state) {
    interpolate(params, dims, 4, input.data(), output.data());
    benchmark::DoNotOptimize(output.data());
  }
  state.SetItemsProcessed(state.iterations() *
                          static_cast<int64_t>(output.size()));
}

void BM_NearestUpsampling(benchmark::State &state) {
  runUpsampling(state, InterpolateMode::Nearest,
                InterpolateCoordMode::Asymmetric);
}
BENCHMARK(BM_NearestUpsampling);

void BM_LinearUpsampling(benchmark::State &state) {
  runUpsampling(state, InterpolateMode::Linear,
                InterpolateCoordMode::HalfPixel);
}
BENCHMARK(BM_LinearUpsampling);

} // namespace
} // namespace mlir::vpuc::kernels
