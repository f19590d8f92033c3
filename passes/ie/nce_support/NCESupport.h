//===- NCESupport.h - Asking the NCE from IE passes -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Helpers for the IE passes that rewrite ops into forms the NCE runs: they
// build a candidate rewrite, ask the static `VPU::NCE<X>Op::isSupported`
// query on it, and erase it again if the NCE rejects it.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_NCE_SUPPORT_NCESUPPORT_H_
#define VPUC_PASSES_IE_NCE_SUPPORT_NCESUPPORT_H_

#include <string>

#include "dialects/vpu/ir/NCELimits.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::IE {

/// The NCE checks that apply to IE ops before the HW layout assignment and the
/// channel expansion: the layouts and the channel alignment are left out.
VPU::NCE::SupportOptions getIEStageSupportOptions();

/// True if the NCE can run the IE layer `layer` once its layouts and channels
/// are adjusted (the `isSupported` query of its NCE op, with
/// getIEStageSupportOptions); false for layers without an NCE form.
bool isNCELayer(Operation *layer);

/// The reasons a check gives (each one a sentence fragment).
class Reasons {
public:
  /// Appends `reason`.
  void add(const llvm::Twine &reason) { list.push_back(reason.str()); }

  /// The reasons joined with "; ".
  std::string join() const;

  bool empty() const { return list.empty(); }

  void clear() { list.clear(); }

private:
  llvm::SmallVector<std::string, 4> list;
};

/// Records the ops a rewriter inserts while it is the rewriter's listener, so
/// that a candidate rewrite the NCE rejects can be erased again.
class InsertedOps : public RewriterBase::Listener {
public:
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override;

  /// Erases the recorded ops, the last inserted first (users before the values
  /// they use); none may have users outside the recorded ops.
  void discard(RewriterBase &rewriter);

  /// Erases the recorded op `op`, which has no users.
  void erase(RewriterBase &rewriter, Operation *op);

  /// Keeps the recorded ops and starts a new record.
  void keep() { ops.clear(); }

private:
  llvm::SmallVector<Operation *> ops;
};

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_NCE_SUPPORT_NCESUPPORT_H_
