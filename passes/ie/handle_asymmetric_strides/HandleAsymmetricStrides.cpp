//===- HandleAsymmetricStrides.cpp - Asymmetric strides ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements HandleAsymmetricStridesPass and its patterns: convolutions and
// pools with asymmetric strides the NCE rejects are computed at divisor strides
// the NCE takes, and a strided IE.Slice keeps the outputs of the original
// strides. The NCE is asked about each pair of strides before anything is
// built.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/handle_asymmetric_strides/HandleAsymmetricStrides.h"

#include <optional>
#include <string>

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "passes/ie/utils/ApplyOnce.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_HANDLEASYMMETRICSTRIDESPASS
#include "passes/ie/handle_asymmetric_strides/Passes.h.inc" // IWYU pragma: keep

namespace {

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

/// The window kernel (KY, KX) of a described layer: its filter's for a
/// convolution, its own for a pool.
SmallVector<int64_t, 2> getKernel(const VPU::NCE::LayerDesc &layer) {
  if (auto filter = llvm::dyn_cast_or_null<RankedTensorType>(layer.filter)) {
    return {filter.getDimSize(2), filter.getDimSize(3)};
  }
  return layer.kernel;
}

/// The output size along one axis of an IE.Slice from 0 to `end` with `step`
/// over `size` elements.
int64_t getSlicedSize(int64_t size, int64_t end, int64_t step) {
  return (std::min(size, end) + step - 1) / step;
}

/// The strides `op` (a window op with NCELegalityOpInterface) is computed at,
/// or nothing if the pass leaves it. `rejection` receives why the NCE takes
/// none of the strides of an op with asymmetric strides it rejects (empty if
/// the pass leaves the op for another reason).
std::optional<SmallVector<int64_t, 2>> planStrides(Operation *op,
                                                   std::string &rejection) {
  auto legality = llvm::dyn_cast<VPU::NCELegalityOpInterface>(op);
  if (!legality || !isStatic4D(op->getOperand(0).getType()) ||
      !isStatic4D(op->getResult(0).getType())) {
    return std::nullopt;
  }
  const VPU::NCE::LayerDesc layer = legality.getNCELayerDesc();
  ArrayRef<int64_t> strides = layer.strides;
  if (strides.size() != 2 || strides[0] == strides[1]) {
    return std::nullopt;
  }
  const VPU::NCE::SupportOptions options = VPU::NCE::getIEStageOptions(op);
  VPU::NCE::Reasons reasons;
  if (legality.isLayerSupportedOnNCE(layer, reasons, options)) {
    return std::nullopt;
  }
  auto input = llvm::cast<RankedTensorType>(layer.inputs.front());
  auto output = llvm::cast<RankedTensorType>(layer.output);
  for (auto [dy, dx] : getDivisorPairs(strides[0], strides[1])) {
    VPU::NCE::LayerDesc candidate = layer;
    candidate.strides = {dy, dx};
    FailureOr<RankedTensorType> candidateOutput =
        VPU::NCE::inferWindowOutputType(input, output.getDimSize(1),
                                        getKernel(layer), candidate.strides,
                                        layer.padsBegin, layer.padsEnd);
    if (failed(candidateOutput)) {
      continue;
    }
    candidate.output = *candidateOutput;
    if (!legality.isLayerSupportedOnNCE(candidate, VPU::NCE::ignoreReason,
                                        options)) {
      continue;
    }
    // Outputs 0, R, 2R, ... of the candidate must give the op's O outputs.
    const int64_t steps[2] = {strides[0] / dy, strides[1] / dx};
    bool exact = candidateOutput->getElementType() == output.getElementType();
    for (int axis = 0; axis < 2; ++axis) {
      const int64_t size = output.getDimSize(2 + axis);
      exact &= getSlicedSize(candidateOutput->getDimSize(2 + axis),
                             (size - 1) * steps[axis] + 1, steps[axis]) == size;
    }
    if (exact) {
      return SmallVector<int64_t, 2>{dy, dx};
    }
  }
  rejection = "the NCE rejects it (" + reasons.join() +
              ") and every smaller pair of divisor strides";
  return std::nullopt;
}

/// `op` rebuilt at `strides` (all other operands and attributes kept), with
/// its inferred result type.
template <typename OpT>
OpT createWithStrides(PatternRewriter &rewriter, OpT op,
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

/// Computes a window op with asymmetric strides the NCE rejects at divisor
/// strides it takes, and slices the outputs of the original strides.
template <typename OpT>
struct HandleAsymmetricStridesPattern final : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    std::string rejection;
    std::optional<SmallVector<int64_t, 2>> smaller = planStrides(op, rejection);
    if (!smaller) {
      return rewriter.notifyMatchFailure(
          op, rejection.empty() ? "no asymmetric strides the NCE rejects"
                                : rejection);
    }
    ArrayRef<int64_t> strides = op.getStrides();
    auto type = llvm::cast<RankedTensorType>(op->getResult(0).getType());
    Operation *candidate = createWithStrides(rewriter, op, *smaller);
    // Keep outputs 0, R, 2R, ... (O of them) of each axis with R > 1.
    SmallVector<int64_t, 2> axes, starts, ends, sliceSteps;
    for (int axis = 0; axis < 2; ++axis) {
      const int64_t step = strides[axis] / (*smaller)[axis];
      if (step > 1) {
        axes.push_back(2 + axis);
        starts.push_back(0);
        ends.push_back((type.getDimSize(2 + axis) - 1) * step + 1);
        sliceSteps.push_back(step);
      }
    }
    rewriter.replaceOpWithNewOp<SliceOp>(
        op, candidate->getResult(0), ArrayRef<int64_t>(starts),
        ArrayRef<int64_t>(ends), rewriter.getDenseI64ArrayAttr(axes),
        rewriter.getDenseI64ArrayAttr(sliceSteps));
    return success();
  }
};

struct HandleAsymmetricStridesPass
    : public impl::HandleAsymmetricStridesPassBase<
          HandleAsymmetricStridesPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    applyPatternsOnce(getOperation(), populateHandleAsymmetricStridesPatterns,
                      emitRemarks, [](Operation *op) {
                        std::string rejection;
                        if (planStrides(op, rejection)) {
                          return std::string();
                        }
                        return rejection;
                      });
  }
};

} // namespace

void populateHandleAsymmetricStridesPatterns(RewritePatternSet &patterns) {
  patterns.add<HandleAsymmetricStridesPattern<ConvolutionOp>,
               HandleAsymmetricStridesPattern<GroupConvolutionOp>,
               HandleAsymmetricStridesPattern<MaxPoolOp>,
               HandleAsymmetricStridesPattern<AvgPoolOp>>(
      patterns.getContext());
}

} // namespace mlir::vpuc::IE
