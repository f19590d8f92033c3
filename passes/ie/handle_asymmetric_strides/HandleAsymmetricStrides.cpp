//===- HandleAsymmetricStrides.cpp - Asymmetric strides ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements HandleAsymmetricStridesPass: convolutions and pools with
// asymmetric strides the NCE rejects are computed at divisor strides the NCE
// takes, and a strided IE.Slice keeps the outputs of the original strides.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/handle_asymmetric_strides/HandleAsymmetricStrides.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "mlir/IR/PatternMatch.h"
#include "passes/ie/nce_support/NCESupport.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_HANDLEASYMMETRICSTRIDESPASS
#include "passes/ie/handle_asymmetric_strides/Passes.h.inc" // IWYU pragma: keep

namespace {

/// Whether the NCE runs `op` (asked with the IE-stage options).
bool isSupportedOnNCE(Operation *op, VPU::LogCallback log) {
  return VPU::isSupportedOnNCE(op, log, VPU::NCE::getIEStageOptions());
}

/// The strides of a window op.
ArrayRef<int64_t> getStrides(Operation *op) {
  return llvm::cast<DenseI64ArrayAttr>(op->getAttr("strides")).asArrayRef();
}

/// The divisor pairs (dy, dx) of (sy, sx) but (sy, sx) itself, largest product
/// first.
SmallVector<std::pair<int64_t, int64_t>> getDivisorPairs(int64_t sy,
                                                         int64_t sx) {
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  for (int64_t dy = sy; dy >= 1; --dy) {
    for (int64_t dx = sx; dx >= 1; --dx) {
      if (sy % dy == 0 && sx % dx == 0 && (dy != sy || dx != sx)) {
        pairs.emplace_back(dy, dx);
      }
    }
  }
  llvm::stable_sort(pairs, [](const auto &a, const auto &b) {
    return a.first * a.second > b.first * b.second;
  });
  return pairs;
}

/// True if `type` is a static rank-4 tensor.
bool isStatic4D(Type type) {
  auto tensor = llvm::dyn_cast<RankedTensorType>(type);
  return tensor && tensor.getRank() == 4 && tensor.hasStaticShape();
}

/// `op` rebuilt at `strides` (all other operands and attributes kept), with
/// its inferred result type.
template <typename OpT>
Operation *createWithStrides(RewriterBase &rewriter, OpT op,
                             ArrayRef<int64_t> strides) {
  SmallVector<NamedAttribute> attrs;
  for (NamedAttribute attr : op->getAttrs()) {
    if (attr.getName() == op.getStridesAttrName()) {
      attrs.push_back(rewriter.getNamedAttr(
          attr.getName(), rewriter.getDenseI64ArrayAttr(strides)));
    } else {
      attrs.push_back(attr);
    }
  }
  return rewriter.create<OpT>(op.getLoc(), op->getOperands(), attrs);
}

struct HandleAsymmetricStridesPass
    : public impl::HandleAsymmetricStridesPassBase<
          HandleAsymmetricStridesPass> {
  using Base::Base;

  /// Rewrites `op` (see the pass description), or reports why not.
  template <typename OpT>
  void handle(IRRewriter &rewriter, InsertedOps &inserted, OpT op) {
    ArrayRef<int64_t> strides = getStrides(op);
    if (strides.size() != 2 || strides[0] == strides[1] ||
        !isStatic4D(op->getOperand(0).getType()) ||
        !isStatic4D(op->getResult(0).getType())) {
      return;
    }
    Reasons reasons;
    if (isSupportedOnNCE(op,
                         [&](const Twine &reason) { reasons.add(reason); })) {
      return;
    }
    auto type = llvm::cast<RankedTensorType>(op->getResult(0).getType());
    rewriter.setInsertionPoint(op);
    for (auto [dy, dx] : getDivisorPairs(strides[0], strides[1])) {
      const SmallVector<int64_t, 2> smaller = {dy, dx};
      Operation *candidate = createWithStrides(rewriter, op, smaller);
      if (!isSupportedOnNCE(candidate, [](const Twine &) {})) {
        inserted.discard(rewriter);
        continue;
      }
      // Keep outputs 0, R, 2R, ... (O of them) of each axis with R > 1.
      const int64_t steps[2] = {strides[0] / dy, strides[1] / dx};
      SmallVector<int64_t, 2> axes, starts, ends, sliceSteps;
      for (int axis = 0; axis < 2; ++axis) {
        if (steps[axis] > 1) {
          axes.push_back(2 + axis);
          starts.push_back(0);
          ends.push_back((type.getDimSize(2 + axis) - 1) * steps[axis] + 1);
          sliceSteps.push_back(steps[axis]);
        }
      }
      Value result = rewriter.create<SliceOp>(
          op.getLoc(), candidate->getResult(0), ArrayRef<int64_t>(starts),
          ArrayRef<int64_t>(ends), rewriter.getDenseI64ArrayAttr(axes),
          rewriter.getDenseI64ArrayAttr(sliceSteps));
      if (result.getType() != type) {
        inserted.discard(rewriter);
        continue;
      }
      inserted.keep();
      rewriter.replaceOp(op, result);
      return;
    }
    if (emitRemarks) {
      op->emitRemark() << "left unchanged: the NCE rejects it ("
                       << reasons.join()
                       << ") and every smaller pair of divisor strides";
    }
  }

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (llvm::isa<ConvolutionOp, GroupConvolutionOp, MaxPoolOp, AvgPoolOp>(
              op)) {
        ops.push_back(op);
      }
    });
    InsertedOps inserted;
    IRRewriter rewriter(&getContext(), &inserted);
    for (Operation *op : ops) {
      llvm::TypeSwitch<Operation *>(op)
          .Case<ConvolutionOp, GroupConvolutionOp, MaxPoolOp, AvgPoolOp>(
              [&](auto typed) { handle(rewriter, inserted, typed); });
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
