//===- FuseQuantizedLayers.cpp - Layers on quantized types ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Dequantize -> convolution -> Quantize -> a convolution on quantized types;
// Dequantize, Dequantize -> Add / Multiply -> Quantize -> an Add / Multiply on
// quantized types; Dequantize -> activation -> Quantize after such a layer ->
// the layer's post-op.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/fuse_quantized_layers/FuseQuantizedLayers.h"

#include <string>

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_FUSEQUANTIZEDLAYERSPASS
#include "passes/ie/fuse_quantized_layers/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The quantized value `value` is the dequantize of, or null.
Value getDequantized(Value value) {
  auto dequantize = value ? value.getDefiningOp<DequantizeOp>() : nullptr;
  return dequantize ? dequantize.getInput() : Value();
}

/// True if `op` is a layer this pass makes: a (group) convolution, an Add or
/// a Multiply on quantized types.
bool isQuantizedLayer(Operation *op) {
  return llvm::isa_and_nonnull<ConvolutionOp, GroupConvolutionOp, AddOp,
                               MultiplyOp>(op) &&
         llvm::isa<quant::QuantizedType>(
             getElementTypeOrSelf(op->getOperand(0).getType()));
}

/// The activation between a layer and `quantize` that can become the layer's
/// post-op: the quantize's input if it is a post-op activation used only
/// there, else null.
Operation *getPostOpActivation(QuantizeOp quantize) {
  Operation *activation = quantize.getInput().getDefiningOp();
  if (!activation || !isPostOpActivation(activation) ||
      !activation->hasOneUse()) {
    return nullptr;
  }
  return activation;
}

/// Replaces `quantize` by `fused` and erases `activation` (if any), `layer` and
/// the dequantizes among `operands` that nothing else reads any more.
void replaceChain(PatternRewriter &rewriter, QuantizeOp quantize,
                  Operation *fused, Operation *activation, Operation *layer,
                  ValueRange operands) {
  // An operand may appear twice (Add(x, x)): each dequantize once.
  llvm::SmallSetVector<Operation *, 4> dequantizes;
  for (Value operand : operands) {
    if (auto dequantize = operand.getDefiningOp<DequantizeOp>()) {
      dequantizes.insert(dequantize);
    }
  }
  rewriter.replaceOp(quantize, fused->getResults());
  if (activation) {
    rewriter.eraseOp(activation);
  }
  rewriter.eraseOp(layer);
  for (Operation *dequantize : dequantizes) {
    if (dequantize->use_empty()) {
      rewriter.eraseOp(dequantize);
    }
  }
}

/// IE.Quantize(act?(conv(IE.Dequantize(x), IE.Dequantize(w),
/// IE.Dequantize(b)?))) -> conv(x, w, b?) with the quantize's result type and
/// the post-op `act` if there is one.
template <typename ConvOp>
struct FuseQuantizedConvolution final : OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(QuantizeOp quantize,
                                PatternRewriter &rewriter) const override {
    // An activation between the convolution and the quantize becomes the
    // post-op.
    Operation *activation = getPostOpActivation(quantize);
    Value result = activation ? activation->getOperand(0) : quantize.getInput();
    auto conv = result.getDefiningOp<ConvOp>();
    if (!conv || !conv->hasOneUse() || (activation && getPostOpAttr(conv))) {
      return rewriter.notifyMatchFailure(
          quantize, "not the only user of a convolution (or of its "
                    "activation)");
    }
    Value input = getDequantized(conv.getInput());
    Value filter = getDequantized(conv.getFilter());
    Value bias = getDequantized(conv.getBias());
    if (!input || !filter || (conv.getBias() && !bias)) {
      return rewriter.notifyMatchFailure(
          conv, "an operand is not the result of a dequantize");
    }
    std::string reason;
    if (failed(detail::checkConvElementTypes(input.getType(), filter.getType(),
                                             bias ? bias.getType() : Type(),
                                             quantize.getType(), reason))) {
      return rewriter.notifyMatchFailure(conv, reason);
    }
    DictionaryAttr postOp =
        activation ? buildPostOpAttr(activation) : DictionaryAttr();
    if (activation && !postOp) {
      return rewriter.notifyMatchFailure(activation, "not a post-op");
    }
    SmallVector<Value, 3> operands = {input, filter};
    if (bias) {
      operands.push_back(bias);
    }
    auto fused =
        rewriter.create<ConvOp>(conv.getLoc(), TypeRange{quantize.getType()},
                                operands, conv->getAttrs());
    if (postOp) {
      fused->setAttr(kPostOpAttrName, postOp);
    }
    replaceChain(rewriter, quantize, fused, activation, conv,
                 conv->getOperands());
    return success();
  }
};

