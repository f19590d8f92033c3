//===- PipelineLoader.h - Textproto pipeline specs to pass managers -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Loads pipeline specs (PipelineSpec.proto, in textproto form): parses them,
// validates every stage against MLIR's pass registry and the vpuc registry,
// applies command-line option overrides, and lowers the result to MLIR's
// textual pass pipeline
// (`builtin.module(func.func(name{k=v}))`), from which the pass manager is
// built. Every spec is therefore reproducible with `vpuc-opt
// --pass-pipeline=<textual pipeline>`.
//
// Errors are written to a raw_ostream as `FILE:LINE: message` (`FILE:LINE:COL:
// message` for syntax errors) and reported as failure; no input makes the
// loader crash.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_PIPELINE_PIPELINELOADER_H_
#define VPUC_CORE_PIPELINE_PIPELINELOADER_H_

#include <string>
#include <vector>

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class MLIRContext;
class OpPassManager;
} // namespace mlir

namespace mlir::vpuc::registry {
class Registry;
} // namespace mlir::vpuc::registry

namespace mlir::vpuc::pipeline {

/// The text of a spec and the file name its diagnostics use.
struct SpecSource {
  llvm::StringRef text;
  llvm::StringRef sourceName;
  /// The spec was read from the file `sourceName` (not compiled in): a
  /// `pipeline: "NAME"` stage of it (and of the files it so loads) runs the
  /// file NAME.textproto beside it when there is one, and the registered spec
  /// NAME otherwise, so that an edited copy of an in-tree spec takes effect
  /// without a rebuild.
  bool onDisk = false;
};

/// The header fields of a spec, for listings.
struct SpecSummary {
  std::string name;
  std::string description;
  std::vector<std::string> targetArchs;
};

/// Parses `source` and returns its header fields. Syntax errors go to
/// `diagnostics`.
FailureOr<SpecSummary> summarizeSpec(SpecSource source,
                                     llvm::raw_ostream &diagnostics);

/// Adds the anchored textual pipeline `textual` (e.g. `builtin.module(cse)`) to
/// `pm`, whose anchor must be the pipeline's. The string is parsed exactly as
/// `--pass-pipeline` parses it.
LogicalResult addTextualPipeline(llvm::StringRef textual, OpPassManager &pm,
                                 llvm::raw_ostream &diagnostics);

/// Loads specs against one context and registry.
class PipelineLoader {
public:
  /// `context` provides the dialects anchors are checked against (they are
  /// loaded on demand); `registry` provides registered specs (for `pipeline:`
  /// stages) and the pass names used for suggestions. Diagnostics are written
  /// to `diagnostics`.
  PipelineLoader(MLIRContext &context, const registry::Registry &registry,
                 llvm::raw_ostream &diagnostics);

  /// Sets the command-line overrides, each `pass-name.option=value`: the option
  /// is set on every occurrence of the pass in the loaded pipeline (including
  /// referenced specs).
  void setOverrides(llvm::ArrayRef<std::string> overrides);

  /// Validates the spec and returns its textual pass pipeline, anchored on
  /// `builtin.module`.
  FailureOr<std::string> lowerToTextualPipeline(SpecSource source);

  /// Like lowerToTextualPipeline for the registered spec `name`.
  FailureOr<std::string> lowerRegisteredToTextualPipeline(llvm::StringRef name);

  /// Lowers the spec and adds its passes to `pm`, which must be anchored on
  /// `builtin.module`.
  LogicalResult buildPassManager(SpecSource source, OpPassManager &pm);

  /// Like buildPassManager for the registered spec `name`.
  LogicalResult buildRegisteredPassManager(llvm::StringRef name,
                                           OpPassManager &pm);

private:
  MLIRContext &context;
  const registry::Registry &registry;
  llvm::raw_ostream &diagnostics;
  std::vector<std::string> overrides;
};

} // namespace mlir::vpuc::pipeline

#endif // VPUC_CORE_PIPELINE_PIPELINELOADER_H_
