//===- Registry.cpp - The static registry of vpuc components
//---------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

namespace mlir::vpuc::registry {

void Registry::beginComponent(llvm::StringRef id) {
  for (const ComponentInfo &info : components) {
    if (info.id == id) {
      llvm::report_fatal_error(llvm::Twine("vpuc registry: component '") + id +
                               "' is registered twice");
    }
  }
  components.push_back(ComponentInfo{id.str(), {}, {}, {}, {}});
}

ComponentInfo &Registry::current() {
  if (components.empty()) {
    llvm::report_fatal_error("vpuc registry: a component registered something "
                             "outside its entry point");
  }
  return components.back();
}

void Registry::addDialects(llvm::ArrayRef<llvm::StringRef> names,
                           std::function<void(mlir::DialectRegistry &)> fn) {
  ComponentInfo &info = current();
  for (llvm::StringRef name : names) {
    info.dialects.push_back(name.str());
  }
  dialectFns.push_back(std::move(fn));
}

void Registry::addPass(std::function<std::unique_ptr<mlir::Pass>()> factory) {
  std::unique_ptr<mlir::Pass> pass = factory();
  ComponentInfo &info = current();
  if (const PassInfo *existing = lookupPass(pass->getArgument())) {
    llvm::report_fatal_error(llvm::Twine("vpuc registry: pass '") +
                             pass->getArgument() + "' is registered by both '" +
                             existing->component + "' and '" + info.id + "'");
  }
  info.passes.push_back(pass->getArgument().str());
  passes.push_back(PassInfo{pass->getArgument().str(),
                            pass->getDescription().str(), info.id});
  mlir::registerPass(factory);
}

void Registry::addPipeline(llvm::StringRef name, llvm::StringRef text,
                           llvm::StringRef sourceName) {
  ComponentInfo &info = current();
  if (const PipelineInfo *existing = lookupPipeline(name)) {
    llvm::report_fatal_error(llvm::Twine("vpuc registry: pipeline '") + name +
                             "' is registered by both '" + existing->component +
                             "' and '" + info.id + "'");
  }
  info.pipelines.push_back(name.str());
  pipelines.push_back(
      PipelineInfo{name.str(), sourceName.str(), text.str(), info.id});
}

void Registry::addTranslation(llvm::StringRef name,
                              std::function<void()> registerFn) {
  current().translations.push_back(name.str());
  translationFns.push_back(std::move(registerFn));
}

void Registry::appendDialects(mlir::DialectRegistry &registry) const {
  for (const auto &fn : dialectFns) {
    fn(registry);
  }
}

void Registry::registerTranslations() {
  if (translationsRegistered) {
    return;
  }
  translationsRegistered = true;
  for (const auto &fn : translationFns) {
    fn();
  }
}

const PassInfo *Registry::lookupPass(llvm::StringRef argument) const {
  for (const PassInfo &info : passes) {
    if (info.argument == argument) {
      return &info;
    }
  }
  return nullptr;
}

const PipelineInfo *Registry::lookupPipeline(llvm::StringRef name) const {
  for (const PipelineInfo &info : pipelines) {
    if (info.name == name) {
      return &info;
    }
  }
  return nullptr;
}

} // namespace mlir::vpuc::registry
