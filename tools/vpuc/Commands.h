//===- Commands.h - The subcommands of the vpuc driver ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Each subcommand of `vpuc` lives in its own translation unit with its own
// llvm::cl::SubCommand and options, and exposes one entry point called by
// main.cpp when it was selected.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_COMMANDS_H_
#define VPUC_TOOLS_VPUC_COMMANDS_H_

namespace llvm::cl {
class SubCommand;
} // namespace llvm::cl

namespace mlir::vpuc::tools {

/// Process exit codes shared by the subcommands.
enum ExitCode : int {
  kExitOk = 0,
  /// The command ran, and a numerical check failed (e.g. below tolerance).
  kExitCheckFailed = 1,
  /// Bad input or usage: the message says which.
  kExitError = 2,
};

/// `vpuc compare ACTUAL REFERENCE [--tolerance COS[,EUCLID]]
/// [--max-abs-rel-range F]`.
llvm::cl::SubCommand &getCompareCommand();
int runCompare();

/// `vpuc compile MODEL --arch NAME [--mode NAME | --pipeline SPEC] [-o OUT]
/// [--emit=blob|mlir] [--dump-ir-after-each DIR] [--timing]
/// [--test-input IN --test-reference REF [--tolerance COS[,EUCLID]]
/// [--keep-failed]]`.
llvm::cl::SubCommand &getCompileCommand();
int runCompile();

/// `vpuc infer MODEL --inputs IN -o OUT [--dump-layers PATH] [--timing]`.
llvm::cl::SubCommand &getInferCommand();
int runInfer();

/// `vpuc info BLOB [--tasks]`.
llvm::cl::SubCommand &getInfoCommand();
int runInfo();

/// `vpuc quantize MODEL -o OUT (--calibration-data DIR | --calibration-table
/// T.json) [--method M] ...`.
llvm::cl::SubCommand &getQuantizeCommand();
int runQuantize();

/// `vpuc run BLOB --inputs IN.npz -o OUT.npz [--trace T.json]
/// [--no-hazard-check] [--arch NAME]`.
llvm::cl::SubCommand &getRunCommand();
int runRun();

} // namespace mlir::vpuc::tools

#endif // VPUC_TOOLS_VPUC_COMMANDS_H_
