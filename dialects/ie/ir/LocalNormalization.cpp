//===- LocalNormalization.cpp - IE LRN, NormalizeL2, GRN -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks, result type inference and cost of the local normalisations. All three
// return the input's type (shape, element type and layout encoding).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <cmath>

#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/MiscOpShapes.h"

namespace mlir::vpuc::IE {

using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

/// Appends the input's type as the result.
static LogicalResult sameAsInput(Value input, Components &components) {
  auto type = llvm::cast<RankedTensorType>(input.getType());
  components.emplace_back(type.getShape(), type.getElementType(),
                          type.getEncoding());
  return success();
}

static ArrayRef<int64_t> shapeOf(Value value) {
  return llvm::cast<ShapedType>(value.getType()).getShape();
}

/// Checks that `value` is finite and >= 0 (> 0 when `strict`).
static LogicalResult checkAttrValue(ErrorFn emitError, StringRef name,
                                    double value, bool strict) {
  bool ok = std::isfinite(value) && (strict ? value > 0.0 : value >= 0.0);
  if (!ok) {
    return emitError() << "expects " << name << (strict ? " > 0" : " >= 0")
                       << ", got " << value;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LRN
//===----------------------------------------------------------------------===//

LogicalResult LRNOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                     Components &components) {
  if (failed(
          detail::checkChannelInput(emitError, shapeOf(adaptor.getInput()))) ||
      failed(checkAttrValue(emitError, "alpha",
                            adaptor.getAlpha().convertToDouble(),
                            /*strict=*/false)) ||
      failed(checkAttrValue(emitError, "bias",
                            adaptor.getBias().convertToDouble(),
                            /*strict=*/true))) {
    return failure();
  }
  double beta = adaptor.getBeta().convertToDouble();
  if (!std::isfinite(beta)) {
    return emitError() << "expects a finite beta, got " << beta;
  }
  return sameAsInput(adaptor.getInput(), components);
}

std::optional<int64_t> LRNOp::getNumMACs() { return 0; }

/// Per element: `size` squares and additions for the window sum, then a
/// multiply-add, a power and a division.
std::optional<int64_t> LRNOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(),
                                   2 * static_cast<int64_t>(getSize()) + 4);
}

//===----------------------------------------------------------------------===//
// NormalizeL2
//===----------------------------------------------------------------------===//

LogicalResult NormalizeL2Op::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                             Components &components) {
  ArrayRef<int64_t> input = shapeOf(adaptor.getInput());
  if (adaptor.getAxes().empty()) {
    return emitError() << "expects at least one axis";
  }
  if (failed(detail::normalizeAxes(emitError, adaptor.getAxes(),
                                   static_cast<int64_t>(input.size()))) ||
      failed(checkAttrValue(emitError, "eps",
                            adaptor.getEps().convertToDouble(),
                            /*strict=*/false))) {
    return failure();
  }
  return sameAsInput(adaptor.getInput(), components);
}

std::optional<int64_t> NormalizeL2Op::getNumMACs() { return 0; }

/// Per element: a square and an addition for the sum, and the division; the
/// square root per norm is not counted.
std::optional<int64_t> NormalizeL2Op::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(), 3);
}

//===----------------------------------------------------------------------===//
// GRN
//===----------------------------------------------------------------------===//

LogicalResult GRNOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                     Components &components) {
  if (failed(
          detail::checkChannelInput(emitError, shapeOf(adaptor.getInput()))) ||
      failed(checkAttrValue(emitError, "bias",
                            adaptor.getBias().convertToDouble(),
                            /*strict=*/false))) {
    return failure();
  }
  return sameAsInput(adaptor.getInput(), components);
}

std::optional<int64_t> GRNOp::getNumMACs() { return 0; }

/// Per element: a square and an addition for the sum, and the division.
std::optional<int64_t> GRNOp::getNumFLOPs() {
  return detail::countEltwiseFLOPs(getOperation(), 3);
}

} // namespace mlir::vpuc::IE
