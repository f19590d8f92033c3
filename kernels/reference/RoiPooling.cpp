//===- RoiPooling.cpp - ROIAlign and max ROI pooling ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// roiAlign computes the bilinear taps of the samples of a bin once (they do
// not depend on the channel), then pools each channel's plane through them.
// FP32 arithmetic. Region coordinates are clamped before any conversion to an
// integer, so no input makes a conversion overflow; an adaptive grid
// (sampling ratio 0) has at most kMaxGrid samples per dim, beyond any real
// bin.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/RoiPooling.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mlir::vpuc::kernels {

namespace {

/// The most samples per dim of a RoiAlign bin (sampling_ratio 0).
constexpr float kMaxGrid = 512;
/// Rounded MaxRoiPool corners are clamped to this magnitude.
constexpr float kMaxCorner = 1 << 30;

/// The four taps of one bilinear sample: plane offsets and weights.
struct Taps {
  int64_t offset[4] = {0, 0, 0, 0};
  float weight[4] = {0.0f, 0.0f, 0.0f, 0.0f};
};

/// The taps of the sample at (y, x) of a height x width plane; no weight for a
/// sample more than one pixel outside.
Taps getTaps(float y, float x, int64_t height, int64_t width) {
  Taps taps;
  if (!(y >= -1.0f && y <= static_cast<float>(height) && x >= -1.0f &&
        x <= static_cast<float>(width))) {
    return taps;
  }
  y = std::max(y, 0.0f);
  x = std::max(x, 0.0f);
  auto y0 = static_cast<int64_t>(y), x0 = static_cast<int64_t>(x);
  int64_t y1 = y0 + 1, x1 = x0 + 1;
  if (y0 >= height - 1) {
    y0 = y1 = height - 1;
    y = static_cast<float>(y0);
  }
  if (x0 >= width - 1) {
    x0 = x1 = width - 1;
    x = static_cast<float>(x0);
  }
  const float ly = y - static_cast<float>(y0), lx = x - static_cast<float>(x0);
  const float hy = 1.0f - ly, hx = 1.0f - lx;
  taps.offset[0] = y0 * width + x0;
  taps.offset[1] = y0 * width + x1;
  taps.offset[2] = y1 * width + x0;
  taps.offset[3] = y1 * width + x1;
  taps.weight[0] = hy * hx;
  taps.weight[1] = hy * lx;
  taps.weight[2] = ly * hx;
  taps.weight[3] = ly * lx;
  return taps;
}

/// The samples per dim of a bin of `extent` pixels.
int64_t getGrid(int64_t samplingRatio, float binExtent) {
  if (samplingRatio > 0) {
    return samplingRatio;
  }
  const float grid = std::ceil(binExtent);
  return grid > 0.0f ? static_cast<int64_t>(std::min(grid, kMaxGrid)) : 0;
}

/// A bin of RoiAlign: the mean of its samples (`count` of them, at least 1),
/// or the largest weighted corner term of any sample (0 without samples).
float poolSamples(const std::vector<Taps> &taps, const float *in, bool isMax,
                  float count) {
  float value = 0.0f;
  bool first = true;
  for (const Taps &sample : taps) {
    for (int t = 0; t < 4; ++t) {
      const float term = sample.weight[t] * in[sample.offset[t]];
      if (!isMax) {
        value += term;
      } else if (first || term > value || term != term) {
        value = value == value ? term : value;
      }
      first = false;
    }
  }
  return isMax ? value : value / count;
}

} // namespace

