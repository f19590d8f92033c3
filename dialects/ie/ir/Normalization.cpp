//===- Normalization.cpp - Normalisation IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verifiers, result type inference and cost of IE.BatchNormInference, IE.MVN
// and IE.LayerNormalization. All three return the input's type.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/NNUtils.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::vpuc::IE {

namespace {

ArrayRef<int64_t> shapeOf(Value value) {
  return llvm::cast<ShapedType>(value.getType()).getShape();
}

/// Appends the input's type as the result.
LogicalResult sameAsInput(Value input,
                          SmallVectorImpl<ShapedTypeComponents> &components) {
  auto type = llvm::cast<RankedTensorType>(input.getType());
  components.emplace_back(type.getShape(), type.getElementType(),
                          type.getEncoding());
  return success();
}

/// True if `from` broadcasts to `to` by NumPy rules in one direction; dynamic
/// dims match.
bool broadcastsTo(ArrayRef<int64_t> from, ArrayRef<int64_t> to) {
  if (from.size() > to.size()) {
    return false;
  }
  for (size_t i = 0; i < from.size(); ++i) {
    const int64_t f = from[from.size() - 1 - i];
    const int64_t t = to[to.size() - 1 - i];
    if (f != 1 && f != t && !ShapedType::isDynamic(f) &&
        !ShapedType::isDynamic(t)) {
      return false;
    }
  }
  return true;
}

LogicalResult checkEpsilon(Operation *op, StringRef name, APFloat value) {
  if (!(value.convertToDouble() >= 0.0)) {
    return op->emitOpError()
           << "expects " << name << " >= 0, got " << value.convertToDouble();
  }
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// BatchNormInference
//===----------------------------------------------------------------------===//

LogicalResult BatchNormInferenceOp::verifyBeforeInference() {
  ArrayRef<int64_t> input = shapeOf(getInput());
  if (input.size() < 2) {
    return emitOpError()
           << "expects an input [N, C, ...] of rank >= 2, got shape "
           << detail::formatShape(input);
  }
  const int64_t channels = input[1];
  std::pair<StringRef, Value> params[] = {{"gamma", getGamma()},
                                          {"beta", getBeta()},
                                          {"mean", getMean()},
                                          {"variance", getVariance()}};
  for (auto [name, value] : params) {
    ArrayRef<int64_t> shape = shapeOf(value);
    if (shape.size() != 1 ||
        (!ShapedType::isDynamic(shape[0]) && !ShapedType::isDynamic(channels) &&
         shape[0] != channels)) {
      return emitOpError() << "expects " << name << " of shape [" << channels
                           << "] (one value per channel), got "
                           << detail::formatShape(shape);
    }
  }
  return checkEpsilon(*this, "epsilon", getEpsilon());
}

LogicalResult BatchNormInferenceOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  return sameAsInput(adaptor.getInput(), components);
}

std::optional<int64_t> BatchNormInferenceOp::getNumMACs() { return 0; }

/// Subtract, divide, multiply and add per element.
std::optional<int64_t> BatchNormInferenceOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(), 4);
}

//===----------------------------------------------------------------------===//
// MVN
//===----------------------------------------------------------------------===//

LogicalResult MVNOp::verifyBeforeInference() {
  SmallVector<int64_t, 6> axes;
  std::string error;
  if (failed(detail::normalizeAxes(getAxes(), getInput().getType().getRank(),
                                   axes, error))) {
    return emitOpError() << error;
  }
  return checkEpsilon(*this, "eps", getEps());
}

LogicalResult MVNOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  return sameAsInput(adaptor.getInput(), components);
}

std::optional<int64_t> MVNOp::getNumMACs() { return 0; }

/// Mean (add) and subtract per element; with normalize_variance also the
/// variance (subtract, multiply, add) and the division.
std::optional<int64_t> MVNOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(),
                                   getNormalizeVariance() ? 6 : 2);
}

//===----------------------------------------------------------------------===//
// LayerNormalization
//===----------------------------------------------------------------------===//

LogicalResult LayerNormalizationOp::verifyBeforeInference() {
  ArrayRef<int64_t> input = shapeOf(getInput());
  int64_t axis;
  std::string error;
  if (failed(detail::normalizeAxis(
          getAxis(), static_cast<int64_t>(input.size()), axis, error))) {
    return emitOpError() << error;
  }
  ArrayRef<int64_t> normalized = input.drop_front(axis);
  std::pair<StringRef, Value> params[] = {{"scale", getScale()},
                                          {"bias", getBias()}};
  for (auto [name, value] : params) {
    if (!value) {
      continue;
    }
    if (!broadcastsTo(shapeOf(value), normalized)) {
      return emitOpError() << name << " of shape "
                           << detail::formatShape(shapeOf(value))
                           << " does not broadcast to the normalized shape "
                           << detail::formatShape(normalized);
    }
  }
  if (getBias() && getBias().getType().getElementType() !=
                       getInput().getType().getElementType()) {
    return emitOpError() << "expects bias of the input's element type "
                         << getInput().getType().getElementType() << ", got "
                         << getBias().getType().getElementType();
  }
  return checkEpsilon(*this, "epsilon", getEpsilon());
}

LogicalResult LayerNormalizationOp::inferReturnTypeComponents(
    MLIRContext *ctx, std::optional<Location> loc, Adaptor adaptor,
    SmallVectorImpl<ShapedTypeComponents> &components) {
  return sameAsInput(adaptor.getInput(), components);
}

std::optional<int64_t> LayerNormalizationOp::getNumMACs() { return 0; }

/// The normalisation (as MVN) plus the scale and the bias.
std::optional<int64_t> LayerNormalizationOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(), getBias() ? 8 : 7);
}

} // namespace mlir::vpuc::IE
