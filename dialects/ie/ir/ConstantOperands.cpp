//===- ConstantOperands.cpp - Operands to attributes ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Canonicalisations of ops that take a parameter either as an operand or as an
// attribute: a constant operand becomes the attribute, and an attribute equal
// to the default goes away, so later passes and the backends see one form.
//
// IE.Swish is the only such op today (`beta` operand / `beta_value` attribute);
// IE.Pad's `pad_value` and IE.Clamp's bounds are attributes only (the importer
// resolves constant inputs).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include "dialects/ie/ir/ConstantUtils.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::vpuc::IE {

namespace {

/// Swish(x, beta) with a constant one-element beta -> Swish(x) {beta_value} (no
/// attribute when beta is 1, the default). The attribute holds the operand's
/// value exactly (an f64 holds every f16 / bf16 / f32 / f64 value).
struct SwishBetaOperandToAttr : public OpRewritePattern<SwishOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SwishOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getBeta() || op.getBetaValue()) {
      return rewriter.notifyMatchFailure(op, "no beta operand to move");
    }
    std::optional<double> beta = getSplatValue(op.getBeta());
    if (!beta) {
      return rewriter.notifyMatchFailure(op, "beta is not a constant");
    }
    FloatAttr betaValue =
        *beta == 1.0 ? FloatAttr() : rewriter.getF64FloatAttr(*beta);
    rewriter.replaceOpWithNewOp<SwishOp>(op, op.getType(), op.getInput(),
                                         Value(), betaValue);
    return success();
  }
};

/// Swish(x) {beta_value = 1.0} -> Swish(x).
struct SwishDropDefaultBeta : public OpRewritePattern<SwishOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SwishOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<APFloat> beta = op.getBetaValue();
    if (!beta || beta->convertToDouble() != 1.0) {
      return rewriter.notifyMatchFailure(op, "beta_value is absent or not 1");
    }
    rewriter.modifyOpInPlace(op, [&] { op.removeBetaValueAttr(); });
    return success();
  }
};

} // namespace

void SwishOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *ctx) {
  results.add<SwishBetaOperandToAttr, SwishDropDefaultBeta>(ctx);
}

} // namespace mlir::vpuc::IE
