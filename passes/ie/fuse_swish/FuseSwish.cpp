//===- FuseSwish.cpp - Fuse x * sigmoid(x) into Swish -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FuseSwishPass and its patterns: a product of a tensor and its
// own (hard) sigmoid becomes one (hard) swish layer.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/fuse_swish/FuseSwish.h"

#include <optional>
#include <utility>

#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_FUSESWISHPASS
#include "passes/ie/fuse_swish/Passes.h.inc" // IWYU pragma: keep

namespace {

/// `op`'s operand that is not `other` (`op` is a binary eltwise op one of
/// whose operands is `other`), or null when both are.
Value getOtherOperand(MultiplyOp op, Value other) {
  if (op.getInput1() == other) {
    return op.getInput2() == other ? Value() : op.getInput2();
  }
  return op.getInput2() == other ? op.getInput1() : Value();
}

/// Whether `op` is a plain float product that may be replaced by a layer
/// computing its result from `x`: no post-op, float elements and no
/// broadcasting of `x` (the result has `x`'s type).
bool isPlainFloatProductOf(MultiplyOp op, Value x) {
  return !op->hasAttr(kPostOpAttrName) &&
         llvm::isa<FloatType>(op.getOutput().getType().getElementType()) &&
         x.getType() == op.getOutput().getType();
}

/// The `beta` of a sigmoid input `s`, relative to `x`: 1 when `s` is `x`,
/// `b` when `s` is `Multiply(x, b)` with a splat constant `b` and no other
/// user; std::nullopt otherwise.
std::optional<double> getSwishBeta(Value sigmoidInput, Value x) {
  if (sigmoidInput == x) {
    return 1.0;
  }
  auto scale = sigmoidInput.getDefiningOp<MultiplyOp>();
  if (!scale || !scale->hasOneUse() || !isPlainFloatProductOf(scale, x)) {
    return std::nullopt;
  }
  Value beta = getOtherOperand(scale, x);
  return beta ? getSplatValue(beta) : std::nullopt;
}

/// The gate `GateOp` and the tensor `x` of `op` = `Multiply(x, GateOp(...))`
/// (either operand order) where the gate has no other user, `op` is a plain
/// float product of `x` (isPlainFloatProductOf) and `accept(gate, x)`;
/// std::nullopt when neither operand order is such a product.
template <typename GateOp>
std::optional<std::pair<GateOp, Value>>
matchGatedProduct(MultiplyOp op, function_ref<bool(GateOp, Value)> accept) {
  for (Value operand : {op.getInput1(), op.getInput2()}) {
    auto gate = operand.getDefiningOp<GateOp>();
    if (!gate || !gate->hasOneUse()) {
      continue;
    }
    Value x = getOtherOperand(op, operand);
    if (x && isPlainFloatProductOf(op, x) && accept(gate, x)) {
      return std::make_pair(gate, x);
    }
  }
  return std::nullopt;
}

/// `Multiply(x, Sigmoid(x * beta))` -> `Swish(x) {beta_value = beta}`.
struct FuseSigmoidProduct final : OpRewritePattern<MultiplyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MultiplyOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<double> beta;
    auto match =
        matchGatedProduct<SigmoidOp>(op, [&](SigmoidOp sigmoid, Value x) {
          beta = getSwishBeta(sigmoid.getInput(), x);
          return beta.has_value();
        });
    if (!match) {
      return rewriter.notifyMatchFailure(op, "not x * sigmoid(beta * x)");
    }
    auto [sigmoid, x] = *match;
    FloatAttr betaAttr =
        *beta == 1.0 ? FloatAttr() : rewriter.getF64FloatAttr(*beta);
    // The `x * beta` product feeding the sigmoid, if any, dies with it.
    Operation *scale =
        sigmoid.getInput() == x ? nullptr : sigmoid.getInput().getDefiningOp();
    rewriter.replaceOpWithNewOp<SwishOp>(op, op.getOutput().getType(), x,
                                         /*beta=*/Value(), betaAttr);
    rewriter.eraseOp(sigmoid);
    if (scale) {
      rewriter.eraseOp(scale);
    }
    return success();
  }
};

/// `Multiply(x, HSigmoid(x))` -> `HSwish(x)`.
struct FuseHSigmoidProduct final : OpRewritePattern<MultiplyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MultiplyOp op,
                                PatternRewriter &rewriter) const override {
    auto match =
        matchGatedProduct<HSigmoidOp>(op, [](HSigmoidOp hsigmoid, Value x) {
          return hsigmoid.getInput() == x;
        });
    if (!match) {
      return rewriter.notifyMatchFailure(op, "not x * hsigmoid(x)");
    }
    auto [hsigmoid, x] = *match;
    rewriter.replaceOpWithNewOp<HSwishOp>(op, op.getOutput().getType(), x);
    rewriter.eraseOp(hsigmoid);
    return success();
  }
};

struct FuseSwishPass final : impl::FuseSwishPassBase<FuseSwishPass> {
  void runOnOperation() override {
    applyPatternsOnce(getOperation(), populateFuseSwishPatterns);
  }
};

} // namespace

void populateFuseSwishPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseSigmoidProduct, FuseHSigmoidProduct>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
