//===- PipelineSpecFuzzer.cpp - Fuzz target of the pipeline-spec loader ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Input: a pipeline spec (PipelineSpec.proto as textproto), checked against the
// registry of every vpuc component (as `vpuc compile --pipeline` does). Leading
// comment lines `# override: pass.option=value` become the command-line
// overrides (`--pipeline-option`). The spec must be lowered to a pass manager
// or rejected with a diagnostic; a textual pipeline the loader accepts must
// parse again into a pass manager.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/pipeline/PipelineLoader.h"
#include "core/registry/Components.h"
#include "core/registry/Registry.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::vpuc;

namespace {

struct State {
  registry::Registry components;
  std::unique_ptr<MLIRContext> context;

  State() {
    registry::registerComponents(components);
    DialectRegistry dialects;
    components.appendDialects(dialects);
    context = std::make_unique<MLIRContext>(dialects,
                                            MLIRContext::Threading::DISABLED);
  }
};

State &getState() {
  static State *state = new State();
  return *state;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  State &state = getState();
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  std::vector<std::string> overrides;
  for (llvm::StringRef rest = text; !rest.empty();) {
    auto [line, next] = rest.split('\n');
    if (!line.consume_front("# override: ")) {
      break;
    }
    overrides.push_back(line.str());
    rest = next;
  }
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  pipeline::PipelineLoader loader(*state.context, state.components, os);
  loader.setOverrides(overrides);
  FailureOr<std::string> textual =
      loader.lowerToTextualPipeline({text, "fuzz.textproto"});
  if (failed(textual)) {
    if (os.str().empty()) {
      llvm::errs() << "the spec was rejected without a diagnostic\n";
      abort();
    }
    return 0;
  }
  PassManager pm(state.context.get(), ModuleOp::getOperationName());
  if (failed(pipeline::addTextualPipeline(*textual, pm, os))) {
    llvm::errs() << "the lowered pipeline does not parse:\n"
                 << *textual << "\n"
                 << os.str() << "\n";
    abort();
  }
  return 0;
}
