//===- ConstFolding.cpp - Constant folding of IE ops ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Lazy constant folding (IEBase.td): the IE constant materializer, the folders
// of IE.Slice, IE.Pad and IE.Tile, and the constant cases the folders in
// DataFolders.cpp and IEFolders.cpp call (ConstFolding.h). A fold appends
// `#const` transformations to the operand's content, so no weights are read or
// copied here; it only happens when the transformations compute exactly what
// the op computes, and the folded type must equal the op's result type (so
// layout encodings and broadcasting are never lost).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/ConstFolding.h"

#include <cmath>

#include "core/shape/DimsOrder.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/DataOpUtils.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::vpuc::IE {

//===----------------------------------------------------------------------===//
// Materializer
//===----------------------------------------------------------------------===//

Operation *IEDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  auto content = llvm::dyn_cast<Const::ContentAttr>(value);
  if (!content || content.getType() != type) {
    return nullptr;
  }
  return builder.create<Const::DeclareOp>(loc, content);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The content of a constant operand whose elements are plain integers or
/// floats.
static Const::ContentAttr getFoldableContent(Attribute attr) {
  auto content = llvm::dyn_cast_or_null<Const::ContentAttr>(attr);
  if (!content || !content.getType().getElementType().isIntOrFloat()) {
    return {};
  }
  return content;
}

/// `content` with `transformations` appended, if valid and of type
/// `resultType`.
static Const::ContentAttr
transformTo(Const::ContentAttr content,
            ArrayRef<Const::TransformationAttrInterface> transformations,
            Type resultType) {
  Const::ContentAttr folded = tryTransform(content, transformations);
  if (!folded || folded.getType() != resultType) {
    return {};
  }
  return folded;
}

/// True if `content` holds floats.
static bool hasFloatElements(Const::ContentAttr content) {
  return llvm::isa<FloatType>(content.getType().getElementType());
}

namespace detail {

//===----------------------------------------------------------------------===//
// Reshape-likes, Transpose, Convert
//===----------------------------------------------------------------------===//

Const::ContentAttr foldConstReshape(Attribute input, Type resultType) {
  Const::ContentAttr content = getFoldableContent(input);
  auto type = llvm::dyn_cast<RankedTensorType>(resultType);
  if (!content || !type || !type.hasStaticShape() ||
      !llvm::all_of(type.getShape(), [](int64_t dim) { return dim > 0; })) {
    return {};
  }
  MLIRContext *ctx = content.getContext();
  return transformTo(content, {Const::ReshapeAttr::get(ctx, type.getShape())},
                     resultType);
}

Const::ContentAttr foldConstTranspose(Attribute input, ArrayRef<int64_t> perm,
                                      Type resultType) {
  Const::ContentAttr content = getFoldableContent(input);
  if (!content || perm.size() > shape::DimsOrder::kMaxRank) {
    return {};
  }
  return transformTo(content,
                     {Const::TransposeAttr::get(content.getContext(), perm)},
                     resultType);
}

Const::ContentAttr foldConstConvert(Attribute input, Type resultType) {
  Const::ContentAttr content = getFoldableContent(input);
  auto type = llvm::dyn_cast<ShapedType>(resultType);
  if (!content || !type) {
    return {};
  }
  Type dst = type.getElementType();
  if (!dst.isIntOrFloat() || !Const::Content::isSupportedElementType(dst) ||
      (hasFloatElements(content) && !llvm::isa<FloatType>(dst))) {
    return {};
  }
  return transformTo(
      content, {Const::ConvertElemTypeAttr::get(content.getContext(), dst)},
      resultType);
}

//===----------------------------------------------------------------------===//
// Arithmetic with a splat
//===----------------------------------------------------------------------===//

/// True if `value` is a finite nonzero power of two (so 1 / value is exact).
static bool isPowerOfTwo(double value) {
  if (!std::isfinite(value) || value == 0.0) {
    return false;
  }
  int exponent = 0;
  return std::fabs(std::frexp(value, &exponent)) == 0.5;
}

/// Folds `kind` with the constant `content` as operand `#index` (0 or 1) and
/// the splat `scalar` as the other operand.
static Const::ContentAttr foldWithScalar(ScalarArithmetic kind,
                                         Const::ContentAttr content,
                                         unsigned index, double scalar,
                                         Type resultType) {
  // The transformations take finite values only.
  if (!std::isfinite(scalar)) {
    return {};
  }
  MLIRContext *ctx = content.getContext();
  SmallVector<Const::TransformationAttrInterface, 2> list;
  switch (kind) {
  case ScalarArithmetic::Add:
    list.push_back(Const::AddAttr::get(ctx, scalar));
    break;
  case ScalarArithmetic::Subtract:
    if (index == 0) {
      list.push_back(Const::AddAttr::get(ctx, -scalar));
    } else {
      // scalar - x = (-x) + scalar: the negation is exact.
      list.push_back(Const::RescaleAttr::get(ctx, -1.0));
      list.push_back(Const::AddAttr::get(ctx, scalar));
    }
    break;
  case ScalarArithmetic::Multiply:
    list.push_back(Const::RescaleAttr::get(ctx, scalar));
    break;
  case ScalarArithmetic::Divide:
    if (index != 0 || !isPowerOfTwo(scalar)) {
      return {};
    }
    list.push_back(Const::RescaleAttr::get(ctx, 1.0 / scalar));
    break;
  }
  return transformTo(content, list, resultType);
}

Const::ContentAttr foldConstArithmetic(ScalarArithmetic kind, Attribute lhs,
                                       Attribute rhs, Type resultType) {
  Attribute operands[] = {lhs, rhs};
  for (unsigned index = 0; index < 2; ++index) {
    Const::ContentAttr content = getFoldableContent(operands[index]);
    if (!content || !hasFloatElements(content) ||
        content.getType() != resultType) {
      continue;
    }
    std::optional<double> scalar = getSplatValue(operands[1 - index]);
    if (!scalar) {
      continue;
    }
    if (Const::ContentAttr folded =
            foldWithScalar(kind, content, index, *scalar, resultType)) {
      return folded;
    }
  }
  return {};
}

Const::ContentAttr foldConstNegative(Attribute input, Type resultType) {
  Const::ContentAttr content = getFoldableContent(input);
  if (!content || !hasFloatElements(content)) {
    return {};
  }
  return transformTo(content,
                     {Const::RescaleAttr::get(content.getContext(), -1.0)},
                     resultType);
}

} // namespace detail

