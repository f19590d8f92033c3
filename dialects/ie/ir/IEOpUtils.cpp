//===- IEOpUtils.cpp - Shared verification and inference helpers of IE ops -*-
// C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Broadcast verification and result type inference of eltwise ops, layout
// encoding checks (the ValidLayoutEncoding trait) and eltwise FLOP counts.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOpUtils.h"

#include "dialects/ie/ir/IETraits.h"
#include "dialects/ie/ir/PostOp.h"
#include "dialects/ie/utils/Broadcast.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE {

namespace detail {

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(shape, os, [&](int64_t dim) {
    if (ShapedType::isDynamic(dim)) {
      os << '?';
    } else {
      os << dim;
    }
  });
  os << ']';
  return os.str();
}

AffineMap getLayoutMap(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor) {
    return {};
  }
  if (auto map = llvm::dyn_cast_or_null<AffineMapAttr>(tensor.getEncoding())) {
    return map.getValue();
  }
  return {};
}

/// Verifies the encoding of one type; `what` names it ("operand #0").
static LogicalResult verifyEncoding(Operation *op, Type type, StringRef what,
                                    unsigned index) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.getEncoding()) {
    return success();
  }
  auto map = llvm::dyn_cast<AffineMapAttr>(tensor.getEncoding());
  if (!map) {
    return op->emitOpError()
           << what << " #" << index << " of type " << type
           << " has a layout encoding that is not an affine map";
  }
  if (!map.getValue().isPermutation() ||
      map.getValue().getNumDims() != static_cast<unsigned>(tensor.getRank())) {
    return op->emitOpError()
           << what << " #" << index << " of type " << type
           << " has a layout encoding that is not a permutation of its "
           << tensor.getRank() << " dims";
  }
  return success();
}

LogicalResult verifyLayoutEncodings(Operation *op) {
  for (auto [index, type] : llvm::enumerate(op->getOperandTypes())) {
    if (failed(verifyEncoding(op, type, "operand", index))) {
      return failure();
    }
  }
  for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
    if (failed(verifyEncoding(op, type, "result", index))) {
      return failure();
    }
  }
  // The one check every IE op runs: the place to reject a `post_op` on an op
  // that cannot carry one, and to check it where it is allowed (PostOp.h).
  return verifyPostOp(op);
}

/// Formats "[a] and [b]" or "[a], [b] and [c]".
static std::string formatShapeList(ArrayRef<Type> types) {
  std::string text;
  for (auto [index, type] : llvm::enumerate(types)) {
    if (index > 0) {
      text += index + 1 == types.size() ? " and " : ", ";
    }
    text += formatShape(llvm::cast<ShapedType>(type).getShape());
  }
  return text;
}

/// Computes the result shape, or nullopt if incompatible under `mode`.
static std::optional<SmallVector<int64_t, 6>>
computeShape(ArrayRef<Type> operandTypes, AutoBroadcastType mode) {
  SmallVector<ArrayRef<int64_t>, 3> shapes;
  for (Type type : operandTypes) {
    shapes.push_back(llvm::cast<ShapedType>(type).getShape());
  }
  if (mode == AutoBroadcastType::NUMPY) {
    return broadcastShapes(shapes);
  }
  for (ArrayRef<int64_t> shape : shapes) {
    if (shape.size() != shapes.front().size()) {
      return std::nullopt;
    }
    for (auto [a, b] : llvm::zip_equal(shape, shapes.front())) {
      if (a != b && !ShapedType::isDynamic(a) && !ShapedType::isDynamic(b)) {
        return std::nullopt;
      }
    }
  }
  return SmallVector<int64_t, 6>(shapes.front());
}

static std::string incompatibilityMessage(ArrayRef<Type> operandTypes,
                                          AutoBroadcastType mode) {
  std::string text = "operands of shapes " + formatShapeList(operandTypes);
  if (mode == AutoBroadcastType::NUMPY) {
    return text + " are not broadcastable";
  }
  return text + " must be equal when auto_broadcast is NONE_OR_EXPLICIT";
}

LogicalResult verifyEltwiseOperands(Operation *op, ArrayRef<Type> operandTypes,
                                    AutoBroadcastType mode) {
  if (!computeShape(operandTypes, mode)) {
    return op->emitOpError() << incompatibilityMessage(operandTypes, mode);
  }
  return success();
}

LogicalResult
inferEltwiseComponents(std::optional<Location> loc, ArrayRef<Type> operandTypes,
                       AutoBroadcastType mode, Type resultElemType,
                       SmallVectorImpl<ShapedTypeComponents> &components) {
  for (Type type : operandTypes) {
    if (!llvm::isa<RankedTensorType>(type)) {
      return emitOptionalError(loc, "expected ranked tensor operands, got ",
                               type);
    }
  }
  std::optional<SmallVector<int64_t, 6>> shape =
      computeShape(operandTypes, mode);
  if (!shape) {
    return emitOptionalError(loc, incompatibilityMessage(operandTypes, mode));
  }
  auto first = llvm::cast<RankedTensorType>(operandTypes.front());
  Attribute encoding = first.getEncoding();
  for (Type type : operandTypes.drop_front()) {
    if (llvm::cast<RankedTensorType>(type).getEncoding() != encoding) {
      encoding = nullptr;
    }
  }
  if (encoding && first.getRank() != static_cast<int64_t>(shape->size())) {
    encoding = nullptr;
  }
  components.emplace_back(
      *shape, resultElemType ? resultElemType : first.getElementType(),
      encoding);
  return success();
}

std::optional<SmallVector<int64_t, 6>>
getPReluSlopeShape(ArrayRef<int64_t> inputShape, ArrayRef<int64_t> slopeShape) {
  if (inputShape.size() >= 2 && slopeShape.size() == 1 && slopeShape[0] != 1 &&
      slopeShape[0] == inputShape[1] && !ShapedType::isDynamic(slopeShape[0])) {
    SmallVector<int64_t, 6> perChannel(inputShape.size(), 1);
    perChannel[1] = slopeShape[0];
    return perChannel;
  }
  if (slopeShape.size() > inputShape.size()) {
    return std::nullopt;
  }
  for (size_t i = 0; i < slopeShape.size(); ++i) {
    int64_t s = slopeShape[slopeShape.size() - 1 - i];
    int64_t d = inputShape[inputShape.size() - 1 - i];
    if (s != 1 && s != d && !ShapedType::isDynamic(s) &&
        !ShapedType::isDynamic(d)) {
      return std::nullopt;
    }
  }
  return SmallVector<int64_t, 6>(slopeShape);
}

std::optional<int64_t> countEltwiseFLOPs(Operation *op,
                                         int64_t flopsPerElement) {
  auto type = llvm::dyn_cast<ShapedType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape()) {
    return std::nullopt;
  }
  return type.getNumElements() * flopsPerElement;
}

} // namespace detail

} // namespace mlir::vpuc::IE
