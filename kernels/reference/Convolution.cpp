//===- Convolution.cpp - 2-D convolution and transposed convolution -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The GEMMs split their column panels and the depthwise loop its channels
// over the calling thread's ParallelRunner (Parallel.h).
//
// Convolution: a 1x1 convolution with unit strides and no padding is one matrix
// product per image and group (filter [outPerGroup, inPerGroup] x input
// [inPerGroup, H * W]). Depthwise convolutions (one input and one output
// channel per group) run a direct loop whose innermost loop runs over a row of
// output x, bounds hoisted. Every other convolution is im2col + GEMM on tiles
// of output rows, so the column buffer stays bounded (about 1 MiB) and cache
// resident: col [inPerGroup * KH * KW, rows * OW], output rows += filter
// [outPerGroup, inPerGroup * KH * KW] x col, with col written directly in
// GEMM's packed layout (no separate packing pass).
//
// Transposed convolution is GEMM + col2im on tiles of input rows: col
// [outPerGroup * KH * KW, rows * IW] = filter^T x input rows, then each col row
// is scatter-added into the output.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Convolution.h"

#include <algorithm>
#include <cassert>
#include <utility>
#include <vector>

#include "kernels/reference/Gemm.h"
#include "kernels/reference/Parallel.h"
#include "kernels/reference/Target.h"

namespace mlir::vpuc::kernels {

namespace {

/// Floats of one im2col / col2im tile.
constexpr int64_t kColumnBudget = int64_t(1) << 18;

/// The range [begin, end) of positions o in [0, count) for which o * stride +
/// offset lies in [0, extent).
std::pair<int64_t, int64_t> validRange(int64_t count, int64_t extent,
                                       int64_t stride, int64_t offset) {
  const int64_t begin = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
  const int64_t last = extent - 1 - offset;
  const int64_t end = last < 0 ? 0 : std::min(count, last / stride + 1);
  return {begin, std::max(begin, end)};
}

/// The number of rows of a tile whose rows hold `rowElements` values each.
int64_t tileRows(int64_t rowElements, int64_t totalRows) {
  if (rowElements <= 0) {
    return std::max<int64_t>(totalRows, 1);
  }
  return std::clamp<int64_t>(kColumnBudget / rowElements, 1,
                             std::max<int64_t>(totalRows, 1));
}

/// Fills each output channel plane with its bias (or zero).
void fillBias(const ConvGeometry &g, const float *bias, float *out) {
  const int64_t plane = g.outH * g.outW;
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oc = 0; oc < g.outChannels; ++oc) {
      float *o = out + (n * g.outChannels + oc) * plane;
      std::fill(o, o + plane, bias ? bias[oc] : 0.0f);
    }
  }
}

/// Writes the im2col row of tap (ky, kx) of one input plane for output rows
/// [oy0, oy1): the input value each output (oy, ox) reads at that tap (zero in
/// the padding), at column (oy - oy0) * OW + ox of `dst`.
void im2colRow(const ConvGeometry &g, const float *plane, int64_t ky,
               int64_t kx, int64_t oy0, int64_t oy1, float *dst) {
  const int64_t offY = ky * g.dilationH - g.padTop;
  const int64_t offX = kx * g.dilationW - g.padLeft;
  auto [oxBegin, oxEnd] = validRange(g.outW, g.inW, g.strideW, offX);
  for (int64_t oy = oy0; oy < oy1; ++oy, dst += g.outW) {
    const int64_t iy = oy * g.strideH + offY;
    if (iy < 0 || iy >= g.inH || oxBegin >= oxEnd) {
      std::fill(dst, dst + g.outW, 0.0f);
      continue;
    }
    const float *src = plane + iy * g.inW;
    std::fill(dst, dst + oxBegin, 0.0f);
    if (g.strideW == 1) {
      std::copy(src + oxBegin + offX, src + oxEnd + offX, dst + oxBegin);
    } else {
      const int64_t sx = g.strideW;
      for (int64_t ox = oxBegin; ox < oxEnd; ++ox) {
        dst[ox] = src[ox * sx + offX];
      }
    }
    std::fill(dst + oxEnd, dst + g.outW, 0.0f);
  }
}

