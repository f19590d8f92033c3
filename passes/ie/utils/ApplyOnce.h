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

namespace mlir {
class FrozenRewritePatternSet;
class Operation;
} // namespace mlir

namespace mlir::vpuc::IE {

/// Applies `patterns` once to each op nested in `root` (not `root` itself), in
/// post-order, as collected before the first rewrite: the ops a rewrite creates
/// are not visited and those it erases are skipped. Nothing is folded or
/// erased but by the patterns.
void applyPatternsOnce(Operation *root,
                       const FrozenRewritePatternSet &patterns);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_UTILS_APPLYONCE_H_
