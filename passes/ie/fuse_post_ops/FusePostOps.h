//===- FusePostOps.h - vpuc-ie-fuse-post-ops pass ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFusePostOpsPass() and the pass's pattern.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS_H_
#define VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_FUSEPOSTOPSPASS
#include "passes/ie/fuse_post_ops/Passes.h.inc" // IWYU pragma: keep

/// Adds the pattern of vpuc-ie-fuse-post-ops: an IE.ReLU / IE.Clamp /
/// IE.LeakyRelu that is the only user of a layer the NCE runs becomes the
/// layer's `post_op`. The context must have the NCE legality models
/// (VPU::registerNCELegalityModels).
void populateFusePostOpsPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS_H_
