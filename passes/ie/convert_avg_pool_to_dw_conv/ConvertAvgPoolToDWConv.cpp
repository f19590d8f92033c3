//===- ConvertAvgPoolToDWConv.cpp - AvgPool to depthwise conv ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertAvgPoolToDWConvPass and its patterns: average pools
// (IE.AvgPool and the global IE.ReduceMean over H and W) that the NCE cannot
// run as pools become depthwise convolutions with constant 1 / (KY * KX)
// weights, or chains of smaller non-overlapping pools, where that is exact and
// the NCE runs the result. Each form is described and the NCE asked before
// anything is built.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_avg_pool_to_dw_conv/ConvertAvgPoolToDWConv.h"

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>

#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "passes/ie/utils/ApplyOnce.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_CONVERTAVGPOOLTODWCONVPASS
#include "passes/ie/convert_avg_pool_to_dw_conv/Passes.h.inc" // IWYU pragma: keep

namespace {

bool isNonZero(int64_t value) { return value != 0; }

/// An average pool to rewrite: 2-D, static shapes.
struct PoolSpec {
  Value input;
  SmallVector<int64_t, 2> kernel;
  SmallVector<int64_t, 2> strides;
  SmallVector<int64_t, 2> padsBegin;
  SmallVector<int64_t, 2> padsEnd;
  bool excludePad = false;
  /// The result type; its spatial dims are the output sizes of the pool's own
  /// rounding rule.
  RankedTensorType resultType;
  /// The NCE legality options of the IE stage for the pool's target.
  VPU::NCE::SupportOptions options;
  /// The CMX bytes of one cluster of the target (its `VPUIP.resources`; 0
  /// without them).
  int64_t cmxBytes = 0;
  /// The least H * W of a mean that rule 3 rewrites (the pass's
  /// `min-padded-area`).
  int64_t minPaddedArea = ConvertAvgPoolToDWConvPassOptions().minPaddedArea;
  /// Whether the target runs software layers on UPA SHAVEs (VPUX30XX),
  /// where rule 3 is not made.
  bool upaShaves = false;

  ArrayRef<int64_t> inputShape() const {
    return llvm::cast<RankedTensorType>(input.getType()).getShape();
  }

