//===- Activation.cpp - Activation and unary IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Verifiers of the activations whose operands need more than ODS constraints:
// Swish (beta), PRelu (slope shape) and Convert.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/IEOpUtils.h"

namespace mlir::vpuc::IE {

LogicalResult SwishOp::verifyBeforeInference() {
  if (getBeta() && getBetaValue()) {
    return emitOpError()
           << "expects beta either as an operand or as the beta_value "
              "attribute, not both";
  }
  if (Value beta = getBeta()) {
    auto type = llvm::cast<RankedTensorType>(beta.getType());
    if (!type.hasStaticShape() || type.getNumElements() != 1) {
      return emitOpError() << "expects beta to be a one-element tensor, got "
                           << type;
    }
    if (type.getElementType() != getInput().getType().getElementType()) {
      return emitOpError() << "expects beta of the input's element type "
                           << getInput().getType().getElementType() << ", got "
                           << type.getElementType();
    }
  }
  return success();
}

LogicalResult PReluOp::verifyBeforeInference() {
  ArrayRef<int64_t> inputShape = getInput().getType().getShape();
  ArrayRef<int64_t> slopeShape = getSlope().getType().getShape();
  if (!detail::getPReluSlopeShape(inputShape, slopeShape)) {
    return emitOpError()
           << "slope of shape " << detail::formatShape(slopeShape)
           << " neither has one value per channel nor broadcasts to the "
              "input shape "
           << detail::formatShape(inputShape);
  }
  return success();
}

LogicalResult ConvertOp::verifyBeforeInference() { return success(); }

} // namespace mlir::vpuc::IE