/// Checks that `eltwise`, a float IE.Add or IE.Multiply whose operands are the
/// dequantizes of `input1` and `input2` and whose result is quantized to
/// `output`, can become the layer on quantized types: it computes in f32 (the
/// quantized layer's precision) and the types meet IE.Add's rules. Fails with
/// the reason in `reason`.
LogicalResult checkEltwiseChain(Operation *eltwise, Value input1, Value input2,
                                Type output, std::string &reason) {
  Type floatType = getElementTypeOrSelf(eltwise->getResult(0).getType());
  if (!floatType.isF32()) {
    llvm::raw_string_ostream(reason)
        << "it computes in " << floatType
        << ", a quantized layer in f32 (the dequantizes' precision)";
    return failure();
  }
  return detail::checkEltwiseElementTypes(input1.getType(), input2.getType(),
                                          output, reason);
}

/// IE.Quantize(act?(eltwise(IE.Dequantize(a), IE.Dequantize(b)))), with
/// `eltwise` an IE.Add or IE.Multiply used only by the quantize (or by its
/// activation) -> eltwise(a, b) with the quantize's result type and the
/// post-op `act` if there is one.
template <typename EltwiseOp>
struct FuseQuantizedEltwise final : OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(QuantizeOp quantize,
                                PatternRewriter &rewriter) const override {
    Operation *activation = getPostOpActivation(quantize);
    Value result = activation ? activation->getOperand(0) : quantize.getInput();
    auto eltwise = result.getDefiningOp<EltwiseOp>();
    if (!eltwise || !eltwise->hasOneUse() ||
        (activation && getPostOpAttr(eltwise))) {
      return rewriter.notifyMatchFailure(
          quantize, "not the only user of an eltwise layer (or of its "
                    "activation)");
    }
    Value input1 = getDequantized(eltwise.getInput1());
    Value input2 = getDequantized(eltwise.getInput2());
    if (!input1 || !input2) {
      return rewriter.notifyMatchFailure(
          eltwise, "an operand is not the result of a dequantize");
    }
    std::string reason;
    if (failed(checkEltwiseChain(eltwise, input1, input2, quantize.getType(),
                                 reason))) {
      return rewriter.notifyMatchFailure(eltwise, reason);
    }
    DictionaryAttr postOp =
        activation ? buildPostOpAttr(activation) : DictionaryAttr();
    auto fused = rewriter.create<EltwiseOp>(
        eltwise.getLoc(), TypeRange{quantize.getType()},
        ValueRange{input1, input2}, eltwise->getAttrs());
    if (postOp) {
      fused->setAttr(kPostOpAttrName, postOp);
    }
    replaceChain(rewriter, quantize, fused, activation, eltwise,
                 eltwise->getOperands());
    return success();
  }
};

/// IE.Quantize(act(IE.Dequantize(layer))) with `layer` a quantized
/// convolution, Add or Multiply without a post-op -> the layer with the
/// post-op `act` and the quantize's result type.
struct FuseQuantizedActivation final : OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(QuantizeOp quantize,
                                PatternRewriter &rewriter) const override {
    Operation *activation = quantize.getInput().getDefiningOp();
    if (!activation || !isPostOpActivation(activation) ||
        !activation->hasOneUse()) {
      return rewriter.notifyMatchFailure(
          quantize, "not the only user of a post-op activation");
    }
    auto dequantize = activation->getOperand(0).getDefiningOp<DequantizeOp>();
    Operation *layer =
        dequantize ? dequantize.getInput().getDefiningOp() : nullptr;
    if (!dequantize || !dequantize->hasOneUse() || !isQuantizedLayer(layer) ||
        !layer->hasOneUse() || getPostOpAttr(layer)) {
      return rewriter.notifyMatchFailure(
          quantize, "the activation does not read only a quantized layer "
                    "without a post-op");
    }
    DictionaryAttr postOp = buildPostOpAttr(activation);
    if (!postOp) {
      return rewriter.notifyMatchFailure(activation, "not a post-op");
    }
    Operation *fused = rewriter.clone(*layer);
    fused->getResult(0).setType(quantize.getType());
    fused->setAttr(kPostOpAttrName, postOp);
    rewriter.replaceOp(quantize, fused->getResults());
    rewriter.eraseOp(activation);
    rewriter.eraseOp(dequantize);
    rewriter.eraseOp(layer);
    return success();
  }
};

