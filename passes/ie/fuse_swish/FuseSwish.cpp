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

#include <cmath>
#include <optional>
#include <utility>

#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"
#include "passes/ie/utils/BinaryOperands.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_FUSESWISHPASS
#include "passes/ie/fuse_swish/Passes.h.inc" // IWYU pragma: keep

namespace {

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

/// `x` when `g` is `Clamp(Add(x, 3), 0, 6)` (ReLU6(x + 3), the numerator of an
/// exported hard sigmoid) of float elements with no broadcasting, where the sum
/// has no post-op and neither op has another user; null otherwise.
Value matchRelu6OfPlus3(Value g) {
  auto clamp = g.getDefiningOp<ClampOp>();
  if (!clamp || !clamp->hasOneUse() ||
      clamp.getMin().convertToDouble() != 0.0 ||
      clamp.getMax().convertToDouble() != 6.0 ||
      !llvm::isa<FloatType>(clamp.getOutput().getType().getElementType())) {
    return Value();
  }
  auto add = clamp.getInput().getDefiningOp<AddOp>();
  if (!add || !add->hasOneUse() || add->hasAttr(kPostOpAttrName)) {
    return Value();
  }
  for (auto [x, three] : {std::pair(add.getInput1(), add.getInput2()),
                          std::pair(add.getInput2(), add.getInput1())}) {
    if (x.getType() == add.getOutput().getType() &&
        x.getType() == clamp.getOutput().getType() &&
        getSplatValue(three) == 3.0) {
      return x;
    }
  }
  return Value();
}

/// The dividend of `op` = `y / 6` or `y * c` (c a splat within 2^-11 of 1/6
/// relatively: 1/6 rounded to f16 or a wider float), either operand order for
/// the product, without post-op; null otherwise.
Value getSixthOf(Operation *op) {
  if (op->hasAttr(kPostOpAttrName)) {
    return Value();
  }
  if (auto divide = llvm::dyn_cast<DivideOp>(op)) {
    return getSplatValue(divide.getInput2()) == 6.0 ? divide.getInput1()
                                                    : Value();
  }
  auto multiply = llvm::dyn_cast<MultiplyOp>(op);
  if (!multiply) {
    return Value();
  }
  for (auto [y, c] : {std::pair(multiply.getInput1(), multiply.getInput2()),
                      std::pair(multiply.getInput2(), multiply.getInput1())}) {
    std::optional<double> value = getSplatValue(c);
    if (value && std::abs(*value * 6.0 - 1.0) <= 0x1p-11 &&
        y.getType() == multiply.getOutput().getType()) {
      return y;
    }
  }
  return Value();
}

/// `Clamp(Add(x, 3), 0, 6) / 6` -> `HSigmoid(x)` and
/// `Multiply(x, Clamp(Add(x, 3), 0, 6)) / 6` -> `HSwish(x)` (the hard sigmoid
/// and hard swish as older PyTorch and Paddle exports spell them; `/ 6` may be
/// a product with 1/6). `x * HSigmoid(x)` is left to FuseHSigmoidProduct.
template <typename RootOp>
struct FuseDecomposedHardSwish final : OpRewritePattern<RootOp> {
  using OpRewritePattern<RootOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(RootOp op,
                                PatternRewriter &rewriter) const override {
    Value y = getSixthOf(op);
    Type type = op.getOutput().getType();
    if (!y || y.getType() != type) {
      return rewriter.notifyMatchFailure(op, "not a division by 6");
    }
    if (Value x = matchRelu6OfPlus3(y)) {
      Operation *clamp = y.getDefiningOp();
      Operation *add = clamp->getOperand(0).getDefiningOp();
      rewriter.replaceOpWithNewOp<HSigmoidOp>(op, type, x);
      rewriter.eraseOp(clamp);
      rewriter.eraseOp(add);
      return success();
    }
    auto product = y.getDefiningOp<MultiplyOp>();
    if (!product || !product->hasOneUse()) {
      return rewriter.notifyMatchFailure(op, "not (x * relu6(x + 3)) / 6");
    }
    for (Value gate : {product.getInput1(), product.getInput2()}) {
      Value x = matchRelu6OfPlus3(gate);
      if (!x || getOtherOperand(product, gate) != x ||
          !isPlainFloatProductOf(product, x)) {
        continue;
      }
      Operation *clamp = gate.getDefiningOp();
      Operation *add = clamp->getOperand(0).getDefiningOp();
      rewriter.replaceOpWithNewOp<HSwishOp>(op, type, x);
      rewriter.eraseOp(product);
      rewriter.eraseOp(clamp);
      rewriter.eraseOp(add);
      return success();
    }
    return rewriter.notifyMatchFailure(op, "not (x * relu6(x + 3)) / 6");
  }
};

struct FuseSwishPass final : impl::FuseSwishPassBase<FuseSwishPass> {
  void runOnOperation() override {
    applyPatternsOnce(getOperation(), populateFuseSwishPatterns);
  }
};

} // namespace

void populateFuseSwishPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseSigmoidProduct, FuseHSigmoidProduct,
               FuseDecomposedHardSwish<DivideOp>,
               FuseDecomposedHardSwish<MultiplyOp>>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