/// Writes the im2col matrix of output rows [oy0, oy1) for `channels`
/// consecutive input planes starting at `image` directly in GEMM's packed B
/// layout: row (c * KH + ky) * KW + kx holds tap (ky, kx) of plane c, column
/// (oy - oy0) * OW + ox output (oy, ox). Each row is built in `rowBuffer` (one
/// row of the tile, L1 resident) and then cut into the panels.
void im2colPacked(const ConvGeometry &g, const float *image, int64_t channels,
                  int64_t oy0, int64_t oy1, float *rowBuffer, float *packed) {
  const int64_t columns = (oy1 - oy0) * g.outW;
  const PackedLayout layout{channels * g.kernelH * g.kernelW, columns};
  const int64_t inPlane = g.inH * g.inW;
  int64_t p = 0;
  for (int64_t c = 0; c < channels; ++c) {
    for (int64_t ky = 0; ky < g.kernelH; ++ky) {
      for (int64_t kx = 0; kx < g.kernelW; ++kx, ++p) {
        im2colRow(g, image + c * inPlane, ky, kx, oy0, oy1, rowBuffer);
        // Fixed-size copies of full panels (no library call per 32 bytes), then
        // the tail.
        int64_t j = 0;
        for (; j + kGemmPanelWidth <= columns; j += kGemmPanelWidth) {
          float *dst = packed + layout.offset(p, j);
          for (int64_t i = 0; i < kGemmPanelWidth; ++i) {
            dst[i] = rowBuffer[j + i];
          }
        }
        if (j < columns) {
          float *dst = packed + layout.offset(p, j);
          for (int64_t i = 0; i < kGemmPanelWidth; ++i) {
            dst[i] = j + i < columns ? rowBuffer[j + i] : 0.0f;
          }
        }
      }
    }
  }
}

/// Depthwise convolution (one input and one output channel per group) of the
/// channels [c0, c1), output pre-filled with the bias: for every tap, the
/// valid output range is computed once and the innermost loop runs over a row
/// of output x.
VPUC_KERNEL_CLONES void convolveDepthwise(const ConvGeometry &g,
                                          const float *in, const float *filter,
                                          float *out, int64_t c0, int64_t c1) {
  const int64_t inPlane = g.inH * g.inW;
  const int64_t outPlane = g.outH * g.outW;
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t c = c0; c < c1; ++c) {
      float *o = out + (n * g.outChannels + c) * outPlane;
      const float *plane = in + (n * g.inChannels + c) * inPlane;
      const float *w = filter + c * g.kernelH * g.kernelW;
      for (int64_t ky = 0; ky < g.kernelH; ++ky) {
        const int64_t offY = ky * g.dilationH - g.padTop;
        auto [oyBegin, oyEnd] = validRange(g.outH, g.inH, g.strideH, offY);
        for (int64_t kx = 0; kx < g.kernelW; ++kx) {
          const float wv = w[ky * g.kernelW + kx];
          const int64_t offX = kx * g.dilationW - g.padLeft;
          auto [oxBegin, oxEnd] = validRange(g.outW, g.inW, g.strideW, offX);
          for (int64_t oy = oyBegin; oy < oyEnd; ++oy) {
            const float *__restrict row =
                plane + (oy * g.strideH + offY) * g.inW;
            float *__restrict orow = o + oy * g.outW;
            if (g.strideW == 1) {
              for (int64_t ox = oxBegin; ox < oxEnd; ++ox) {
                orow[ox] += wv * row[ox + offX];
              }
            } else {
              const int64_t sx = g.strideW;
              for (int64_t ox = oxBegin; ox < oxEnd; ++ox) {
                orow[ox] += wv * row[ox * sx + offX];
              }
            }
          }
        }
      }
    }
  }
}

