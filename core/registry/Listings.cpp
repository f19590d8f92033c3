//===- Listings.cpp - What a registry holds -------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/registry/Listings.h"

#include <algorithm>
#include <string>

#include "core/pipeline/PipelineLoader.h"
#include "core/registry/Registry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::registry {

namespace {

/// Returns `text` with runs of whitespace collapsed to one space, trimmed.
std::string collapseSpaces(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef> words;
  text.split(words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  return llvm::join(words, " ");
}

} // namespace

void listPasses(const Registry &registry) {
  llvm::raw_ostream &os = llvm::outs();
  size_t descIndent = 0;
  for (const PassInfo &info : registry.getPasses()) {
    if (const mlir::PassInfo *pass = mlir::PassInfo::lookup(info.argument)) {
      descIndent = std::max(descIndent, pass->getOptionWidth());
    }
  }
  descIndent += 8;
  llvm::StringRef component;
  for (const PassInfo &info : registry.getPasses()) {
    if (info.component != component) {
      component = info.component;
      os << "Component " << component << ":\n";
    }
    const mlir::PassInfo *pass = mlir::PassInfo::lookup(info.argument);
    if (!pass) {
      continue;
    }
    os.flush();
    pass->printHelpStr(/*indent=*/2, descIndent);
    OpPassManager scratch;
    if (failed(pass->addToPipeline(
            scratch, "", [](const llvm::Twine &) { return failure(); })) ||
        scratch.size() != 1) {
      continue;
    }
    std::string printed;
    llvm::raw_string_ostream printedOs(printed);
    scratch.begin()->printAsTextualPipeline(printedOs);
    llvm::StringRef text = printedOs.str();
    size_t brace = text.find('{');
    if (brace != llvm::StringRef::npos && text.ends_with("}")) {
      os << "      defaults: "
         << collapseSpaces(text.slice(brace + 1, text.size() - 1)) << "\n";
    }
  }
}

LogicalResult listPipelines(const Registry &registry) {
  bool ok = true;
  for (const PipelineInfo &info : registry.getPipelines()) {
    FailureOr<pipeline::SpecSummary> summary = pipeline::summarizeSpec(
        pipeline::SpecSource{info.text, info.sourceName}, llvm::errs());
    if (failed(summary)) {
      ok = false;
      continue;
    }
    llvm::outs() << info.name << " (" << info.sourceName << ")\n";
    llvm::outs() << "  " << summary->description << "\n";
    if (!summary->targetArchs.empty()) {
      llvm::outs() << "  target arch:";
      for (const std::string &arch : summary->targetArchs) {
        llvm::outs() << " " << arch;
      }
      llvm::outs() << "\n";
    }
  }
  return success(ok);
}

void listComponents(const Registry &registry) {
  for (const ComponentInfo &info : registry.getComponents()) {
    llvm::outs() << info.id << " dialects=" << info.dialects.size()
                 << " passes=" << info.passes.size()
                 << " pipelines=" << info.pipelines.size()
                 << " translations=" << info.translations.size() << "\n";
  }
}

} // namespace mlir::vpuc::registry
