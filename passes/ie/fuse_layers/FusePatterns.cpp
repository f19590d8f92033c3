//===- FusePatterns.cpp - Layer fusion patterns -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The patterns FuseLayers.td describes: bias Add into Convolution /
// GroupConvolution / FullyConnected, BatchNormInference into a convolution,
// group convolution or deconvolution, or into a ScaleShift, Multiply + Add
// into ScaleShift, MatMul with constant 2-D weights into FullyConnected.
// Constants are reshaped and transposed lazily through #const transformations;
// the BatchNorm folds compute new constant content in double, rounded once to
// the element type.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/fuse_layers/FuseLayers.h"

#include <cmath>
#include <optional>

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/ConstantUtils.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::vpuc::IE {

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The static channel count C of an activation type [N, C, ...] (rank >= 2), if
/// any.
std::optional<int64_t> getChannels(Type type) {
  auto tensorType = llvm::dyn_cast<RankedTensorType>(type);
  if (!tensorType || tensorType.getRank() < 2 || tensorType.isDynamicDim(1) ||
      tensorType.getDimSize(1) <= 0) {
    return std::nullopt;
  }
  return tensorType.getDimSize(1);
}

/// If `constant` is a const.Declare that an eltwise op broadcasts (NumPy,
/// aligned on the right) against a tensor of rank `rank` along its dim `axis`
/// only (each of its dims is 1 except the one aligned with `axis`, which is
/// `count` or 1, and its rank is at most `rank`), returns its content as
/// `count` values along dim `targetAxis` of a tensor of rank `targetRank`
/// with unit dims elsewhere; otherwise null.
Const::ContentAttr getPerAxisContent(Value constant, int64_t rank, int64_t axis,
                                     int64_t count, int64_t targetRank,
                                     int64_t targetAxis) {
  Const::ContentAttr content = getConstContent(constant);
  if (!content) {
    return {};
  }
  ArrayRef<int64_t> shape = content.getType().getShape();
  if (static_cast<int64_t>(shape.size()) > rank) {
    return {};
  }
  const int64_t offset = rank - static_cast<int64_t>(shape.size());
  int64_t perAxis = 1;
  for (auto [index, dim] : llvm::enumerate(shape)) {
    if (static_cast<int64_t>(index) + offset == axis) {
      perAxis = dim;
    } else if (dim != 1) {
      return {};
    }
  }
  if (perAxis != 1 && perAxis != count) {
    return {};
  }
  MLIRContext *ctx = content.getContext();
  SmallVector<int64_t, 6> target(targetRank, 1);
  target[targetAxis] = perAxis;
  SmallVector<Const::TransformationAttrInterface, 2> list;
  if (shape != ArrayRef<int64_t>(target)) {
    list.push_back(Const::ReshapeAttr::get(ctx, target));
  }
  if (perAxis != count) {
    list.push_back(Const::BroadcastAttr::get(ctx, targetAxis, count));
  }
  return tryTransform(content, list);
}

/// getPerAxisContent along the channels (dim 1) of `activation` [N, C, ...]:
/// the content as [1, C, 1, ..., 1] of the activation's rank, or null.
Const::ContentAttr getPerChannelContent(Value constant,
                                        RankedTensorType activation) {
  std::optional<int64_t> channels = getChannels(activation);
  if (!channels) {
    return {};
  }
  const int64_t rank = activation.getRank();
  return getPerAxisContent(constant, rank, 1, *channels, rank, 1);
}

/// The per-channel scale s = gamma / sqrt(variance + epsilon) and shift
/// beta - mean * s of a BatchNormInference with constant statistics, in double.
struct BatchNormCoefficients {
  SmallVector<double> scale;
  SmallVector<double> shift;
  SmallVector<double> mean;
  SmallVector<double> beta;
};

/// Reads the statistics of `op`; fails unless all four are float constants of
/// one length and every scale is finite.
std::optional<BatchNormCoefficients> getCoefficients(BatchNormInferenceOp op) {
  std::optional<SmallVector<double>> gamma = getFloatValues(op.getGamma());
  std::optional<SmallVector<double>> beta = getFloatValues(op.getBeta());
  std::optional<SmallVector<double>> mean = getFloatValues(op.getMean());
  std::optional<SmallVector<double>> variance =
      getFloatValues(op.getVariance());
  if (!gamma || !beta || !mean || !variance || beta->size() != gamma->size() ||
      mean->size() != gamma->size() || variance->size() != gamma->size()) {
    return std::nullopt;
  }
  const double epsilon = op.getEpsilon().convertToDouble();
  BatchNormCoefficients result;
  for (size_t c = 0; c < gamma->size(); ++c) {
    const double scale = (*gamma)[c] / std::sqrt((*variance)[c] + epsilon);
    if (!std::isfinite(scale)) {
      return std::nullopt;
    }
    result.scale.push_back(scale);
    result.shift.push_back((*beta)[c] - (*mean)[c] * scale);
  }
  result.mean = std::move(*mean);
  result.beta = std::move(*beta);
  return result;
}

/// The type [1, C, 1, ..., 1] of `rank` with `elemType`.
RankedTensorType getPerChannelType(int64_t rank, int64_t channels,
                                   Type elemType) {
  SmallVector<int64_t, 6> shape(rank, 1);
  shape[1] = channels;
  return RankedTensorType::get(shape, elemType);
}

/// A const.Declare of `content` at the rewriter's insertion point.
Value createConstant(PatternRewriter &rewriter, Location loc,
                     Const::ContentAttr content) {
  return rewriter.create<Const::DeclareOp>(loc, content);
}

//===----------------------------------------------------------------------===//
// Bias Add into the preceding layer
//===----------------------------------------------------------------------===//

/// Gives the bias-less `layer` the bias constant `bias` (created before the
/// layer, at the Add's location) and the location of both, and replaces `add`
/// by `replacement` (the layer's result, or a reshape of it).
template <typename LayerOp>
void attachBias(PatternRewriter &rewriter, LayerOp layer, AddOp add,
                Const::ContentAttr bias, ValueRange replacement) {
  rewriter.setInsertionPoint(layer);
  Value biasValue = createConstant(rewriter, add.getLoc(), bias);
  Location loc = rewriter.getFusedLoc({layer.getLoc(), add.getLoc()});
  rewriter.modifyOpInPlace(layer, [&] {
    layer.getBiasMutable().assign(biasValue);
    layer->setLoc(loc);
  });
  rewriter.replaceOp(add, replacement);
}

/// Add(layer, c) with a per-channel constant c and a bias-less `LayerOp` used
/// only here -> the layer with bias c ([1, C, 1, 1], or [1, O] for
/// FullyConnected).
template <typename LayerOp>
struct FuseBiasAdd : public OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    for (unsigned index = 0; index < 2; ++index) {
      auto layer = add->getOperand(index).getDefiningOp<LayerOp>();
      if (!layer) {
        continue;
      }
      if (layer.getBias()) {
        return rewriter.notifyMatchFailure(add, "the layer already has a bias");
      }
      if (!layer->hasOneUse()) {
        return rewriter.notifyMatchFailure(
            add, "the layer's output has other users");
      }
      if (add.getType() != layer.getType()) {
        return rewriter.notifyMatchFailure(
            add, "the Add broadcasts the layer's output");
      }
      Const::ContentAttr bias =
          getPerChannelContent(add->getOperand(1 - index), layer.getType());
      if (!bias) {
        return rewriter.notifyMatchFailure(
            add, "the addend is no per-channel constant");
      }
      attachBias(rewriter, layer, add, bias, layer->getResults());
      return success();
    }
    return rewriter.notifyMatchFailure(add, "no layer operand");
  }
};

