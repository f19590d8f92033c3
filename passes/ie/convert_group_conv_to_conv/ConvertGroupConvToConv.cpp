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
#include <optional>
#include <string>

#include "core/cost/CostModel.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/NCELimits.h"
#include "dialects/vpu/ir/VPUNCEInterfaces.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/utils/ApplyOnce.h"
#include "passes/ie/utils/ConstantWeights.h"
#include "passes/vpuip/utils/TaskCost.h"
#include "llvm/Support/MathExtras.h"

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

/// The fewest consecutive groups of `op` whose input and output channels are
/// multiples of the NCE channel alignment: every run but the last is a
/// multiple of it.
int64_t getAlignedRunGroups(GroupConvolutionOp op) {
  const auto [groupIn, groupOut] = getGroupChannels(op);
  const int64_t align = VPU::NCE::getTargetLimits(op).channelAlignment;
  return std::lcm(align / std::gcd(groupIn, align),
                  align / std::gcd(groupOut, align));
}

/// The runs of `runGroups` groups of a group convolution with `groups`
/// groups (the last one may be shorter).
SmallVector<GroupRun> getRuns(int64_t groups, int64_t runGroups) {
  SmallVector<GroupRun> runs;
  for (int64_t first = 0; first < groups; first += runGroups) {
    runs.push_back(GroupRun{first, std::min(runGroups, groups - first)});
  }
  return runs;
}

/// The estimated cycles of `op` as `runs` (see the pass description): per
/// run, the larger of its NCE task (rows over the clusters, channels
/// aligned) and its DMAs (weights and weights table from DDR; its input
/// channels when there are several runs), plus a barrier.
double estimateRuns(GroupConvolutionOp op, ArrayRef<GroupRun> runs,
                    const GroupConvTarget &target) {
  const cost::CostModel &model = *target.model;
  const auto [groupIn, groupOut] = getGroupChannels(op);
  RankedTensorType input = op.getInput().getType();
  RankedTensorType output = op.getOutput().getType();
  auto filter = llvm::cast<RankedTensorType>(op.getFilter().getType());
  const uint64_t align = VPU::NCE::getTargetLimits(op).channelAlignment;
  const int64_t window = filter.getDimSize(2) * filter.getDimSize(3);
  const int64_t clusters = std::max<int64_t>(1, target.clusters);
  const auto rows =
      static_cast<int64_t>(llvm::divideCeil(output.getDimSize(2), clusters));
  const double rate =
      model.getDpuMacsPerCycle(VPUIP::getMacRateName(input.getElementType()));
  const auto weightBytes = static_cast<int64_t>(
      Const::Content::getElementByteSize(filter.getElementType()));
  const auto inputBytes = static_cast<int64_t>(
      Const::Content::getElementByteSize(input.getElementType()));
  double cycles = 0;
  for (GroupRun run : runs) {
    const auto in =
        static_cast<int64_t>(llvm::alignTo(run.count * groupIn, align));
    const auto out =
        static_cast<int64_t>(llvm::alignTo(run.count * groupOut, align));
    const double nce = model.getNceTaskCycles(
        output.getDimSize(3), rows, out, window * in,
        std::max<int64_t>(1, target.dpus), rate, /*cmxBytes=*/0);
    double dma = model.getDmaCycles(
        static_cast<uint64_t>(out * (in * window * weightBytes +
                                     VPU::NCE::kWeightsTableBytesPerChannel)),
        /*ddr=*/true);
    if (runs.size() > 1) {
      dma += model.getDmaCycles(
          static_cast<uint64_t>(in * input.getDimSize(2) * input.getDimSize(3) *
                                inputBytes / clusters),
          /*ddr=*/false);
    }
    cycles += std::max(nce, dma) + model.getBarrierCycles();
  }
  return cycles;
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

/// True if the NCE accepts the convolution of every run of `runs` of `op`
/// (the group convolution's description with the run's channels and dense
/// filter); logs the reasons of the first it rejects otherwise.
bool acceptsRuns(GroupConvolutionOp op, ArrayRef<GroupRun> runs,
                 const VPU::NCE::SupportOptions &options,
                 VPU::LogCallback log) {
  const VPU::NCE::LayerDesc whole =
      llvm::cast<VPU::NCELegalityOpInterface>(op.getOperation())
          .getNCELayerDesc();
  const auto groups = static_cast<int64_t>(op.getGroups());
  const auto [groupIn, groupOut] = getGroupChannels(op);
  for (GroupRun run : runs) {
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
      return false;
    }
  }
  return true;
}

