//===- InferenceActivation.cpp - Host kernels of unary IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferOnCPU of the activations and unary math ops, PRelu and Convert. Formulas
// are chosen to stay finite where the mathematical result is (SoftPlus / Mish
// for large inputs, Elu via expm1).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <cmath>

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

using detail::inferUnary;

/// ln(1 + e^x) without overflow for large x or loss for very negative x.
static inline float softPlus(float x) {
  return x > 0.0f ? x + std::log1p(std::exp(-x)) : std::log1p(std::exp(x));
}

/// Rounds to nearest, ties to even, independent of the floating-point
/// environment.
static inline float roundHalfToEven(float x) {
  float r = std::floor(x);
  const float diff = x - r;
  if (diff > 0.5f || (diff == 0.5f && std::fmod(r, 2.0f) != 0.0f)) {
    r += 1.0f;
  }
  return std::copysign(r, x);
}

static inline float hardSigmoid(float x) {
  return std::fmin(std::fmax(x + 3.0f, 0.0f), 6.0f) / 6.0f;
}

LogicalResult ReLUOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  // `x < 0 ? 0 : x` (NaN and -0 kept), written as the select maxss makes.
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return 0.0f > x ? 0.0f : x; });
}

LogicalResult ClampOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  const float lo = static_cast<float>(getMin().convertToDouble());
  const float hi = static_cast<float>(getMax().convertToDouble());
  // `x < lo ? lo : (x > hi ? hi : x)` (NaN kept), as two selects the
  // compiler makes branch-free (maxss, minss): clamped activations are
  // half below the bound, which a branch mispredicts.
  return inferUnary(*this, inputs, outputs, [lo, hi](float x) {
    const float y = lo > x ? lo : x;
    return hi < y ? hi : y;
  });
}

LogicalResult SigmoidOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return 1.0f / (1.0f + std::exp(-x)); });
}

LogicalResult TanhOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::tanh(x); });
}

LogicalResult EluOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  const float alpha = static_cast<float>(getAlpha().convertToDouble());
  return inferUnary(*this, inputs, outputs, [alpha](float x) {
    return x > 0.0f ? x : alpha * std::expm1(x);
  });
}

LogicalResult ErfOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::erf(x); });
}

LogicalResult GeluOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs, [](float x) {
    return 0.5f * x * (1.0f + std::erf(x * 0.70710678118654752f));
  });
}

LogicalResult ExpOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::exp(x); });
}

LogicalResult LogOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::log(x); });
}

LogicalResult SqrtOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::sqrt(x); });
}

LogicalResult AbsOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::fabs(x); });
}

LogicalResult FloorOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::floor(x); });
}

LogicalResult CeilOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::ceil(x); });
}

LogicalResult RoundOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  if (getMode() == RoundMode::HALF_TO_EVEN) {
    return inferUnary(*this, inputs, outputs, roundHalfToEven);
  }
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return std::round(x); });
}

LogicalResult HSwishOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                   SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return x * hardSigmoid(x); });
}

LogicalResult HSigmoidOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs, hardSigmoid);
}

LogicalResult SwishOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  float beta = 1.0f;
  if (getBeta()) {
    beta = inputs[1].data.front();
  } else if (std::optional<APFloat> value = getBetaValue()) {
    beta = static_cast<float>(value->convertToDouble());
  }
  return detail::applyUnary(*this, inputs.front(), outputs, [beta](float x) {
    return x / (1.0f + std::exp(-beta * x));
  });
}

LogicalResult MishOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                 SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return x * std::tanh(softPlus(x)); });
}

LogicalResult SoftPlusOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs, softPlus);
}

LogicalResult LeakyReluOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                      SmallVectorImpl<HostTensor> &outputs) {
  const float slope = static_cast<float>(getNegativeSlope().convertToDouble());
  return inferUnary(*this, inputs, outputs,
                    [slope](float x) { return x >= 0.0f ? x : slope * x; });
}

LogicalResult PReluOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                  SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  const HostTensor &slope = inputs[1];
  std::optional<SmallVector<int64_t, 6>> slopeShape =
      detail::getPReluSlopeShape(input.shape, slope.shape);
  if (!slopeShape || !isBroadcastableTo(*slopeShape, input.shape)) {
    return emitOpError() << "inference slope of shape "
                         << detail::formatShape(slope.shape)
                         << " does not apply to an input of shape "
                         << detail::formatShape(input.shape);
  }
  HostTensor output = HostTensor::filled(input.shape);
  BroadcastPlan plan =
      BroadcastPlan::get({input.shape, *slopeShape}, input.shape);
  broadcastBinary(plan, input.data.data(), slope.data.data(),
                  output.data.data(),
                  [](float x, float s) { return x >= 0.0f ? x : s * x; });
  detail::roundToResultType(output, getOutput());
  outputs.push_back(std::move(output));
  return success();
}

LogicalResult NegativeOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                     SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs, [](float x) { return -x; });
}

LogicalResult LogicalNotOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                       SmallVectorImpl<HostTensor> &outputs) {
  return inferUnary(*this, inputs, outputs,
                    [](float x) { return x != 0.0f ? 0.0f : 1.0f; });
}

LogicalResult ConvertOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                    SmallVectorImpl<HostTensor> &outputs) {
  // The conversion itself is the rounding to the result element type.
  return inferUnary(*this, inputs, outputs, [](float x) { return x; });
}

} // namespace mlir::vpuc::IE
