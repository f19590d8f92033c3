//===- FusePostOps.cpp - Activations into NCE layers ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FusePostOpsPass: an IE.ReLU / IE.Clamp / IE.LeakyRelu that is the
// only user of an NCE-capable layer becomes the layer's `post_op`.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/fuse_post_ops/FusePostOps.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "dialects/ie/ir/PostOp.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "passes/ie/nce_support/NCESupport.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/TypeSwitch.h"

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
      !VPU::PPEAttr::getForActivation(activation) || !isNCELayer(layer)) {
    return nullptr;
  }
  return layer;
}

struct FusePostOpsPass : impl::FusePostOpsPassBase<FusePostOpsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> activations;
    getOperation().walk([&](Operation *op) {
      if (isPostOpActivation(op)) {
        activations.push_back(op);
      }
    });
    for (Operation *activation : activations) {
      Operation *layer = getFusableLayer(activation);
      if (!layer) {
        continue;
      }
      layer->setAttr(kPostOpAttrName, buildPostOpAttr(activation));
      activation->getResult(0).replaceAllUsesWith(layer->getResult(0));
      activation->erase();
    }
  }
};

} // namespace
} // namespace mlir::vpuc::IE
