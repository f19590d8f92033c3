//===- InferredType.cpp - A result type against its inference -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements InferredType.h.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/utils/InferredType.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE {

bool hasInferredType(Operation *op) {
  auto infer = llvm::dyn_cast<InferTypeOpInterface>(op);
  if (!infer || op->getNumResults() != 1) {
    return false;
  }
  // A layer whose inference fails reports why; the caller only asks.
  ScopedDiagnosticHandler silence(op->getContext(),
                                  [](Diagnostic &) { return success(); });
  SmallVector<Type, 1> types;
  if (failed(infer.inferReturnTypes(
          op->getContext(), op->getLoc(), op->getOperands(),
          op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
          op->getRegions(), types))) {
    return false;
  }
  return types.size() == 1 && types.front() == op->getResult(0).getType();
}

} // namespace mlir::vpuc::IE
