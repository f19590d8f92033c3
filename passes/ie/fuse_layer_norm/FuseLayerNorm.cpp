//===- FuseLayerNorm.cpp - Fuse an exported layer norm ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FuseLayerNormPass and its pattern: the reductions and
// element-wise ops of an exported layer normalisation become one
// IE.LayerNormalization or IE.MVN.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/fuse_layer_norm/FuseLayerNorm.h"

#include <optional>

#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"
#include "passes/ie/utils/BinaryOperands.h"
#include "llvm/ADT/Sequence.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_FUSELAYERNORMPASS
#include "passes/ie/fuse_layer_norm/Passes.h.inc" // IWYU pragma: keep

namespace {

RankedTensorType getTensorType(Value value) {
  return llvm::dyn_cast<RankedTensorType>(value.getType());
}

/// Whether `op` is a chain op the fused layer may replace: no post-op.
bool isPlain(Operation *op) { return !op->hasAttr(kPostOpAttrName); }

/// The first normalised dim of `mean` = ReduceMean(x, axes, keep_dims) when
/// its axes are the trailing dims [axis, rank) of `x`, or std::nullopt.
std::optional<int64_t> getTrailingAxis(ReduceMeanOp mean) {
  RankedTensorType type = getTensorType(mean.getInput());
  if (!type || !mean.getKeepDims() || !isPlain(mean)) {
    return std::nullopt;
  }
  int64_t rank = type.getRank();
  llvm::SmallVector<bool, 8> reduced(rank, false);
  for (int64_t axis : mean.getAxes()) {
    int64_t dim = axis < 0 ? axis + rank : axis;
    if (dim < 0 || dim >= rank || reduced[dim]) {
      return std::nullopt;
    }
    reduced[dim] = true;
  }
  int64_t first = rank - static_cast<int64_t>(mean.getAxes().size());
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (reduced[dim] != (dim >= first)) {
      return std::nullopt;
    }
  }
  if (first == rank) {
    return std::nullopt;
  }
  return first;
}

/// Whether `square` is d^2: Power(d, 2) with a splat constant 2, or
/// Multiply(d, d); a plain op either way.
bool isSquareOf(Operation *square, Value d) {
  if (!square || !isPlain(square)) {
    return false;
  }
  if (auto power = llvm::dyn_cast<PowerOp>(square)) {
    return power.getInput1() == d && getSplatValue(power.getInput2()) == 2.0;
  }
  auto product = llvm::dyn_cast<MultiplyOp>(square);
  return product && product.getInput1() == d && product.getInput2() == d;
}

/// The ops of a matched normalisation y = d / sqrt(mean(d^2) + eps), d = x -
/// mean(x), from the first to the quotient.
struct Normalization {
  Value x;
  int64_t axis = 0;
  double eps = 0;
  llvm::SmallVector<Operation *, 8> ops;
};

/// Matches the normalisation whose quotient is `divide`.
std::optional<Normalization> matchNormalization(DivideOp divide) {
  Value d = divide.getInput1();
  RankedTensorType type = getTensorType(d);
  if (!isPlain(divide) || !type || divide.getOutput().getType() != type ||
      !llvm::isa<FloatType>(type.getElementType())) {
    return std::nullopt;
  }
  auto sqrt = divide.getInput2().getDefiningOp<SqrtOp>();
  if (!sqrt || !sqrt->hasOneUse()) {
    return std::nullopt;
  }
  auto epsAdd = sqrt.getInput().getDefiningOp<AddOp>();
  if (!epsAdd || !epsAdd->hasOneUse() || !isPlain(epsAdd)) {
    return std::nullopt;
  }
  for (auto [variance, epsilon] :
       {std::pair(epsAdd.getInput1(), epsAdd.getInput2()),
        std::pair(epsAdd.getInput2(), epsAdd.getInput1())}) {
    auto varMean = variance.getDefiningOp<ReduceMeanOp>();
    std::optional<double> eps = getSplatValue(epsilon);
    if (!varMean || !varMean->hasOneUse() || !eps || !(*eps >= 0.0) ||
        epsAdd.getOutput().getType() != variance.getType()) {
      continue;
    }
    Operation *square = varMean.getInput().getDefiningOp();
    if (!isSquareOf(square, d) || !square->hasOneUse()) {
      continue;
    }
    auto sub = d.getDefiningOp<SubtractOp>();
    if (!sub || !isPlain(sub)) {
      continue;
    }
    // d feeds the square and the quotient, nothing else.
    if (llvm::any_of(d.getUsers(), [&](Operation *user) {
          return user != square && user != divide.getOperation();
        })) {
      continue;
    }
    Value x = sub.getInput1();
    auto mean = sub.getInput2().getDefiningOp<ReduceMeanOp>();
    if (!mean || mean.getInput() != x || !mean->hasOneUse() ||
        x.getType() != type) {
      continue;
    }
    std::optional<int64_t> axis = getTrailingAxis(mean);
    if (!axis || getTrailingAxis(varMean) != axis ||
        varMean.getInput().getType() != type) {
      continue;
    }
    Normalization norm;
    norm.x = x;
    norm.axis = *axis;
    norm.eps = *eps;
    norm.ops = {mean, sub, square, varMean, epsAdd, sqrt, divide};
    return norm;
  }
  return std::nullopt;
}

