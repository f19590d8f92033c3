//===- FuseLayerNorm.h - Fuse an exported layer norm ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFuseLayerNormPass() and the pass's patterns.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_LAYER_NORM_FUSELAYERNORM_H_
#define VPUC_PASSES_IE_FUSE_LAYER_NORM_FUSELAYERNORM_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_FUSELAYERNORMPASS
#include "passes/ie/fuse_layer_norm/Passes.h.inc" // IWYU pragma: keep

/// Adds the pattern of vpuc-ie-fuse-layer-norm: (x - mean(x)) /
/// sqrt(mean((x - mean(x))^2) + eps) over trailing axes, as reductions and
/// element-wise ops, to IE.LayerNormalization (with the scale and bias that
/// follow it) or IE.MVN (without).
void populateFuseLayerNormPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_FUSE_LAYER_NORM_FUSELAYERNORM_H_
