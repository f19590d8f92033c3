//===- Interpolate.cpp - N-D resize following ONNX Resize -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The interpolation is separable, so the kernel resizes one dim at a time. For
// each resized dim it precomputes, per output position, the taps (input index,
// weight) of the mode, then runs a plain loop `out[o, j, i] += w * in[o, index,
// i]` over the outer and inner blocks, its rows (o, j) split over the calling
// thread's ParallelRunner. Values are kept in double between the passes and
// rounded to float once. Positions that tf_crop_and_resize maps
// outside the input in any dim are set to the extrapolation value at the end.
// That scalar form is the definition (InterpolateParams::vectorised false);
// the default computes the same bits faster: each pass sums an element's taps
// in one loop (AVX2 clone without fused multiply-adds), and nearest mode
// gathers the selected input elements directly, without the passes.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Interpolate.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <utility>
#include <vector>

#include "kernels/reference/Parallel.h"
#include "kernels/reference/Target.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace mlir::vpuc::kernels {

namespace {

/// One input sample of an output position: weight times input[index].
struct Tap {
  int64_t index;
  double weight;
};

/// The taps of every output position of one dim (tapsPerOutput each) and which
/// positions lie outside the input (tf_crop_and_resize only).
struct DimPlan {
  int64_t tapsPerOutput = 1;
  std::vector<Tap> taps;
  std::vector<char> outside;
  bool anyOutside = false;
};

/// The input coordinate of output position `x` of `dim`.
double getOriginalCoordinate(const InterpolateParams &params,
                             const InterpolateDim &dim, double x) {
  const double in = static_cast<double>(dim.in);
  const double out = dim.resizedLength;
  const double scale = dim.scale;
  switch (params.coordMode) {
  case InterpolateCoordMode::HalfPixel:
    return (x + 0.5) / scale - 0.5;
  case InterpolateCoordMode::PytorchHalfPixel:
    return out > 1.0 ? (x + 0.5) / scale - 0.5 : 0.0;
  case InterpolateCoordMode::AlignCorners:
    return out == 1.0 ? 0.0 : x * (in - 1.0) / (out - 1.0);
  case InterpolateCoordMode::Asymmetric:
    return x / scale;
  case InterpolateCoordMode::TfHalfPixelForNn:
    return (x + 0.5) / scale;
  case InterpolateCoordMode::TfCropAndResize: {
    const double start = dim.roiStart;
    const double end = dim.roiEnd;
    if (out > 1.0) {
      return start * (in - 1.0) + x * (end - start) * (in - 1.0) / (out - 1.0);
    }
    return 0.5 * (start + end) * (in - 1.0);
  }
  }
  return x;
}

/// The nearest input index of coordinate `x` (before clamping).
int64_t roundNearest(InterpolateNearestMode mode, double x, double scale) {
  const double floorX = std::floor(x);
  const double fraction = x - floorX;
  switch (mode) {
  case InterpolateNearestMode::RoundPreferFloor:
    return static_cast<int64_t>(fraction == 0.5 ? floorX : std::round(x));
  case InterpolateNearestMode::RoundPreferCeil:
    return static_cast<int64_t>(fraction == 0.5 ? std::ceil(x) : std::round(x));
  case InterpolateNearestMode::Floor:
    return static_cast<int64_t>(floorX);
  case InterpolateNearestMode::Ceil:
    return static_cast<int64_t>(std::ceil(x));
  case InterpolateNearestMode::Simple:
    return static_cast<int64_t>(scale < 1.0 ? std::ceil(x) : std::trunc(x));
  }
  return static_cast<int64_t>(floorX);
}

/// The cubic convolution weights of the neighbours floor(x) - 1 ... floor(x) +
/// 2 for the fraction `t` (ONNX / Keys, coefficient `a`).
void getCubicWeights(double t, double a, double (&weights)[4]) {
  const double t1 = t + 1.0, s = 1.0 - t, s1 = s + 1.0;
  weights[0] = ((a * t1 - 5.0 * a) * t1 + 8.0 * a) * t1 - 4.0 * a;
  weights[1] = ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0;
  weights[2] = ((a + 2.0) * s - (a + 3.0)) * s * s + 1.0;
  weights[3] = ((a * s1 - 5.0 * a) * s1 + 8.0 * a) * s1 - 4.0 * a;
}

/// Builds the taps of `dim`.
DimPlan planDim(const InterpolateParams &params, const InterpolateDim &dim) {
  const int64_t in = dim.in;
  const int64_t out = dim.out;
  DimPlan plan;
  plan.tapsPerOutput = params.mode == InterpolateMode::Nearest  ? 1
                       : params.mode == InterpolateMode::Linear ? 2
                                                                : 4;
  plan.taps.reserve(out * plan.tapsPerOutput);
  plan.outside.assign(out, 0);
  const double last = static_cast<double>(in) - 1.0;
  auto clampIndex = [in](int64_t index) {
    return std::clamp<int64_t>(index, 0, in - 1);
  };
  for (int64_t o = 0; o < out; ++o) {
    const double x = getOriginalCoordinate(params, dim, static_cast<double>(o));
    if (params.coordMode == InterpolateCoordMode::TfCropAndResize &&
        (x < 0.0 || x > last)) {
      plan.outside[o] = 1;
      plan.anyOutside = true;
    }
    switch (params.mode) {
    case InterpolateMode::Nearest:
      plan.taps.push_back(
          {clampIndex(roundNearest(params.nearestMode, x, dim.scale)), 1.0});
      break;
    case InterpolateMode::Linear: {
      const double clamped = std::clamp(x, 0.0, last);
      const int64_t x0 = static_cast<int64_t>(std::floor(clamped));
      const double t = clamped - static_cast<double>(x0);
      plan.taps.push_back({x0, 1.0 - t});
      plan.taps.push_back({clampIndex(x0 + 1), t});
      break;
    }
    case InterpolateMode::Cubic: {
      const double floorX = std::floor(x);
      const int64_t x0 = static_cast<int64_t>(floorX);
      double weights[4];
      getCubicWeights(x - floorX, params.cubicCoeffA, weights);
      if (params.excludeOutside) {
        double sum = 0.0;
        for (int k = 0; k < 4; ++k) {
          const int64_t index = x0 - 1 + k;
          if (index < 0 || index >= in) {
            weights[k] = 0.0;
          }
          sum += weights[k];
        }
        for (double &weight : weights) {
          weight /= sum;
        }
      }
      for (int k = 0; k < 4; ++k) {
        plan.taps.push_back({clampIndex(x0 - 1 + k), weights[k]});
      }
      break;
    }
    }
  }
  return plan;
}

/// True if the taps copy the input unchanged (same size, each output reads its
/// own index with weight 1 and every other tap has weight 0).
bool isIdentity(const DimPlan &plan, int64_t in, int64_t out) {
  if (in != out || plan.anyOutside) {
    return false;
  }
  for (int64_t o = 0; o < out; ++o) {
    for (int64_t k = 0; k < plan.tapsPerOutput; ++k) {
      const Tap &tap = plan.taps[o * plan.tapsPerOutput + k];
      const bool own = tap.index == o && tap.weight == 1.0;
      if (!own && tap.weight != 0.0) {
        return false;
      }
      if (tap.index == o && tap.weight != 1.0 && tap.weight != 0.0) {
        return false;
      }
    }
  }
  return true;
}

int64_t product(const std::vector<int64_t> &shape, size_t begin, size_t end) {
  int64_t result = 1;
  for (size_t d = begin; d < end; ++d) {
    result *= shape[d];
  }
  return result;
}

/// dst[i] += weight * row[i] for i < n: the scalar loop.
void addWeightedRow(double *dst, const double *row, double weight, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    dst[i] += weight * row[i];
  }
}

