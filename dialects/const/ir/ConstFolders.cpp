//===- ConstFolders.cpp - Const folding and canonicalisation ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements `const.Declare` folding (to its content attribute, so constant
// CSE works) and the simplification of transformation lists:
//   - a transformation whose output type equals its input type and which
//     does not change data is removed (ConvertElemType/QuantCast to the same
//     type, Reshape to the same shape, Reorder to the current order, full
//     SubView, empty PadWithZero, Broadcast to size 1, identity Transpose of
//     an identity-order input), as are Rescale<1.0> and Add<0.0>;
//   - Reshape+Reshape, Reorder+Reorder, Transpose+Transpose, SubView+SubView,
//     Rescale+Rescale, Add+Add and QuantCast+QuantCast merge into one
//     transformation (or none, when the pair restores the input).
// Merged Rescale/Add compute in double, so the result may differ from the
// unmerged chain by the rounding of the intermediate element type.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::vpuc::Const {

//===----------------------------------------------------------------------===//
// ContentAttr::simplify
//===----------------------------------------------------------------------===//

/// Returns true if `transformation`, applied to `input` (giving `output`),
/// leaves the content unchanged.
static bool isNoOp(TransformationAttrInterface transformation, ShapedType input,
                   ShapedType output) {
  if (auto rescale = llvm::dyn_cast<RescaleAttr>(transformation)) {
    return rescale.getScaleValue() == 1.0;
  }
  if (auto add = llvm::dyn_cast<AddAttr>(transformation)) {
    return add.getBiasValue() == 0.0;
  }
  if (auto transpose = llvm::dyn_cast<TransposeAttr>(transformation)) {
    // A transpose of a type onto itself may still move data (2x2, [1, 0]).
    for (auto [index, p] : llvm::enumerate(transpose.getPerm())) {
      if (p != static_cast<int64_t>(index)) {
        return false;
      }
    }
  }
  return input == output;
}

/// Merges `first` followed by `second`, applied to `input`. Returns
/// std::nullopt when they do not merge, a null attribute when together they
/// do nothing, and the merged transformation otherwise. A merged
/// transformation is always valid for `input`.
static std::optional<TransformationAttrInterface>
merge(TransformationAttrInterface first, TransformationAttrInterface second,
      ShapedType input) {
  MLIRContext *ctx = first.getContext();
  if (llvm::isa<QuantCastAttr>(first)) {
    if (auto b = llvm::dyn_cast<QuantCastAttr>(second)) {
      Type from = input.getElementType();
      if (b.getElemType() == from) {
        return TransformationAttrInterface();
      }
      if (QuantCastAttr::isValidCast(from, b.getElemType())) {
        return TransformationAttrInterface(b);
      }
      return std::nullopt;
    }
  }
  if ((llvm::isa<ReshapeAttr>(first) && llvm::isa<ReshapeAttr>(second)) ||
      (llvm::isa<ReorderAttr>(first) && llvm::isa<ReorderAttr>(second))) {
    return second;
  }
  if (auto a = llvm::dyn_cast<RescaleAttr>(first)) {
    if (auto b = llvm::dyn_cast<RescaleAttr>(second)) {
      return RescaleAttr::get(ctx, a.getScaleValue() * b.getScaleValue());
    }
  }
  if (auto a = llvm::dyn_cast<AddAttr>(first)) {
    if (auto b = llvm::dyn_cast<AddAttr>(second)) {
      return AddAttr::get(ctx, a.getBiasValue() + b.getBiasValue());
    }
  }
  if (auto a = llvm::dyn_cast<TransposeAttr>(first)) {
    if (auto b = llvm::dyn_cast<TransposeAttr>(second)) {
      // second[j] reads first's dimension b[j], which is input dimension
      // a[b[j]].
      SmallVector<int64_t> perm;
      for (int64_t p : b.getPerm()) {
        perm.push_back(a.getPerm()[p]);
      }
      return TransposeAttr::get(ctx, perm);
    }
  }
  if (auto a = llvm::dyn_cast<SubViewAttr>(first)) {
    if (auto b = llvm::dyn_cast<SubViewAttr>(second)) {
      SmallVector<int64_t> offset;
      for (auto [x, y] : llvm::zip_equal(a.getOffset(), b.getOffset())) {
        offset.push_back(x + y);
      }
      return SubViewAttr::get(ctx, offset, b.getShape());
    }
  }
  return std::nullopt;
}

/// Applies one simplification to `list` (starting from `baseType`); returns
/// false when none applies.
static bool simplifyOnce(ShapedType baseType,
                         SmallVectorImpl<TransformationAttrInterface> &list) {
  MLIRContext *ctx = baseType.getContext();
  auto emitError = [ctx] { return mlir::emitError(UnknownLoc::get(ctx)); };
  ShapedType type = baseType;
  for (size_t i = 0; i < list.size(); ++i) {
    ShapedType output = *list[i].inferOutputType(type, emitError);
    if (isNoOp(list[i], type, output)) {
      list.erase(list.begin() + i);
      return true;
    }
    if (i + 1 < list.size()) {
      if (std::optional<TransformationAttrInterface> merged =
              merge(list[i], list[i + 1], type)) {
        list.erase(list.begin() + i + 1);
        if (*merged) {
          list[i] = *merged;
        } else {
          list.erase(list.begin() + i);
        }
        return true;
      }
    }
    type = output;
  }
  return false;
}

ContentAttr ContentAttr::simplify() const {
  SmallVector<TransformationAttrInterface> list = getTransformationList();
  ShapedType baseType = getBaseContent().getShapedType();
  bool changed = false;
  while (simplifyOnce(baseType, list)) {
    changed = true;
  }
  if (!changed) {
    return *this;
  }
  ContentAttr result = get(getBaseContent(), list);
  // Every rule keeps the final type; guard against a rule that would not.
  return result.getType() == getType() ? result : *this;
}

//===----------------------------------------------------------------------===//
// DeclareOp
//===----------------------------------------------------------------------===//

OpFoldResult DeclareOp::fold(FoldAdaptor) { return getContentAttr(); }

namespace {
/// Replaces the content of a `const.Declare` by its simplified form.
struct SimplifyContentPattern : public OpRewritePattern<DeclareOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DeclareOp op,
                                PatternRewriter &rewriter) const override {
    ContentAttr simplified = op.getContent().simplify();
    if (simplified == op.getContent()) {
      return rewriter.notifyMatchFailure(op, "nothing to simplify");
    }
    rewriter.modifyOpInPlace(op, [&] { op.setContentAttr(simplified); });
    return success();
  }
};
} // namespace

void DeclareOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<SimplifyContentPattern>(context);
}

} // namespace mlir::vpuc::Const
