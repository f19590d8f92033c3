//===- Pipeline.h - The compilation pipeline of a model ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// What `vpuc compile` and the Python module share to set a compilation up:
// the checks of the model path and the target, the context with every
// registered dialect, the choice of the spec (a mode, i.e. a registered spec
// that starts with vpuc-init-compiler, or a spec file) and its lowering into a
// pass manager, with the target reaching vpuc-init-compiler.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_DRIVER_PIPELINE_H_
#define VPUC_TOOLS_VPUC_DRIVER_PIPELINE_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/arch/Arch.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class MLIRContext;
class PassManager;
} // namespace mlir

namespace mlir::vpuc::registry {
class Registry;
} // namespace mlir::vpuc::registry

namespace mlir::vpuc::driver {

/// The mode used when neither a mode nor a spec file is given.
inline constexpr const char *kDefaultMode = "reference_sw";
/// The pass that records the target on the module.
inline constexpr const char *kInitPass = "vpuc-init-compiler";
/// The pass of the low-precision pipeline that names the layers it keeps in
/// float, as remarks.
inline constexpr const char *kFuseQuantizedPass =
    "vpuc-ie-fuse-quantized-layers";
/// The pass that makes chosen layers' outputs network outputs.
inline constexpr const char *kExposeLayersPass = "vpuc-ie-expose-layer-outputs";

/// Checks that `path` names an existing .onnx or .mlir file.
llvm::Error checkModelPath(llvm::StringRef path);

/// Loads the target `archName` (a built-in name or a .textproto path); the
/// errors name the --arch flag.
llvm::Expected<arch::ArchDesc> loadTarget(llvm::StringRef archName);

/// Returns a context with the dialects of `registry` (filled by the binary's
/// registry::registerComponents) and the importer's loaded, which does not
/// print the op on its diagnostics.
std::unique_ptr<MLIRContext> createContext(const registry::Registry &registry);

/// The spec to run: its text and the name diagnostics use; `registeredName`
/// for a mode.
struct SpecChoice {
  std::string text;
  std::string sourceName;
  std::optional<std::string> registeredName;

  /// The mode's name, else the spec file's.
  llvm::StringRef getDisplayName() const {
    return registeredName ? *registeredName : sourceName;
  }
};

/// True if the spec `text` runs vpuc-init-compiler as one of its top-level
/// stages. A spec that does not parse is not one; the loader reports its
/// syntax errors later.
bool runsInitPass(llvm::StringRef text, llvm::StringRef sourceName);

/// The modes: the registered specs that compile a whole network, i.e. that
/// start from the target (run vpuc-init-compiler at the top level).
std::vector<std::string> getModes(const registry::Registry &registry);

/// Picks the spec: the file `pipelinePath` when given, else the mode
/// `modeName` (kDefaultMode when empty). Fails on an unreadable file, an
/// unknown mode and a partial pipeline, naming the modes.
llvm::Expected<SpecChoice> chooseSpec(const registry::Registry &registry,
                                      llvm::StringRef modeName,
                                      llvm::StringRef pipelinePath);

/// The number of passes in a textual pipeline
/// (`builtin.module(a,func.func(b{x=1},c))` has 3): the names followed by '('
/// are anchors, option blocks are skipped.
int countPasses(llvm::StringRef textual);

/// How a spec is lowered for one compilation.
struct PipelineOptions {
  /// The target, as given to --arch.
  std::string arch;
  /// Overrides of pass options, each `pass-name.option=value`.
  std::vector<std::string> overrides;
  /// Ask kFuseQuantizedPass, when the pipeline runs it, for the remarks that
  /// name the layers it keeps in float.
  bool floatLayerRemarks = false;
  /// The layers kExposeLayersPass exposes (`*`: every layer); the spec must
  /// run that pass when not empty.
  std::vector<std::string> observeLayers;
};

/// The lowered pipeline.
struct LoweredPipeline {
  /// The textual pipeline of the spec (without a vpuc-init-compiler the
  /// spec does not run).
  std::string textual;
  /// The passes `pm` runs, vpuc-init-compiler included.
  int numPasses = 0;
};

/// Lowers `spec` into `pm` (anchored on builtin.module): vpuc-init-compiler
/// gets the target where the spec runs it, and runs first otherwise. Fails
/// when layers are to be observed and the spec does not run kExposeLayersPass.
/// The
/// errors of the spec go to `diagnostics`; the caller reports the failure.
FailureOr<LoweredPipeline>
buildCompilePipeline(MLIRContext &context, const registry::Registry &registry,
                     const SpecChoice &spec, const PipelineOptions &options,
                     PassManager &pm, llvm::raw_ostream &diagnostics);

} // namespace mlir::vpuc::driver

#endif // VPUC_TOOLS_VPUC_DRIVER_PIPELINE_H_