/// Applies `patterns` to every IE.Quantize of `func` (and nothing else).
void applyToQuantizes(func::FuncOp func, RewritePatternSet &&patterns) {
  SmallVector<Operation *> quantizes;
  func.walk([&](QuantizeOp op) { quantizes.push_back(op); });
  GreedyRewriteConfig config;
  config.strictMode = GreedyRewriteStrictness::ExistingOps;
  (void)applyOpPatternsAndFold(quantizes, std::move(patterns), config);
}

/// Why `op`, a layer that reads a dequantized tensor, stays in float.
std::string getFloatReason(Operation *op) {
  if (!llvm::isa<ConvolutionOp, GroupConvolutionOp, AddOp, MultiplyOp>(op)) {
    return "the low-precision pipeline has no quantized form of " +
           op->getName().getStringRef().str();
  }
  Operation *user = op->hasOneUse() ? *op->getUsers().begin() : nullptr;
  if (user && isPostOpActivation(user) && user->hasOneUse()) {
    user = *user->getUsers().begin();
  }
  if (!llvm::isa_and_nonnull<QuantizeOp>(user)) {
    return "its result is not quantized (no single QuantizeLinear after it)";
  }
  if (llvm::isa<AddOp, MultiplyOp>(op)) {
    Value input1 = getDequantized(op->getOperand(0));
    Value input2 = getDequantized(op->getOperand(1));
    if (!input1 || !input2) {
      return "an operand is not the result of a dequantize";
    }
    std::string reason;
    (void)checkEltwiseChain(op, input1, input2, user->getResult(0).getType(),
                            reason);
    return reason;
  }
  Value bias = op->getNumOperands() > 2 ? op->getOperand(2) : Value();
  Value input = getDequantized(op->getOperand(0));
  Value filter = getDequantized(op->getOperand(1));
  if (!input || !filter || (bias && !getDequantized(bias))) {
    return "an operand is not the result of a dequantize";
  }
  std::string reason;
  (void)detail::checkConvElementTypes(input.getType(), filter.getType(),
                                      bias ? getDequantized(bias).getType()
                                           : Type(),
                                      user->getResult(0).getType(), reason);
  return reason;
}

class FuseQuantizedLayersPass final
    : public impl::FuseQuantizedLayersPassBase<FuseQuantizedLayersPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet layers(&getContext());
    populateFuseQuantizedLayersPatterns(layers);
    applyToQuantizes(getOperation(), std::move(layers));
    RewritePatternSet activations(&getContext());
    populateFuseQuantizedActivationPatterns(activations);
    applyToQuantizes(getOperation(), std::move(activations));
    if (!emitRemarks) {
      return;
    }
    getOperation().walk([](Operation *op) {
      if (!llvm::isa<IEDialect>(op->getDialect()) ||
          llvm::isa<QuantizeOp, DequantizeOp>(op) ||
          llvm::none_of(op->getOperands(), getDequantized)) {
        return;
      }
      op->emitRemark() << "stays in float: " << getFloatReason(op);
    });
  }
};

} // namespace

void populateFuseQuantizedLayersPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseQuantizedConvolution<ConvolutionOp>,
               FuseQuantizedConvolution<GroupConvolutionOp>,
               FuseQuantizedEltwise<AddOp>, FuseQuantizedEltwise<MultiplyOp>>(
      patterns.getContext());
}

void populateFuseQuantizedActivationPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseQuantizedActivation>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
