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
// It also implements the fold plan (`ContentAttr::getFoldPlan`), the order in
// which `fold()` applies the transformations: every SubView moves towards the
// base across the transformations it commutes with, so that a slice of a
// large constant (a tile's weights) costs what the slice holds, not what the
// base holds. Unlike the simplification, the plan never changes the result
// and is not written back into the IR.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstOps.h"

#include <algorithm>
#include <optional>

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
// ContentAttr::getFoldPlan
//===----------------------------------------------------------------------===//

/// An inactive diagnostic: the fold plan tries rewrites whose type inference
/// may fail, which is not an error.
static InFlightDiagnostic silentError() { return InFlightDiagnostic(); }

/// A SubView moved before the transformation it followed, and the
/// transformation that replaces the latter (null when none is needed).
struct HoistedSubView {
  SubViewAttr subview;
  TransformationAttrInterface follower;
};

/// Rewrites `previous` (from `input` to `mid`) followed by `subview` (from
/// `mid` to `output`) as a SubView of `input` followed by at most one
/// transformation, with the same result element for element. Returns
/// std::nullopt when they do not commute.
static std::optional<HoistedSubView>
hoistSubView(TransformationAttrInterface previous, SubViewAttr subview,
             ShapedType input, ShapedType mid, ShapedType output) {
  MLIRContext *ctx = subview.getContext();
  ArrayRef<int64_t> offset = subview.getOffset();
  ArrayRef<int64_t> sizes = subview.getShape();
  // Element-wise transformations compute each element from itself alone (a
  // per-axis Dequantize from its channel, whose parameters the SubView
  // slices along); a Reorder keeps the logical tensor.
  if (llvm::isa<ConvertElemTypeAttr, RescaleAttr, AddAttr, DequantizeAttr,
                ReorderAttr>(previous)) {
    return HoistedSubView{subview, previous};
  }
  // A cast to a per-axis type keeps the parameters of the sliced channels.
  if (llvm::isa<QuantCastAttr>(previous)) {
    return HoistedSubView{subview,
                          QuantCastAttr::get(ctx, output.getElementType())};
  }
  if (auto first = llvm::dyn_cast<SubViewAttr>(previous)) {
    SmallVector<int64_t> merged;
    for (auto [a, b] : llvm::zip_equal(first.getOffset(), offset)) {
      merged.push_back(a + b);
    }
    return HoistedSubView{SubViewAttr::get(ctx, merged, sizes), {}};
  }
  if (auto transpose = llvm::dyn_cast<TransposeAttr>(previous)) {
    // Output dimension i is input dimension perm[i].
    ArrayRef<int64_t> perm = transpose.getPerm();
    SmallVector<int64_t> newOffset(perm.size()), newSizes(perm.size());
    for (auto [index, p] : llvm::enumerate(perm)) {
      newOffset[p] = offset[index];
      newSizes[p] = sizes[index];
    }
    return HoistedSubView{SubViewAttr::get(ctx, newOffset, newSizes),
                          transpose};
  }
  if (auto broadcast = llvm::dyn_cast<BroadcastAttr>(previous)) {
    // Every index of the broadcast axis reads the one input element.
    int64_t axis = broadcast.getAxis();
    SmallVector<int64_t> newOffset(offset), newSizes(sizes);
    newOffset[axis] = 0;
    newSizes[axis] = 1;
    TransformationAttrInterface follower;
    if (sizes[axis] != 1) {
      follower = BroadcastAttr::get(ctx, axis, sizes[axis]);
    }
    return HoistedSubView{SubViewAttr::get(ctx, newOffset, newSizes), follower};
  }
  if (auto pad = llvm::dyn_cast<PadWithZeroAttr>(previous)) {
    // The slice of the padded tensor is the slice of the input it overlaps,
    // padded by the part of the padding the slice keeps.
    SmallVector<int64_t> newOffset, newSizes, before, after;
    bool padded = false;
    for (int64_t i = 0, e = input.getRank(); i < e; ++i) {
      int64_t interiorBegin = pad.getPadBefore()[i];
      int64_t interiorEnd = interiorBegin + input.getDimSize(i);
      int64_t begin = std::max(offset[i], interiorBegin);
      int64_t end = std::min(offset[i] + sizes[i], interiorEnd);
      if (begin >= end) {
        return std::nullopt; // The slice holds padding only.
      }
      newOffset.push_back(begin - interiorBegin);
      newSizes.push_back(end - begin);
      before.push_back(begin - offset[i]);
      after.push_back(offset[i] + sizes[i] - end);
      padded |= before.back() != 0 || after.back() != 0;
    }
    TransformationAttrInterface follower;
    if (padded) {
      follower = PadWithZeroAttr::get(ctx, before, after);
    }
    return HoistedSubView{SubViewAttr::get(ctx, newOffset, newSizes), follower};
  }
  if (llvm::isa<ReshapeAttr>(previous)) {
    // Only a reshape that inserts or removes dimensions of size 1 (e.g.
    // [M, K] -> [M, K, 1, 1]): the other dimensions keep their order and
    // sizes, so the slice maps onto them.
    auto nonUnitDims = [](ShapedType type) {
      SmallVector<int64_t> dims;
      for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
        if (type.getDimSize(i) != 1) {
          dims.push_back(i);
        }
      }
      return dims;
    };
    SmallVector<int64_t> inDims = nonUnitDims(input);
    SmallVector<int64_t> midDims = nonUnitDims(mid);
    if (inDims.size() != midDims.size()) {
      return std::nullopt;
    }
    SmallVector<int64_t> newOffset(input.getRank(), 0);
    SmallVector<int64_t> newSizes(input.getRank(), 1);
    for (auto [inDim, midDim] : llvm::zip_equal(inDims, midDims)) {
      if (input.getDimSize(inDim) != mid.getDimSize(midDim)) {
        return std::nullopt;
      }
      newOffset[inDim] = offset[midDim];
      newSizes[inDim] = sizes[midDim];
    }
    return HoistedSubView{SubViewAttr::get(ctx, newOffset, newSizes),
                          ReshapeAttr::get(ctx, sizes)};
  }
  return std::nullopt;
}

