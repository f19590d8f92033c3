//===- ApplyOnce.cpp - Apply rewrite patterns in one sweep ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements applyPatternsOnce (the sweep, and the run of a pass with its
// remarks).
//
//===----------------------------------------------------------------------===//

#include "passes/ie/utils/ApplyOnce.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE {

namespace {

/// Records the ops a rewrite erases.
class ErasedOps final : public RewriterBase::Listener {
public:
  void notifyOperationErased(Operation *op) override { erased.insert(op); }

  bool contains(Operation *op) const { return erased.contains(op); }

private:
  llvm::DenseSet<Operation *> erased;
};

} // namespace

void applyPatternsOnce(Operation *root,
                       const FrozenRewritePatternSet &patterns) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (op != root) {
      ops.push_back(op);
    }
  });
  PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  ErasedOps erased;
  PatternRewriter rewriter(root->getContext());
  rewriter.setListener(&erased);
  for (Operation *op : ops) {
    if (erased.contains(op)) {
      continue;
    }
    rewriter.setInsertionPoint(op);
    (void)applicator.matchAndRewrite(op, rewriter);
  }
}

void applyPatternsOnce(Operation *root,
                       function_ref<void(RewritePatternSet &)> populate,
                       bool emitRemarks,
                       function_ref<std::string(Operation *)> whyUnchanged) {
  RewritePatternSet patterns(root->getContext());
  populate(patterns);
  applyPatternsOnce(root, FrozenRewritePatternSet(std::move(patterns)));
  if (!emitRemarks || !whyUnchanged) {
    return;
  }
  root->walk([&](Operation *op) {
    std::string reason = whyUnchanged(op);
    if (!reason.empty()) {
      op->emitRemark() << "left unchanged: " << reason;
    }
  });
}

} // namespace mlir::vpuc::IE
