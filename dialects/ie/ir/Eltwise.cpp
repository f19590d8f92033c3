//===- Eltwise.cpp - Binary eltwise IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Post-op support of the eltwise ops the NCE can run (Add, Subtract, Multiply)
// and the element-type rules of Add and Multiply, which also run on quantized
// types. Their shape verification and type inference are shared
// (IEOpUtils.cpp).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/raw_ostream.h"

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

LogicalResult detail::checkEltwiseElementTypes(Type input1, Type input2,
                                               Type output,
                                               std::string &reason) {
  llvm::raw_string_ostream os(reason);
  const Type types[] = {getElementTypeOrSelf(input1),
                        getElementTypeOrSelf(input2),
                        getElementTypeOrSelf(output)};
  const auto isQuantized = [](Type type) {
    return llvm::isa<quant::QuantizedType>(type);
  };
  if (llvm::none_of(types, isQuantized)) {
    if (types[0] != types[1]) {
      os << "the operands of a float or integer layer have one element type, "
            "got "
         << types[0] << " and " << types[1];
      return failure();
    }
    return success();
  }
  if (!llvm::all_of(types, isQuantized)) {
    os << "a quantized layer has quantized input1, input2 and output, got "
       << types[0] << ", " << types[1] << " and " << types[2];
    return failure();
  }
  const char *names[] = {"input1", "input2", "output"};
  for (auto [type, name] : llvm::zip_equal(types, names)) {
    if (!llvm::isa<quant::UniformQuantizedType>(type)) {
      os << "the " << name
         << " of a quantized layer is quantized per tensor, got " << type;
      return failure();
    }
    if (llvm::cast<quant::QuantizedType>(type).getStorageTypeIntegralWidth() !=
        8) {
      os << "the " << name << " of a quantized layer has 8-bit storage, got "
         << type;
      return failure();
    }
  }
  return success();
}

LogicalResult detail::verifyEltwiseElementTypes(Operation *op, Type input1,
                                                Type input2, Type output) {
  std::string reason;
  if (failed(checkEltwiseElementTypes(input1, input2, output, reason))) {
    return op->emitOpError() << reason;
  }
  return success();
}

} // namespace mlir::vpuc::IE
