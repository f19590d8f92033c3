//===- VpucOptMain.h - The vpuc-opt driver ----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// mlir-opt (MlirOptMain) over the dialects and passes of a filled vpuc
// registry, plus the vpuc flags: --pipeline-spec=FILE, --pipeline=NAME,
// --pipeline-option=PASS.KEY=VALUE (repeatable),
// --print-spec-pipeline, --list-passes, --list-pipelines and --list-components.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_OPT_VPUCOPTMAIN_H_
#define VPUC_TOOLS_VPUC_OPT_VPUCOPTMAIN_H_

namespace mlir::vpuc::registry {
class Registry;
} // namespace mlir::vpuc::registry

namespace mlir::vpuc::opt {

/// Runs vpuc-opt with every dialect, pass, pipeline and translation of
/// `registry`. Returns the process exit code. Options owned by other libraries
/// (e.g. core/support's `--vpuc-log-level`) must be created before the call,
/// which parses the command line.
int vpucOptMain(int argc, char **argv, registry::Registry &registry);

} // namespace mlir::vpuc::opt

#endif // VPUC_TOOLS_VPUC_OPT_VPUCOPTMAIN_H_
