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

#include <algorithm>
#include <numeric>
#include <string>

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
#include "passes/ie/utils/ConstantWeights.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTGROUPCONVTOCONVPASS
#include "passes/ie/convert_group_conv_to_conv/Passes.h.inc" // IWYU pragma: keep

namespace {

/// A run of consecutive groups of a group convolution: `count` groups from
/// group `first`. The whole convolution is the run of all its groups.
struct GroupRun {
  int64_t first = 0;
  int64_t count = 0;
};

/// The input and output channels of one group of `op`.
std::pair<int64_t, int64_t> getGroupChannels(GroupConvolutionOp op) {
  auto filter = llvm::cast<RankedTensorType>(op.getFilter().getType());
  return {filter.getDimSize(1), filter.getDimSize(0) / op.getGroups()};
}

/// The groups of each run of `op`: the fewest consecutive groups whose input
/// and output channels are multiples of the NCE channel alignment and whose
/// output channels number at least `minRunChannels` (a multiple of that
/// fewest).
int64_t getRunGroups(GroupConvolutionOp op, int64_t minRunChannels) {
  const auto [groupIn, groupOut] = getGroupChannels(op);
  const int64_t align = VPU::NCE::getTargetLimits(op).channelAlignment;
  const int64_t aligned = std::lcm(align / std::gcd(groupIn, align),
                                   align / std::gcd(groupOut, align));
  const int64_t alignedChannels = aligned * groupOut;
  return aligned * std::max<int64_t>(1, (minRunChannels + alignedChannels - 1) /
                                            alignedChannels);
}

/// The runs a group convolution with `groups` groups is split into when it
/// has more than `maxGroups`: runs of `runGroups` groups (the last one may be
/// shorter); one run of all groups otherwise.
SmallVector<GroupRun> getRuns(int64_t groups, int64_t maxGroups,
                              int64_t runGroups) {
  if (groups <= maxGroups) {
    return {GroupRun{0, groups}};
  }
  SmallVector<GroupRun> runs;
  for (int64_t first = 0; first < groups; first += runGroups) {
    runs.push_back(GroupRun{first, std::min(runGroups, groups - first)});
  }
  return runs;
}

/// The box of `type` with `count` elements of dim `axis` from `first` (the
/// rest whole): its offsets and sizes.
std::pair<SmallVector<int64_t, 4>, SmallVector<int64_t, 4>>
getAxisSlice(RankedTensorType type, int64_t axis, int64_t first,
             int64_t count) {
  SmallVector<int64_t, 4> offsets(type.getRank(), 0);
  SmallVector<int64_t, 4> sizes(type.getShape());
  offsets[axis] = first;
  sizes[axis] = count;
  return {offsets, sizes};
}

/// The type of the box `offsets` / `sizes` of `type` (its element type
/// sliced for a per-axis quantized type; its encoding kept).
RankedTensorType getSliceType(RankedTensorType type, ArrayRef<int64_t> offsets,
                              ArrayRef<int64_t> sizes) {
  return RankedTensorType::get(
      sizes, shape::getSlicedElementType(type.getElementType(), offsets, sizes),
      type.getEncoding());
}

/// The type `type` ([N, C, H, W]) with `channels` channels from channel
/// `first`.
RankedTensorType getChannelSliceType(RankedTensorType type, int64_t first,
                                     int64_t channels) {
  auto [offsets, sizes] = getAxisSlice(type, 1, first, channels);
  return getSliceType(type, offsets, sizes);
}

/// The block-diagonal filter type [run OC, run IC, KY, KX] of the groups
/// `run` of `op` (filter [OC, IC / G, ...]); a per-output-channel quantized
/// type keeps the run's channels.
RankedTensorType getDenseFilterType(GroupConvolutionOp op, GroupRun run) {
  auto filter = llvm::cast<RankedTensorType>(op.getFilter().getType());
  const auto [groupIn, groupOut] = getGroupChannels(op);
  auto [offsets, sizes] =
      getAxisSlice(filter, 0, run.first * groupOut, run.count * groupOut);
  sizes[1] = run.count * groupIn;
  return getSliceType(filter, offsets, sizes);
}

/// The bias slice (`[OC]` or `[1, OC, 1, 1]` of type `type`) from channel
/// `first` with `channels` channels: offsets and sizes.
std::pair<SmallVector<int64_t, 4>, SmallVector<int64_t, 4>>
getBiasSlice(RankedTensorType type, int64_t first, int64_t channels) {
  return getAxisSlice(type, type.getRank() == 1 ? 0 : 1, first, channels);
}

/// Checks that `op` can become convolutions: a 2-D group convolution the NCE
/// rejects, with a constant filter in the default order and at least 2
/// groups, and a constant bias if any; with at most `maxGroups` groups one
/// convolution, else one per run of the fewest groups whose channels are
/// aligned (getRunGroups, at most `maxGroups`), which the NCE accepts.
/// Logs the reasons it cannot.
LogicalResult checkRewrite(GroupConvolutionOp op, int64_t maxGroups,
                           int64_t minRunChannels, VPU::LogCallback log) {
  const VPU::NCE::SupportOptions options = VPU::NCE::getIEStageOptions(op);
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
  if (groups < 2) {
    log("it has " + Twine(groups) + " group");
    ok = false;
  }
  if (!checkConstantWeights(op.getFilter(), op.getBias(), log)) {
    ok = false;
  }
  if (!ok) {
    return failure();
  }
  const int64_t runGroups = getRunGroups(op, minRunChannels);
  if (groups > maxGroups && runGroups > maxGroups) {
    log("its " + Twine(groups) +
        " groups are more than max-groups = " + Twine(maxGroups) +
        ", and so are the " + Twine(runGroups) + " groups of its runs");
    return failure();
  }
  // The description of each convolution: the group convolution's with the
  // run's channels and dense filter.
  const VPU::NCE::LayerDesc whole =
      llvm::cast<VPU::NCELegalityOpInterface>(op.getOperation())
          .getNCELayerDesc();
  const auto [groupIn, groupOut] = getGroupChannels(op);
  for (GroupRun run : getRuns(groups, maxGroups, runGroups)) {
    VPU::NCE::LayerDesc layer = whole;
    layer.inputs = {getChannelSliceType(
        op.getInput().getType(), run.first * groupIn, run.count * groupIn)};
    layer.output = getChannelSliceType(
        op.getOutput().getType(), run.first * groupOut, run.count * groupOut);
    layer.filter = getDenseFilterType(op, run);
    if (Value bias = op.getBias()) {
      auto biasType = llvm::cast<RankedTensorType>(bias.getType());
      auto [offsets, sizes] =
          getBiasSlice(biasType, run.first * groupOut, run.count * groupOut);
      layer.bias = getSliceType(biasType, offsets, sizes);
    }
    layer.groups = 1;
    VPU::NCE::Reasons reasons;
    if (!VPU::isSupportedOnNCE<ConvolutionOp>(op.getContext(), layer, reasons,
                                              options)) {
      const std::string which =
          run.count == groups
              ? std::string("the convolution")
              : "the convolution of groups " + std::to_string(run.first) +
                    " to " + std::to_string(run.first + run.count - 1);
      log("the NCE cannot run " + which + " (" + reasons.join() + ")");
      return failure();
    }
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

/// The block-diagonal filter [run OC, run IC, KY, KX] of the groups `run` of
/// `op`'s constant filter (checked by checkRewrite) as a new constant content.
Const::ContentAttr buildDenseFilter(GroupConvolutionOp op, GroupRun run) {
  auto constant = op.getFilter().getDefiningOp<Const::DeclareOp>();
  Const::Content group = constant.getContent().fold();
  RankedTensorType denseType = getDenseFilterType(op, run);
  ArrayRef<int64_t> shape = denseType.getShape();
  const int64_t outChannels = shape[0];
  const int64_t inChannels = shape[1];
  const int64_t window = shape[2] * shape[3];
  const auto [groupIn, groupOut] = getGroupChannels(op);
  const int64_t firstOut = run.first * groupOut;
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
        const int64_t source =
            ((firstOut + oc) * groupIn + ic - firstIn) * window + k;
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

/// The bias of the groups `run` of `op` (a constant `[OC]` or
/// `[1, OC, 1, 1]`, checked by checkRewrite): the bias itself for the run of
/// all groups, else a new constant of the run's channels.
Value getRunBias(GroupConvolutionOp op, GroupRun run, int64_t outChannels,
                 PatternRewriter &rewriter) {
  Value bias = op.getBias();
  const int64_t groupOut = getGroupChannels(op).second;
  if (!bias || run.count * groupOut == outChannels) {
    return bias;
  }
  auto [offsets, sizes] =
      getBiasSlice(llvm::cast<RankedTensorType>(bias.getType()),
                   run.first * groupOut, run.count * groupOut);
  Const::ContentAttr content =
      bias.getDefiningOp<Const::DeclareOp>().getContent().subview(offsets,
                                                                  sizes);
  return rewriter.create<Const::DeclareOp>(op.getLoc(), content);
}

/// IE.GroupConvolution -> IE.Convolution with a block-diagonal filter, or
/// for more than `maxGroups` groups IE.Slice -> IE.Convolution per run of
/// aligned groups, concatenated.
class ConvertGroupConvolution final
    : public OpRewritePattern<GroupConvolutionOp> {
public:
  ConvertGroupConvolution(MLIRContext *context, int64_t maxGroups,
                          int64_t minRunChannels)
      : OpRewritePattern(context), maxGroups(maxGroups),
        minRunChannels(minRunChannels) {}

  LogicalResult matchAndRewrite(GroupConvolutionOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkRewrite(op, maxGroups, minRunChannels,
                            VPU::NCE::ignoreReason))) {
      return rewriter.notifyMatchFailure(op, "not rewritten");
    }
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrs()) {
      if (attr.getName() != op.getGroupsAttrName()) {
        attrs.push_back(attr);
      }
    }
    const auto groups = static_cast<int64_t>(op.getGroups());
    const auto [groupIn, groupOut] = getGroupChannels(op);
    RankedTensorType inputType = op.getInput().getType();
    RankedTensorType outputType = op.getOutput().getType();
    const int64_t outChannels = outputType.getDimSize(1);
    SmallVector<Value> results;
    for (GroupRun run :
         getRuns(groups, maxGroups, getRunGroups(op, minRunChannels))) {
      Value input = op.getInput();
      if (run.count != groups) {
        SmallVector<int64_t, 4> starts(inputType.getRank(), 0);
        SmallVector<int64_t, 4> ends(inputType.getShape());
        starts[1] = run.first * groupIn;
        ends[1] = (run.first + run.count) * groupIn;
        input = rewriter.create<SliceOp>(
            op.getLoc(),
            getChannelSliceType(inputType, starts[1], ends[1] - starts[1]),
            input, starts, ends, DenseI64ArrayAttr(), DenseI64ArrayAttr());
      }
      Value filter = rewriter.create<Const::DeclareOp>(
          op.getLoc(), buildDenseFilter(op, run));
      SmallVector<Value, 3> operands = {input, filter};
      if (Value bias = getRunBias(op, run, outChannels, rewriter)) {
        operands.push_back(bias);
      }
      auto conv = rewriter.create<ConvolutionOp>(
          op.getLoc(),
          TypeRange{getChannelSliceType(outputType, run.first * groupOut,
                                        run.count * groupOut)},
          operands, attrs);
      results.push_back(conv.getOutput());
    }
    if (results.size() == 1) {
      rewriter.replaceOp(op, results.front());
      return success();
    }
    rewriter.replaceOpWithNewOp<ConcatOp>(op, outputType, results, uint64_t{1});
    return success();
  }

private:
  int64_t maxGroups;
  int64_t minRunChannels;
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
    const int64_t runChannels = minRunChannels;
    applyPatternsOnce(
        getOperation(),
        [&](RewritePatternSet &patterns) {
          populateConvertGroupConvToConvPatterns(patterns, limit, runChannels);
        },
        emitRemarks,
        [&](Operation *op) -> std::string {
          auto conv = llvm::dyn_cast<GroupConvolutionOp>(op);
          if (!conv) {
            return "";
          }
          VPU::NCE::Reasons reasons;
          (void)checkRewrite(conv, limit, runChannels, reasons);
          return reasons.join();
        });
  }
};

} // namespace

void populateConvertGroupConvToConvPatterns(RewritePatternSet &patterns,
                                            int64_t maxGroups,
                                            int64_t minRunChannels) {
  patterns.add<ConvertGroupConvolution>(patterns.getContext(), maxGroups,
                                        minRunChannels);
}

} // namespace mlir::vpuc::IE
