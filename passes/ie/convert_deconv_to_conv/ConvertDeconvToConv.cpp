//===- ConvertDeconvToConv.cpp - Deconvolution to conv ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertDeconvToConvPass and its pattern: a transposed
// convolution whose kernel equals its stride becomes a 1x1 convolution with
// a constant filter of stride * stride times the output channels and a
// DepthToSpace. The convolution is described and the NCE asked before
// anything is built.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_deconv_to_conv/ConvertDeconvToConv.h"

#include <string>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"
#include "passes/ie/utils/ConstantWeights.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTDECONVTOCONVPASS
#include "passes/ie/convert_deconv_to_conv/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The block size `s` of `op` (filter [C_in, C_out, s, s]).
int64_t getBlock(DeconvolutionOp op) {
  return llvm::cast<RankedTensorType>(op.getFilter().getType()).getDimSize(2);
}

/// The 1x1 filter type [s * s * C_out, C_in, 1, 1] of `op`.
RankedTensorType getConvFilterType(DeconvolutionOp op) {
  auto filter = llvm::cast<RankedTensorType>(op.getFilter().getType());
  const int64_t block = getBlock(op);
  return RankedTensorType::get(
      {block * block * filter.getDimSize(1), filter.getDimSize(0), 1, 1},
      filter.getElementType());
}

/// The convolution's output type: `op`'s with s * s times the channels and
/// the input's rows and columns.
RankedTensorType getConvOutputType(DeconvolutionOp op) {
  RankedTensorType output = op.getOutput().getType();
  RankedTensorType input = op.getInput().getType();
  const int64_t block = getBlock(op);
  return RankedTensorType::get({input.getDimSize(0),
                                block * block * output.getDimSize(1),
                                input.getDimSize(2), input.getDimSize(3)},
                               output.getElementType(), output.getEncoding());
}

/// The convolution's bias type: `op`'s bias ([C_out] or [1, C_out, 1, 1])
/// with s * s times the channels.
RankedTensorType getConvBiasType(DeconvolutionOp op) {
  auto bias = llvm::cast<RankedTensorType>(op.getBias().getType());
  SmallVector<int64_t, 4> shape(bias.getShape());
  const int64_t axis = bias.getRank() == 1 ? 0 : 1;
  shape[axis] *= getBlock(op) * getBlock(op);
  return RankedTensorType::get(shape, bias.getElementType());
}

/// True if every value of `values` is `expected`.
bool allEqual(ArrayRef<int64_t> values, int64_t expected) {
  return llvm::all_of(values, [&](int64_t v) { return v == expected; });
}

/// Checks that `op` can become a 1x1 convolution and a DepthToSpace (see the
/// pass description); logs the reasons it cannot.
LogicalResult checkRewrite(DeconvolutionOp op, VPU::LogCallback log) {
  auto filter = llvm::dyn_cast<RankedTensorType>(op.getFilter().getType());
  RankedTensorType input = op.getInput().getType();
  if (!filter || filter.getRank() != 4 || !filter.hasStaticShape() ||
      input.getRank() != 4 || !input.hasStaticShape()) {
    log("it is not a 2-D transposed convolution of static shapes");
    return failure();
  }
  bool ok = true;
  if (op.getGroups() != 1) {
    log("it has " + Twine(op.getGroups()) + " groups");
    ok = false;
  }
  const int64_t ky = filter.getDimSize(2), kx = filter.getDimSize(3);
  ArrayRef<int64_t> strides = op.getStrides();
  if (ky != kx || strides.size() != 2 || strides[0] != ky || strides[1] != kx ||
      ky < 2) {
    log("its kernel " + Twine(ky) + "x" + Twine(kx) +
        " is not square, equal to its strides and at least 2");
    ok = false;
  }
  if (!allEqual(op.getPadsBegin(), 0) || !allEqual(op.getPadsEnd(), 0) ||
      !allEqual(op.getOutputPadding(), 0)) {
    log("it has padding or output padding");
    ok = false;
  }
  if (!allEqual(op.getDilations(), 1)) {
    log("it is dilated");
    ok = false;
  }
  if (!checkConstantWeights(op.getFilter(), op.getBias(), log)) {
    ok = false;
  }
  if (!ok) {
    return failure();
  }
  VPU::NCE::LayerDesc layer;
  layer.inputs = {input};
  layer.output = getConvOutputType(op);
  layer.filter = getConvFilterType(op);
  layer.constantFilter = true;
  if (op.getBias()) {
    layer.bias = getConvBiasType(op);
    layer.constantBias = true;
  }
  layer.strides = {1, 1};
  layer.padsBegin = {0, 0};
  layer.padsEnd = {0, 0};
  layer.dilations = {1, 1};
  VPU::NCE::Reasons reasons;
  if (!VPU::isSupportedOnNCE<ConvolutionOp>(op.getContext(), layer, reasons,
                                            VPU::NCE::getIEStageOptions(op))) {
    log("the NCE cannot run the 1x1 convolution (" + reasons.join() + ")");
    return failure();
  }
  return success();
}

