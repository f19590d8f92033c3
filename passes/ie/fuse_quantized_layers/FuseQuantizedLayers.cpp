//===- FuseQuantizedLayers.cpp - Layers on quantized types ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Dequantize -> convolution -> Quantize -> a convolution on quantized types;
// Dequantize -> max pool, average pool or global mean -> Quantize (the same
// parameters) -> the pool on the quantized tensor; the same for reshapes;
// Dequantize -> MatMul + bias -> Quantize -> a 1x1 convolution on quantized
// types between reshapes; Dequantize, Dequantize -> Add / Multiply -> Quantize
// -> an Add / Multiply on quantized types; Dequantize -> activation -> Quantize
// after such a layer -> the layer's post-op. A layer with a post-op is located
// at both nodes, the activation last.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/fuse_quantized_layers/FuseQuantizedLayers.h"

#include <array>
#include <string>
#include <type_traits>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
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

/// The location of `layer` with the post-op `activation` (if any) fused into
/// it: both, the activation last (the fused layer computes its output).
Location getFusedLayerLoc(PatternRewriter &rewriter, Operation *layer,
                          Operation *activation) {
  return activation
             ? rewriter.getFusedLoc({layer->getLoc(), activation->getLoc()})
             : layer->getLoc();
}

/// Replaces `quantize` by `fused` and erases the float ops of the chain it
/// replaces, `chain` (users before producers; null entries skipped), and the
/// dequantizes they read that nothing else reads any more.
void replaceChain(PatternRewriter &rewriter, QuantizeOp quantize,
                  Operation *fused, ArrayRef<Operation *> chain) {
  // An operand may appear twice (Add(x, x)): each dequantize once.
  llvm::SmallSetVector<Operation *, 4> dequantizes;
  for (Operation *op : chain) {
    for (Value operand : op ? op->getOperands() : ValueRange()) {
      if (auto dequantize = operand.getDefiningOp<DequantizeOp>()) {
        dequantizes.insert(dequantize);
      }
    }
  }
  rewriter.replaceOp(quantize, fused->getResults());
  for (Operation *op : chain) {
    if (op) {
      rewriter.eraseOp(op);
    }
  }
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
    auto fused = rewriter.create<ConvOp>(
        getFusedLayerLoc(rewriter, conv, activation),
        TypeRange{quantize.getType()}, operands, conv->getAttrs());
    if (postOp) {
      fused->setAttr(kPostOpAttrName, postOp);
    }
    replaceChain(rewriter, quantize, fused, {activation, conv});
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
        getFusedLayerLoc(rewriter, eltwise, activation),
        TypeRange{quantize.getType()}, ValueRange{input1, input2},
        eltwise->getAttrs());
    if (postOp) {
      fused->setAttr(kPostOpAttrName, postOp);
    }
    replaceChain(rewriter, quantize, fused, {activation, eltwise});
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
    fused->setLoc(getFusedLayerLoc(rewriter, layer, activation));
    rewriter.replaceOp(quantize, fused->getResults());
    rewriter.eraseOp(activation);
    rewriter.eraseOp(dequantize);
    rewriter.eraseOp(layer);
    return success();
  }
};

/// True for the pools this pass makes quantized: max pools, average pools and
/// global means (IE::getGlobalPoolWindow).
bool isQuantizablePool(Operation *op) {
  auto mean = llvm::dyn_cast_or_null<ReduceMeanOp>(op);
  return llvm::isa_and_nonnull<MaxPoolOp, AvgPoolOp>(op) ||
         (mean && getGlobalPoolWindow(mean));
}