void roiAlign(const RoiPoolShape &shape, int64_t samplingRatio,
              float spatialScale, bool halfPixel, bool isMax,
              const float *input, const float *boxes,
              const int64_t *batchIndices, float *output) {
  const int64_t plane = shape.height * shape.width;
  const int64_t bins = shape.pooledH * shape.pooledW;
  const float offset = halfPixel ? 0.5f : 0.0f;
  std::vector<Taps> taps;
  for (int64_t r = 0; r < shape.rois; ++r) {
    const float *box = boxes + 4 * r;
    const float x1 = box[0] * spatialScale - offset;
    const float y1 = box[1] * spatialScale - offset;
    float roiW = box[2] * spatialScale - offset - x1;
    float roiH = box[3] * spatialScale - offset - y1;
    if (!halfPixel) {
      roiW = std::max(roiW, 1.0f);
      roiH = std::max(roiH, 1.0f);
    }
    const float binH = roiH / static_cast<float>(shape.pooledH);
    const float binW = roiW / static_cast<float>(shape.pooledW);
    const int64_t gridH = getGrid(samplingRatio, binH);
    const int64_t gridW = getGrid(samplingRatio, binW);
    const float count = static_cast<float>(std::max<int64_t>(gridH * gridW, 1));
    // The taps of the samples of one bin serve every channel.
    for (int64_t ph = 0; ph < shape.pooledH; ++ph) {
      for (int64_t pw = 0; pw < shape.pooledW; ++pw) {
        taps.clear();
        for (int64_t iy = 0; iy < gridH; ++iy) {
          const float y = y1 + static_cast<float>(ph) * binH +
                          (static_cast<float>(iy) + 0.5f) * binH /
                              static_cast<float>(gridH);
          for (int64_t ix = 0; ix < gridW; ++ix) {
            const float x = x1 + static_cast<float>(pw) * binW +
                            (static_cast<float>(ix) + 0.5f) * binW /
                                static_cast<float>(gridW);
            taps.push_back(getTaps(y, x, shape.height, shape.width));
          }
        }
        const int64_t bin = ph * shape.pooledW + pw;
        for (int64_t c = 0; c < shape.channels; ++c) {
          const float *in =
              input + (batchIndices[r] * shape.channels + c) * plane;
          output[(r * shape.channels + c) * bins + bin] =
              poolSamples(taps, in, isMax, count);
        }
      }
    }
  }
}

void maxRoiPool(const RoiPoolShape &shape, float spatialScale,
                const float *input, const float *boxes,
                const int64_t *batchIndices, float *output) {
  const int64_t plane = shape.height * shape.width;
  const int64_t bins = shape.pooledH * shape.pooledW;
  auto corner = [&](float value) {
    const float rounded = std::round(value * spatialScale);
    // NaN becomes 0.
    return rounded == rounded ? static_cast<int64_t>(std::clamp(
                                    rounded, -kMaxCorner, kMaxCorner))
                              : 0;
  };
  for (int64_t r = 0; r < shape.rois; ++r) {
    const float *box = boxes + 5 * r;
    const int64_t x1 = corner(box[1]), y1 = corner(box[2]);
    const int64_t x2 = corner(box[3]), y2 = corner(box[4]);
    const float binH = static_cast<float>(std::max<int64_t>(y2 - y1 + 1, 1)) /
                       static_cast<float>(shape.pooledH);
    const float binW = static_cast<float>(std::max<int64_t>(x2 - x1 + 1, 1)) /
                       static_cast<float>(shape.pooledW);
    // The clipped extent [begin, end) of bin p along a dim.
    auto range = [](int64_t p, float bin, int64_t start, int64_t extent) {
      auto begin =
          static_cast<int64_t>(std::floor(static_cast<float>(p) * bin));
      auto end =
          static_cast<int64_t>(std::ceil(static_cast<float>(p + 1) * bin));
      begin = std::clamp<int64_t>(begin + start, 0, extent);
      end = std::clamp<int64_t>(end + start, 0, extent);
      return std::make_pair(begin, end);
    };
    for (int64_t c = 0; c < shape.channels; ++c) {
      const float *in = input + (batchIndices[r] * shape.channels + c) * plane;
      float *out = output + (r * shape.channels + c) * bins;
      for (int64_t ph = 0; ph < shape.pooledH; ++ph) {
        auto [h0, h1] = range(ph, binH, y1, shape.height);
        for (int64_t pw = 0; pw < shape.pooledW; ++pw) {
          auto [w0, w1] = range(pw, binW, x1, shape.width);
          float value = 0.0f;
          if (h0 < h1 && w0 < w1) {
            value = in[h0 * shape.width + w0];
            for (int64_t y = h0; y < h1; ++y) {
              for (int64_t x = w0; x < w1; ++x) {
                const float v = in[y * shape.width + x];
                // NaN propagates.
                value = (v > value || v != v) && value == value ? v : value;
              }
            }
          }
          out[ph * shape.pooledW + pw] = value;
        }
      }
    }
  }
}

} // namespace mlir::vpuc::kernels
