//===- FileRun.h - Run a network on .npz/.npy files -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The interpreter as the tools use it: feed a module the tensors of an .npz
// archive (or one .npy file for a single-input network), write its outputs as
// .npz (or .npy for a single output) and, on request, every layer's result by
// layer name into one .npz or a directory of .npy files with an index
// (layers.tsv). Shared by `vpuc infer` and `vpuc-ie`.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_INTERPRETER_FILERUN_H_
#define VPUC_DIALECTS_IE_INTERPRETER_FILERUN_H_

#include <string>

#include "mlir/Support/LogicalResult.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlir::vpuc::IE {

/// The files of one run, and how errors name them.
struct FileRunOptions {
  /// The input tensors by input name (.npz), or the only input (.npy).
  std::string inputsPath;
  /// Where the outputs go by output name (.npz), or the only output (.npy).
  std::string outputPath;
  /// Optional: every layer's result, into an .npz archive or a directory (a
  /// quantized result as its real values, float32).
  std::string dumpLayersPath;
  /// Optional: the function to run (default: the one IE.CNNNetwork names, or
  /// the only one).
  std::string entryPoint;
  /// Errors are printed as `<toolName>: error: ...`.
  std::string toolName;
  /// The command-line flags of the paths, as error messages name them.
  std::string inputsFlag = "--inputs";
  std::string outputFlag = "-o";
  std::string dumpLayersFlag = "--dump-layers";
};

/// How long the run itself took, in milliseconds: wall clock and process CPU
/// time.
struct FileRunTimes {
  double wallMs = 0;
  double cpuMs = 0;
};

/// Checks the file names of `options` before anything is read; reports and
/// fails on a bad one.
LogicalResult checkFileRunOptions(const FileRunOptions &options);

/// Keeps the blocks the interpreter frees layer after layer in the heap instead
/// of returning them to the system (about 15% of a convolutional network's run
/// time). Call once, early.
void keepFreedMemory();

/// Runs `module` on the files of `options`. Errors in the IR are reported
/// through the module's context, the others to standard error; either way the
/// result is failure. `times`, when given, receives the duration of the run.
LogicalResult runOnFiles(ModuleOp module, const FileRunOptions &options,
                         FileRunTimes *times = nullptr);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_INTERPRETER_FILERUN_H_
