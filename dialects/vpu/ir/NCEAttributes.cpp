//===- NCEAttributes.cpp - The PPE attribute --------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Assembly format, verification and helpers of `#VPU.PPE`.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>

#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

namespace mlir::vpuc::VPU {

namespace {

/// The keys of the optional parameters, in printing order.
constexpr StringLiteral kClampLow = "clamp_low";
constexpr StringLiteral kClampHigh = "clamp_high";
constexpr StringLiteral kSlope = "slope";
constexpr StringLiteral kQuantScale = "quant_scale";
constexpr StringLiteral kQuantMult = "quant_mult";
constexpr StringLiteral kQuantShift = "quant_shift";
constexpr StringLiteral kQuantZeroPoint = "quant_zero_point";

FloatAttr f64Attr(MLIRContext *context, double value) {
  return FloatAttr::get(Float64Type::get(context), value);
}

} // namespace

//===----------------------------------------------------------------------===//
// Assembly format
//===----------------------------------------------------------------------===//

Attribute PPEAttr::parse(AsmParser &parser, Type) {
  MLIRContext *context = parser.getContext();
  StringRef modeName;
  if (parser.parseLess() || parser.parseKeyword(&modeName)) {
    return {};
  }
  std::optional<PPEMode> mode = symbolizePPEMode(modeName);
  if (!mode) {
    parser.emitError(parser.getCurrentLocation())
        << "unknown PPE mode '" << modeName
        << "' (NONE, RELU, CLAMP, LEAKY_RELU)";
    return {};
  }
  FloatAttr clampLow, clampHigh, slope;
  DenseF64ArrayAttr quantScale;
  DenseI64ArrayAttr quantMult, quantShift;
  std::optional<int64_t> zeroPoint;
  auto parseF64 = [&](FloatAttr &dst) -> ParseResult {
    double value = 0.0;
    if (parser.parseFloat(value)) {
      return failure();
    }
    dst = f64Attr(context, value);
    return success();
  };
  auto parseI64List = [&](DenseI64ArrayAttr &dst) -> ParseResult {
    SmallVector<int64_t> values;
    if (parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              return parser.parseInteger(values.emplace_back());
            })) {
      return failure();
    }
    dst = DenseI64ArrayAttr::get(context, values);
    return success();
  };
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual()) {
      return {};
    }
    bool repeated = false;
    ParseResult result = success();
    if (key == kClampLow) {
      repeated = bool(clampLow);
      result = parseF64(clampLow);
    } else if (key == kClampHigh) {
      repeated = bool(clampHigh);
      result = parseF64(clampHigh);
    } else if (key == kSlope) {
      repeated = bool(slope);
      result = parseF64(slope);
    } else if (key == kQuantScale) {
      repeated = bool(quantScale);
      SmallVector<double> values;
      result = parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            return parser.parseFloat(values.emplace_back());
          });
      quantScale = DenseF64ArrayAttr::get(context, values);
    } else if (key == kQuantMult) {
      repeated = bool(quantMult);
      result = parseI64List(quantMult);
    } else if (key == kQuantShift) {
      repeated = bool(quantShift);
      result = parseI64List(quantShift);
    } else if (key == kQuantZeroPoint) {
      repeated = zeroPoint.has_value();
      int64_t value = 0;
      result = parser.parseInteger(value);
      zeroPoint = value;
    } else {
      parser.emitError(keyLoc)
          << "unknown PPE parameter '" << key
          << "' (clamp_low, clamp_high, slope, quant_scale, quant_mult, "
             "quant_shift, quant_zero_point)";
      return {};
    }
    if (repeated) {
      parser.emitError(keyLoc) << "PPE parameter '" << key << "' is repeated";
      return {};
    }
    if (failed(result)) {
      return {};
    }
  }
  if (parser.parseGreater()) {
    return {};
  }
  return parser.getChecked<PPEAttr>(context, *mode, clampLow, clampHigh, slope,
                                    quantScale, quantMult, quantShift,
                                    zeroPoint);
}

void PPEAttr::print(AsmPrinter &printer) const {
  printer << "<" << stringifyPPEMode(getMode());
  auto printF64 = [&](StringRef key, FloatAttr value) {
    if (value) {
      printer << ", " << key << " = ";
      printer.printFloat(value.getValue());
    }
  };
  auto printI64List = [&](StringRef key, DenseI64ArrayAttr values) {
    if (values) {
      printer << ", " << key << " = [";
      llvm::interleaveComma(values.asArrayRef(), printer);
      printer << "]";
    }
  };
  printF64(kClampLow, getClampLow());
  printF64(kClampHigh, getClampHigh());
  printF64(kSlope, getSlope());
  if (DenseF64ArrayAttr scales = getQuantScale()) {
    printer << ", " << kQuantScale << " = [";
    llvm::interleaveComma(scales.asArrayRef(), printer, [&](double value) {
      printer.printFloat(llvm::APFloat(value));
    });
    printer << "]";
  }
  printI64List(kQuantMult, getQuantMult());
  printI64List(kQuantShift, getQuantShift());
  if (std::optional<int64_t> zeroPoint = getQuantZeroPoint()) {
    printer << ", " << kQuantZeroPoint << " = " << *zeroPoint;
  }
  printer << ">";
}

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