/// Add(Reshape(FullyConnected(x, w)), c) where the reshape only puts unit dims
/// in front of the layer's [N, O] output (what vpuc-ie-convert-shape-to-4d
/// makes of a Gemm's bias Add) and `c` holds one value per output feature
/// (aligned on the right with the Add's result, 1 everywhere but at the last
/// dim, where it is O or 1) -> Reshape(FullyConnected(x, w, c as [1, O])).
struct FuseBiasAddThroughReshape : public OpRewritePattern<AddOp> {
  using OpRewritePattern<AddOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    for (unsigned index = 0; index < 2; ++index) {
      auto reshape = add->getOperand(index).getDefiningOp<ReshapeOp>();
      auto layer = reshape
                       ? reshape.getInput().getDefiningOp<FullyConnectedOp>()
                       : FullyConnectedOp();
      if (!layer || layer.getBias() || !layer->hasOneUse() ||
          !reshape->hasOneUse() || add.getType() != reshape.getType()) {
        continue;
      }
      ArrayRef<int64_t> features = layer.getType().getShape();
      ArrayRef<int64_t> shape = reshape.getType().getShape();
      if (features.size() != 2 || shape.size() < 2 ||
          shape.take_back(2) != features ||
          llvm::any_of(shape.drop_back(2), [](int64_t d) { return d != 1; })) {
        continue;
      }
      // One value per output feature (the Add's last dim), as [1, O].
      const auto rank = static_cast<int64_t>(shape.size());
      Const::ContentAttr bias =
          getPerAxisContent(add->getOperand(1 - index), rank, rank - 1,
                            features[1], /*targetRank=*/2, /*targetAxis=*/1);
      if (!bias) {
        continue;
      }
      attachBias(rewriter, layer, add, bias, reshape->getResults());
      return success();
    }
    return rewriter.notifyMatchFailure(
        add,
        "not a reshaped fully connected layer plus a per-feature constant");
  }
};