  /// Sets the options and the CMX size of the target of the module holding
  /// `op`.
  void setTarget(Operation *op) {
    options = VPU::NCE::getIEStageOptions(op);
    if (VPUIP::ResourcesAttr resources = VPUIP::getResources(op)) {
      cmxBytes = resources.getCmxSize();
      upaShaves = resources.getShaveKind() == VPUIP::ShaveKind::UPA;
    }
  }
};

/// The pads_end of a depthwise convolution that computes `spec` exactly (the
/// end padding the windows read), or failure with the reason.
FailureOr<SmallVector<int64_t, 2>> getExactPadsEnd(const PoolSpec &spec,
                                                   VPU::NCE::Reasons &reasons) {
  SmallVector<int64_t, 2> padsEnd;
  ArrayRef<int64_t> inShape = spec.inputShape();
  ArrayRef<int64_t> outShape = spec.resultType.getShape();
  for (int axis = 0; axis < 2; ++axis) {
    const int64_t in = inShape[2 + axis];
    const int64_t out = outShape[2 + axis];
    const int64_t kernel = spec.kernel[axis];
    const int64_t stride = spec.strides[axis];
    const int64_t begin = spec.padsBegin[axis];
    const int64_t floorOut =
        (in + begin + spec.padsEnd[axis] - kernel) / stride + 1;
    if (out != floorOut) {
      reasons.add("a depthwise convolution is not exact: the last window of "
                  "the ceil rounding reaches beyond the padded input and "
                  "divides by fewer than KY * KX elements");
      return failure();
    }
    const int64_t used =
        std::max<int64_t>(0, (out - 1) * stride + kernel - in - begin);
    if (spec.excludePad && (begin > 0 || used > 0)) {
      reasons.add("a depthwise convolution is not exact: with exclude_pad the "
                  "windows that read padding divide by fewer than KY * KX "
                  "elements");
      return failure();
    }
    padsEnd.push_back(used);
  }
  return padsEnd;
}

/// The rewrite planned for an average pool (see the pass description).
struct Plan {
  enum class Kind {
    /// An IE.AvgPool with the spec's window (a global mean the NCE runs as a
    /// pool).
    Pool,
    /// Rule 1: a depthwise convolution with `padsEnd`.
    Depthwise,
    /// Rule 2: a chain of non-overlapping pools with `windows`.
    PoolChain,
    /// Rule 3: a chain of non-overlapping zero-padded pools with `stages`,
    /// the last a depthwise convolution that scales the sum to the mean.
    PaddedChain,
  };
  /// A stage of rule 3: kernel = strides `window`, end padding `padsEnd`.
  struct Stage {
    SmallVector<int64_t, 2> window;
    SmallVector<int64_t, 2> padsEnd;
  };
  Kind kind = Kind::Pool;
  SmallVector<int64_t, 2> padsEnd;
  SmallVector<std::pair<int64_t, int64_t>> windows;
  SmallVector<Stage> stages;
};

/// The description of an average pool with `kernel`, `strides`, no begin
/// padding, `padsEnd` (none by default) and floor rounding on `input`, with
/// its output type.
VPU::NCE::LayerDesc describePool(RankedTensorType input,
                                 ArrayRef<int64_t> kernel,
                                 ArrayRef<int64_t> strides,
                                 RankedTensorType output,
                                 ArrayRef<int64_t> padsEnd = {0, 0}) {
  VPU::NCE::LayerDesc layer;
  layer.inputs = {input};
  layer.output = output;
  layer.kernel.assign(kernel.begin(), kernel.end());
  layer.strides.assign(strides.begin(), strides.end());
  layer.padsBegin = {0, 0};
  layer.padsEnd.assign(padsEnd.begin(), padsEnd.end());
  return layer;
}

/// The description of a depthwise convolution of `input` with a constant
/// filter of `kernel`, `strides`, `padsBegin` and `padsEnd`, with its output
/// type.
VPU::NCE::LayerDesc
describeDepthwise(RankedTensorType input, ArrayRef<int64_t> kernel,
                  ArrayRef<int64_t> strides, ArrayRef<int64_t> padsBegin,
                  ArrayRef<int64_t> padsEnd, RankedTensorType output) {
  const int64_t channels = input.getDimSize(1);
  VPU::NCE::LayerDesc layer;
  layer.inputs = {input};
  layer.output = output;
  layer.filter = RankedTensorType::get({channels, 1, kernel[0], kernel[1]},
                                       input.getElementType());
  layer.constantFilter = true;
  layer.strides.assign(strides.begin(), strides.end());
  layer.padsBegin.assign(padsBegin.begin(), padsBegin.end());
  layer.padsEnd.assign(padsEnd.begin(), padsEnd.end());
  layer.dilations = {1, 1};
  layer.groups = channels;
  return layer;
}

/// Rule 1: checks that the depthwise convolution with constant
/// 1 / (KY * KX) weights is exact and that the NCE runs it, or adds the
/// reasons; returns its pads_end.
FailureOr<SmallVector<int64_t, 2>> checkDepthwise(MLIRContext *context,
                                                  const PoolSpec &spec,
                                                  VPU::NCE::Reasons &reasons) {
  FailureOr<SmallVector<int64_t, 2>> padsEnd = getExactPadsEnd(spec, reasons);
  if (failed(padsEnd)) {
    return failure();
  }
  auto inType = llvm::cast<RankedTensorType>(spec.input.getType());
  const int64_t channels = inType.getDimSize(1);
  FailureOr<RankedTensorType> output = VPU::NCE::inferWindowOutputType(
      inType, channels, spec.kernel, spec.strides, spec.padsBegin, *padsEnd);
  if (failed(output) || *output != spec.resultType) {
    reasons.add("the depthwise convolution would not have the pool's result "
                "type");
    return failure();
  }
  VPU::NCE::Reasons nce;
  if (!VPU::isSupportedOnNCE<GroupConvolutionOp>(
          context,
          describeDepthwise(inType, spec.kernel, spec.strides, spec.padsBegin,
                            *padsEnd, *output),
          nce, spec.options)) {
    reasons.add("the NCE cannot run the depthwise convolution (" + nce.join() +
                ")");
    return failure();
  }
  return padsEnd;
}

/// A depthwise convolution of `input` whose constant filter of `kernel` holds
/// `weight` everywhere.
Value createDepthwise(RewriterBase &rewriter, Location loc, Value input,
                      ArrayRef<int64_t> kernel, ArrayRef<int64_t> strides,
                      ArrayRef<int64_t> padsBegin, ArrayRef<int64_t> padsEnd,
                      double weight) {
  auto inType = llvm::cast<RankedTensorType>(input.getType());
  const int64_t channels = inType.getDimSize(1);
  Type elementType = inType.getElementType();
  auto filterType =
      RankedTensorType::get({channels, 1, kernel[0], kernel[1]}, elementType);
  Attribute value = rewriter.getFloatAttr(elementType, weight);
  auto weights = DenseElementsAttr::get(filterType, llvm::ArrayRef(value));
  Value filter =
      rewriter.create<Const::DeclareOp>(loc, Const::ContentAttr::get(weights));
  const SmallVector<int64_t, 2> dilations = {1, 1};
  return rewriter.create<GroupConvolutionOp>(
      loc, input, filter, Value(), strides, padsBegin, padsEnd,
      ArrayRef<int64_t>(dilations), static_cast<uint64_t>(channels));
}

/// Rule 1: builds the depthwise convolution checkDepthwise accepted.
Value createDepthwise(RewriterBase &rewriter, Location loc,
                      const PoolSpec &spec, ArrayRef<int64_t> padsEnd) {
  const int64_t area = spec.kernel[0] * spec.kernel[1];
  return createDepthwise(rewriter, loc, spec.input, spec.kernel, spec.strides,
                         spec.padsBegin, padsEnd,
                         1.0 / static_cast<double>(area));
}

/// The factor pairs (dy, dx) of (ky, kx) but (1, 1), largest product first.
SmallVector<std::pair<int64_t, int64_t>> getFactorPairs(int64_t ky,
                                                        int64_t kx) {
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  for (int64_t dy = ky; dy >= 1; --dy) {
    if (ky % dy != 0) {
      continue;
    }
    for (int64_t dx = kx; dx >= 1; --dx) {
      if (kx % dx == 0 && (dy != 1 || dx != 1)) {
        pairs.emplace_back(dy, dx);
      }
    }
  }
  llvm::stable_sort(pairs, [](const auto &a, const auto &b) {
    return a.first * a.second > b.first * b.second;
  });
  return pairs;
}

/// Rule 2: the windows of a chain of non-overlapping pools the NCE runs, if
/// the windows of `spec` tile the input without overlap or padding; else
/// adds the reasons.
FailureOr<SmallVector<std::pair<int64_t, int64_t>>>
planPoolChain(MLIRContext *context, const PoolSpec &spec,
              VPU::NCE::Reasons &reasons) {
  ArrayRef<int64_t> inShape = spec.inputShape();
  ArrayRef<int64_t> outShape = spec.resultType.getShape();
  for (int axis = 0; axis < 2; ++axis) {
    const int64_t kernel = spec.kernel[axis];
    const int64_t out = outShape[2 + axis];
    if (spec.padsBegin[axis] != 0 ||
        (spec.strides[axis] != kernel && out != 1) ||
        inShape[2 + axis] / kernel != out) {
      reasons.add("no chain of smaller pools: the windows overlap, read "
                  "padding or leave input elements out");
      return failure();
    }
  }
  auto current = llvm::cast<RankedTensorType>(spec.input.getType());
  const int64_t channels = current.getDimSize(1);
  int64_t remainingY = spec.kernel[0];
  int64_t remainingX = spec.kernel[1];
  SmallVector<std::pair<int64_t, int64_t>> windows;
  while (remainingY != 1 || remainingX != 1) {
    RankedTensorType next;
    SmallVector<std::pair<int64_t, int64_t>> pairs =
        getFactorPairs(remainingY, remainingX);
    // The first pool reads the whole input. One larger than half the CMX is
    // split over rows, between the clusters and into tiles, where its
    // producer left it: one-row windows make every such split a window
    // boundary, so that each piece pools the rows it holds (EfficientNet-B3's
    // 75 x 75 x 192 squeeze-excitation means, 38 / 37 rows per cluster, which
    // no taller window divides).
    FailureOr<shape::Byte> bytes = shape::getTotalAllocSize(current);
    if (windows.empty() && spec.cmxBytes > 0 && succeeded(bytes) &&
        bytes->count() * 2 > spec.cmxBytes) {
      std::stable_partition(pairs.begin(), pairs.end(),
                            [](const auto &pair) { return pair.first == 1; });
    }
    for (auto [dy, dx] : pairs) {
      const SmallVector<int64_t, 2> window = {dy, dx};
      FailureOr<RankedTensorType> output = VPU::NCE::inferWindowOutputType(
          current, channels, window, window, {0, 0}, {0, 0});
      if (failed(output) ||
          !VPU::isSupportedOnNCE<AvgPoolOp>(
              context, describePool(current, window, window, *output),
              VPU::NCE::ignoreReason, spec.options)) {
        continue;
      }
      next = *output;
      windows.emplace_back(dy, dx);
      remainingY /= dy;
      remainingX /= dx;
      break;
    }
    if (!next) {
      reasons.add("no chain of smaller pools: the kernel " +
                  Twine(spec.kernel[0]) + "x" + Twine(spec.kernel[1]) +
                  " does not factor into pools the NCE runs");
      return failure();
    }
    current = next;
  }
  if (current != spec.resultType) {
    reasons.add("the chain of pools would not have the pool's result type");
    return failure();
  }
  return windows;
}

/// Rule 2: builds the chain of pools planPoolChain planned.
Value createPoolChain(RewriterBase &rewriter, Location loc,
                      const PoolSpec &spec,
                      ArrayRef<std::pair<int64_t, int64_t>> windows) {
  Value current = spec.input;
  const SmallVector<int64_t, 2> zeros = {0, 0};
  for (auto [dy, dx] : windows) {
    const SmallVector<int64_t, 2> window = {dy, dx};
    current = rewriter.create<AvgPoolOp>(
        loc, current, ArrayRef<int64_t>(window), ArrayRef<int64_t>(window),
        ArrayRef<int64_t>(zeros), ArrayRef<int64_t>(zeros), RoundingType::FLOOR,
        /*exclude_pad=*/false);
  }
  return current;
}

/// The largest window side rule 3 tries: beyond the NCE kernel limits of
/// the targets (11), so that the NCE decides.
constexpr int64_t kMaxPaddedWindow = 16;

/// Rule 3: the stages of a chain of zero-padded non-overlapping pools the NCE
/// runs that computes a mean over the whole input (a global mean whose sides
/// have a prime factor beyond the NCE kernel limit, e.g. EfficientNet-B2's
/// 65 x 65 and 17 x 17 maps); else adds the reasons.
FailureOr<SmallVector<Plan::Stage>>
planPaddedChain(MLIRContext *context, const PoolSpec &spec,
                VPU::NCE::Reasons &reasons) {
  ArrayRef<int64_t> inShape = spec.inputShape();
  ArrayRef<int64_t> outShape = spec.resultType.getShape();
  if (outShape[2] != 1 || outShape[3] != 1 || spec.kernel[0] != inShape[2] ||
      spec.kernel[1] != inShape[3] || llvm::any_of(spec.padsBegin, isNonZero) ||
      llvm::any_of(spec.padsEnd, isNonZero)) {
    reasons.add("no chain of padded pools: not a mean over the whole input");
    return failure();
  }
  if (spec.upaShaves) {
    // Measured: the chains made EfficientNet-B2 4.4 % slower on VPUX30XX,
    // whose UPA SHAVEs read the map in DDR where the NCE needs it in CMX.
    reasons.add("no chain of padded pools: the target's software layers run "
                "on UPA SHAVEs");
    return failure();
  }
  if (inShape[2] * inShape[3] < spec.minPaddedArea) {
    reasons.add("no chain of padded pools: the map of " + Twine(inShape[2]) +
                "x" + Twine(inShape[3]) + " is smaller than min-padded-area " +
                Twine(spec.minPaddedArea));
    return failure();
  }
  auto current = llvm::cast<RankedTensorType>(spec.input.getType());
  const int64_t channels = current.getDimSize(1);
  int64_t remainingY = inShape[2];
  int64_t remainingX = inShape[3];
  SmallVector<Plan::Stage> stages;
  while (remainingY != 1 || remainingX != 1) {
    // The windows that leave the fewest means first, then those that read
    // the least padding, then the larger.
    struct Candidate {
      int64_t dy, dx, outY, outX;
      /// The padded extents: the least, the least padding.
      int64_t paddedExtents() const { return outY * dy + outX * dx; }
    };
    SmallVector<Candidate> candidates;
    for (int64_t dy = 1; dy <= std::min(remainingY, kMaxPaddedWindow); ++dy) {
      for (int64_t dx = 1; dx <= std::min(remainingX, kMaxPaddedWindow); ++dx) {
        if (dy != 1 || dx != 1) {
          candidates.push_back(
              {dy, dx, (remainingY + dy - 1) / dy, (remainingX + dx - 1) / dx});
        }
      }
    }
    llvm::stable_sort(candidates, [](const Candidate &a, const Candidate &b) {
      return std::make_tuple(a.outY * a.outX, a.paddedExtents(), -a.dy * a.dx) <
             std::make_tuple(b.outY * b.outX, b.paddedExtents(), -b.dy * b.dx);
    });
    // As in rule 2, the first pool of an input larger than half the CMX
    // takes one-row windows where it can.
    FailureOr<shape::Byte> bytes = shape::getTotalAllocSize(current);
    if (stages.empty() && spec.cmxBytes > 0 && succeeded(bytes) &&
        bytes->count() * 2 > spec.cmxBytes) {
      std::stable_partition(candidates.begin(), candidates.end(),
                            [](const Candidate &c) { return c.dy == 1; });
    }
    RankedTensorType next;
    for (const Candidate &c : candidates) {
      Plan::Stage stage;
      stage.window = {c.dy, c.dx};
      stage.padsEnd = {c.outY * c.dy - remainingY, c.outX * c.dx - remainingX};
      FailureOr<RankedTensorType> output = VPU::NCE::inferWindowOutputType(
          current, channels, stage.window, stage.window, {0, 0}, stage.padsEnd);
      if (failed(output)) {
        continue;
      }
      // The last stage scales the padded mean to the mean: a depthwise
      // convolution; the others are pools that count the padding.
      const bool last = c.outY == 1 && c.outX == 1;
      if (last ? !VPU::isSupportedOnNCE<GroupConvolutionOp>(
                     context,
                     describeDepthwise(current, stage.window, stage.window,
                                       {0, 0}, stage.padsEnd, *output),
                     VPU::NCE::ignoreReason, spec.options)
               : !VPU::isSupportedOnNCE<AvgPoolOp>(
                     context,
                     describePool(current, stage.window, stage.window, *output,
                                  stage.padsEnd),
                     VPU::NCE::ignoreReason, spec.options)) {
        continue;
      }
      next = *output;
      stages.push_back(std::move(stage));
      remainingY = c.outY;
      remainingX = c.outX;
      break;
    }
    if (!next) {
      reasons.add("no chain of padded pools the NCE runs");
      return failure();
    }
    current = next;
  }
  if (current != spec.resultType) {
    reasons.add("the chain of padded pools would not have the pool's result "
                "type");
    return failure();
  }
  return stages;
}

/// Rule 3: builds the chain planPaddedChain planned. The pools before the
/// last stage average over their padded windows, so that the last, a
/// depthwise convolution, multiplies the sum of its window by (the product of
/// the earlier windows' areas) / (the input's area): the mean.
Value createPaddedChain(RewriterBase &rewriter, Location loc,
                        const PoolSpec &spec, ArrayRef<Plan::Stage> stages) {
  Value current = spec.input;
  const SmallVector<int64_t, 2> zeros = {0, 0};
  double earlierAreas = 1;
  for (const Plan::Stage &stage : stages.drop_back()) {
    current = rewriter.create<AvgPoolOp>(
        loc, current, ArrayRef<int64_t>(stage.window),
        ArrayRef<int64_t>(stage.window), ArrayRef<int64_t>(zeros),
        ArrayRef<int64_t>(stage.padsEnd), RoundingType::FLOOR,
        /*exclude_pad=*/false);
    earlierAreas *= static_cast<double>(stage.window[0] * stage.window[1]);
  }
  const Plan::Stage &last = stages.back();
  const double area = static_cast<double>(spec.kernel[0] * spec.kernel[1]);
  return createDepthwise(rewriter, loc, current, last.window, last.window,
                         zeros, last.padsEnd, earlierAreas / area);
}

/// Plans rule 1, else rule 2, else rule 3, for `spec`; adds the reasons of
/// each if none applies.
FailureOr<Plan> planRules(MLIRContext *context, const PoolSpec &spec,
                          VPU::NCE::Reasons &reasons) {
  Plan plan;
  FailureOr<SmallVector<int64_t, 2>> padsEnd =
      checkDepthwise(context, spec, reasons);
  if (succeeded(padsEnd)) {
    plan.kind = Plan::Kind::Depthwise;
    plan.padsEnd = *padsEnd;
    return plan;
  }
  FailureOr<SmallVector<std::pair<int64_t, int64_t>>> windows =
      planPoolChain(context, spec, reasons);
  if (succeeded(windows)) {
    plan.kind = Plan::Kind::PoolChain;
    plan.windows = std::move(*windows);
    return plan;
  }
  FailureOr<SmallVector<Plan::Stage>> stages =
      planPaddedChain(context, spec, reasons);
  if (failed(stages)) {
    return failure();
  }
  plan.kind = Plan::Kind::PaddedChain;
  plan.stages = std::move(*stages);
  return plan;
}

/// Builds `plan` for `spec`.
Value createPlan(RewriterBase &rewriter, Location loc, const PoolSpec &spec,
                 const Plan &plan) {
  switch (plan.kind) {
  case Plan::Kind::Pool:
    return rewriter.create<AvgPoolOp>(
        loc, spec.input, ArrayRef<int64_t>(spec.kernel),
        ArrayRef<int64_t>(spec.strides), ArrayRef<int64_t>(spec.padsBegin),
        ArrayRef<int64_t>(spec.padsEnd), RoundingType::FLOOR,
        /*exclude_pad=*/false);
  case Plan::Kind::Depthwise:
    return createDepthwise(rewriter, loc, spec, plan.padsEnd);
  case Plan::Kind::PoolChain:
    return createPoolChain(rewriter, loc, spec, plan.windows);
  case Plan::Kind::PaddedChain:
    return createPaddedChain(rewriter, loc, spec, plan.stages);
  }
  llvm_unreachable("unknown plan kind");
}

/// True if `type` is a static rank-4 tensor.
bool isStatic4D(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 4 && tensor.hasStaticShape();
}

/// The spec of an IE.AvgPool the pass considers (2-D, static shapes), or
/// nothing.
std::optional<PoolSpec> getSpec(AvgPoolOp op) {
  if (!isStatic4D(op.getInput().getType()) ||
      !isStatic4D(op.getOutput().getType()) || op.getKernelSize().size() != 2) {
    return std::nullopt;
  }
  PoolSpec spec;
  spec.input = op.getInput();
  spec.kernel.assign(op.getKernelSize().begin(), op.getKernelSize().end());
  spec.strides.assign(op.getStrides().begin(), op.getStrides().end());
  spec.padsBegin.assign(op.getPadsBegin().begin(), op.getPadsBegin().end());
  spec.padsEnd.assign(op.getPadsEnd().begin(), op.getPadsEnd().end());
  spec.excludePad = op.getExcludePad();
  spec.resultType = llvm::cast<RankedTensorType>(op.getType());
  spec.setTarget(op);
  return spec;
}

/// The spec of a global IE.ReduceMean (IE::getGlobalPoolWindow) as the
/// average pool with kernel [H, W], or nothing.
std::optional<PoolSpec> getSpec(ReduceMeanOp op) {
  std::optional<std::array<int64_t, 2>> window = getGlobalPoolWindow(op);
  if (!window || !isStatic4D(op.getType())) {
    return std::nullopt;
  }
  PoolSpec spec;
  spec.input = op.getInput();
  spec.kernel = {(*window)[0], (*window)[1]};
  spec.strides = {1, 1};
  spec.padsBegin = {0, 0};
  spec.padsEnd = {0, 0};
  spec.resultType = llvm::cast<RankedTensorType>(op.getType());
  spec.setTarget(op);
  return spec;
}

/// getSpec with the pass's `min-padded-area` (rule 3).
template <typename OpT>
std::optional<PoolSpec> getSpec(OpT op, int64_t minPaddedArea) {
  std::optional<PoolSpec> spec = getSpec(op);
  if (spec) {
    spec->minPaddedArea = minPaddedArea;
  }
  return spec;
}

/// The rewrite of an IE.AvgPool the NCE cannot run as a pool: rule 1 or 2.
/// Fails with no reasons if the pass leaves `op` silently (not considered, or
/// the NCE runs it).
FailureOr<Plan> planRewrite(AvgPoolOp op, const PoolSpec &spec,
                            VPU::NCE::Reasons &reasons) {
  VPU::NCE::Reasons pool;
  if (VPU::isSupportedOnNCE(op, pool, spec.options)) {
    return failure();
  }
  reasons.add("the NCE cannot run it as a pool (" + pool.join() + ")");
  if (llvm::isa<quant::QuantizedType>(
          getElementTypeOrSelf(spec.input.getType()))) {
    // A depthwise convolution would need quantized 1 / (KY * KX) weights,
    // and a chain requantises every intermediate mean.
    reasons.add("a quantized pool is not rewritten: it runs as the "
                "quantized_avg_pool SHAVE kernel");
    return failure();
  }
  return planRules(op.getContext(), spec, reasons);
}

/// True if the NCE runs `spec` (with no padding) as one average pool of
/// `spec`'s result type; logs the NCE's reasons otherwise.
bool runsAsOnePool(MLIRContext *context, const PoolSpec &spec,
                   VPU::LogCallback log) {
  auto inType = llvm::cast<RankedTensorType>(spec.input.getType());
  FailureOr<RankedTensorType> output = VPU::NCE::inferWindowOutputType(
      inType, inType.getDimSize(1), spec.kernel, spec.strides, spec.padsBegin,
      spec.padsEnd);
  return succeeded(output) && *output == spec.resultType &&
         VPU::isSupportedOnNCE<AvgPoolOp>(
             context, describePool(inType, spec.kernel, spec.strides, *output),
             log, spec.options);
}

/// The rewrite of a global IE.ReduceMean: the average pool if the NCE runs
/// it, else rule 1 or 2.
FailureOr<Plan> planRewrite(ReduceMeanOp op, const PoolSpec &spec,
                            VPU::NCE::Reasons &reasons) {
  VPU::NCE::Reasons pool;
  if (runsAsOnePool(op.getContext(), spec, pool)) {
    return Plan();
  }
  reasons.add("the NCE cannot run it as a pool (" + pool.join() + ")");
  return planRules(op.getContext(), spec, reasons);
}

/// Replaces an average pool (IE.AvgPool or a global IE.ReduceMean) the NCE
/// cannot run as it is by a form it runs.
template <typename OpT>
struct ConvertAveragePool final : OpRewritePattern<OpT> {
  ConvertAveragePool(MLIRContext *context, int64_t minPaddedArea)
      : OpRewritePattern<OpT>(context), minPaddedArea(minPaddedArea) {}

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    std::optional<PoolSpec> spec = getSpec(op, minPaddedArea);
    if (!spec) {
      return rewriter.notifyMatchFailure(op, "not a static 2-D average pool");
    }
    VPU::NCE::Reasons reasons;
    FailureOr<Plan> plan = planRewrite(op, *spec, reasons);
    if (failed(plan)) {
      return rewriter.notifyMatchFailure(op, reasons.empty() ? "the NCE runs it"
                                                             : reasons.join());
    }
    rewriter.replaceOp(op, createPlan(rewriter, op.getLoc(), *spec, *plan));
    return success();
  }

