//===- ConstantUtils.cpp - Constant operands of IE ops ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConstantUtils.h.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/ConstantUtils.h"

#include <vector>

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"

namespace mlir::vpuc::IE {

Const::ContentAttr getConstContent(Value value) {
  if (auto declare = value.getDefiningOp<Const::DeclareOp>()) {
    return declare.getContent();
  }
  return {};
}

std::optional<SmallVector<double>> getFloatValues(Value value) {
  Const::ContentAttr content = getConstContent(value);
  if (!content || !llvm::isa<FloatType>(content.getType().getElementType())) {
    return std::nullopt;
  }
  Const::Content folded = content.fold();
  SmallVector<double> values;
  values.reserve(folded.getNumElements());
  for (int64_t i = 0, e = folded.getNumElements(); i < e; ++i) {
    values.push_back(folded.getDouble(i));
  }
  return values;
}

std::optional<double> getSplatValue(Attribute attr) {
  if (auto content = llvm::dyn_cast_or_null<Const::ContentAttr>(attr)) {
    if (!content.getBaseContent().isSplat() ||
        !content.getType().getElementType().isIntOrFloat()) {
      return std::nullopt;
    }
    Const::Content folded = content.fold();
    if (!folded.isSplat()) {
      return std::nullopt;
    }
    return folded.hasFloatElements() ? folded.getDouble(0)
                                     : static_cast<double>(folded.getInt(0));
  }
  auto elements = llvm::dyn_cast_or_null<ElementsAttr>(attr);
  if (!elements || !elements.isSplat()) {
    return std::nullopt;
  }
  Attribute splat = elements.getSplatValue<Attribute>();
  if (auto floatAttr = llvm::dyn_cast<FloatAttr>(splat)) {
    return floatAttr.getValueAsDouble();
  }
  if (auto intAttr = llvm::dyn_cast<IntegerAttr>(splat)) {
    if (intAttr.getType().isUnsignedInteger()) {
      return static_cast<double>(intAttr.getValue().getZExtValue());
    }
    return static_cast<double>(intAttr.getValue().getSExtValue());
  }
  return std::nullopt;
}

std::optional<double> getSplatValue(Value value) {
  Attribute attr;
  if (!value || !matchPattern(value, m_Constant(&attr))) {
    return std::nullopt;
  }
  return getSplatValue(attr);
}

/// True if `transformation` applies to content of `type`: the failure
/// conditions of its inferOutputType, checked up front because a fold must not
/// emit diagnostics (and an inactive diagnostic cannot be streamed into).
/// Transformations other than those the IE folds and fusions build are reported
/// as not applicable.
static bool canApply(Const::TransformationAttrInterface transformation,
                     ShapedType type) {
  Type elemType = type.getElementType();
  bool plainElements = elemType.isIntOrFloat();
  if (auto reshape = llvm::dyn_cast<Const::ReshapeAttr>(transformation)) {
    FailureOr<shape::DimsOrder> order = shape::getOrder(type);
    int64_t count = 1;
    for (int64_t dim : reshape.getShape()) {
      count *= dim;
    }
    return plainElements && succeeded(order) && order->isIdentity() &&
           reshape.getShape().size() <= shape::DimsOrder::kMaxRank &&
           count == type.getNumElements();
  }
  if (auto transpose = llvm::dyn_cast<Const::TransposeAttr>(transformation)) {
    return plainElements &&
           transpose.getPerm().size() == static_cast<size_t>(type.getRank());
  }
  if (auto subview = llvm::dyn_cast<Const::SubViewAttr>(transformation)) {
    if (!plainElements ||
        subview.getOffset().size() != static_cast<size_t>(type.getRank())) {
      return false;
    }
    for (auto [offset, size, dim] : llvm::zip_equal(
             subview.getOffset(), subview.getShape(), type.getShape())) {
      if (offset + size > dim) {
        return false;
      }
    }
    return true;
  }
  if (auto pad = llvm::dyn_cast<Const::PadWithZeroAttr>(transformation)) {
    return plainElements &&
           pad.getPadBefore().size() == static_cast<size_t>(type.getRank());
  }
  if (auto broadcast = llvm::dyn_cast<Const::BroadcastAttr>(transformation)) {
    return plainElements && broadcast.getAxis() < type.getRank() &&
           type.getDimSize(broadcast.getAxis()) == 1;
  }
  if (llvm::isa<Const::ConvertElemTypeAttr>(transformation)) {
    return plainElements;
  }
  if (llvm::isa<Const::RescaleAttr, Const::AddAttr>(transformation)) {
    return llvm::isa<FloatType>(elemType);
  }
  return false;
}

Const::ContentAttr
tryTransform(Const::ContentAttr content,
             ArrayRef<Const::TransformationAttrInterface> transformations) {
  if (!content) {
    return {};
  }
  MLIRContext *ctx = content.getContext();
  auto emitError = [ctx] { return mlir::emitError(UnknownLoc::get(ctx)); };
  ShapedType type = content.getType();
  for (Const::TransformationAttrInterface transformation : transformations) {
    if (!canApply(transformation, type)) {
      return {};
    }
    // Cannot fail (and so emits nothing) once canApply holds.
    FailureOr<ShapedType> next =
        transformation.inferOutputType(type, emitError);
    if (failed(next)) {
      return {};
    }
    type = *next;
  }
  SmallVector<Const::TransformationAttrInterface> list =
      content.getTransformationList();
  list.append(transformations.begin(), transformations.end());
  return Const::ContentAttr::get(content.getBaseContent(), list);
}

Const::ContentAttr createContent(RankedTensorType type, ArrayRef<double> values,
                                 int64_t resourceThresholdBytes) {
  assert(type.hasStaticShape() &&
         type.getNumElements() == static_cast<int64_t>(values.size()) &&
         "one value per element of a static shape");
  bool splat = !values.empty() && llvm::all_equal(values);
  ElementsAttr base;
  if (type.getElementType().isInteger(1)) {
    SmallVector<bool> bits;
    for (double value : values) {
      bits.push_back(value != 0.0);
    }
    base = DenseElementsAttr::get(type, ArrayRef<bool>(bits));
  } else {
    Const::Content content = Const::Content::allocate(type, splat);
    for (int64_t i = 0, e = splat ? 1 : static_cast<int64_t>(values.size());
         i < e; ++i) {
      content.setDouble(i, values[i]);
    }
    ArrayRef<char> raw = content.getRawStorage();
    if (!splat && static_cast<int64_t>(raw.size()) > resourceThresholdBytes) {
      AsmResourceBlob blob =
          HeapAsmResourceBlob::allocateAndCopyWithAlign(raw, alignof(uint64_t));
      base =
          DenseResourceElementsAttr::get(type, "vpuc_const", std::move(blob));
    } else {
      // A raw buffer of exactly one element is a splat.
      base = DenseElementsAttr::getFromRawBuffer(type, raw);
    }
  }
  return Const::ContentAttr::get(base);
}

} // namespace mlir::vpuc::IE
