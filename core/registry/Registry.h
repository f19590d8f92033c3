//===- Registry.h - The static registry of vpuc components ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The registry of dialects, passes, pipeline specs and translations that a tool
// links. It is complete at link time: every component library exports one plain
// entry point
//
//   extern "C" void vpuc_register_<id>(mlir::vpuc::registry::Registry
//   &registry);
//
// and //tools/bazel:registry.bzl generates, per tool, the list of components it
// links and the calls to their entry points (see Components.h). Nothing
// registers itself through load-time side effects, so a forgotten component is
// a link error, not a pass silently missing at run time.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_REGISTRY_REGISTRY_H_
#define VPUC_CORE_REGISTRY_REGISTRY_H_

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class DialectRegistry;
class Pass;
} // namespace mlir

namespace mlir::vpuc::registry {

/// What a component contributed, for listings and for the completeness test.
struct ComponentInfo {
  std::string id;
  std::vector<std::string> dialects;
  std::vector<std::string> passes;
  std::vector<std::string> pipelines;
  std::vector<std::string> translations;
};

/// A pass as the registry lists it.
struct PassInfo {
  std::string argument;
  std::string summary;
  std::string component;
};

/// A pipeline spec embedded in the tool (textproto text), by name.
struct PipelineInfo {
  std::string name;
  std::string sourceName; // The spec file it came from, for diagnostics.
  std::string text;
  std::string component;
};

/// The registry a tool fills once at start-up by calling its components' entry
/// points.
class Registry {
public:
  /// Marks the component whose entry point is being called; everything added
  /// until the next call belongs to it. Called by the generated Components
  /// code, not by components. A component id given twice is a fatal error.
  void beginComponent(llvm::StringRef id);

  /// Adds dialects: `fn` inserts them into an MLIR DialectRegistry. `names` are
  /// the dialect namespaces, recorded for listings.
  void addDialects(llvm::ArrayRef<llvm::StringRef> names,
                   std::function<void(mlir::DialectRegistry &)> fn);

  /// Adds a pass: registers its factory with MLIR's pass registry (so textual
  /// pipelines and vpuc-opt flags know it) and records its argument and
  /// summary. Two components adding the same pass argument is a fatal error
  /// naming both.
  void addPass(std::function<std::unique_ptr<mlir::Pass>()> factory);

  /// Adds a pipeline spec (textproto text). `sourceName` names the file it came
  /// from. `name` must equal the spec's `name` field (the pipeline loader
  /// checks it) and be unique.
  void addPipeline(llvm::StringRef name, llvm::StringRef text,
                   llvm::StringRef sourceName);

  /// Adds a translation: `registerFn` registers it with MLIR's translation
  /// registry.
  void addTranslation(llvm::StringRef name, std::function<void()> registerFn);

  /// Inserts every registered dialect into `registry`.
  void appendDialects(mlir::DialectRegistry &registry) const;

  /// Runs the registration functions of every translation (once).
  void registerTranslations();

  llvm::ArrayRef<ComponentInfo> getComponents() const { return components; }
  llvm::ArrayRef<PassInfo> getPasses() const { return passes; }
  llvm::ArrayRef<PipelineInfo> getPipelines() const { return pipelines; }

  /// Returns the pass with this argument, or nullptr.
  const PassInfo *lookupPass(llvm::StringRef argument) const;

  /// Returns the pipeline with this name, or nullptr.
  const PipelineInfo *lookupPipeline(llvm::StringRef name) const;

private:
  ComponentInfo &current();

  std::vector<ComponentInfo> components;
  std::vector<std::function<void(mlir::DialectRegistry &)>> dialectFns;
  std::vector<PassInfo> passes;
  std::vector<PipelineInfo> pipelines;
  std::vector<std::function<void()>> translationFns;
  bool translationsRegistered = false;
};

} // namespace mlir::vpuc::registry

#endif // VPUC_CORE_REGISTRY_REGISTRY_H_
