//===- IEFolders.cpp - Folders of the IE ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Folders: identities with a splat constant (x + 0, x - 0, x * 1, x / 1) and
// idempotent or involutive chains (ReLU(ReLU(x)), Negative(Negative(x)),
// Convert to the same type); then the constant cases (ConstFolding.h):
// arithmetic of a constant with a float splat, Negative and Convert of a
// constant become `#const` transformations.
//
// The constant folds read the operand's constant value through the fold
// adaptor: a
// `#const.Content` (what const.Declare folds to; only splat bases are read, so
// large weights are never materialised here) or a splat ElementsAttr of any
// other ConstantLike op. They fire only when the result type equals the type of
// the operand that is returned, so broadcasting and layout encodings are never
// lost. Add and Multiply on quantized types never fold.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/ConstFolding.h"
#include "dialects/ie/ir/PostOp.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::vpuc::IE {

/// True if `attr` is a splat ElementsAttr whose every element equals `value`.
static bool isSplatOf(Attribute attr, double value) {
  if (auto content = llvm::dyn_cast_or_null<Const::ContentAttr>(attr)) {
    Type elemType = content.getType().getElementType();
    if (!content.getBaseContent().isSplat() || !elemType.isIntOrFloat()) {
      return false;
    }
    Const::Content folded = content.fold();
    return folded.isSplat() && folded.getSplatValue<double>() == value;
  }
  auto elements = llvm::dyn_cast_or_null<ElementsAttr>(attr);
  if (!elements || !elements.isSplat()) {
    return false;
  }
  Attribute splat = elements.getSplatValue<Attribute>();
  if (auto floatAttr = llvm::dyn_cast<FloatAttr>(splat)) {
    return floatAttr.getValueAsDouble() == value;
  }
  if (auto intAttr = llvm::dyn_cast<IntegerAttr>(splat)) {
    if (intAttr.getType().isUnsignedInteger()) {
      return static_cast<double>(intAttr.getValue().getZExtValue()) == value;
    }
    return static_cast<double>(intAttr.getValue().getSExtValue()) == value;
  }
  return false;
}

/// True if `op`'s result is a quantized tensor (IE.Add, IE.Multiply on
/// quantized types): its storage integers are not the values the identities
/// hold for, so it is never folded.
static bool hasQuantizedResult(Operation *op) {
  return llvm::isa<quant::QuantizedType>(
      getElementTypeOrSelf(op->getResult(0).getType()));
}

/// Returns `kept` if `constant` is a splat of `value` and `kept` has the result
/// type.
static OpFoldResult foldIdentity(Operation *op, Value kept, Attribute constant,
                                 double value) {
  if (kept.getType() == op->getResult(0).getType() &&
      isSplatOf(constant, value)) {
    return kept;
  }
  return {};
}

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  if (hasPostOp(*this) || hasQuantizedResult(*this)) {
    return {};
  }
  if (OpFoldResult result =
          foldIdentity(*this, getInput1(), adaptor.getInput2(), 0.0)) {
    return result;
  }
  if (OpFoldResult result =
          foldIdentity(*this, getInput2(), adaptor.getInput1(), 0.0)) {
    return result;
  }
  return detail::foldConstArithmetic(detail::ScalarArithmetic::Add,
                                     adaptor.getInput1(), adaptor.getInput2(),
                                     getType());
}

OpFoldResult SubtractOp::fold(FoldAdaptor adaptor) {
  if (hasPostOp(*this)) {
    return {};
  }
  if (OpFoldResult result =
          foldIdentity(*this, getInput1(), adaptor.getInput2(), 0.0)) {
    return result;
  }
  return detail::foldConstArithmetic(detail::ScalarArithmetic::Subtract,
                                     adaptor.getInput1(), adaptor.getInput2(),
                                     getType());
}

OpFoldResult MultiplyOp::fold(FoldAdaptor adaptor) {
  if (hasPostOp(*this) || hasQuantizedResult(*this)) {
    return {};
  }
  if (OpFoldResult result =
          foldIdentity(*this, getInput1(), adaptor.getInput2(), 1.0)) {
    return result;
  }
  if (OpFoldResult result =
          foldIdentity(*this, getInput2(), adaptor.getInput1(), 1.0)) {
    return result;
  }
  return detail::foldConstArithmetic(detail::ScalarArithmetic::Multiply,
                                     adaptor.getInput1(), adaptor.getInput2(),
                                     getType());
}

OpFoldResult DivideOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult result =
          foldIdentity(*this, getInput1(), adaptor.getInput2(), 1.0)) {
    return result;
  }
  return detail::foldConstArithmetic(detail::ScalarArithmetic::Divide,
                                     adaptor.getInput1(), adaptor.getInput2(),
                                     getType());
}

OpFoldResult NegativeOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getInput().getDefiningOp<NegativeOp>()) {
    return inner.getInput();
  }
  return detail::foldConstNegative(adaptor.getInput(), getType());
}

OpFoldResult ReLUOp::fold(FoldAdaptor adaptor) {
  if (getInput().getDefiningOp<ReLUOp>()) {
    return getInput();
  }
  return {};
}

OpFoldResult ConvertOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType()) {
    return getInput();
  }
  return detail::foldConstConvert(adaptor.getInput(), getType());
}

} // namespace mlir::vpuc::IE
