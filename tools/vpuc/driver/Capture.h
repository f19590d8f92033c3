//===- Capture.h - Diagnostics and models of the driver ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Internal to the driver library: the text of a context's diagnostics, the
// errors that carry it, and the import of a model given by path or bytes.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_DRIVER_CAPTURE_H_
#define VPUC_TOOLS_VPUC_DRIVER_CAPTURE_H_

#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "tools/vpuc/driver/Driver.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::driver {

/// Collects the diagnostics of `context` as text while alive; remarks are
/// dropped.
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(MLIRContext &context);

  /// The source manager diagnostics show the lines of (for .mlir models).
  llvm::SourceMgr &getSourceMgr() { return sourceMgr; }

  /// The stream other diagnostics (e.g. a spec's) are written to.
  llvm::raw_ostream &getStream() { return os; }

  /// What was printed so far.
  const std::string &getText() {
    os.flush();
    return text;
  }

  /// An error whose message is `message`, then what was printed.
  llvm::Error makeError(const llvm::Twine &message);

private:
  std::string text;
  llvm::raw_string_ostream os;
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler;
  ScopedDiagnosticHandler filter;
};

/// An error whose message is `message`.
llvm::Error makeError(const llvm::Twine &message);

/// Imports `model` (the importer's dialects must be loaded in `context`);
/// errors in the model are diagnostics of `context`, which `capture` holds.
llvm::Expected<OwningOpRef<ModuleOp>> importModel(MLIRContext &context,
                                                  DiagnosticCapture &capture,
                                                  const ModelSource &model);

} // namespace mlir::vpuc::driver

#endif // VPUC_TOOLS_VPUC_DRIVER_CAPTURE_H_
