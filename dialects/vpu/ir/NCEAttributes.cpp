//===- NCEAttributes.cpp - The PPE attribute --------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verification and helpers of `#VPU.PPE` (its assembly format is declared
// in VPUAttributesNCE.td).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "mlir/IR/Builders.h"

namespace mlir::vpuc::VPU {

namespace {

/// The keys of the float parameters, for diagnostics.
constexpr StringLiteral kClampLow = "clamp_low";
constexpr StringLiteral kClampHigh = "clamp_high";
constexpr StringLiteral kSlope = "slope";

FloatAttr f64Attr(MLIRContext *context, double value) {
  return FloatAttr::get(Float64Type::get(context), value);
}

} // namespace

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

LogicalResult PPEAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              PPEMode mode, FloatAttr clampLow,
                              FloatAttr clampHigh, FloatAttr slope,
                              DenseF64ArrayAttr quantScale,
                              DenseI64ArrayAttr quantMult,
                              DenseI64ArrayAttr quantShift,
                              std::optional<int64_t> quantZeroPoint) {
  auto checkFinite = [&](FloatAttr value, StringRef key) -> LogicalResult {
    if (value && !std::isfinite(value.getValueAsDouble())) {
      return emitError() << "PPE " << key << " must be finite";
    }
    return success();
  };
  if (failed(checkFinite(clampLow, kClampLow)) ||
      failed(checkFinite(clampHigh, kClampHigh)) ||
      failed(checkFinite(slope, kSlope))) {
    return failure();
  }
  const bool isClamp = mode == PPEMode::CLAMP;
  const bool isLeaky = mode == PPEMode::LEAKY_RELU;
  if (isClamp && (!clampLow || !clampHigh)) {
    return emitError() << "PPE mode CLAMP needs clamp_low and clamp_high";
  }
  if (!isClamp && (clampLow || clampHigh)) {
    return emitError() << "PPE mode " << stringifyPPEMode(mode)
                       << " takes no clamp_low / clamp_high (only CLAMP does)";
  }
  if (isClamp && clampLow.getValueAsDouble() > clampHigh.getValueAsDouble()) {
    return emitError() << "PPE clamp_low " << clampLow.getValueAsDouble()
                       << " is above clamp_high "
                       << clampHigh.getValueAsDouble();
  }
  if (isLeaky && !slope) {
    return emitError() << "PPE mode LEAKY_RELU needs a slope";
  }
  if (!isLeaky && slope) {
    return emitError() << "PPE mode " << stringifyPPEMode(mode)
                       << " takes no slope (only LEAKY_RELU does)";
  }

  // Requantisation (INT8 phase).
  if (quantScale) {
    if (quantScale.empty()) {
      return emitError() << "PPE quant_scale is empty";
    }
    for (double scale : quantScale.asArrayRef()) {
      if (!std::isfinite(scale) || scale <= 0.0) {
        return emitError() << "PPE quant_scale " << scale
                           << " is not a positive finite number";
      }
    }
  }
  if (bool(quantMult) != bool(quantShift)) {
    return emitError() << "PPE quant_mult and quant_shift go together";
  }
  if (quantMult) {
    if (!quantScale) {
      return emitError()
             << "PPE quant_mult / quant_shift need the quant_scale they encode";
    }
    if (quantMult.size() != quantScale.size() ||
        quantShift.size() != quantScale.size()) {
      return emitError() << "PPE quant_mult (" << quantMult.size()
                         << ") and quant_shift (" << quantShift.size()
                         << ") need one value per quant_scale ("
                         << quantScale.size() << ")";
    }
    for (int64_t mult : quantMult.asArrayRef()) {
      if (mult < 1 || mult > 65535) {
        return emitError() << "PPE quant_mult " << mult
                           << " is outside [1, 65535]";
      }
    }
    for (int64_t shift : quantShift.asArrayRef()) {
      if (shift < 0 || shift > 63) {
        return emitError() << "PPE quant_shift " << shift
                           << " is outside [0, 63]";
      }
    }
  }
  if (quantZeroPoint && (*quantZeroPoint < -128 || *quantZeroPoint > 255)) {
    return emitError() << "PPE quant_zero_point " << *quantZeroPoint
                       << " is outside [-128, 255]";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

PPEAttr PPEAttr::getNone(MLIRContext *context) {
  return get(context, PPEMode::NONE);
}

PPEAttr PPEAttr::getClamp(MLIRContext *context, double low, double high) {
  return get(context, PPEMode::CLAMP, f64Attr(context, low),
             f64Attr(context, high), nullptr, nullptr, nullptr, nullptr,
             std::nullopt);
}

PPEAttr PPEAttr::getLeakyRelu(MLIRContext *context, double slope) {
  return get(context, PPEMode::LEAKY_RELU, nullptr, nullptr,
             f64Attr(context, slope), nullptr, nullptr, nullptr, std::nullopt);
}

PPEAttr PPEAttr::getForActivation(Operation *postOp) {
  if (!postOp) {
    return {};
  }
  MLIRContext *context = postOp->getContext();
  if (llvm::isa<IE::ReLUOp>(postOp)) {
    return get(context, PPEMode::RELU);
  }
  if (auto clamp = llvm::dyn_cast<IE::ClampOp>(postOp)) {
    const double low = clamp.getMin().convertToDouble();
    const double high = clamp.getMax().convertToDouble();
    if (!std::isfinite(low) || !std::isfinite(high) || low > high) {
      return {};
    }
    return getClamp(context, low, high);
  }
  if (auto leaky = llvm::dyn_cast<IE::LeakyReluOp>(postOp)) {
    const double slope = leaky.getNegativeSlope().convertToDouble();
    if (!std::isfinite(slope)) {
      return {};
    }
    return getLeakyRelu(context, slope);
  }
  return {};
}

bool PPEAttr::hasRequantization() const {
  return getQuantScale() || getQuantMult() || getQuantShift() ||
         getQuantZeroPoint().has_value();
}

float PPEAttr::apply(float value) const {
  switch (getMode()) {
  case PPEMode::NONE:
    return value;
  case PPEMode::RELU:
    return value < 0.0f ? 0.0f : value;
  case PPEMode::CLAMP: {
    const float low = static_cast<float>(getClampLow().getValueAsDouble());
    const float high = static_cast<float>(getClampHigh().getValueAsDouble());
    return std::min(std::max(value, low), high);
  }
  case PPEMode::LEAKY_RELU:
    return value >= 0.0f
               ? value
               : static_cast<float>(getSlope().getValueAsDouble()) * value;
  }
  llvm_unreachable("unknown PPEMode");
}

} // namespace mlir::vpuc::VPU
