//===- ConstantUtils.cpp - Reading constant operands of IE ops -*- C++ -*-===//
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

Const::ContentAttr
tryTransform(Const::ContentAttr content,
             ArrayRef<Const::TransformationAttrInterface> transformations) {
  if (!content) {
    return {};
  }
  SmallVector<Const::TransformationAttrInterface> list = content.getTransformationList();
  list.append(transformations.begin(), transformations.end());
  auto noDiagnostic = [] { return InFlightDiagnostic(); };
  return Const::ContentAttr::getChecked(noDiagnostic, content.getBaseContent(), list);
}

Const::ContentAttr createContent(RankedTensorType type, ArrayRef<double> values,
                                 int64_t resourceThresholdBytes) {
  assert(type.hasStaticShape() && type.getNumElements() == static_cast<int64_t>(values.size()) &&
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
    for (int64_t i = 0, e = splat ? 1 : static_cast<int64_t>(values.size()); i < e; ++i) {
      content.setDouble(i, values[i]);
    }
    ArrayRef<char> raw = content.getRawStorage();
    if (!splat && static_cast<int64_t>(raw.size()) > resourceThresholdBytes) {
      AsmResourceBlob blob =
          HeapAsmResourceBlob::allocateAndCopyWithAlign(raw, alignof(uint64_t));
      base = DenseResourceElementsAttr::get(type, "vpuc_const", std::move(blob));
    } else {
      // A raw buffer of exactly one element is a splat.
      base = DenseElementsAttr::getFromRawBuffer(type, raw);
    }
  }
  return Const::ContentAttr::get(base);
}

} // namespace mlir::vpuc::IE