//===----------------------------------------------------------------------===//
// Slice, Pad, Tile
//===----------------------------------------------------------------------===//

/// A slice whose every dim is contiguous (step 1, or one element) and non-empty
/// is a
/// `#const.SubView`.
OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  Const::ContentAttr content = getFoldableContent(adaptor.getInput());
  if (!content) {
    return {};
  }
  FailureOr<detail::SliceDims> dims =
      // Cannot fail: the verifier ran the same checks on the same (input)
      // shape.
      detail::inferSliceDims([this] { return emitOpError(); },
                             content.getType().getShape(), getStarts(),
                             getEnds(), getAxes(), getSteps());
  if (failed(dims)) {
    return {};
  }
  for (auto [step, size] : llvm::zip_equal(dims->steps, dims->shape)) {
    if ((step != 1 && size != 1) || size <= 0) {
      return {};
    }
  }
  return transformTo(
      content,
      {Const::SubViewAttr::get(getContext(), dims->starts, dims->shape)},
      getType());
}

/// A constant pad with +0.0 is a `#const.PadWithZero`.
OpFoldResult PadOp::fold(FoldAdaptor adaptor) {
  Const::ContentAttr content = getFoldableContent(adaptor.getInput());
  APFloat padValue = getPadValue();
  if (!content || getMode() != PadMode::CONSTANT || !padValue.isPosZero()) {
    return {};
  }
  return transformTo(
      content,
      {Const::PadWithZeroAttr::get(getContext(), getPadsBegin(), getPadsEnd())},
      getType());
}

/// A tile by all ones is its input. On a constant, repeating a dim of size 1 is
/// a
/// `#const.Broadcast` of it; a dim of size d > 1 repeated r times is the
/// broadcast of a new outer dim of size 1 to r: reshape to insert it,
/// broadcast, and reshape back (which needs the identity order).
OpFoldResult TileOp::fold(FoldAdaptor adaptor) {
  if (llvm::all_of(getRepeats(), [](int64_t repeat) { return repeat == 1; }) &&
      getInput().getType() == getType()) {
    return getInput();
  }
  Const::ContentAttr content = getFoldableContent(adaptor.getInput());
  if (!content) {
    return {};
  }
  ArrayRef<int64_t> shape = content.getType().getShape();
  ArrayRef<int64_t> repeats = getRepeats();
  if (repeats.size() != shape.size()) {
    return {};
  }
  MLIRContext *ctx = getContext();
  SmallVector<int64_t, 8> expanded;
  SmallVector<Const::TransformationAttrInterface, 4> broadcasts;
  bool needsReshape = false;
  for (auto [dim, repeat] : llvm::zip_equal(shape, repeats)) {
    if (dim <= 0 || repeat <= 0) {
      return {};
    }
    if (repeat > 1 && dim > 1) {
      broadcasts.push_back(Const::BroadcastAttr::get(
          ctx, static_cast<int64_t>(expanded.size()), repeat));
      expanded.push_back(1);
      needsReshape = true;
    } else if (repeat > 1) {
      broadcasts.push_back(Const::BroadcastAttr::get(
          ctx, static_cast<int64_t>(expanded.size()), repeat));
    }
    expanded.push_back(dim);
  }
  SmallVector<Const::TransformationAttrInterface, 6> list;
  if (needsReshape) {
    list.push_back(Const::ReshapeAttr::get(ctx, expanded));
  }
  list.append(broadcasts.begin(), broadcasts.end());
  if (needsReshape) {
    list.push_back(Const::ReshapeAttr::get(ctx, getType().getShape()));
  }
  if (list.empty()) {
    return {};
  }
  return transformTo(content, list, getType());
}

} // namespace mlir::vpuc::IE