/// A new constant of type `type` with `values` (the element type's values).
Const::ContentAttr makeContent(RankedTensorType type,
                               const Const::Content &values) {
  return Const::ContentAttr::get(
      DenseElementsAttr::getFromRawBuffer(type, values.getRawStorage()));
}

/// The 1x1 filter: channel (i * s + j) * C_out + oc, input channel ic is
/// filter[ic, oc, i, j].
Const::ContentAttr buildFilter(DeconvolutionOp op) {
  Const::Content filter =
      op.getFilter().getDefiningOp<Const::DeclareOp>().getContent().fold();
  RankedTensorType type = getConvFilterType(op);
  auto filterType = llvm::cast<RankedTensorType>(op.getFilter().getType());
  const int64_t inChannels = filterType.getDimSize(0);
  const int64_t outChannels = filterType.getDimSize(1);
  const int64_t block = getBlock(op);
  Const::Content dense = Const::Content::allocate(type, false);
  for (int64_t i = 0; i < block; ++i) {
    for (int64_t j = 0; j < block; ++j) {
      for (int64_t oc = 0; oc < outChannels; ++oc) {
        const int64_t row = (i * block + j) * outChannels + oc;
        for (int64_t ic = 0; ic < inChannels; ++ic) {
          const int64_t source =
              ((ic * outChannels + oc) * block + i) * block + j;
          dense.setDouble(row * inChannels + ic, filter.getDouble(source));
        }
      }
    }
  }
  return makeContent(type, dense);
}

/// The bias of every channel block: the bias of oc at channel
/// (i * s + j) * C_out + oc.
Const::ContentAttr buildBias(DeconvolutionOp op) {
  Const::Content bias =
      op.getBias().getDefiningOp<Const::DeclareOp>().getContent().fold();
  RankedTensorType type = getConvBiasType(op);
  const int64_t blocks = getBlock(op) * getBlock(op);
  const int64_t outChannels = type.getNumElements() / blocks;
  Const::Content tiled = Const::Content::allocate(type, false);
  for (int64_t b = 0; b < blocks; ++b) {
    for (int64_t oc = 0; oc < outChannels; ++oc) {
      tiled.setDouble(b * outChannels + oc, bias.getDouble(oc));
    }
  }
  return makeContent(type, tiled);
}

/// IE.Deconvolution (kernel == stride) -> 1x1 IE.Convolution ->
/// IE.DepthToSpace.
class ConvertDeconvolution final : public OpRewritePattern<DeconvolutionOp> {
public:
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DeconvolutionOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkRewrite(op, VPU::NCE::ignoreReason))) {
      return rewriter.notifyMatchFailure(op, "not rewritten");
    }
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrs()) {
      if (attr.getName() != op.getGroupsAttrName() &&
          attr.getName() != op.getOutputPaddingAttrName() &&
          attr.getName() != op.getStridesAttrName()) {
        attrs.push_back(attr);
      }
    }
    attrs.push_back(rewriter.getNamedAttr(
        op.getStridesAttrName(), rewriter.getDenseI64ArrayAttr({1, 1})));
    SmallVector<Value, 3> operands = {
        op.getInput(),
        rewriter.create<Const::DeclareOp>(op.getLoc(), buildFilter(op))};
    if (op.getBias()) {
      operands.push_back(
          rewriter.create<Const::DeclareOp>(op.getLoc(), buildBias(op)));
    }
    auto conv = rewriter.create<ConvolutionOp>(
        op.getLoc(), TypeRange{getConvOutputType(op)}, operands, attrs);
    rewriter.replaceOpWithNewOp<DepthToSpaceOp>(
        op, op.getOutput().getType(), conv.getOutput(),
        rewriter.getI64IntegerAttr(getBlock(op)),
        DepthToSpaceModeAttr::get(op.getContext(), DepthToSpaceMode::DCR));
    return success();
  }
};

struct ConvertDeconvToConvPass
    : public impl::ConvertDeconvToConvPassBase<ConvertDeconvToConvPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    applyPatternsOnce(
        getOperation(),
        [](RewritePatternSet &patterns) {
          populateConvertDeconvToConvPatterns(patterns);
        },
        emitRemarks,
        [](Operation *op) -> std::string {
          auto deconv = llvm::dyn_cast<DeconvolutionOp>(op);
          if (!deconv) {
            return "";
          }
          VPU::NCE::Reasons reasons;
          (void)checkRewrite(deconv, reasons);
          return reasons.join();
        });
  }
};

} // namespace

void populateConvertDeconvToConvPatterns(RewritePatternSet &patterns) {
  patterns.add<ConvertDeconvolution>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