/// Why `pool` (isQuantizablePool) cannot run on the quantized tensor its input
/// is the dequantize of; empty if it can.
std::string getPoolFloatReason(Operation *pool) {
  if (!isQuantizablePool(pool)) {
    return "it is not a global mean (over H and W of a static rank-4 tensor, "
           "keeping the dims)";
  }
  Value input = getDequantized(pool->getOperand(0));
  if (!input) {
    return "its input is not the result of a dequantize";
  }
  auto quantize = pool->hasOneUse()
                      ? llvm::dyn_cast<QuantizeOp>(*pool->getUsers().begin())
                      : nullptr;
  if (!quantize) {
    return "its result is not quantized (no single QuantizeLinear after it)";
  }
  Type inputType = getElementTypeOrSelf(input.getType());
  if (!llvm::isa<quant::UniformQuantizedType>(inputType)) {
    return "its input is not quantized per tensor";
  }
  if (getElementTypeOrSelf(quantize.getType()) != inputType) {
    return "the quantize after it has other parameters than its input (a "
           "quantized pool keeps them)";
  }
  if (getPostOpAttr(pool)) {
    return "it has a post-op";
  }
  Type floatType = getElementTypeOrSelf(pool->getResult(0).getType());
  if (!llvm::isa<MaxPoolOp>(pool) && !floatType.isF32()) {
    // The maximum is exact in any precision; a mean is not.
    std::string reason;
    llvm::raw_string_ostream(reason)
        << "it computes in " << floatType
        << ", a quantized pool in f32 (the dequantizes' precision)";
    return reason;
  }
  return "";
}

/// IE.Quantize(pool(IE.Dequantize(x))) with the quantize's type x's -> the
/// pool on x: a max pool is exact on the stored values (their order is the
/// real values'); a quantized average pool is defined as the island
/// (IE.AvgPool), and a global mean becomes the average pool over [H, W].
template <typename PoolOp>
struct FuseQuantizedPool final : OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(QuantizeOp quantize,
                                PatternRewriter &rewriter) const override {
    auto pool = quantize.getInput().getDefiningOp<PoolOp>();
    if (!pool) {
      return rewriter.notifyMatchFailure(quantize, "not after a pool");
    }
    std::string reason = getPoolFloatReason(pool);
    if (!reason.empty()) {
      return rewriter.notifyMatchFailure(pool, reason);
    }
    Value input = getDequantized(pool->getOperand(0));
    Operation *fused = nullptr;
    if constexpr (std::is_same_v<PoolOp, ReduceMeanOp>) {
      std::array<int64_t, 2> window = *getGlobalPoolWindow(pool);
      const SmallVector<int64_t, 2> ones = {1, 1};
      const SmallVector<int64_t, 2> zeros = {0, 0};
      fused = rewriter.create<AvgPoolOp>(
          pool.getLoc(), input, ArrayRef<int64_t>(window),
          ArrayRef<int64_t>(ones), ArrayRef<int64_t>(zeros),
          ArrayRef<int64_t>(zeros), RoundingType::FLOOR,
          /*exclude_pad=*/false);
    } else {
      fused =
          rewriter.create<PoolOp>(pool.getLoc(), TypeRange{quantize.getType()},
                                  ValueRange{input}, pool->getAttrs());
    }
    replaceChain(rewriter, quantize, fused, {pool});
    return success();
  }
};

/// True for the IE ops that only move values (reshapes), which keep a
/// per-tensor quantization.
bool isQuantizableView(Operation *op) {
  return llvm::isa_and_nonnull<ReshapeOp, FlattenOp, SqueezeOp, UnsqueezeOp,
                               AffineReshapeOp>(op);
}

/// IE.Quantize(view(IE.Dequantize(x))) with the quantize's type x's (per
/// tensor) -> view(x): a view moves the stored values, exactly.
struct FuseQuantizedView final : OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(QuantizeOp quantize,
                                PatternRewriter &rewriter) const override {
    Operation *view = quantize.getInput().getDefiningOp();
    if (!isQuantizableView(view) || !view->hasOneUse()) {
      return rewriter.notifyMatchFailure(quantize,
                                         "not the only user of a reshape");
    }
    Value input = getDequantized(view->getOperand(0));
    Type elementType = getElementTypeOrSelf(quantize.getType());
    if (!input || !llvm::isa<quant::UniformQuantizedType>(elementType) ||
        getElementTypeOrSelf(input.getType()) != elementType) {
      return rewriter.notifyMatchFailure(
          view, "not a dequantize of the quantize's per-tensor type");
    }
    Operation *fused = rewriter.clone(*view);
    fused->setOperand(0, input);
    fused->getResult(0).setType(quantize.getType());
    replaceChain(rewriter, quantize, fused, {view});
    return success();
  }
};