/// Returns true if `hoisted` applies to `input` and gives `output`.
static bool producesType(const HoistedSubView &hoisted, ShapedType input,
                         ShapedType output) {
  FailureOr<ShapedType> type =
      hoisted.subview.inferOutputType(input, silentError);
  if (succeeded(type) && hoisted.follower) {
    type = hoisted.follower.inferOutputType(*type, silentError);
  }
  return succeeded(type) && *type == output;
}

/// The input type of every transformation of `list` applied to `baseType`,
/// followed by the final type.
static SmallVector<ShapedType>
getStageTypes(ShapedType baseType, ArrayRef<TransformationAttrInterface> list) {
  SmallVector<ShapedType> types = {baseType};
  for (TransformationAttrInterface transformation : list) {
    FailureOr<ShapedType> next =
        transformation.inferOutputType(types.back(), silentError);
    assert(succeeded(next) && "a fold plan step does not apply");
    types.push_back(*next);
  }
  return types;
}

SmallVector<TransformationAttrInterface> ContentAttr::getFoldPlan() const {
  SmallVector<TransformationAttrInterface> plan = getTransformationList();
  ShapedType baseType = getBaseContent().getShapedType();
  for (size_t i = 1; i < plan.size(); ++i) {
    if (!llvm::isa<SubViewAttr>(plan[i])) {
      continue;
    }
    // Move the SubView towards the base one transformation at a time. Every
    // step keeps the type after the pair, so the rest of the plan is valid.
    for (size_t j = i; j > 0; --j) {
      SmallVector<ShapedType> types = getStageTypes(baseType, plan);
      std::optional<HoistedSubView> hoisted =
          hoistSubView(plan[j - 1], llvm::cast<SubViewAttr>(plan[j]),
                       types[j - 1], types[j], types[j + 1]);
      if (!hoisted || !producesType(*hoisted, types[j - 1], types[j + 1])) {
        break;
      }
      plan[j - 1] = hoisted->subview;
      if (hoisted->follower) {
        plan[j] = hoisted->follower;
      } else {
        plan.erase(plan.begin() + j);
        --i;
      }
    }
  }
  return plan;
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