//===----------------------------------------------------------------------===//
// BatchNormInference
//===----------------------------------------------------------------------===//

/// The output channel of each element of a constant filter in the default
/// order (by flat index) and the layer's output channel count.
struct FilterChannels {
  int64_t channels = 0;
  SmallVector<int64_t> channelOf;
};

/// Convolution and GroupConvolution: the filter is [C_out, ...].
template <typename ConvOp>
FilterChannels getFilterChannels(ConvOp, RankedTensorType filterType) {
  FilterChannels result;
  result.channels = filterType.getDimSize(0);
  const int64_t perChannel = filterType.getNumElements() / result.channels;
  result.channelOf.resize(filterType.getNumElements());
  for (int64_t i = 0, e = filterType.getNumElements(); i < e; ++i) {
    result.channelOf[i] = i / perChannel;
  }
  return result;
}

/// Deconvolution: the filter is [C_in, C_out / groups, ...]; the element
/// [ic, j, ...] feeds output channel (ic / (C_in / groups)) * (C_out / groups)
/// + j.
template <>
FilterChannels getFilterChannels(DeconvolutionOp op,
                                 RankedTensorType filterType) {
  FilterChannels result;
  const int64_t groups = op.getGroups();
  const int64_t inputs = filterType.getDimSize(0);
  const int64_t perGroup = filterType.getDimSize(1);
  const int64_t window = filterType.getNumElements() / (inputs * perGroup);
  const int64_t inputsPerGroup = inputs / groups;
  result.channels = perGroup * groups;
  result.channelOf.resize(filterType.getNumElements());
  for (int64_t i = 0, e = filterType.getNumElements(); i < e; ++i) {
    const int64_t input = i / (perGroup * window);
    const int64_t column = (i / window) % perGroup;
    result.channelOf[i] = (input / inputsPerGroup) * perGroup + column;
  }
  return result;
}

