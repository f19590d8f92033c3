//===- Driver.h - vpuc's commands on data in memory -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The compiler, the emulator and the reference interpreter as functions on
// bytes and arrays rather than files, for embedding (the Python module
// `vpuc`): they do what `vpuc compile`, `vpuc run` and `vpuc infer` do, with
// the same pieces (Pipeline.h, BlobRun.h), and never print. Every failure is
// an llvm::Error whose message holds the diagnostics that explain it. The
// header includes no MLIR header, so that a binding stays a light translation
// unit.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_DRIVER_DRIVER_H_
#define VPUC_TOOLS_VPUC_DRIVER_DRIVER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/npy/Npy.h"
#include "emulator/NumericsCheck.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::registry {
class Registry;
} // namespace mlir::vpuc::registry

namespace mlir::vpuc::driver {

/// A network given to compileModel / inferModel.
struct ModelSource {
  /// The model's path (.onnx or .mlir); for `bytes`, the name diagnostics and
  /// locations give the model, and the directory of external-data files.
  std::string path;
  /// The serialized ONNX model, when it is not read from `path`.
  std::optional<std::string> bytes;
  /// Static shapes of ONNX inputs, each `name=DxDx...`.
  std::vector<std::string> inputShapes;
  /// ONNX inputs replaced by these constants, by input name
  /// (`--freeze-input`).
  npy::ArrayMap frozenInputs;
};

/// What to compile for which target, as `vpuc compile` takes it.
struct CompileRequest {
  ModelSource model;
  /// A built-in target name or the path of a .textproto description.
  std::string arch;
  /// A compilation mode (empty: the default mode); exclusive with
  /// `pipelinePath`.
  std::string mode;
  /// A pipeline spec file to run instead of a mode.
  std::string pipelinePath;
  /// Pass option overrides, each `pass-name.option=value`.
  std::vector<std::string> pipelineOptions;
  /// Layers whose outputs the blob keeps as `layer:<name>` outputs (`*`:
  /// every layer), for `vpuc run --dump-layers`.
  std::vector<std::string> observeLayers;
};

/// A compiled blob.
struct CompileResult {
  std::vector<uint8_t> blob;
  /// The warnings the compilation printed (empty when none).
  std::string warnings;
};

/// Compiles a model into a blob with the components of `registry` (filled by
/// the binary's registry::registerComponents, and reusable).
llvm::Expected<CompileResult> compileModel(const CompileRequest &request,
                                           const registry::Registry &registry);

/// How runBlob runs a blob.
struct RunOptions {
  /// Track every memory access for races and uninitialised reads.
  bool hazardCheck = true;
  /// The numerics check (NaN or Inf from finite inputs, FP16 saturation):
  /// findings as warnings, as problems, or no check.
  emu::NumericsMode numerics = emu::NumericsMode::Warn;
  /// The target (empty: the blob's own).
  std::string arch;
  /// `inputs` holds one array that feeds the first network input whatever
  /// its name (as a .npy file does for `vpuc run`).
  bool positional = false;
};

/// The outcome of a run on the emulator.
struct RunResult {
  /// The outputs by name (empty when the run did not complete).
  npy::ArrayMap outputs;
  /// The outputs of the layers the blob observes (compiled with
  /// CompileRequest::observeLayers), by layer name, in network order; they
  /// are not in `outputs`.
  npy::ArrayMap layers;
  /// Every task ran.
  bool completed = false;
  /// The estimated latency: the end of the last task.
  double totalCycles = 0;
  double latencyUs = 0;
  double frequencyMhz = 0;
  /// The roofline's lower bound over the latency (emu::RunReport).
  double rooflineRatio = 0;
  /// The problems the emulator found (hazards, barrier misuse, deadlock,
  /// ...), one "error: [kind] message" line each.
  std::vector<std::string> problems;
  /// The warnings of the run (numerics findings when they are not problems),
  /// one "warning: [kind] message" line each.
  std::vector<std::string> warnings;
  /// The timing summary `vpuc run` prints.
  std::string summary;
};

/// Runs a blob on the emulator. Fails on a blob or inputs the emulator cannot
/// run; the problems of a run are in the result.
llvm::Expected<RunResult> runBlob(llvm::ArrayRef<uint8_t> blob,
                                  const npy::ArrayMap &inputs,
                                  const RunOptions &options);

/// Runs a model with the IE reference interpreter on `inputs` (by input name;
/// with `positional`, one array feeding a one-input network) and returns its
/// outputs by name. The model may be IR that `vpuc compile` wrote at a tensor
/// level (IE, VPU), which needs the dialects of `registry`.
llvm::Expected<npy::ArrayMap> inferModel(const ModelSource &model,
                                         const npy::ArrayMap &inputs,
                                         bool positional,
                                         const registry::Registry &registry);

} // namespace mlir::vpuc::driver

#endif // VPUC_TOOLS_VPUC_DRIVER_DRIVER_H_
