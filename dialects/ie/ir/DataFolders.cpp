//===- DataFolders.cpp - Folders and canonicalisations of IE data ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Reshape-likes (Reshape, Squeeze, Unsqueeze, Flatten) to their input's own
// type fold away; a Reshape of a reshape-like reads the inner input (in place),
// and a Squeeze / Unsqueeze / Flatten of a reshape-like with a static result
// becomes one Reshape. Transpose folds identities and composes with an inner
// Transpose; a Concat of one input folds to it. Reshape-likes and Transpose of
// a constant fold to a constant (ConstFolding.h).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/ConstFolding.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::vpuc::IE {

/// True if `op` only relabels the row-major data of its single input.
static bool isReshapeLike(Operation *op) {
  return llvm::isa_and_nonnull<ReshapeOp, SqueezeOp, UnsqueezeOp, FlattenOp>(
      op);
}

/// Returns the input of a reshape-like `op` whose type equals the result type.
static OpFoldResult foldSameType(Operation *op) {
  if (op->getOperand(0).getType() == op->getResult(0).getType()) {
    return op->getOperand(0);
  }
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult result = foldSameType(*this)) {
    return result;
  }
  if (Attribute folded =
          detail::foldConstReshape(adaptor.getInput(), getType())) {
    return folded;
  }
  Operation *inner = getInput().getDefiningOp();
  if (isReshapeLike(inner)) {
    getInputMutable().assign(inner->getOperand(0));
    if (OpFoldResult result = foldSameType(*this)) {
      return result;
    }
    return getResult();
  }
  return {};
}

/// foldSameType, then the constant case.
static OpFoldResult foldReshapeLike(Operation *op, Attribute input) {
  if (OpFoldResult result = foldSameType(op)) {
    return result;
  }
  return detail::foldConstReshape(input, op->getResult(0).getType());
}

OpFoldResult SqueezeOp::fold(FoldAdaptor adaptor) {
  return foldReshapeLike(*this, adaptor.getInput());
}

OpFoldResult UnsqueezeOp::fold(FoldAdaptor adaptor) {
  return foldReshapeLike(*this, adaptor.getInput());
}

OpFoldResult FlattenOp::fold(FoldAdaptor adaptor) {
  return foldReshapeLike(*this, adaptor.getInput());
}

namespace {

/// Replaces a reshape-like op whose input is a reshape-like by one IE.Reshape
/// of the inner input, when the result shape is static.
template <typename OpT>
struct MergeReshapeChain : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    Operation *inner = op.getInput().getDefiningOp();
    auto type = llvm::cast<RankedTensorType>(op.getType());
    if (!isReshapeLike(inner) || !type.hasStaticShape() || type.getEncoding()) {
      return failure();
    }
    rewriter.replaceOpWithNewOp<ReshapeOp>(
        op, inner->getOperand(0),
        rewriter.getDenseI64ArrayAttr(type.getShape()));
    return success();
  }
};

} // namespace

void SqueezeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *ctx) {
  results.add<MergeReshapeChain<SqueezeOp>>(ctx);
}

void UnsqueezeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *ctx) {
  results.add<MergeReshapeChain<UnsqueezeOp>>(ctx);
}

void FlattenOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *ctx) {
  results.add<MergeReshapeChain<FlattenOp>>(ctx);
}

/// True if `perm` is 0, 1, 2, ...
static bool isIdentityPerm(ArrayRef<int64_t> perm) {
  for (auto [index, p] : llvm::enumerate(perm)) {
    if (p != static_cast<int64_t>(index)) {
      return false;
    }
  }
  return true;
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  if (isIdentityPerm(getPerm()) && getInput().getType() == getType()) {
    return getInput();
  }
  if (Attribute folded = detail::foldConstTranspose(adaptor.getInput(),
                                                    getPerm(), getType())) {
    return folded;
  }
  auto inner = getInput().getDefiningOp<TransposeOp>();
  if (!inner) {
    return {};
  }
  // Result dim i is inner result dim perm[i], which is inner input dim
  // innerPerm[perm[i]].
  SmallVector<int64_t, 6> composed;
  for (int64_t p : getPerm()) {
    composed.push_back(inner.getPerm()[p]);
  }
  Value source = inner.getInput();
  if (isIdentityPerm(composed) && source.getType() == getType()) {
    return source;
  }
  getInputMutable().assign(source);
  setPerm(composed);
  return getResult();
}

OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1 && getInputs().front().getType() == getType()) {
    return getInputs().front();
  }
  return {};
}

} // namespace mlir::vpuc::IE