/// BatchNormInference(conv) with constant statistics, a constant default-order
/// float filter, a constant or no bias and no other user of the convolution ->
/// one convolution with the filter scaled per output channel and the adjusted
/// bias. `ConvOp` is Convolution, GroupConvolution or Deconvolution.
template <typename ConvOp>
struct FuseBatchNormIntoConvolution
    : public OpRewritePattern<BatchNormInferenceOp> {
  FuseBatchNormIntoConvolution(MLIRContext *ctx)
      : OpRewritePattern<BatchNormInferenceOp>(ctx, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(BatchNormInferenceOp op,
                                PatternRewriter &rewriter) const override {
    auto conv = op.getInput().getDefiningOp<ConvOp>();
    if (!conv) {
      return rewriter.notifyMatchFailure(op, "no convolution input");
    }
    if (!conv->hasOneUse()) {
      return rewriter.notifyMatchFailure(op, "the convolution has other users");
    }
    auto filterType = llvm::cast<RankedTensorType>(conv.getFilter().getType());
    FailureOr<shape::DimsOrder> filterOrder = shape::getOrder(filterType);
    if (failed(filterOrder) || !filterOrder->isIdentity() ||
        !filterType.hasStaticShape() || filterType.getNumElements() == 0) {
      return rewriter.notifyMatchFailure(
          op, "the filter is not in the default order");
    }
    std::optional<SmallVector<double>> filter =
        getFloatValues(conv.getFilter());
    if (!filter) {
      return rewriter.notifyMatchFailure(op, "the filter is not a constant");
    }
    const FilterChannels layout = getFilterChannels(conv, filterType);
    const int64_t channels = layout.channels;
    std::optional<SmallVector<double>> bias;
    if (conv.getBias()) {
      bias = getFloatValues(conv.getBias());
      if (!bias || static_cast<int64_t>(bias->size()) != channels) {
        return rewriter.notifyMatchFailure(op, "the bias is not a constant");
      }
    }
    std::optional<BatchNormCoefficients> bn = getCoefficients(op);
    if (!bn || static_cast<int64_t>(bn->scale.size()) != channels) {
      return rewriter.notifyMatchFailure(op,
                                         "the statistics are not constants");
    }

    // filter'[.., o, ..] = filter[.., o, ..] * s[o]; bias'[o] = (bias[o] -
    // mean[o]) * s[o] + beta[o].
    SmallVector<double> newFilter(filter->size());
    for (int64_t i = 0, e = filterType.getNumElements(); i < e; ++i) {
      newFilter[i] = (*filter)[i] * bn->scale[layout.channelOf[i]];
    }
    SmallVector<double> newBias(channels);
    for (int64_t o = 0; o < channels; ++o) {
      const double b = bias ? (*bias)[o] : 0.0;
      newBias[o] = (b - bn->mean[o]) * bn->scale[o] + bn->beta[o];
    }

    // The bias is [C_out], as the importer gives ONNX biases: every layer
    // rank and every lowering of the layer takes that form.
    Type elemType = filterType.getElementType();
    Value filterValue = createConstant(rewriter, conv.getFilter().getLoc(),
                                       createContent(filterType, newFilter));
    Value biasValue = createConstant(
        rewriter, op.getLoc(),
        createContent(RankedTensorType::get({channels}, elemType), newBias));
    Location loc = rewriter.getFusedLoc({conv.getLoc(), op.getLoc()});
    auto fused = rewriter.create<ConvOp>(
        loc, TypeRange{conv.getType()},
        ValueRange{conv.getInput(), filterValue, biasValue}, conv->getAttrs());
    rewriter.replaceOp(op, fused->getResults());
    rewriter.eraseOp(conv);
    return success();
  }
};

/// BatchNormInference(x) with constant statistics -> ScaleShift(x) with weights
/// s and biases beta - mean * s; weights that are all 1 or biases that are all
/// 0 are left out (and the BatchNorm disappears when both are).
struct BatchNormToScaleShift : public OpRewritePattern<BatchNormInferenceOp> {
  BatchNormToScaleShift(MLIRContext *ctx)
      : OpRewritePattern<BatchNormInferenceOp>(ctx, /*benefit=*/1) {}

  LogicalResult matchAndRewrite(BatchNormInferenceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getInput().getType();
    std::optional<BatchNormCoefficients> bn = getCoefficients(op);
    if (!bn) {
      return rewriter.notifyMatchFailure(op,
                                         "the statistics are not constants");
    }
    const int64_t channels = static_cast<int64_t>(bn->scale.size());
    if (channels <= 0) {
      return rewriter.notifyMatchFailure(op, "no channels");
    }
    RankedTensorType paramType =
        getPerChannelType(type.getRank(), channels, type.getElementType());
    const bool unitScale =
        llvm::all_of(bn->scale, [](double s) { return s == 1.0; });
    const bool zeroShift =
        llvm::all_of(bn->shift, [](double s) { return s == 0.0; });
    if (unitScale && zeroShift) {
      rewriter.replaceOp(op, op.getInput());
      return success();
    }
    Value weights = unitScale
                        ? Value()
                        : createConstant(rewriter, op.getLoc(),
                                         createContent(paramType, bn->scale));
    Value biases = zeroShift
                       ? Value()
                       : createConstant(rewriter, op.getLoc(),
                                        createContent(paramType, bn->shift));
    rewriter.replaceOpWithNewOp<ScaleShiftOp>(op, op.getInput(), weights,
                                              biases);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Multiply + Add into ScaleShift
//===----------------------------------------------------------------------===//

/// Add(Multiply(x, w), b) with per-channel constants w and b, no broadcasting
/// of x or of the product, and no other user of the product -> ScaleShift(x)
/// weights(w) biases(b).
struct FuseMultiplyAdd : public OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp add,
                                PatternRewriter &rewriter) const override {
    auto type = llvm::cast<RankedTensorType>(add.getType());
    if (!llvm::isa<FloatType>(type.getElementType()) || !getChannels(type)) {
      return rewriter.notifyMatchFailure(add,
                                         "no float activation [N, C, ...]");
    }
    for (unsigned index = 0; index < 2; ++index) {
      auto mul = add->getOperand(index).getDefiningOp<MultiplyOp>();
      if (!mul) {
        continue;
      }
      if (!mul->hasOneUse()) {
        return rewriter.notifyMatchFailure(add, "the product has other users");
      }
      if (mul.getType() != type) {
        return rewriter.notifyMatchFailure(add,
                                           "the Add broadcasts the product");
      }
      Const::ContentAttr biases =
          getPerChannelContent(add->getOperand(1 - index), type);
      if (!biases) {
        return rewriter.notifyMatchFailure(
            add, "the addend is no per-channel constant");
      }
      for (unsigned input = 0; input < 2; ++input) {
        Value x = mul->getOperand(input);
        if (x.getType() != type) {
          continue;
        }
        Const::ContentAttr weights =
            getPerChannelContent(mul->getOperand(1 - input), type);
        if (!weights) {
          continue;
        }
        Location loc = rewriter.getFusedLoc({mul.getLoc(), add.getLoc()});
        Value weightsValue = createConstant(rewriter, mul.getLoc(), weights);
        Value biasesValue = createConstant(rewriter, add.getLoc(), biases);
        auto scaleShift =
            rewriter.create<ScaleShiftOp>(loc, x, weightsValue, biasesValue);
        rewriter.replaceOp(add, scaleShift->getResults());
        rewriter.eraseOp(mul);
        return success();
      }
      return rewriter.notifyMatchFailure(
          add, "the factor is no per-channel constant");
    }
    return rewriter.notifyMatchFailure(add, "no Multiply operand");
  }
};

//===----------------------------------------------------------------------===//
// MatMul into FullyConnected
//===----------------------------------------------------------------------===//

/// MatMul(x, w) with a constant 2-D w and no transpose_a -> FullyConnected(x, w
/// [O, K]), with x of rank > 2 (static shape) reshaped to 2-D and the result
/// reshaped back.
struct MatMulToFullyConnected : public OpRewritePattern<MatMulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatMulOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getTransposeA()) {
      return rewriter.notifyMatchFailure(op, "transpose_a");
    }
    Const::ContentAttr weights = getConstContent(op.getInput2());
    if (!weights || weights.getType().getRank() != 2) {
      return rewriter.notifyMatchFailure(op, "the weights are no 2-D constant");
    }
    if (!op.getTransposeB()) {
      // FullyConnected weights are [O, K]; MatMul's are [K, O].
      weights = tryTransform(
          weights,
          {Const::TransposeAttr::get(getContext(), ArrayRef<int64_t>{1, 0})});
      if (!weights) {
        return rewriter.notifyMatchFailure(op,
                                           "the weights cannot be transposed");
      }
    }
    RankedTensorType inputType = op.getInput1().getType();
    auto resultType = llvm::cast<RankedTensorType>(op.getType());
    const int64_t rank = inputType.getRank();
    if (rank < 2) {
      return rewriter.notifyMatchFailure(op, "1-D input");
    }
    if (rank > 2 &&
        (!inputType.hasStaticShape() || !resultType.hasStaticShape())) {
      return rewriter.notifyMatchFailure(op, "batched input of dynamic shape");
    }
    // FullyConnected gives [rows, O] without encoding, which (reshaped back)
    // must be the MatMul's result.
    if (resultType.getEncoding() ||
        resultType.getDimSize(rank - 1) != weights.getType().getDimSize(0)) {
      return rewriter.notifyMatchFailure(op, "unexpected MatMul result type");
    }
    Value weightsValue =
        createConstant(rewriter, op.getInput2().getLoc(), weights);
    Value input = op.getInput1();
    if (rank > 2) {
      ArrayRef<int64_t> shape = inputType.getShape();
      int64_t rows = 1;
      for (int64_t dim : shape.drop_back()) {
        rows *= dim;
      }
      input = rewriter.create<ReshapeOp>(
          op.getLoc(), input,
          rewriter.getDenseI64ArrayAttr({rows, shape.back()}));
    }
    Value output = rewriter.create<FullyConnectedOp>(op.getLoc(), input,
                                                     weightsValue, Value());
    if (rank > 2) {
      output = rewriter.create<ReshapeOp>(
          op.getLoc(), output,
          rewriter.getDenseI64ArrayAttr(resultType.getShape()));
    }
    rewriter.replaceOp(op, output);
    return success();
  }
};

} // namespace

void populateFuseConvBiasPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseBiasAdd<ConvolutionOp>, FuseBiasAdd<GroupConvolutionOp>,
               FuseBiasAdd<FullyConnectedOp>, FuseBiasAddThroughReshape>(
      patterns.getContext());
}

void populateFuseBatchNormPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseBatchNormIntoConvolution<ConvolutionOp>,
               FuseBatchNormIntoConvolution<GroupConvolutionOp>,
               FuseBatchNormIntoConvolution<DeconvolutionOp>>(
      patterns.getContext());
}

void populateBatchNormToScaleShiftPatterns(RewritePatternSet &patterns) {
  patterns.add<BatchNormToScaleShift>(patterns.getContext());
}

void populateFuseScaleShiftPatterns(RewritePatternSet &patterns) {
  patterns.add<FuseMultiplyAdd>(patterns.getContext());
}

void populateMatMulToFullyConnectedPatterns(RewritePatternSet &patterns) {
  patterns.add<MatMulToFullyConnected>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
