//===- FusePostOps.cpp - Activations into NCE layers ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FusePostOpsPass and its pattern: an IE.ReLU / IE.Clamp /
// IE.LeakyRelu that is the only user of an NCE-capable layer becomes the
// layer's `post_op`, and the layer's location the fusion of both.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/fuse_post_ops/FusePostOps.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "dialects/vpu/ir/NCELegality.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "passes/ie/utils/ApplyOnce.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_FUSEPOSTOPSPASS
#include "passes/ie/fuse_post_ops/Passes.h.inc" // IWYU pragma: keep

namespace {

/// True if `layer` accepts the activation `activation` as its post-op.
bool acceptsPostOp(Operation *layer, Operation *activation) {
  if (auto withPostOp = llvm::dyn_cast<LayerWithPostOpInterface>(layer)) {
    return withPostOp.isSupportedPostOp(activation);
  }
  return canHavePostOp(layer) && isPostOpActivation(activation);
}

/// The layer `activation` can be fused into, or null.
Operation *getFusableLayer(Operation *activation) {
  if (activation->getNumOperands() != 1 || activation->getNumResults() != 1) {
    return nullptr;
  }
  Value input = activation->getOperand(0);
  Operation *layer = input.getDefiningOp();
  if (!layer || layer->getNumResults() != 1 || !input.hasOneUse() ||
      hasPostOp(layer) ||
      activation->getResult(0).getType() != input.getType() ||
      !acceptsPostOp(layer, activation) ||
      !VPU::PPEAttr::getForActivation(activation) || !VPU::isNCELayer(layer)) {
    return nullptr;
  }
  return layer;
}

/// Fuses an activation into the layer it is the only user of (see
/// getFusableLayer) as the layer's `post_op`.
struct FusePostOpPattern final : RewritePattern {
  explicit FusePostOpPattern(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *activation,
                                PatternRewriter &rewriter) const override {
    if (!isPostOpActivation(activation)) {
      return rewriter.notifyMatchFailure(activation, "not a post-op");
    }
    Operation *layer = getFusableLayer(activation);
    if (!layer) {
      return rewriter.notifyMatchFailure(activation,
                                         "no NCE layer to fuse into");
    }
    // The layer now computes the activation's output: its location names
    // both, the activation last (the layer name of a fused op, as the
    // interpreter's layer dumps read it).
    Location loc =
        rewriter.getFusedLoc({layer->getLoc(), activation->getLoc()});
    rewriter.modifyOpInPlace(layer, [&] {
      layer->setAttr(kPostOpAttrName, buildPostOpAttr(activation));
      layer->setLoc(loc);
    });
    rewriter.replaceOp(activation, layer->getResults());
    return success();
  }
};

struct FusePostOpsPass : impl::FusePostOpsPassBase<FusePostOpsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    VPU::registerNCELegalityModels(registry);
  }

  void runOnOperation() override {
    applyPatternsOnce(getOperation(), populateFusePostOpsPatterns);
  }
};

} // namespace

void populateFusePostOpsPatterns(RewritePatternSet &patterns) {
  patterns.add<FusePostOpPattern>(patterns.getContext());
}

} // namespace mlir::vpuc::IE
