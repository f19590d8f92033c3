//===- ConvertGroupConvToConv.cpp - Group conv to dense conv ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertGroupConvToConvPass and its pattern: a group convolution
// the NCE cannot run becomes a convolution with a block-diagonal constant
// filter (zero weights outside the groups' blocks) where the NCE runs that.
// The convolution is described and the NCE asked before anything is built.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_group_conv_to_conv/ConvertGroupConvToConv.h"

#include <string>

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/VPUNCEInterfaces.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTGROUPCONVTOCONVPASS
#include "passes/ie/convert_group_conv_to_conv/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The dense filter type [OC, IC, KY, KX] of `op`'s filter [OC, IC / G, ...].
RankedTensorType getDenseFilterType(GroupConvolutionOp op) {
  auto filter = llvm::cast<RankedTensorType>(op.getFilter().getType());
  SmallVector<int64_t, 4> shape(filter.getShape());
  shape[1] *= static_cast<int64_t>(op.getGroups());
  return RankedTensorType::get(shape, filter.getElementType());
}

/// Checks that `op` can become a convolution: a 2-D group convolution the NCE
/// rejects, with a constant filter in the default order and 2 to `maxGroups`
/// groups, whose convolution the NCE accepts. Logs the reasons it cannot.
LogicalResult checkRewrite(GroupConvolutionOp op, int64_t maxGroups,
                           VPU::LogCallback log) {
  VPU::NCE::SupportOptions options = VPU::NCE::getIEStageOptions();
  options.targetElementTypes = VPU::NCE::getTargetElementTypes(op);
  if (VPU::isSupportedOnNCE(op, VPU::NCE::ignoreReason, options)) {
    return failure(); // The NCE runs it as it is (depthwise): no reason.
  }
  auto filter = llvm::dyn_cast<RankedTensorType>(op.getFilter().getType());
  auto groups = static_cast<int64_t>(op.getGroups());
  bool ok = true;
  if (!filter || filter.getRank() != 4 || !filter.hasStaticShape()) {
    log("the filter is not a static rank-4 tensor");
    return failure();
  }
  if (groups < 2 || groups > maxGroups) {
    log("its " + Twine(groups) +
        " groups are outside [2, max-groups = " + Twine(maxGroups) + "]");
    ok = false;
  }
  if (!op.getFilter().getDefiningOp<Const::DeclareOp>()) {
    log("the filter is not a constant");
    ok = false;
  }
  FailureOr<shape::DimsOrder> order = shape::getOrder(filter);
  if (failed(order) || !order->isIdentity()) {
    log("the filter is not in the default order");
    ok = false;
  }
  if (!ok) {
    return failure();
  }
  // The group convolution's description with the dense filter.
  VPU::NCE::LayerDesc layer =
      llvm::cast<VPU::NCELegalityOpInterface>(op.getOperation())
          .getNCELayerDesc();
  layer.filter = getDenseFilterType(op);
  layer.groups = 1;
  VPU::NCE::Reasons reasons;
  if (!VPU::isSupportedOnNCE<ConvolutionOp>(op.getContext(), layer, reasons,
                                            options)) {
    log("the NCE cannot run the convolution (" + reasons.join() + ")");
    return failure();
  }
  return success();
}

/// The zero weight of output channel `oc` of a filter of element type
/// `elementType`: the channel's zero point for a quantized type, else 0.
int64_t getZeroWeight(Type elementType, int64_t oc) {
  if (llvm::isa<quant::QuantizedType>(elementType)) {
    return shape::getChannelQuantParams(elementType, oc).second;
  }
  return 0;
}

