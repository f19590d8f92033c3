//===- NCEPatterns.cpp - IE to VPU.NCE conversion patterns ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The patterns that lower the IE layers the DPUs can run to VPU.NCE ops
// (Patterns.h, populateIEToNCEConversionPatterns):
//   * IE.Convolution -> VPU.NCE.Convolution;
//   * IE.GroupConvolution (depthwise) -> VPU.NCE.DepthConvolution;
//   * IE.MaxPool / IE.AvgPool -> VPU.NCE.MaxPool / VPU.NCE.AveragePool;
//   * IE.Add / IE.Subtract / IE.Multiply -> VPU.NCE.Eltwise.
// A pattern applies only when the layer's NCELegalityOpInterface accepts it
// (the HW limits live in the VPU dialect, NCELimits.h); otherwise it
// fails to match and the software mirror pattern (benefit 1) lowers the layer.
// An activation (IE.ReLU, IE.Clamp, IE.LeakyRelu) that is the only user of
// the layer and that the layer accepts as its post-op
// (IE::LayerWithPostOpInterface) is folded into the NCE op's #VPU.PPE.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <optional>

#include "conversions/ie_to_vpu/Patterns.h"

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEInterfaces.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::vpuc::VPU {

namespace {

/// The benefit of the NCE patterns: tried before the software mirrors.
constexpr unsigned kNCEBenefit = 2;

/// The activation folded into `layer`'s PPE: its only user if that is an
/// activation `layer` accepts as a post-op, that the PPE can compute and that
/// keeps the layer's type; else null.
Operation *getFoldablePostOp(Operation *layer) {
  if (IE::hasPostOp(layer) || layer->getNumResults() != 1 ||
      !layer->getResult(0).hasOneUse()) {
    return nullptr;
  }
  Operation *user = *layer->getResult(0).getUsers().begin();
  auto withPostOp = llvm::dyn_cast<IE::LayerWithPostOpInterface>(layer);
  if (!withPostOp || !withPostOp.isSupportedPostOp(user) ||
      user->getNumResults() != 1 ||
      user->getResult(0).getType() != layer->getResult(0).getType() ||
      !PPEAttr::getForActivation(user)) {
    return nullptr;
  }
  return user;
}

/// The PPE of the post-op `postOp` (IE/PostOp.h), or null when the PPE
/// cannot compute it.
PPEAttr getPPEOfPostOp(MLIRContext *context, const IE::PostOp &postOp) {
  switch (postOp.kind) {
  case IE::PostOpKind::ReLU:
    return PPEAttr::get(context, PPEMode::RELU);
  case IE::PostOpKind::Clamp:
    if (!std::isfinite(postOp.min) || !std::isfinite(postOp.max)) {
      return {};
    }
    return PPEAttr::getClamp(context, postOp.min, postOp.max);
  case IE::PostOpKind::LeakyRelu:
    if (!std::isfinite(postOp.slope)) {
      return {};
    }
    return PPEAttr::getLeakyRelu(context, postOp.slope);
  }
  return {};
}

/// The PPE of the NCE op replacing `layer`: that of its `post_op` attribute,
/// else its folded post-op's, else NONE; null when the PPE cannot compute the
/// layer's post-op.
PPEAttr getPPE(Operation *layer, Operation *postOp) {
  if (IE::hasPostOp(layer)) {
    std::optional<IE::PostOp> decoded = IE::getPostOp(layer);
    return decoded ? getPPEOfPostOp(layer->getContext(), *decoded) : PPEAttr();
  }
  if (postOp) {
    return PPEAttr::getForActivation(postOp);
  }
  return PPEAttr::getNone(layer->getContext());
}

/// Replaces `layer` (and the folded `postOp`, if any) by `nce`, whose result
/// has the layer's type (checked by the caller).
void replaceLayer(Operation *layer, Operation *postOp, Operation *nce,
                  ConversionPatternRewriter &rewriter) {
  if (postOp) {
    rewriter.replaceOp(postOp, nce->getResults());
    rewriter.eraseOp(layer);
    return;
  }
  rewriter.replaceOp(layer, nce->getResults());
}

/// The NCE bias `[OC]` of an IE bias (`[OC]` or `[1, OC, 1, 1]`, a constant,
/// as `isSupported` checked), or null without a bias. A 4-D bias becomes a
/// new constant reshaped to `[OC]`.
FailureOr<Value> getNCEBias(Value bias, Location loc,
                            ConversionPatternRewriter &rewriter) {
  if (!bias) {
    return Value();
  }
  auto type = llvm::cast<RankedTensorType>(bias.getType());
  if (type.getRank() == 1) {
    return bias;
  }
  auto constant = bias.getDefiningOp<Const::DeclareOp>();
  if (!constant) {
    return failure();
  }
  Const::ContentAttr content = constant.getContent();
  FailureOr<shape::DimsOrder> order = shape::getOrder(type);
  if (failed(order)) {
    return failure();
  }
  if (!order->isIdentity()) {
    content = content.reorder(
        AffineMap::getMultiDimIdentityMap(type.getRank(), type.getContext()));
  }
  content = content.reshape({type.getNumElements()});
  return rewriter.create<Const::DeclareOp>(loc, content).getResult();
}

/// IE.Convolution -> VPU.NCE.Convolution and IE.GroupConvolution (depthwise)
/// -> VPU.NCE.DepthConvolution: the same operands and attributes, with the
/// bias as the NCE takes it and the post-op folded into the PPE.
template <typename IEOp, typename NCEOp>
class ConvertConvolutionToNCE final : public OpConversionPattern<IEOp> {
public:
  using OpAdaptor = typename OpConversionPattern<IEOp>::OpAdaptor;

  ConvertConvolutionToNCE(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<IEOp>(converter, context, kNCEBenefit) {}

  LogicalResult
  matchAndRewrite(IEOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isSupportedOnNCE(op, NCE::ignoreReason)) {
      return rewriter.notifyMatchFailure(op, "not supported by the NCE");
    }
    FailureOr<Value> bias =
        getNCEBias(adaptor.getBias(), op.getLoc(), rewriter);
    if (failed(bias)) {
      return rewriter.notifyMatchFailure(op, "the bias is not a constant");
    }
    Operation *postOp = getFoldablePostOp(op);
    PPEAttr ppe = getPPE(op, postOp);
    if (!ppe) {
      return rewriter.notifyMatchFailure(op,
                                         "the PPE cannot apply the post-op");
    }
    // A quantized layer's output type is its own (its quantization is not
    // the input's); a float layer's is inferred and must match.
    const bool quantized = llvm::isa<quant::QuantizedType>(
        getElementTypeOrSelf(op.getInput().getType()));
    auto nce = quantized ? rewriter.create<NCEOp>(
                               op.getLoc(), op.getType(), adaptor.getInput(),
                               adaptor.getFilter(), *bias, op.getStridesAttr(),
                               op.getPadsBeginAttr(), op.getPadsEndAttr(), ppe)
                         : rewriter.create<NCEOp>(
                               op.getLoc(), adaptor.getInput(),
                               adaptor.getFilter(), *bias, op.getStridesAttr(),
                               op.getPadsBeginAttr(), op.getPadsEndAttr(), ppe);
    if (nce.getType() != op.getType()) {
      rewriter.eraseOp(nce);
      return rewriter.notifyMatchFailure(op, "the NCE result type differs");
    }
    replaceLayer(op, postOp, nce, rewriter);
    return success();
  }
};

/// IE.MaxPool / IE.AvgPool -> VPU.NCE.MaxPool / VPU.NCE.AveragePool.
template <typename IEOp, typename NCEOp>
class ConvertPoolToNCE final : public OpConversionPattern<IEOp> {
public:
  ConvertPoolToNCE(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<IEOp>(converter, context, kNCEBenefit) {}

  LogicalResult
  matchAndRewrite(IEOp op, typename IEOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isSupportedOnNCE(op, NCE::ignoreReason)) {
      return rewriter.notifyMatchFailure(op, "not supported by the NCE");
    }
    Operation *postOp = getFoldablePostOp(op);
    PPEAttr ppe = getPPE(op, postOp);
    if (!ppe) {
      return rewriter.notifyMatchFailure(op,
                                         "the PPE cannot apply the post-op");
    }
    auto nce = rewriter.create<NCEOp>(
        op.getLoc(), adaptor.getInput(), op.getKernelSizeAttr(),
        op.getStridesAttr(), op.getPadsBeginAttr(), op.getPadsEndAttr(), ppe);
    if (nce.getType() != op.getType()) {
      rewriter.eraseOp(nce);
      return rewriter.notifyMatchFailure(op, "the NCE result type differs");
    }
    replaceLayer(op, postOp, nce, rewriter);
    return success();
  }
};

/// IE.Add / IE.Subtract / IE.Multiply -> VPU.NCE.Eltwise.
template <typename IEOp>
class ConvertEltwiseToNCE final : public OpConversionPattern<IEOp> {
public:
  ConvertEltwiseToNCE(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<IEOp>(converter, context, kNCEBenefit) {}

  LogicalResult
  matchAndRewrite(IEOp op, typename IEOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isSupportedOnNCE(op, NCE::ignoreReason)) {
      return rewriter.notifyMatchFailure(op, "not supported by the NCE");
    }
    std::optional<EltwiseType> type = NCEEltwiseOp::getEltwiseType(op);
    Operation *postOp = getFoldablePostOp(op);
    PPEAttr ppe = getPPE(op, postOp);
    if (!ppe) {
      return rewriter.notifyMatchFailure(op,
                                         "the PPE cannot apply the post-op");
    }
    // A quantized layer's output type is its own, as for convolutions.
    auto typeAttr = EltwiseTypeAttr::get(op.getContext(), *type);
    auto nce =
        llvm::isa<quant::QuantizedType>(
            getElementTypeOrSelf(op.getInput1().getType()))
            ? rewriter.create<NCEEltwiseOp>(op.getLoc(), op.getType(),
                                            adaptor.getInput1(),
                                            adaptor.getInput2(), typeAttr, ppe)
            : rewriter.create<NCEEltwiseOp>(op.getLoc(), adaptor.getInput1(),
                                            adaptor.getInput2(), typeAttr, ppe);
    if (nce.getType() != op.getType()) {
      rewriter.eraseOp(nce);
      return rewriter.notifyMatchFailure(op, "the NCE result type differs");
    }
    replaceLayer(op, postOp, nce, rewriter);
    return success();
  }
};

} // namespace

void populateIEToNCEConversionPatterns(TypeConverter &typeConverter,
                                       RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      ConvertConvolutionToNCE<IE::ConvolutionOp, NCEConvolutionOp>,
      ConvertConvolutionToNCE<IE::GroupConvolutionOp, NCEDepthConvolutionOp>,
      ConvertPoolToNCE<IE::MaxPoolOp, NCEMaxPoolOp>,
      ConvertPoolToNCE<IE::AvgPoolOp, NCEAveragePoolOp>,
      ConvertEltwiseToNCE<IE::AddOp>, ConvertEltwiseToNCE<IE::SubtractOp>,
      ConvertEltwiseToNCE<IE::MultiplyOp>>(typeConverter, context);
}

} // namespace mlir::vpuc::VPU
