//===- FuseSwish.h - Fuse x * sigmoid(x) into Swish -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createFuseSwishPass() and the pass's patterns.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_FUSE_SWISH_FUSESWISH_H_
#define VPUC_PASSES_IE_FUSE_SWISH_FUSESWISH_H_

#include <memory>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

#define GEN_PASS_DECL_FUSESWISHPASS
#include "passes/ie/fuse_swish/Passes.h.inc" // IWYU pragma: keep

/// Adds the patterns of vpuc-ie-fuse-swish: IE.Multiply(x, IE.Sigmoid(x)) to
/// IE.Swish(x), with a constant beta when the sigmoid reads x times a splat
/// constant, and IE.Multiply(x, IE.HSigmoid(x)) to IE.HSwish(x).
void populateFuseSwishPatterns(RewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_FUSE_SWISH_FUSESWISH_H_
