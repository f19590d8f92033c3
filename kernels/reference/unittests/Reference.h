//===- Reference.h - Naive reference kernels for the kernel tests -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Straightforward loops written from the definitions (one output element at a
// time, bounds checked per tap, accumulated in double), pseudo-random data and
// a comparison helper for the tests of //kernels/reference.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_UNITTESTS_REFERENCE_H_
#define VPUC_KERNELS_REFERENCE_UNITTESTS_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/reference/Convolution.h"
#include "kernels/reference/Pooling.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::kernels::testing {

/// A deterministic linear congruential generator.
class Random {
public:
  explicit Random(uint32_t seed) : state(seed) {}

  /// A value uniformly distributed in [lo, hi].
  int64_t uniform(int64_t lo, int64_t hi) {
    return lo +
           static_cast<int64_t>(next() % static_cast<uint32_t>(hi - lo + 1));
  }

  /// `count` values in [-1, 1).
  std::vector<float> values(int64_t count) {
    std::vector<float> result(count);
    for (float &v : result) {
      v = static_cast<float>(next() >> 8) / static_cast<float>(1u << 23) - 1.0f;
    }
    return result;
  }

private:
  uint32_t next() {
    state = state * 1664525u + 1013904223u;
    return state;
  }
  uint32_t state;
};

/// Expects `actual` to match `expected` within an absolute tolerance scaled by
/// the magnitude of the sums (`scale`, e.g. the reduction depth).
inline void expectClose(const std::vector<float> &actual,
                        const std::vector<float> &expected, double scale) {
  ASSERT_EQ(actual.size(), expected.size());
  const double tolerance = 1e-5 * std::max(1.0, scale);
  for (size_t i = 0; i < expected.size(); ++i) {
    if (std::isnan(expected[i]) || std::isinf(expected[i])) {
      ASSERT_TRUE(std::isnan(expected[i]) ? std::isnan(actual[i])
                                          : actual[i] == expected[i])
          << "at " << i << ": " << actual[i] << " vs " << expected[i];
      continue;
    }
    ASSERT_NEAR(actual[i], expected[i], tolerance) << "at " << i;
  }
}

/// Convolution by definition.
inline std::vector<float> referenceConvolution(const ConvGeometry &g,
                                               const std::vector<float> &in,
                                               const std::vector<float> &filter,
                                               const float *bias) {
  std::vector<float> out(g.batch * g.outChannels * g.outH * g.outW);
  const int64_t inPerGroup = g.inChannels / g.groups;
  const int64_t outPerGroup = g.outChannels / g.groups;
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oc = 0; oc < g.outChannels; ++oc) {
      const int64_t group = oc / outPerGroup;
      for (int64_t oy = 0; oy < g.outH; ++oy) {
        for (int64_t ox = 0; ox < g.outW; ++ox) {
          double sum = bias ? bias[oc] : 0.0;
          for (int64_t icg = 0; icg < inPerGroup; ++icg) {
            const int64_t ic = group * inPerGroup + icg;
            for (int64_t ky = 0; ky < g.kernelH; ++ky) {
              for (int64_t kx = 0; kx < g.kernelW; ++kx) {
                const int64_t iy = oy * g.strideH + ky * g.dilationH - g.padTop;
                const int64_t ix =
                    ox * g.strideW + kx * g.dilationW - g.padLeft;
                if (iy < 0 || iy >= g.inH || ix < 0 || ix >= g.inW) {
                  continue;
                }
                sum += static_cast<double>(
                           in[((n * g.inChannels + ic) * g.inH + iy) * g.inW +
                              ix]) *
                       filter[((oc * inPerGroup + icg) * g.kernelH + ky) *
                                  g.kernelW +
                              kx];
              }
            }
          }
          out[((n * g.outChannels + oc) * g.outH + oy) * g.outW + ox] =
              static_cast<float>(sum);
        }
      }
    }
  }
  return out;
}

/// Transposed convolution by definition (gathering form: each output sums the
/// inputs whose scatter reaches it).
inline std::vector<float>
referenceDeconvolution(const ConvGeometry &g, const std::vector<float> &in,
                       const std::vector<float> &filter, const float *bias) {
  std::vector<float> out(g.batch * g.outChannels * g.outH * g.outW);
  const int64_t inPerGroup = g.inChannels / g.groups;
  const int64_t outPerGroup = g.outChannels / g.groups;
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oc = 0; oc < g.outChannels; ++oc) {
      const int64_t group = oc / outPerGroup;
      for (int64_t oy = 0; oy < g.outH; ++oy) {
        for (int64_t ox = 0; ox < g.outW; ++ox) {
          double sum = bias ? bias[oc] : 0.0;
          for (int64_t icg = 0; icg < inPerGroup; ++icg) {
            const int64_t ic = group * inPerGroup + icg;
            for (int64_t ky = 0; ky < g.kernelH; ++ky) {
              for (int64_t kx = 0; kx < g.kernelW; ++kx) {
                const int64_t ty = oy + g.padTop - ky * g.dilationH;
                const int64_t tx = ox + g.padLeft - kx * g.dilationW;
                if (ty < 0 || tx < 0 || ty % g.strideH != 0 ||
                    tx % g.strideW != 0) {
                  continue;
                }
                const int64_t iy = ty / g.strideH;
                const int64_t ix = tx / g.strideW;
                if (iy >= g.inH || ix >= g.inW) {
                  continue;
                }
                sum +=
                    static_cast<double>(
                        in[((n * g.inChannels + ic) * g.inH + iy) * g.inW +
                           ix]) *
                    filter[((ic * outPerGroup + oc % outPerGroup) * g.kernelH +
                            ky) *
                               g.kernelW +
                           kx];
              }
            }
          }
          out[((n * g.outChannels + oc) * g.outH + oy) * g.outW + ox] =
              static_cast<float>(sum);
        }
      }
    }
  }
  return out;
}

/// Pooling by definition.
inline std::vector<float> referencePool(const PoolGeometry &g, bool isMax,
                                        bool excludePad,
                                        const std::vector<float> &in) {
  std::vector<float> out(g.planes * g.outH * g.outW);
  for (int64_t p = 0; p < g.planes; ++p) {
    for (int64_t oy = 0; oy < g.outH; ++oy) {
      for (int64_t ox = 0; ox < g.outW; ++ox) {
        double sum = 0.0;
        float maximum = -std::numeric_limits<float>::infinity();
        int64_t valid = 0;
        int64_t padded = 0;
        for (int64_t ky = 0; ky < g.kernelH; ++ky) {
          for (int64_t kx = 0; kx < g.kernelW; ++kx) {
            const int64_t y = oy * g.strideH - g.padTop + ky;
            const int64_t x = ox * g.strideW - g.padLeft + kx;
            if (y < g.inH + g.padBottom && x < g.inW + g.padRight) {
              ++padded;
            }
            if (y < 0 || y >= g.inH || x < 0 || x >= g.inW) {
              continue;
            }
            ++valid;
            const float v = in[(p * g.inH + y) * g.inW + x];
            sum += v;
            if (std::isnan(v) || std::isnan(maximum)) {
              maximum = std::numeric_limits<float>::quiet_NaN();
            } else {
              maximum = std::max(maximum, v);
            }
          }
        }
        out[(p * g.outH + oy) * g.outW + ox] =
            isMax ? maximum
                  : static_cast<float>(
                        sum / static_cast<double>(excludePad ? valid : padded));
      }
    }
  }
  return out;
}

} // namespace mlir::vpuc::kernels::testing

#endif // VPUC_KERNELS_REFERENCE_UNITTESTS_REFERENCE_H_