/// Output rows [row0, row1) of a pass over a dim of `in` elements resized to
/// `out` (row o * out + j holds `inner` elements), each element the sum from
/// +0.0 of its `Taps` taps in order, as the scalar loop of resizeDim adds
/// them; one pass over each output row instead of one per tap.
template <int64_t Taps>
VPUC_KERNEL_INLINE void
resizeRowsOf(const double *data, int64_t in, int64_t out, int64_t inner,
             const Tap *taps, int64_t row0, int64_t row1, double *result) {
  if (inner == 1) {
    // The innermost dim: the outputs of one input row at a time.
    for (int64_t row = row0; row < row1;) {
      const int64_t o = row / out, j = row % out;
      const int64_t end = std::min(row1, row + out - j);
      const double *src = data + o * in;
      const Tap *jTaps = taps + j * Taps;
      for (double *dst = result + row; row < end; ++row, ++dst) {
        double sum = 0.0;
        for (int64_t k = 0; k < Taps; ++k) {
          sum += jTaps[k].weight * src[jTaps[k].index];
        }
        *dst = sum;
        jTaps += Taps;
      }
    }
    return;
  }
  int64_t o = row0 / out, j = row0 % out;
  for (int64_t row = row0; row < row1; ++row) {
    const double *src = data + o * in * inner;
    double *dst = result + row * inner;
    const Tap *jTaps = taps + j * Taps;
    if (++j == out) {
      j = 0;
      ++o;
    }
    const double *rows[Taps];
    double weights[Taps];
    for (int64_t k = 0; k < Taps; ++k) {
      rows[k] = src + jTaps[k].index * inner;
      weights[k] = jTaps[k].weight;
    }
    for (int64_t i = 0; i < inner; ++i) {
      double sum = 0.0;
      for (int64_t k = 0; k < Taps; ++k) {
        sum += weights[k] * rows[k][i];
      }
      dst[i] = sum;
    }
  }
}

