//===- Pooling.cpp - 2-D max and average pooling ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The max and average pools work on one output row at a time: for each window
// row and column tap (ky, kx), the range of outputs whose window reads a valid
// input column is computed once, and the innermost loop runs over that range of
// output x (contiguous for stride 1). Average pooling divides by per-column
// counts computed once per geometry. The p-norm pool sums each window directly.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Pooling.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "kernels/reference/Target.h"

namespace mlir::vpuc::kernels {

namespace {

/// The range [begin, end) of positions o in [0, count) for which o * stride +
/// offset lies in [0, extent).
std::pair<int64_t, int64_t> validRange(int64_t count, int64_t extent,
                                       int64_t stride, int64_t offset) {
  const int64_t begin = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
  const int64_t last = extent - 1 - offset;
  const int64_t end = last < 0 ? 0 : std::min(count, last / stride + 1);
  return {begin, std::max(begin, end)};
}

/// The input rows [y0, y1) window row oy covers, and its extent clipped to the
/// padded input.
struct WindowRows {
  int64_t y0, y1, padded;
};

WindowRows windowRows(const PoolGeometry &g, int64_t oy) {
  const int64_t ys = oy * g.strideH - g.padTop;
  const int64_t ye = ys + g.kernelH;
  return {std::max<int64_t>(ys, 0), std::min(ye, g.inH),
          std::min(ye, g.inH + g.padBottom) - ys};
}

/// Combines the taps of one window row into an output row: for each column tap
/// kx, out[ox] = combine(out[ox], row[ox * strideW + kx - padLeft]) over the
/// valid outputs.
template <bool isMax>
VPUC_KERNEL_INLINE void accumulateRow(const PoolGeometry &g,
                                      const float *__restrict row,
                                      float *__restrict out) {
  for (int64_t kx = 0; kx < g.kernelW; ++kx) {
    const int64_t offX = kx - g.padLeft;
    auto [begin, end] = validRange(g.outW, g.inW, g.strideW, offX);
    const int64_t sx = g.strideW;
    for (int64_t ox = begin; ox < end; ++ox) {
      const float v = row[ox * sx + offX];
      if constexpr (isMax) {
        // NaN propagates: once out[ox] is NaN no comparison replaces it.
        out[ox] = (v > out[ox] || v != v) && out[ox] == out[ox] ? v : out[ox];
      } else {
        out[ox] += v;
      }
    }
  }
}

template <bool isMax>
VPUC_KERNEL_CLONES void pool(const PoolGeometry &g, bool excludePad,
                             const float *input, float *output) {
  // Per output column: the number of valid input columns and the padded extent.
  std::vector<float> validColumns(g.outW), paddedColumns(g.outW);
  for (int64_t ox = 0; ox < g.outW; ++ox) {
    const int64_t xs = ox * g.strideW - g.padLeft;
    const int64_t xe = xs + g.kernelW;
    validColumns[ox] = static_cast<float>(
        std::max<int64_t>(std::min(xe, g.inW) - std::max<int64_t>(xs, 0), 0));
    paddedColumns[ox] =
        static_cast<float>(std::min(xe, g.inW + g.padRight) - xs);
  }
  const float init = isMax ? -std::numeric_limits<float>::infinity() : 0.0f;
  for (int64_t p = 0; p < g.planes; ++p) {
    const float *plane = input + p * g.inH * g.inW;
    float *out = output + p * g.outH * g.outW;
    for (int64_t oy = 0; oy < g.outH; ++oy) {
      float *orow = out + oy * g.outW;
      std::fill(orow, orow + g.outW, init);
      const WindowRows rows = windowRows(g, oy);
      for (int64_t y = rows.y0; y < rows.y1; ++y) {
        accumulateRow<isMax>(g, plane + y * g.inW, orow);
      }
      if constexpr (!isMax) {
        const float validRows =
            static_cast<float>(std::max<int64_t>(rows.y1 - rows.y0, 0));
        const float paddedRows = static_cast<float>(rows.padded);
        for (int64_t ox = 0; ox < g.outW; ++ox) {
          const float count = excludePad ? validRows * validColumns[ox]
                                         : paddedRows * paddedColumns[ox];
          orow[ox] /= count;
        }
      }
    }
  }
}

} // namespace

bool isValid(const PoolGeometry &g) {
  return g.planes >= 0 && g.inH >= 0 && g.inW >= 0 && g.outH >= 0 &&
         g.outW >= 0 && g.kernelH > 0 && g.kernelW > 0 && g.strideH > 0 &&
         g.strideW > 0 && g.padTop >= 0 && g.padLeft >= 0 && g.padBottom >= 0 &&
         g.padRight >= 0;
}

void maxPool(const PoolGeometry &g, const float *input, float *output) {
  assert(isValid(g) && "invalid pooling geometry");
  pool<true>(g, /*excludePad=*/false, input, output);
}

void avgPool(const PoolGeometry &g, bool excludePad, const float *input,
             float *output) {
  assert(isValid(g) && "invalid pooling geometry");
  pool<false>(g, excludePad, input, output);
}

void lpPool(const PoolGeometry &g, int64_t p, const float *input,
            float *output) {
  assert(isValid(g) && p >= 1 && "invalid p-norm pooling");
  const float fp = static_cast<float>(p);
  auto power = [&](float v) {
    const float a = std::fabs(v);
    return p == 1 ? a : p == 2 ? a * a : std::pow(a, fp);
  };
  auto root = [&](float sum) {
    return p == 1 ? sum : p == 2 ? std::sqrt(sum) : std::pow(sum, 1.0f / fp);
  };
  for (int64_t plane = 0; plane < g.planes; ++plane) {
    const float *in = input + plane * g.inH * g.inW;
    float *out = output + plane * g.outH * g.outW;
    for (int64_t oy = 0; oy < g.outH; ++oy) {
      const WindowRows rows = windowRows(g, oy);
      for (int64_t ox = 0; ox < g.outW; ++ox) {
        const int64_t xs = ox * g.strideW - g.padLeft;
        const int64_t x0 = std::max<int64_t>(xs, 0);
        const int64_t x1 = std::min(xs + g.kernelW, g.inW);
        float sum = 0.0f;
        for (int64_t y = rows.y0; y < rows.y1; ++y) {
          for (int64_t x = x0; x < x1; ++x) {
            sum += power(in[y * g.inW + x]);
          }
        }
        out[oy * g.outW + ox] = root(sum);
      }
    }
  }
}

} // namespace mlir::vpuc::kernels
