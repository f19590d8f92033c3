//===- ExpandActivationChannels.cpp - Aligned NCE channels ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ExpandActivationChannelsPass: NCE layers with unaligned channel
// counts compute on zero-padded channels and their results are sliced back.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/expand_activation_channels/ExpandActivationChannels.h"

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/NCELimits.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "passes/ie/utils/InferredType.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_EXPANDACTIVATIONCHANNELSPASS
#include "passes/ie/expand_activation_channels/Passes.h.inc" // IWYU pragma: keep

namespace {

/// `channels` rounded up to the NCE `alignment`.
int64_t alignChannels(int64_t channels, int64_t alignment) {
  return (channels + alignment - 1) / alignment * alignment;
}

RankedTensorType tensorOf(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// The channel count (dim 1) of a rank-4 activation.
int64_t channelsOf(Value value) { return tensorOf(value).getDimSize(1); }

/// True if `op` is an element-wise layer that computes each channel from the
/// same channel of its operands and keeps finite values finite (so the extra
/// channels it computes from an expanded layer's stay harmless to a
/// convolution's zero weights): activations and +, -, *, max, min; not
/// division, exponentials, logarithms or roots.
bool isFiniteElementwise(Operation *op) {
  return llvm::isa<ReLUOp, ClampOp, SigmoidOp, TanhOp, EluOp, GeluOp, AbsOp,
                   HSwishOp, HSigmoidOp, MishOp, LeakyReluOp, NegativeOp,
                   SwishOp, AddOp, SubtractOp, MultiplyOp, MaximumOp,
                   MinimumOp>(op);
}

/// Rewrites the layers of one function.
class ChannelExpander {
public:
  explicit ChannelExpander(MLIRContext *context) : builder(context) {}

  /// Expands the channels of `layer` if one of its counts is unaligned.
  void expand(Operation *layer) {
    Value result = layer->getResult(0);
    const int64_t outChannels = channelsOf(result);
    const int64_t inChannels = channelsOf(layer->getOperand(0));
    const int64_t alignment = VPU::NCE::getTargetLimits(layer).channelAlignment;
    const int64_t outAligned = alignChannels(outChannels, alignment);
    const int64_t inAligned = alignChannels(inChannels, alignment);
    if (outAligned == outChannels && inAligned == inChannels) {
      return;
    }
    builder.setInsertionPoint(layer);
    Location loc = layer->getLoc();
    SmallVector<Value, 3> operands(layer->getOperands());
    operands[0] = padChannels(loc, operands[0], inAligned);
    if (llvm::isa<AddOp, SubtractOp, MultiplyOp>(layer)) {
      operands[1] = padChannels(loc, operands[1], inAligned);
    }
    if (llvm::isa<ConvolutionOp>(layer)) {
      // [OC, IC, KY, KX]: zero filters and zero input channels.
      operands[1] = padConstant(operands[1], 0, outAligned - outChannels, 1,
                                inAligned - inChannels);
    } else if (llvm::isa<GroupConvolutionOp>(layer)) {
      // [C, 1, KY, KX]: zero filters.
      operands[1] = padConstant(operands[1], 0, outAligned - outChannels, 1, 0);
    }
    if (llvm::isa<ConvolutionOp, GroupConvolutionOp>(layer) &&
        operands.size() > 2) {
      // [OC] or [1, OC, 1, 1].
      const unsigned dim = tensorOf(operands[2]).getRank() == 1 ? 0 : 1;
      operands[2] =
          padConstant(operands[2], dim, outAligned - outChannels, dim, 0);
    }
    Operation *expanded = cloneWithChannels(layer, operands, outAligned);
    RankedTensorType type = tensorOf(result);
    if (auto group = llvm::dyn_cast<GroupConvolutionOp>(expanded)) {
      group.setGroups(static_cast<uint64_t>(outAligned));
    }
    Value replacement = expanded->getResult(0);
    if (outAligned != outChannels) {
      replacement = sliceBack(loc, replacement, type);
    }
    layer->getResult(0).replaceAllUsesWith(replacement);
    layer->erase();
  }

  /// Computes the element-wise layer `op` on the padded results its channel
  /// operands are slices of (see the pass description), when they all are, it
  /// is a layer whose extra channels stay finite, and every user of its result
  /// is an NCE layer (of `nceLayers`) or such a layer, which can read it
  /// padded in turn.
  void expandElementwise(Operation *op,
                         const llvm::DenseSet<Operation *> &nceLayers) {
    if (!isFiniteElementwise(op) || op->getNumResults() != 1 ||
        !llvm::all_of(op->getUsers(), [&](Operation *user) {
          return nceLayers.contains(user) || isFiniteElementwise(user);
        })) {
      return;
    }
    RankedTensorType type = tensorOf(op->getResult(0));
    if (type.getRank() != 4) {
      return;
    }
    const int64_t channels = type.getDimSize(1);
    int64_t padded = 0;
    SmallVector<Value, 2> operands(op->getOperands());
    for (Value &operand : operands) {
      auto operandType = llvm::dyn_cast<RankedTensorType>(operand.getType());
      // Operands without the channels (a broadcast scalar) are kept.
      if (!operandType || operandType.getRank() != 4 ||
          operandType.getDimSize(1) != channels) {
        continue;
      }
      auto slice = operand.getDefiningOp<SliceOp>();
      if (!slice || !slices.contains(slice) ||
          (padded != 0 && channelsOf(slice.getInput()) != padded)) {
        return;
      }
      padded = channelsOf(slice.getInput());
      operand = slice.getInput();
    }
    if (padded == 0 || padded == channels || channels == 1) {
      return;
    }
    builder.setInsertionPoint(op);
    Operation *expanded = cloneWithChannels(op, operands, padded);
    if (!hasInferredType(expanded)) {
      expanded->erase();
      return;
    }
    op->getResult(0).replaceAllUsesWith(
        sliceBack(op->getLoc(), expanded->getResult(0), type));
    op->erase();
  }

  /// Erases the slices and constants this pass left without users (a slice
  /// whose users all read the padded result, a filter replaced by its padded
  /// copy).
  void eraseDeadOps() {
    for (Operation *op : maybeDead) {
      if (op->use_empty()) {
        op->erase();
      }
    }
  }

private:
  /// A clone of `op` at the builder's point on `operands`, its result with
  /// `channels` channels.
  Operation *cloneWithChannels(Operation *op, ValueRange operands,
                               int64_t channels) {
    Operation *clone = builder.clone(*op);
    clone->setOperands(operands);
    RankedTensorType type = tensorOf(op->getResult(0));
    SmallVector<int64_t, 4> shape(type.getShape());
    shape[1] = channels;
    clone->getResult(0).setType(RankedTensorType::get(
        shape, type.getElementType(), type.getEncoding()));
    return clone;
  }

  /// The slice of the padded `value` back to the former `type` (its first
  /// channels), recorded as one of this pass's slices.
  Value sliceBack(Location loc, Value value, RankedTensorType type) {
    SmallVector<int64_t, 4> starts(type.getRank(), 0);
    auto slice = builder.create<SliceOp>(
        loc, value, builder.getDenseI64ArrayAttr(starts),
        builder.getDenseI64ArrayAttr(type.getShape()), DenseI64ArrayAttr(),
        DenseI64ArrayAttr());
    slices.insert(slice);
    maybeDead.push_back(slice);
    return slice.getOutput();
  }

  /// `value` with zero channels added up to `channels`: itself, the padded
  /// result a slice of this pass was taken from, or an IE.Pad (one per value,
  /// created before the first layer reading it, which precedes the others).
  Value padChannels(Location loc, Value value, int64_t channels) {
    if (channelsOf(value) == channels) {
      return value;
    }
    if (auto slice = value.getDefiningOp<SliceOp>();
        slice && slices.contains(slice) &&
        channelsOf(slice.getInput()) == channels) {
      return slice.getInput();
    }
    auto [it, inserted] = padded.try_emplace(value, Value());
    if (!inserted && channelsOf(it->second) == channels) {
      return it->second;
    }
    const int64_t rank = tensorOf(value).getRank();
    SmallVector<int64_t, 4> begin(rank, 0);
    SmallVector<int64_t, 4> end(rank, 0);
    end[1] = channels - channelsOf(value);
    it->second = createZeroPad(loc, value, begin, end);
    return it->second;
  }

  /// An IE.Pad of `value` with `before` / `after` zeros (real zeros) per dim.
  Value createZeroPad(Location loc, Value value, ArrayRef<int64_t> before,
                      ArrayRef<int64_t> after) {
    return builder.create<PadOp>(
        loc, value, builder.getDenseI64ArrayAttr(before),
        builder.getDenseI64ArrayAttr(after),
        PadModeAttr::get(builder.getContext(), PadMode::CONSTANT),
        builder.getF64FloatAttr(0.0));
  }

  /// The constant (or depthwise activation filter) `value` with `padA` zeros
  /// at the end of dim `dimA` and `padB` at the end of dim `dimB` (the same
  /// dim counts once).
  Value padConstant(Value value, unsigned dimA, int64_t padA, unsigned dimB,
                    int64_t padB) {
    if (padA == 0 && padB == 0) {
      return value;
    }
    const int64_t rank = tensorOf(value).getRank();
    SmallVector<int64_t, 4> before(rank, 0);
    SmallVector<int64_t, 4> after(rank, 0);
    after[dimA] = padA;
    if (dimB != dimA) {
      after[dimB] = padB;
    }
    auto constant = value.getDefiningOp<Const::DeclareOp>();
    if (!constant) {
      // An activation filter (a depthwise convolution's, the NCE reads it
      // from memory): padded by an IE.Pad.
      return createZeroPad(value.getLoc(), value, before, after);
    }
    if (!llvm::is_contained(maybeDead, constant.getOperation())) {
      maybeDead.push_back(constant);
    }
    return builder.create<Const::DeclareOp>(
        constant.getLoc(), constant.getContent().padWithZero(before, after));
  }

  OpBuilder builder;
  /// The slices this pass created after an expanded layer.
  llvm::DenseSet<Operation *> slices;
  /// The IE.Pad created for each value (shared by the layers reading it).
  llvm::DenseMap<Value, Value> padded;
  /// The slices and the constants replaced by padded copies, which may have no
  /// user left.
  SmallVector<Operation *> maybeDead;
};

struct ExpandActivationChannelsPass
    : impl::ExpandActivationChannelsPassBase<ExpandActivationChannelsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    ChannelExpander expander(&getContext());
    SmallVector<Operation *> layers = VPU::collectNCELayers(getOperation());
    llvm::DenseSet<Operation *> nceLayers(layers.begin(), layers.end());
    // In program order, so that an element-wise layer sees the slices of
    // the expanded layers before it.
    getOperation().walk([&](Block *block) {
      for (Operation &op : llvm::make_early_inc_range(*block)) {
        if (nceLayers.contains(&op)) {
          expander.expand(&op);
        } else {
          expander.expandElementwise(&op, nceLayers);
        }
      }
    });
    expander.eraseDeadOps();
  }
};

} // namespace
} // namespace mlir::vpuc::IE