/// resizeRowsOf for the plan's taps per output (1, 2 or 4). Its products
/// and sums stay separate roundings in the AVX2 clone too (no fused
/// multiply-adds), as in the scalar loop; the rows of an outer dim are
/// vectorised over their elements (the dynamic cost model, which -O2's does
/// not take).
VPUC_KERNEL_CLONES VPUC_KERNEL_SEPARATE_ROUNDING void
resizeRows(const double *data, int64_t in, int64_t out, int64_t inner,
           const DimPlan &plan, int64_t row0, int64_t row1, double *result) {
  const Tap *taps = plan.taps.data();
  switch (plan.tapsPerOutput) {
  case 1:
    return resizeRowsOf<1>(data, in, out, inner, taps, row0, row1, result);
  case 2:
    return resizeRowsOf<2>(data, in, out, inner, taps, row0, row1, result);
  default:
    assert(plan.tapsPerOutput == 4 && "1, 2 or 4 taps per output");
    return resizeRowsOf<4>(data, in, out, inner, taps, row0, row1, result);
  }
}

/// Resizes dim `d` of `data` (of `shape`) from shape[d] to `out` elements
/// into `result`, its output rows split over the calling thread's
/// ParallelRunner (each row is written by one chunk, with the operations of
/// the serial loop).
void resizeDim(const double *data, const std::vector<int64_t> &shape, size_t d,
               int64_t out, const DimPlan &plan, bool vectorised,
               double *result) {
  const int64_t in = shape[d];
  const int64_t outer = product(shape, 0, d);
  const int64_t inner = product(shape, d + 1, shape.size());
  const int64_t taps = plan.tapsPerOutput;
  // Rows of about 32K multiply-adds per chunk.
  const int64_t grain = std::max<int64_t>(
      1, (int64_t(1) << 15) / std::max<int64_t>(1, inner * taps));
  parallelFor(outer * out, grain, [&](int64_t row0, int64_t row1) {
    if (vectorised) {
      resizeRows(data, in, out, inner, plan, row0, row1, result);
      return;
    }
    // Row `row` is output index j of outer block o; (o, j) advance with the
    // row rather than by a division per row.
    int64_t o = row0 / out, j = row0 % out;
    for (int64_t row = row0; row < row1; ++row) {
      const double *src = data + o * in * inner;
      double *dst = result + row * inner;
      const Tap *jTaps = plan.taps.data() + j * taps;
      if (++j == out) {
        j = 0;
        ++o;
      }
      std::fill(dst, dst + inner, 0.0);
      for (int64_t k = 0; k < taps; ++k) {
        addWeightedRow(dst, src + jTaps[k].index * inner, jTaps[k].weight,
                       inner);
      }
    }
  });
}

/// Nearest mode without the passes: each output element is the input element
/// its dims' taps select, gathered row by row of the innermost dim. The
/// passes compute it as 0.0 + 1.0 * x in every resized dim, which is x + 0.0
/// (-0.0 becomes +0.0, a NaN becomes quiet), the same in float as in double;
/// `anyResized` false leaves x as it is.
void gatherNearest(const float *input, const std::vector<int64_t> &inShape,
                   const std::vector<int64_t> &outShape,
                   const std::vector<DimPlan> &plans, bool anyResized,
                   float *output) {
  const size_t rank = inShape.size();
  // Each dim's selected input index times its input stride.
  std::vector<std::vector<int64_t>> offsets(rank);
  int64_t stride = 1;
  for (size_t d = rank; d-- > 0;) {
    offsets[d].resize(outShape[d]);
    for (int64_t o = 0; o < outShape[d]; ++o) {
      offsets[d][o] = plans[d].taps[o].index * stride;
    }
    stride *= inShape[d];
  }
  const int64_t rowLength = outShape[rank - 1];
  const int64_t rows = product(outShape, 0, rank - 1);
  const int64_t *inner = offsets[rank - 1].data();
  const float zero = anyResized ? 0.0f : -0.0f;
  // Rows of about 32K elements per chunk.
  const int64_t grain = std::max<int64_t>(
      1, (int64_t(1) << 15) / std::max<int64_t>(1, rowLength));
  parallelFor(rows, grain, [&](int64_t row0, int64_t row1) {
    std::vector<int64_t> index(rank, 0);
    for (size_t d = rank - 1, rest = row0; d-- > 0;) {
      index[d] = static_cast<int64_t>(rest) % outShape[d];
      rest /= outShape[d];
    }
    for (int64_t row = row0; row < row1; ++row) {
      int64_t base = 0;
      for (size_t d = 0; d + 1 < rank; ++d) {
        base += offsets[d][index[d]];
      }
      const float *src = input + base;
      float *dst = output + row * rowLength;
      for (int64_t i = 0; i < rowLength; ++i) {
        dst[i] = src[inner[i]] + zero;
      }
      for (size_t d = rank - 1; d-- > 0 && ++index[d] == outShape[d];) {
        index[d] = 0;
      }
    }
  });
}

} // namespace

