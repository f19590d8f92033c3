//===- ApplyOnce.h - Apply rewrite patterns in one sweep --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The driver of the IE passes that are rewrites: their patterns (exported by
// populate*Patterns functions, so that other passes can combine them under the
// greedy driver) are applied once to each op, in one sweep, with no folding and
// no dead-code elimination, so that a pass changes nothing but what it
// rewrites.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_UTILS_APPLYONCE_H_
#define VPUC_PASSES_IE_UTILS_APPLYONCE_H_

#include <string>

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class FrozenRewritePatternSet;
class Operation;
class RewritePatternSet;
} // namespace mlir

namespace mlir::vpuc::IE {

/// Applies `patterns` once to each op nested in `root` (not `root` itself), in
/// post-order, as collected before the first rewrite: the ops a rewrite creates
/// are not visited and those it erases are skipped. Nothing is folded or
/// erased but by the patterns.
void applyPatternsOnce(Operation *root,
                       const FrozenRewritePatternSet &patterns);

/// The run of an IE pass that is a rewrite: applies the patterns `populate`
/// adds once to each op nested in `root` (applyPatternsOnce). Then, when
/// `emitRemarks`, walks `root` (in post-order, `root` included) and emits the
/// remark "left unchanged: <reason>" on every op for which `whyUnchanged`
/// gives a non-empty reason (it gives none for an op the pass does not
/// concern).
void applyPatternsOnce(
    Operation *root, function_ref<void(RewritePatternSet &)> populate,
    bool emitRemarks = false,
    function_ref<std::string(Operation *)> whyUnchanged = {});

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_UTILS_APPLYONCE_H_