  int64_t minPaddedArea;
};

struct ConvertAvgPoolToDWConvPass
    : public impl::ConvertAvgPoolToDWConvPassBase<ConvertAvgPoolToDWConvPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  /// Why the pass left the pool `op` as it is ("" if it did not).
  template <typename OpT> std::string whyUnchanged(OpT op) const {
    std::optional<PoolSpec> spec = getSpec(op, minPaddedArea);
    VPU::NCE::Reasons reasons;
    if (spec && failed(planRewrite(op, *spec, reasons))) {
      return reasons.join();
    }
    return "";
  }

  void runOnOperation() override {
    if (minPaddedArea < 1) {
      getOperation()->emitError("vpuc-ie-convert-avg-pool-to-dw-conv: "
                                "min-padded-area must be at least 1, got ")
          << static_cast<int64_t>(minPaddedArea);
      return signalPassFailure();
    }
    applyPatternsOnce(
        getOperation(),
        [&](RewritePatternSet &patterns) {
          populateConvertAvgPoolToDWConvPatterns(patterns, minPaddedArea);
        },
        emitRemarks,
        [&](Operation *op) -> std::string {
          if (auto pool = llvm::dyn_cast<AvgPoolOp>(op)) {
            return whyUnchanged(pool);
          }
          if (auto mean = llvm::dyn_cast<ReduceMeanOp>(op)) {
            return whyUnchanged(mean);
          }
          return "";
        });
  }
};

} // namespace

void populateConvertAvgPoolToDWConvPatterns(RewritePatternSet &patterns,
                                            int64_t minPaddedArea) {
  patterns.add<ConvertAveragePool<AvgPoolOp>, ConvertAveragePool<ReduceMeanOp>>(
      patterns.getContext(), minPaddedArea);
}

} // namespace mlir::vpuc::IE