/// The other operand of `op` (an IE.Multiply or IE.Add reading `value`) when
/// `op` is a plain op of `value`'s type whose other operand has its element
/// type and broadcasts to the dims [axis, rank) of `value`; null otherwise.
template <typename OpTy>
Value getAffineOperand(OpTy op, Value value, int64_t axis) {
  Value other = getOtherOperand(op, value);
  if (!other || !isPlain(op) || op.getOutput().getType() != value.getType()) {
    return Value();
  }
  RankedTensorType type = getTensorType(other);
  auto valueType = llvm::cast<RankedTensorType>(value.getType());
  if (!type || type.getElementType() != valueType.getElementType()) {
    return Value();
  }
  ArrayRef<int64_t> normalized = valueType.getShape().drop_front(axis);
  ArrayRef<int64_t> shape = type.getShape();
  if (shape.size() > normalized.size()) {
    return Value();
  }
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t from = shape[shape.size() - 1 - i];
    int64_t to = normalized[normalized.size() - 1 - i];
    if (from != 1 && from != to) {
      return Value();
    }
  }
  return other;
}

/// The only user of `value` if it is an `OpTy`, else null.
template <typename OpTy> OpTy getOnlyUser(Value value) {
  if (!value.hasOneUse()) {
    return OpTy();
  }
  return llvm::dyn_cast<OpTy>(*value.getUsers().begin());
}

/// The normalisation ending in a DivideOp, with the product and sum after
/// it, becomes IE.LayerNormalization; without a product, IE.MVN.
struct FuseLayerNorm final : OpRewritePattern<DivideOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DivideOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<Normalization> norm = matchNormalization(op);
    if (!norm) {
      return rewriter.notifyMatchFailure(
          op, "not (x - mean(x)) / sqrt(mean((x - mean(x))^2) + eps) over "
              "trailing axes");
    }
    // The ops replaced after the quotient: the product by the scale and the
    // sum with the bias, when there are.
    llvm::SmallVector<Operation *, 2> affine;
    Value scale, bias;
    if (auto product = getOnlyUser<MultiplyOp>(op.getOutput())) {
      scale = getAffineOperand(product, op.getOutput(), norm->axis);
      if (scale) {
        affine.push_back(product);
        if (auto sum = getOnlyUser<AddOp>(product.getOutput())) {
          bias = getAffineOperand(sum, product.getOutput(), norm->axis);
          if (bias) {
            affine.push_back(sum);
          }
        }
      }
    }
    Operation *last = affine.empty() ? op.getOperation() : affine.back();
    rewriter.setInsertionPoint(last);
    Value fused;
    if (scale) {
      fused = rewriter.create<LayerNormalizationOp>(last->getLoc(), norm->x,
                                                    scale, bias, norm->axis,
                                                    llvm::APFloat(norm->eps));
    } else {
      int64_t rank = getTensorType(norm->x).getRank();
      llvm::SmallVector<int64_t, 8> axes =
          llvm::to_vector<8>(llvm::seq<int64_t>(norm->axis, rank));
      fused = rewriter.create<MVNOp>(last->getLoc(), norm->x, axes,
                                     /*normalize_variance=*/true,
                                     llvm::APFloat(norm->eps),
                                     MvnEpsMode::INSIDE_SQRT);
    }
    rewriter.replaceOp(last, fused);
    // The rest from the end, each op after its users.
    norm->ops.append(affine.begin(), affine.end());
    norm->ops.pop_back();
    for (Operation *dead : llvm::reverse(norm->ops)) {
      rewriter.eraseOp(dead);
    }
    return success();
  }
};

struct FuseLayerNormPass final
    : impl::FuseLayerNormPassBase<FuseLayerNormPass> {
  void runOnOperation() override {
    applyPatternsOnce(getOperation(), populateFuseLayerNormPatterns);
  }
};

} // namespace

void populateFuseLayerNormPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseLayerNorm>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
