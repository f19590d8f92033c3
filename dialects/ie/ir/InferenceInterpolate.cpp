//===- InferenceInterpolate.cpp - Host kernel of IE.Interpolate -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// IE.Interpolate on the host, following the ONNX Resize reference: the interpolation is
// separable, so the kernel resizes one dim at a time. For each resized dim it precomputes, per
// output position, the taps (input index, weight) of the mode, then runs a plain loop
// `out[o, j, i] += w * in[o, index, i]` over the outer and inner blocks. Values are kept in
// double between the passes and rounded to float32 (and the result element type) once.
// Positions that tf_crop_and_resize maps outside the input in any dim are set to the
// extrapolation value at the end.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "dialects/ie/ir/ExtraOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

namespace {

using detail::DimVector;

/// One input sample of an output position: weight times input[index].
struct Tap {
  int64_t index;
  double weight;
};

/// The taps of every output position of one dim (tapsPerOutput each) and which positions
/// lie outside the input (tf_crop_and_resize only).
struct DimPlan {
  int64_t tapsPerOutput = 1;
  std::vector<Tap> taps;
  std::vector<char> outside;
  bool anyOutside = false;
};

/// The attributes the kernel reads, once per op.
struct InterpolateParams {
  InterpolateMode mode;
  InterpolateCoordMode coordMode;
  InterpolateNearestMode nearestMode;
  double cubicCoeffA;
  bool excludeOutside;
  std::optional<ArrayRef<double>> roi;
};

/// The input coordinate of output position `x` of dim `d`.
double getOriginalCoordinate(const InterpolateParams &params, int64_t d, int64_t rank,
                             double x, double scale, double in, double out) {
  switch (params.coordMode) {
  case InterpolateCoordMode::HALF_PIXEL:
    return (x + 0.5) / scale - 0.5;
  case InterpolateCoordMode::PYTORCH_HALF_PIXEL:
    return out > 1.0 ? (x + 0.5) / scale - 0.5 : 0.0;
  case InterpolateCoordMode::ALIGN_CORNERS:
    return out == 1.0 ? 0.0 : x * (in - 1.0) / (out - 1.0);
  case InterpolateCoordMode::ASYMMETRIC:
    return x / scale;
  case InterpolateCoordMode::TF_HALF_PIXEL_FOR_NN:
    return (x + 0.5) / scale;
  case InterpolateCoordMode::TF_CROP_AND_RESIZE: {
    const double start = (*params.roi)[d];
    const double end = (*params.roi)[rank + d];
    if (out > 1.0) {
      return start * (in - 1.0) + x * (end - start) * (in - 1.0) / (out - 1.0);
    }
    return 0.5 * (start + end) * (in - 1.0);
  }
  }
  llvm_unreachable("unknown coordinate transformation mode");
}

/// The nearest input index of coordinate `x` (before clamping).
int64_t roundNearest(InterpolateNearestMode mode, double x, double scale) {
  const double floorX = std::floor(x);
  const double fraction = x - floorX;
  switch (mode) {
  case InterpolateNearestMode::ROUND_PREFER_FLOOR:
    return static_cast<int64_t>(fraction == 0.5 ? floorX : std::round(x));
  case InterpolateNearestMode::ROUND_PREFER_CEIL:
    return static_cast<int64_t>(fraction == 0.5 ? std::ceil(x) : std::round(x));
  case InterpolateNearestMode::FLOOR:
    return static_cast<int64_t>(floorX);
  case InterpolateNearestMode::CEIL:
    return static_cast<int64_t>(std::ceil(x));
  case InterpolateNearestMode::SIMPLE:
    return static_cast<int64_t>(scale < 1.0 ? std::ceil(x) : std::trunc(x));
  }
  llvm_unreachable("unknown nearest mode");
}

/// The cubic convolution weights of the neighbours floor(x) - 1 ... floor(x) + 2 for the
/// fraction `t` (ONNX / Keys, coefficient `a`).
void getCubicWeights(double t, double a, double (&weights)[4]) {
  const double t1 = t + 1.0, s = 1.0 - t, s1 = s + 1.0;
  weights[0] = ((a * t1 - 5.0 * a) * t1 + 8.0 * a) * t1 - 4.0 * a;
  weights[1] = ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0;
  weights[2] = ((a + 2.0) * s - (a + 3.0)) * s * s + 1.0;
  weights[3] = ((a * s1 - 5.0 * a) * s1 + 8.0 * a) * s1 - 4.0 * a;
}

/// Builds the taps of dim `d` (input size `in`, output size `out`).
DimPlan planDim(const InterpolateParams &params, int64_t d, int64_t rank, int64_t in,
                int64_t out, double scale, double resizedLength) {
  DimPlan plan;
  plan.tapsPerOutput = params.mode == InterpolateMode::NEAREST  ? 1
                       : params.mode == InterpolateMode::LINEAR ? 2
                                                                : 4;
  plan.taps.reserve(out * plan.tapsPerOutput);
  plan.outside.assign(out, 0);
  const double inLength = static_cast<double>(in);
  const double last = inLength - 1.0;
  auto clampIndex = [in](int64_t index) { return std::clamp<int64_t>(index, 0, in - 1); };
  for (int64_t o = 0; o < out; ++o) {
    const double x = getOriginalCoordinate(params, d, rank, static_cast<double>(o), scale,
                                           inLength, resizedLength);
    if (params.coordMode == InterpolateCoordMode::TF_CROP_AND_RESIZE &&
        (x < 0.0 || x > last)) {
      plan.outside[o] = 1;
      plan.anyOutside = true;
    }
    switch (params.mode) {
    case InterpolateMode::NEAREST:
      plan.taps.push_back({clampIndex(roundNearest(params.nearestMode, x, scale)), 1.0});
      break;
    case InterpolateMode::LINEAR: {
      const double clamped = std::clamp(x, 0.0, last);
      const int64_t x0 = static_cast<int64_t>(std::floor(clamped));
      const double t = clamped - static_cast<double>(x0);
      plan.taps.push_back({x0, 1.0 - t});
      plan.taps.push_back({clampIndex(x0 + 1), t});
      break;
    }
    case InterpolateMode::CUBIC: {
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

/// True if the taps copy the input unchanged (same size, each output reads its own index
/// with weight 1 and every other tap has weight 0).
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

/// Resizes dim `d` of `data` (of `shape`) from shape[d] to `out` elements.
std::vector<double> resizeDim(const std::vector<double> &data, ArrayRef<int64_t> shape,
                              int64_t d, int64_t out, const DimPlan &plan) {
  const int64_t in = shape[d];
  const int64_t outer = HostTensor::getNumElements(shape.take_front(d));
  const int64_t inner = HostTensor::getNumElements(shape.drop_front(d + 1));
  const int64_t taps = plan.tapsPerOutput;
  std::vector<double> result(static_cast<size_t>(outer * out * inner), 0.0);
  for (int64_t o = 0; o < outer; ++o) {
    const double *src = data.data() + o * in * inner;
    for (int64_t j = 0; j < out; ++j) {
      double *dst = result.data() + (o * out + j) * inner;
      for (int64_t k = 0; k < taps; ++k) {
        const Tap &tap = plan.taps[j * taps + k];
        const double *row = src + tap.index * inner;
        const double weight = tap.weight;
        for (int64_t i = 0; i < inner; ++i) {
          dst[i] += weight * row[i];
        }
      }
    }
  }
  return result;
}

} // namespace

LogicalResult InterpolateOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                        SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs.front();
  FailureOr<detail::InterpolateGeometry> geometry = detail::inferInterpolateGeometry(
      [this] { return emitOpError(); }, input.shape, getScales(), getSizes(), getRoi(),
      getCoordMode());
  if (failed(geometry)) {
    return failure();
  }
  const InterpolateParams params{getMode(),
                                 getCoordMode(),
                                 getNearestMode(),
                                 getCubicCoeffA().convertToDouble(),
                                 getExcludeOutside(),
                                 getRoi()};
  const int64_t rank = input.shape.size();
  std::vector<double> data(input.data.begin(), input.data.end());
  DimVector shape(input.shape);
  SmallVector<DimPlan, 6> plans;
  for (int64_t d = 0; d < rank; ++d) {
    const int64_t out = geometry->shape[d];
    plans.push_back(planDim(params, d, rank, shape[d], out, geometry->scales[d],
                            geometry->resizedLengths[d]));
    if (isIdentity(plans.back(), shape[d], out)) {
      continue;
    }
    data = resizeDim(data, shape, d, out, plans.back());
    shape[d] = out;
  }
  HostTensor output = HostTensor::filled(shape);
  std::copy(data.begin(), data.end(), output.data.begin());
  // tf_crop_and_resize: positions outside the input in any dim take the extrapolation value.
  if (llvm::any_of(plans, [](const DimPlan &plan) { return plan.anyOutside; })) {
    const float extrapolation = static_cast<float>(getExtrapolationValue().convertToDouble());
    const int64_t count = output.getNumElements();
    DimVector index(rank, 0);
    for (int64_t flat = 0; flat < count; ++flat) {
      bool outside = false;
      for (int64_t d = 0; d < rank && !outside; ++d) {
        outside = plans[d].outside[index[d]] != 0;
      }
      if (outside) {
        output.data[flat] = extrapolation;
      }
      for (int64_t d = rank - 1; d >= 0 && ++index[d] == shape[d]; --d) {
        index[d] = 0;
      }
    }
  }
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
