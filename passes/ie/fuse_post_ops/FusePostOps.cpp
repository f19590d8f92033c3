//===- FusePostOps.cpp - Activations into NCE layers ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FusePostOpsPass and its pattern: an IE.ReLU / IE.Clamp /
// IE.LeakyRelu that is the only user of an NCE-capable layer, or of a concat
// of such layers, becomes the `post_op` of the layer (of each), and the
// layer's location the fusion of both.
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

/// True if `activation` can become the post-op of the layer defining `value`,
/// which it reads directly or through an IE.Concat: `value` is the layer's
/// single result and its only use, the layer has no post-op, runs on the NCE
/// and accepts the activation as a post-op (asked of a detached copy of the
/// activation reading `value` when the activation reads a concat).
bool canFuseInto(Operation *activation, Value value) {
  Operation *layer = value.getDefiningOp();
  if (!layer || layer->getNumResults() != 1 || !value.hasOneUse() ||
      hasPostOp(layer) || !VPU::isNCELayer(layer)) {
    return false;
  }
  if (activation->getOperand(0) == value) {
    return acceptsPostOp(layer, activation);
  }
  Operation *probe = activation->clone();
  probe->setOperand(0, value);
  const bool accepted = acceptsPostOp(layer, probe);
  probe->destroy();
  return accepted;
}

/// The layers `activation` can be fused into: the layer whose only user it
/// is, or every input layer of an IE.Concat whose only user it is (the runs
/// of a group convolution), when it can be fused into each (canFuseInto);
/// empty otherwise.
SmallVector<Operation *, 2> getFusableLayers(Operation *activation) {
  if (activation->getNumOperands() != 1 || activation->getNumResults() != 1) {
    return {};
  }
  Value input = activation->getOperand(0);
  if (!input.hasOneUse() ||
      activation->getResult(0).getType() != input.getType() ||
      !VPU::PPEAttr::getForActivation(activation)) {
    return {};
  }
  SmallVector<Value, 2> parts = {input};
  if (auto concat = input.getDefiningOp<ConcatOp>()) {
    parts.assign(concat.getInputs().begin(), concat.getInputs().end());
  }
  SmallVector<Operation *, 2> layers;
  for (Value part : parts) {
    if (!canFuseInto(activation, part)) {
      return {};
    }
    layers.push_back(part.getDefiningOp());
  }
  return layers;
}

/// Fuses an activation into the layer it is the only user of, or into each
/// input layer of the concat it is the only user of (see getFusableLayers),
/// as the layers' `post_op`.
struct FusePostOpPattern final : RewritePattern {
  explicit FusePostOpPattern(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *activation,
                                PatternRewriter &rewriter) const override {
    if (!isPostOpActivation(activation)) {
      return rewriter.notifyMatchFailure(activation, "not a post-op");
    }
    SmallVector<Operation *, 2> layers = getFusableLayers(activation);
    if (layers.empty()) {
      return rewriter.notifyMatchFailure(activation,
                                         "no NCE layer to fuse into");
    }
    // Each layer now computes the activation's output: its location names
    // both, the activation last (the layer name of a fused op, as the
    // interpreter's layer dumps read it). So does a concat between them, so
    // that the activation's layer is the layers and the concat, and its
    // output the concat's.
    DictionaryAttr postOp = buildPostOpAttr(activation);
    auto fuseLocation = [&](Operation *op) {
      Location loc = rewriter.getFusedLoc({op->getLoc(), activation->getLoc()});
      rewriter.modifyOpInPlace(op, [&] { op->setLoc(loc); });
    };
    for (Operation *layer : layers) {
      rewriter.modifyOpInPlace(
          layer, [&] { layer->setAttr(kPostOpAttrName, postOp); });
      fuseLocation(layer);
    }
    Value input = activation->getOperand(0);
    if (Operation *concat = input.getDefiningOp<ConcatOp>()) {
      fuseLocation(concat);
    }
    rewriter.replaceOp(activation, input);
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