/// IE.Quantize(IE.Add(IE.MatMul(IE.Dequantize(x) [N, K], IE.Dequantize(w)
/// [M, K] {transpose_b}), IE.Dequantize(b) [M])) (a fully connected layer as
/// Gemm imports) -> Reshape(Convolution(Reshape(x) [N, K, 1, 1], w as
/// [M, K, 1, 1], b)) [N, M] on quantized types: the 1x1 convolution of the
/// rows.
struct FuseQuantizedFullyConnected final : OpRewritePattern<QuantizeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(QuantizeOp quantize,
                                PatternRewriter &rewriter) const override {
    auto add = quantize.getInput().getDefiningOp<AddOp>();
    auto matmul = add ? add.getInput1().getDefiningOp<MatMulOp>() : nullptr;
    if (!add || !matmul || !add->hasOneUse() || !matmul->hasOneUse() ||
        matmul.getTransposeA() || !matmul.getTransposeB()) {
      return rewriter.notifyMatchFailure(
          quantize, "not after MatMul(x, w^T) + b used only by it");
    }
    Value input = getDequantized(matmul.getInput1());
    Value weights = getDequantized(matmul.getInput2());
    Value bias = getDequantized(add.getInput2());
    auto weightsConstant =
        weights ? weights.getDefiningOp<Const::DeclareOp>() : nullptr;
    auto biasConstant = bias ? bias.getDefiningOp<Const::DeclareOp>() : nullptr;
    auto inputType = llvm::dyn_cast_or_null<RankedTensorType>(
        input ? input.getType() : Type());
    auto weightsType = llvm::dyn_cast_or_null<RankedTensorType>(
        weights ? weights.getType() : Type());
    auto biasType = llvm::dyn_cast_or_null<RankedTensorType>(
        bias ? bias.getType() : Type());
    if (!inputType || !weightsConstant || !biasConstant ||
        inputType.getRank() != 2 || weightsType.getRank() != 2 ||
        biasType.getRank() != 1 || !inputType.hasStaticShape() ||
        !weightsType.hasStaticShape() ||
        biasType.getDimSize(0) != weightsType.getDimSize(0)) {
      return rewriter.notifyMatchFailure(
          matmul, "not a dequantized [N, K] input, constant [M, K] weights "
                  "and a constant [M] bias");
    }
    const int64_t rows = inputType.getDimSize(0);
    const int64_t depth = inputType.getDimSize(1);
    const int64_t outputs = weightsType.getDimSize(0);
    auto input4D =
        RankedTensorType::get({rows, depth, 1, 1}, inputType.getElementType());
    auto output4D = RankedTensorType::get(
        {rows, outputs, 1, 1}, getElementTypeOrSelf(quantize.getType()));
    Const::ContentAttr filterContent =
        weightsConstant.getContent().reshape({outputs, depth, 1, 1});
    std::string reason;
    if (failed(detail::checkConvElementTypes(input4D, filterContent.getType(),
                                             biasType, output4D, reason))) {
      return rewriter.notifyMatchFailure(matmul, reason);
    }
    Location loc = matmul.getLoc();
    auto shapeAttr = [&](RankedTensorType type) {
      return rewriter.getDenseI64ArrayAttr(type.getShape());
    };
    Value x =
        rewriter.create<ReshapeOp>(loc, input4D, input, shapeAttr(input4D));
    Value filter = rewriter.create<Const::DeclareOp>(loc, filterContent);
    const SmallVector<int64_t, 2> ones = {1, 1};
    const SmallVector<int64_t, 2> zeros = {0, 0};
    Value conv = rewriter.create<ConvolutionOp>(
        loc, output4D, x, filter, bias, ArrayRef<int64_t>(ones),
        ArrayRef<int64_t>(zeros), ArrayRef<int64_t>(zeros),
        ArrayRef<int64_t>(ones));
    auto resultType = llvm::cast<RankedTensorType>(quantize.getType());
    auto result = rewriter.create<ReshapeOp>(quantize.getLoc(), resultType,
                                             conv, shapeAttr(resultType));
    replaceChain(rewriter, quantize, result, {add, matmul});
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
  if (llvm::isa<MaxPoolOp, AvgPoolOp, ReduceMeanOp>(op)) {
    return getPoolFloatReason(op);
  }
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
               FuseQuantizedEltwise<AddOp>, FuseQuantizedEltwise<MultiplyOp>,
               FuseQuantizedPool<MaxPoolOp>, FuseQuantizedPool<AvgPoolOp>,
               FuseQuantizedPool<ReduceMeanOp>, FuseQuantizedView,
               FuseQuantizedFullyConnected>(patterns.getContext());
}

void populateFuseQuantizedActivationPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseQuantizedActivation>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