/// Adds the col2im rows of one group and tile of input rows [iy0, iy1) into the
/// output planes of the group's channels starting at `image`.
void col2im(const ConvGeometry &g, const float *col, int64_t channels,
            int64_t iy0, int64_t iy1, float *image) {
  const int64_t columns = (iy1 - iy0) * g.inW;
  const int64_t outPlane = g.outH * g.outW;
  for (int64_t c = 0; c < channels; ++c) {
    float *plane = image + c * outPlane;
    for (int64_t ky = 0; ky < g.kernelH; ++ky) {
      const int64_t offY = ky * g.dilationH - g.padTop;
      for (int64_t kx = 0; kx < g.kernelW; ++kx) {
        const int64_t offX = kx * g.dilationW - g.padLeft;
        auto [ixBegin, ixEnd] = validRange(g.inW, g.outW, g.strideW, offX);
        const float *row =
            col + ((c * g.kernelH + ky) * g.kernelW + kx) * columns;
        for (int64_t iy = iy0; iy < iy1; ++iy) {
          const int64_t oy = iy * g.strideH + offY;
          if (oy < 0 || oy >= g.outH) {
            continue;
          }
          const float *__restrict src = row + (iy - iy0) * g.inW;
          float *__restrict dst = plane + oy * g.outW;
          const int64_t sx = g.strideW;
          for (int64_t ix = ixBegin; ix < ixEnd; ++ix) {
            dst[ix * sx + offX] += src[ix];
          }
        }
      }
    }
  }
}

} // namespace

bool isValid(const ConvGeometry &g) {
  return g.batch >= 0 && g.inChannels >= 0 && g.inH >= 0 && g.inW >= 0 &&
         g.outChannels >= 0 && g.outH >= 0 && g.outW >= 0 && g.kernelH >= 0 &&
         g.kernelW >= 0 && g.strideH > 0 && g.strideW > 0 && g.dilationH > 0 &&
         g.dilationW > 0 && g.groups > 0 && g.inChannels % g.groups == 0 &&
         g.outChannels % g.groups == 0;
}

void convolution(const ConvGeometry &g, const float *input, const float *filter,
                 const float *bias, float *output) {
  assert(isValid(g) && "invalid convolution geometry");
  fillBias(g, bias, output);
  const int64_t inPerGroup = g.inChannels / g.groups;
  const int64_t outPerGroup = g.outChannels / g.groups;
  const int64_t inPlane = g.inH * g.inW;
  const int64_t outPlane = g.outH * g.outW;
  if (outPlane == 0 || outPerGroup == 0) {
    return;
  }
  if (inPerGroup == 1 && outPerGroup == 1) {
    // Channel planes are independent: split them over the thread's runner.
    const int64_t grain = std::max<int64_t>(
        1, (int64_t(1) << 16) /
               std::max<int64_t>(1, outPlane * g.kernelH * g.kernelW));
    parallelFor(g.outChannels, grain, [&](int64_t c0, int64_t c1) {
      convolveDepthwise(g, input, filter, output, c0, c1);
    });
    return;
  }
  const int64_t depth = inPerGroup * g.kernelH * g.kernelW;
  const bool pointwise = g.kernelH == 1 && g.kernelW == 1 && g.strideH == 1 &&
                         g.strideW == 1 && g.padTop == 0 && g.padLeft == 0 &&
                         g.inH == g.outH && g.inW == g.outW;
  const int64_t rows = pointwise ? g.outH : tileRows(depth * g.outW, g.outH);
  std::vector<float> packed(
      pointwise ? 0 : PackedLayout{depth, rows * g.outW}.size());
  std::vector<float> rowBuffer(pointwise ? 0 : rows * g.outW);
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t group = 0; group < g.groups; ++group) {
      const float *image =
          input + (n * g.inChannels + group * inPerGroup) * inPlane;
      const float *weights = filter + group * outPerGroup * depth;
      float *out =
          output + (n * g.outChannels + group * outPerGroup) * outPlane;
      if (pointwise) {
        gemm(outPerGroup, outPlane, inPerGroup, {weights, depth},
             {image, inPlane}, out, outPlane, /*accumulate=*/true);
        continue;
      }
      for (int64_t oy0 = 0; oy0 < g.outH; oy0 += rows) {
        const int64_t oy1 = std::min(g.outH, oy0 + rows);
        const int64_t columns = (oy1 - oy0) * g.outW;
        im2colPacked(g, image, inPerGroup, oy0, oy1, rowBuffer.data(),
                     packed.data());
        gemmPackedB(outPerGroup, columns, depth, {weights, depth},
                    packed.data(), out + oy0 * g.outW, outPlane,
                    /*accumulate=*/true);
      }
    }
  }
}