/// The block-diagonal filter [OC, IC, KY, KX] of `op`'s constant filter
/// (checked by checkRewrite) as a new constant content.
Const::ContentAttr buildDenseFilter(GroupConvolutionOp op) {
  auto constant = op.getFilter().getDefiningOp<Const::DeclareOp>();
  Const::Content group = constant.getContent().fold();
  RankedTensorType denseType = getDenseFilterType(op);
  ArrayRef<int64_t> shape = denseType.getShape();
  const int64_t outChannels = shape[0];
  const int64_t inChannels = shape[1];
  const int64_t window = shape[2] * shape[3];
  const auto groups = static_cast<int64_t>(op.getGroups());
  const int64_t groupIn = inChannels / groups;
  const int64_t groupOut = outChannels / groups;
  Type elementType = denseType.getElementType();
  const bool quantized = llvm::isa<quant::QuantizedType>(elementType);
  Const::Content dense = Const::Content::allocate(denseType, false);
  for (int64_t oc = 0; oc < outChannels; ++oc) {
    const int64_t firstIn = oc / groupOut * groupIn;
    const int64_t zero = getZeroWeight(elementType, oc);
    for (int64_t ic = 0; ic < inChannels; ++ic) {
      const bool inGroup = ic >= firstIn && ic < firstIn + groupIn;
      for (int64_t k = 0; k < window; ++k) {
        const int64_t index = (oc * inChannels + ic) * window + k;
        const int64_t source = (oc * groupIn + ic - firstIn) * window + k;
        if (quantized) {
          dense.setInt(index, inGroup ? group.getInt(source) : zero);
        } else {
          dense.setDouble(index, inGroup ? group.getDouble(source) : 0.0);
        }
      }
    }
  }
  // The stored values: the storage integers of a quantized type (as the
  // importer declares them), else the float values.
  Type storageType = elementType;
  if (auto quantizedType = llvm::dyn_cast<quant::QuantizedType>(elementType)) {
    storageType = IntegerType::get(
        op.getContext(), quantizedType.getStorageTypeIntegralWidth(),
        quantizedType.isSigned() ? IntegerType::Signed : IntegerType::Unsigned);
  }
  auto values = DenseElementsAttr::getFromRawBuffer(
      RankedTensorType::get(shape, storageType), dense.getRawStorage());
  Const::ContentAttr content = Const::ContentAttr::get(values);
  return quantized ? content.quantCast(elementType) : content;
}

/// IE.GroupConvolution -> IE.Convolution with a block-diagonal filter.
class ConvertGroupConvolution final
    : public OpRewritePattern<GroupConvolutionOp> {
public:
  ConvertGroupConvolution(MLIRContext *context, int64_t maxGroups)
      : OpRewritePattern(context), maxGroups(maxGroups) {}

  LogicalResult matchAndRewrite(GroupConvolutionOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkRewrite(op, maxGroups, VPU::NCE::ignoreReason))) {
      return rewriter.notifyMatchFailure(op, "not rewritten");
    }
    Value filter =
        rewriter.create<Const::DeclareOp>(op.getLoc(), buildDenseFilter(op));
    SmallVector<Value, 3> operands = {op.getInput(), filter};
    if (Value bias = op.getBias()) {
      operands.push_back(bias);
    }
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrs()) {
      if (attr.getName() != op.getGroupsAttrName()) {
        attrs.push_back(attr);
      }
    }
    rewriter.replaceOpWithNewOp<ConvolutionOp>(
        op, TypeRange{op.getOutput().getType()}, operands, attrs);
    return success();
  }

private:
  int64_t maxGroups;
};

struct ConvertGroupConvToConvPass
    : public impl::ConvertGroupConvToConvPassBase<ConvertGroupConvToConvPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    const int64_t limit = maxGroups;
    applyPatternsOnce(
        getOperation(),
        [&](RewritePatternSet &patterns) {
          populateConvertGroupConvToConvPatterns(patterns, limit);
        },
        emitRemarks,
        [&](Operation *op) -> std::string {
          auto conv = llvm::dyn_cast<GroupConvolutionOp>(op);
          if (!conv) {
            return "";
          }
          VPU::NCE::Reasons reasons;
          (void)checkRewrite(conv, limit, reasons);
          return reasons.join();
        });
  }
};

} // namespace

void populateConvertGroupConvToConvPatterns(RewritePatternSet &patterns,
                                            int64_t maxGroups) {
  patterns.add<ConvertGroupConvolution>(patterns.getContext(), maxGroups);
}

} // namespace mlir::vpuc::IE
