//===- VpucOptMain.h - The vpuc-opt driver ----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// mlir-opt (MlirOptMain) over the dialects and passes of a filled vpuc registry, plus the vpuc
// flags: --pipeline-spec=FILE, --pipeline=NAME, --pipeline-option=PASS.KEY=VALUE (repeatable),
// --print-spec-pipeline, --list-passes, --list-pipelines and --list-components.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_OPT_VPUCOPTMAIN_H_
#define VPUC_TOOLS_VPUC_OPT_VPUCOPTMAIN_H_

#include <functional>

#include "mlir/Support/LogicalResult.h"

namespace mlir::vpuc::registry {
class Registry;
} // namespace mlir::vpuc::registry

namespace mlir::vpuc::opt {

/// Hooks for options other libraries own (e.g. the log level of core/support). Their llvm::cl
/// options must exist before vpucOptMain parses the command line: create them before the call.
struct ToolHooks {
  /// Called once the command line is parsed, before anything runs; failure exits with 1.
  std::function<LogicalResult()> onOptionsParsed;
};

/// Runs vpuc-opt with every dialect, pass, pipeline and translation of `registry`. Returns the
/// process exit code.
int vpucOptMain(int argc, char **argv, registry::Registry &registry,
                const ToolHooks &hooks = {});

} // namespace mlir::vpuc::opt

#endif // VPUC_TOOLS_VPUC_OPT_VPUCOPTMAIN_H_
