//===- FusePostOps.h - vpuc-ie-fuse-post-ops pass ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFusePostOpsPass().
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS_H_
#define VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_FUSEPOSTOPSPASS
#include "passes/ie/fuse_post_ops/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_FUSE_POST_OPS_FUSEPOSTOPS_H_
