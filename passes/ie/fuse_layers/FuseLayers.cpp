//===- FuseLayers.cpp - vpuc-ie-fuse-layers pass ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FuseLayersPass: collects the fusion patterns its options select
// and applies them greedily.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/fuse_layers/FuseLayers.h"

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/ie/ir/IEDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DEF_FUSELAYERSPASS
#include "passes/ie/fuse_layers/Passes.h.inc" // IWYU pragma: keep

namespace {

struct FuseLayersPass : public impl::FuseLayersPassBase<FuseLayersPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    if (convBias) {
      populateFuseConvBiasPatterns(set);
    }
    if (batchNorm) {
      populateFuseBatchNormPatterns(set);
    }
    if (batchNormToScaleShift) {
      populateBatchNormToScaleShiftPatterns(set);
    }
    if (scaleShift) {
      populateFuseScaleShiftPatterns(set);
    }
    if (matMulToFC) {
      populateMatMulToFullyConnectedPatterns(set);
    }
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    // Not converging within the iteration limit is no error: every rewrite is
    // valid.
    (void)applyPatternsAndFoldGreedily(getOperation(), patterns);
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
} // namespace mlir::vpuc::IE