InterpolateDim getInterpolateDimFromSize(int64_t in, int64_t out) {
  InterpolateDim dim;
  dim.in = in;
  dim.out = out;
  dim.scale =
      in == 0 ? 0.0 : static_cast<double>(out) / static_cast<double>(in);
  dim.resizedLength = static_cast<double>(out);
  return dim;
}

InterpolateDim getInterpolateDimFromScale(int64_t in, double scale) {
  InterpolateDim dim;
  dim.in = in;
  dim.scale = scale;
  dim.resizedLength = static_cast<double>(in) * scale;
  dim.out = static_cast<int64_t>(std::floor(dim.resizedLength));
  return dim;
}

bool isValid(const InterpolateDim &dim) {
  return dim.in >= 1 && dim.out >= 0 && std::isfinite(dim.scale) &&
         dim.scale > 0.0 && std::isfinite(dim.resizedLength) &&
         dim.resizedLength > 0.0 && std::isfinite(dim.roiStart) &&
         std::isfinite(dim.roiEnd);
}

void interpolate(const InterpolateParams &params, const InterpolateDim *dims,
                 int64_t rank, const float *input, float *output) {
  std::vector<int64_t> shape;
  std::vector<int64_t> outShape;
  for (int64_t d = 0; d < rank; ++d) {
    assert(isValid(dims[d]) && "invalid interpolation geometry");
    shape.push_back(dims[d].in);
    outShape.push_back(dims[d].out);
  }
  std::vector<DimPlan> plans;
  std::vector<bool> identity;
  for (int64_t d = 0; d < rank; ++d) {
    plans.push_back(planDim(params, dims[d]));
    identity.push_back(isIdentity(plans.back(), shape[d], dims[d].out));
  }
  const int64_t count = product(outShape, 0, outShape.size());
  if (params.mode == InterpolateMode::Nearest && params.vectorised &&
      rank > 0 && count > 0) {
    const bool anyResized =
        std::find(identity.begin(), identity.end(), false) != identity.end();
    gatherNearest(input, shape, outShape, plans, anyResized, output);
  } else {
    std::vector<double> data(input, input + product(shape, 0, shape.size()));
    std::vector<double> resized;
    for (int64_t d = 0; d < rank; ++d) {
      const int64_t out = dims[d].out;
      if (identity[d]) {
        continue;
      }
      // Every element is written by resizeDim.
      resized.resize(static_cast<size_t>(product(shape, 0, d) * out *
                                         product(shape, d + 1, shape.size())));
      resizeDim(data.data(), shape, d, out, plans[d], params.vectorised,
                resized.data());
      std::swap(data, resized);
      shape[d] = out;
    }
    int64_t i = 0;
#ifdef __SSE2__
    // The same rounding as the conversion below (to nearest, the default
    // mode), four at a time.
    for (; params.vectorised && i + 4 <= count; i += 4) {
      __m128 low = _mm_cvtpd_ps(_mm_loadu_pd(data.data() + i));
      __m128 high = _mm_cvtpd_ps(_mm_loadu_pd(data.data() + i + 2));
      _mm_storeu_ps(output + i, _mm_movelh_ps(low, high));
    }
#endif
    for (; i < count; ++i) {
      output[i] = static_cast<float>(data[i]);
    }
  }
  // tf_crop_and_resize: positions outside the input in any dim take the
  // extrapolation value.
  bool anyOutside = false;
  for (const DimPlan &plan : plans) {
    anyOutside = anyOutside || plan.anyOutside;
  }
  if (!anyOutside || count == 0) {
    return;
  }
  std::vector<int64_t> index(rank, 0);
  for (int64_t flat = 0; flat < count; ++flat) {
    bool outside = false;
    for (int64_t d = 0; d < rank && !outside; ++d) {
      outside = plans[d].outside[index[d]] != 0;
    }
    if (outside) {
      output[flat] = params.extrapolationValue;
    }
    for (int64_t d = rank - 1; d >= 0 && ++index[d] == outShape[d]; --d) {
      index[d] = 0;
    }
  }
}

} // namespace mlir::vpuc::kernels