void quantizedConvolution(const ConvGeometry &g, const double *input,
                          const double *filter, const double *bias,
                          int64_t inputZeroPoint,
                          const int64_t *filterZeroPoints, int64_t *acc) {
  assert(isValid(g) && "invalid convolution geometry");
  const int64_t inPerGroup = g.inChannels / g.groups;
  const int64_t outPerGroup = g.outChannels / g.groups;
  const int64_t taps = inPerGroup * g.kernelH * g.kernelW;
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t oc = 0; oc < g.outChannels; ++oc) {
      const int64_t filterZeroPoint = filterZeroPoints[oc];
      const int64_t firstIn = (oc / outPerGroup) * inPerGroup;
      const double *weights = filter + oc * taps;
      for (int64_t oy = 0; oy < g.outH; ++oy) {
        for (int64_t ox = 0; ox < g.outW; ++ox) {
          int64_t sum = bias ? static_cast<int64_t>(bias[oc]) : 0;
          for (int64_t ic = 0; ic < inPerGroup; ++ic) {
            const double *plane =
                input + (n * g.inChannels + firstIn + ic) * g.inH * g.inW;
            for (int64_t ky = 0; ky < g.kernelH; ++ky) {
              const int64_t iy = oy * g.strideH + ky * g.dilationH - g.padTop;
              if (iy < 0 || iy >= g.inH) {
                continue;
              }
              for (int64_t kx = 0; kx < g.kernelW; ++kx) {
                const int64_t ix =
                    ox * g.strideW + kx * g.dilationW - g.padLeft;
                if (ix < 0 || ix >= g.inW) {
                  continue;
                }
                const auto x = static_cast<int64_t>(plane[iy * g.inW + ix]) -
                               inputZeroPoint;
                const auto w =
                    static_cast<int64_t>(
                        weights[(ic * g.kernelH + ky) * g.kernelW + kx]) -
                    filterZeroPoint;
                sum += x * w;
              }
            }
          }
          acc[((n * g.outChannels + oc) * g.outH + oy) * g.outW + ox] = sum;
        }
      }
    }
  }
}

void deconvolution(const ConvGeometry &g, const float *input,
                   const float *filter, const float *bias, float *output) {
  assert(isValid(g) && "invalid deconvolution geometry");
  fillBias(g, bias, output);
  const int64_t inPerGroup = g.inChannels / g.groups;
  const int64_t outPerGroup = g.outChannels / g.groups;
  const int64_t inPlane = g.inH * g.inW;
  const int64_t outPlane = g.outH * g.outW;
  const int64_t depth = outPerGroup * g.kernelH * g.kernelW;
  if (inPlane == 0 || depth == 0 || outPlane == 0) {
    return;
  }
  const int64_t rows = tileRows(depth * g.inW, g.inH);
  std::vector<float> col(depth * rows * g.inW);
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t group = 0; group < g.groups; ++group) {
      const float *image =
          input + (n * g.inChannels + group * inPerGroup) * inPlane;
      // The group's filter as stored is [inPerGroup, depth]; the product needs
      // its transpose.
      ConstMatrix weights{filter + group * inPerGroup * depth, depth,
                          /*transposed=*/true};
      float *out =
          output + (n * g.outChannels + group * outPerGroup) * outPlane;
      for (int64_t iy0 = 0; iy0 < g.inH; iy0 += rows) {
        const int64_t iy1 = std::min(g.inH, iy0 + rows);
        const int64_t columns = (iy1 - iy0) * g.inW;
        gemm(depth, columns, inPerGroup, weights,
             {image + iy0 * g.inW, inPlane}, col.data(), columns);
        col2im(g, col.data(), outPerGroup, iy0, iy1, out);
      }
    }
  }
}

} // namespace mlir::vpuc::kernels
