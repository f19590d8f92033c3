//===- Eltwise.cpp - Binary eltwise IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Post-op support of the eltwise ops the NCE can run (Add, Subtract, Multiply).
// Their verification and type inference are shared (IEOpUtils.cpp).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

namespace mlir::vpuc::IE {

/// True if `postOp` is ReLU, Clamp or LeakyRelu applied to the single result of
/// `layer`.
static bool isSupportedActivationOf(Operation *layer, Operation *postOp) {
  if (!postOp || !llvm::isa<ReLUOp, ClampOp, LeakyReluOp>(postOp)) {
    return false;
  }
  return layer->getNumResults() == 1 && postOp->getNumOperands() == 1 &&
         postOp->getOperand(0) == layer->getResult(0);
}

bool AddOp::isSupportedPostOp(Operation *postOp) {
  return isSupportedActivationOf(getOperation(), postOp);
}

bool SubtractOp::isSupportedPostOp(Operation *postOp) {
  return isSupportedActivationOf(getOperation(), postOp);
}

bool MultiplyOp::isSupportedPostOp(Operation *postOp) {
  return isSupportedActivationOf(getOperation(), postOp);
}

} // namespace mlir::vpuc::IE