/// The groups of each run `op` becomes (all its groups for one convolution):
/// of the multiples of getAlignedRunGroups below its groups, and its groups,
/// at most `maxGroups` each, the one with the fewest estimated cycles
/// (estimateRuns; the fewer groups on a tie) whose runs the NCE accepts.
/// Fails, logging the reasons, when `op` cannot become convolutions: the NCE
/// runs it as it is (depthwise; no reason), or it is not a 2-D group
/// convolution with a constant filter in the default order, a constant bias
/// if any and at least 2 groups, or no run size fits.
FailureOr<int64_t> chooseRunGroups(GroupConvolutionOp op, int64_t maxGroups,
                                   const GroupConvTarget &target,
                                   VPU::LogCallback log) {
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
  const int64_t aligned = getAlignedRunGroups(op);
  SmallVector<int64_t> candidates;
  for (int64_t count = aligned; count < groups && count <= maxGroups;
       count += aligned) {
    candidates.push_back(count);
  }
  if (groups <= maxGroups) {
    candidates.push_back(groups);
  }
  if (candidates.empty()) {
    log("its runs of " + Twine(aligned) +
        " groups (the fewest with aligned channels) are more than "
        "max-groups = " +
        Twine(maxGroups));
    return failure();
  }
  std::optional<int64_t> best;
  double bestCycles = 0;
  std::string firstReason;
  for (int64_t count : candidates) {
    SmallVector<GroupRun> runs = getRuns(groups, count);
    VPU::NCE::Reasons reasons;
    if (!acceptsRuns(op, runs, options, reasons)) {
      if (firstReason.empty()) {
        firstReason = reasons.join();
      }
      continue;
    }
    const double cycles = estimateRuns(op, runs, target);
    if (!best || cycles < bestCycles) {
      best = count;
      bestCycles = cycles;
    }
  }
  if (!best) {
    log(firstReason);
    return failure();
  }
  return *best;
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

/// IE.GroupConvolution -> IE.Slice -> IE.Convolution with a block-diagonal
/// filter per run of groups (chooseRunGroups), concatenated; one
/// IE.Convolution for a run of all groups.
class ConvertGroupConvolution final
    : public OpRewritePattern<GroupConvolutionOp> {
public:
  ConvertGroupConvolution(MLIRContext *context, int64_t maxGroups,
                          GroupConvTarget target)
      : OpRewritePattern(context), maxGroups(maxGroups), target(target) {}

  LogicalResult matchAndRewrite(GroupConvolutionOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<int64_t> runGroups =
        chooseRunGroups(op, maxGroups, target, VPU::NCE::ignoreReason);
    if (failed(runGroups)) {
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
    for (GroupRun run : getRuns(groups, *runGroups)) {
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
  GroupConvTarget target;
};

struct ConvertGroupConvToConvPass
    : public impl::ConvertGroupConvToConvPassBase<ConvertGroupConvToConvPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const int64_t limit = maxGroups;
    if (limit < 1) {
      func.emitOpError() << "cannot combine " << limit
                         << " groups per convolution (option max-groups of "
                            "vpuc-ie-convert-group-conv-to-conv): it is "
                            "below 1";
      return signalPassFailure();
    }
    VPUIP::ResourcesAttr resources = VPUIP::getResources(func);
    if (!resources) {
      func.emitOpError() << "has no target for vpuc-ie-convert-group-conv-to-"
                            "conv's cost model: the module has no "
                            "VPUIP.resources (run vpuc-init-compiler)";
      return signalPassFailure();
    }
    llvm::Expected<cost::CostModel> model = VPUIP::loadCostModel(resources);
    if (!model) {
      func.emitOpError() << "cannot choose the runs of group convolutions "
                            "(vpuc-ie-convert-group-conv-to-conv): "
                         << llvm::toString(model.takeError());
      return signalPassFailure();
    }
    const GroupConvTarget target{&*model, resources.getClusters(),
                                 resources.getDpus()};
    applyPatternsOnce(
        func,
        [&](RewritePatternSet &patterns) {
          populateConvertGroupConvToConvPatterns(patterns, limit, target);
        },
        emitRemarks,
        [&](Operation *op) -> std::string {
          auto conv = llvm::dyn_cast<GroupConvolutionOp>(op);
          if (!conv) {
            return "";
          }
          VPU::NCE::Reasons reasons;
          (void)chooseRunGroups(conv, limit, target, reasons);
          return reasons.join();
        });
  }
};

} // namespace

void populateConvertGroupConvToConvPatterns(RewritePatternSet &patterns,
                                            int64_t maxGroups,
                                            GroupConvTarget target) {
  patterns.add<ConvertGroupConvolution>(patterns.getContext(), maxGroups,
                                        target);
}

} // namespace mlir::vpuc::IE
