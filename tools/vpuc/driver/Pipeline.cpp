//===- Pipeline.cpp - The compilation pipeline of a model -----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc/driver/Pipeline.h"

#include "core/pipeline/PipelineLoader.h"
#include "core/pipeline/PipelineSpec.pb.h"
#include "core/proto/TextProto.h"
#include "core/registry/Registry.h"
#include "frontend/onnx/OnnxImporter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "passes/common/init_compiler/InitCompiler.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace mlir::vpuc::driver {

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error checkModelPath(llvm::StringRef path) {
  if (!path.ends_with(".onnx") && !path.ends_with(".mlir")) {
    return makeError("unknown model format '" + path +
                     "': expected a .onnx or .mlir file");
  }
  if (!llvm::sys::fs::exists(path)) {
    return makeError(path + ": no such file");
  }
  if (llvm::sys::fs::is_directory(path)) {
    return makeError(path + " is a directory, not a model");
  }
  return llvm::Error::success();
}

llvm::Expected<arch::ArchDesc> loadTarget(llvm::StringRef archName) {
  if (archName.empty()) {
    return makeError("no target: give --arch, one of " +
                     llvm::join(arch::getBuiltinArchNames(), ", ") +
                     ", or the path of a .textproto target description");
  }
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch(archName);
  if (!desc) {
    return makeError("--arch: " + llvm::toString(desc.takeError()));
  }
  return desc;
}

std::unique_ptr<MLIRContext> createContext(const registry::Registry &registry) {
  DialectRegistry dialects;
  registry.appendDialects(dialects);
  onnx_frontend::registerImportDialects(dialects);
  auto context = std::make_unique<MLIRContext>(dialects);
  context->loadAllAvailableDialects();
  // Errors name their op by location; the op's whole text would bury the
  // message.
  context->printOpOnDiagnostic(false);
  return context;
}

bool runsInitPass(llvm::StringRef text, llvm::StringRef sourceName) {
  ::vpuc::pipeline::PipelineSpec spec;
  if (llvm::Error error = proto::parseTextProto(text, sourceName, spec)) {
    llvm::consumeError(std::move(error));
    return false;
  }
  return llvm::any_of(spec.stages(), [](const ::vpuc::pipeline::Stage &stage) {
    return stage.has_pass() && stage.pass().name() == kInitPass;
  });
}

std::vector<std::string> getModes(const registry::Registry &registry) {
  std::vector<std::string> modes;
  for (const registry::PipelineInfo &info : registry.getPipelines()) {
    if (runsInitPass(info.text, info.sourceName)) {
      modes.push_back(info.name);
    }
  }
  return modes;
}

llvm::Expected<SpecChoice> chooseSpec(const registry::Registry &registry,
                                      llvm::StringRef modeName,
                                      llvm::StringRef pipelinePath) {
  if (!pipelinePath.empty()) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
        llvm::MemoryBuffer::getFile(pipelinePath, /*IsText=*/true);
    if (!file) {
      return makeError("--pipeline " + pipelinePath +
                       ": cannot read the file: " + file.getError().message());
    }
    return SpecChoice{(*file)->getBuffer().str(), pipelinePath.str(),
                      std::nullopt};
  }
  std::string mode = modeName.empty() ? kDefaultMode : modeName.str();
  std::vector<std::string> modes = getModes(registry);
  const registry::PipelineInfo *info = registry.lookupPipeline(mode);
  if (!info || !llvm::is_contained(modes, mode)) {
    std::string known = modes.empty() ? "none" : llvm::join(modes, ", ");
    if (info) {
      return makeError(
          "'" + mode +
          "' is a partial pipeline, not a compilation mode (it "
          "does not start with " +
          kInitPass + "); the modes are: " + known +
          " (run a partial pipeline with vpuc-opt --pipeline=" + mode + ")");
    }
    return makeError("unknown mode '" + mode + "'; the modes are: " + known +
                     " (or run a spec file with --pipeline FILE)");
  }
  return SpecChoice{info->text, info->sourceName, mode};
}

int countPasses(llvm::StringRef textual) {
  int count = 0;
  int braces = 0;
  char quote = 0;
  bool inItem = false;
  for (char c : textual) {
    if (quote) {
      quote = c == quote ? 0 : quote;
    } else if (braces > 0) {
      braces += c == '{' ? 1 : (c == '}' ? -1 : 0);
      quote = (c == '"' || c == '\'') ? c : 0;
    } else if (c == '{') {
      ++braces;
    } else if (c == '(') {
      inItem = false; // An anchor.
    } else if (c == ',' || c == ')') {
      count += inItem ? 1 : 0;
      inItem = false;
    } else if (!llvm::isSpace(c)) {
      inItem = true;
    }
  }
  return count;
}

FailureOr<LoweredPipeline>
buildCompilePipeline(MLIRContext &context, const registry::Registry &registry,
                     const SpecChoice &spec, const PipelineOptions &options,
                     PassManager &pm, llvm::raw_ostream &diagnostics) {
  bool specRunsInit = runsInitPass(spec.text, spec.sourceName);
  std::vector<std::string> overrides;
  if (specRunsInit) {
    overrides.push_back(std::string(kInitPass) + ".arch=" + options.arch);
  }
  overrides.insert(overrides.end(), options.overrides.begin(),
                   options.overrides.end());
  pipeline::PipelineLoader loader(context, registry, diagnostics);
  loader.setOverrides(overrides);
  pipeline::SpecSource source{spec.text, spec.sourceName,
                              /*onDisk=*/!spec.registeredName};
  auto lower = [&]() -> FailureOr<std::string> {
    return spec.registeredName
               ? loader.lowerRegisteredToTextualPipeline(*spec.registeredName)
               : loader.lowerToTextualPipeline(source);
  };
  FailureOr<std::string> textual = lower();
  if (failed(textual)) {
    return failure();
  }
  // Options of passes the spec may not run are set once it is known to run
  // them.
  bool relower = false;
  if (options.floatLayerRemarks &&
      textual->find(kFuseQuantizedPass) != std::string::npos) {
    overrides.push_back(std::string(kFuseQuantizedPass) + ".remarks=true");
    relower = true;
  }
  if (!options.observeLayers.empty()) {
    if (textual->find(kExposeLayersPass) == std::string::npos) {
      diagnostics << "error: the pipeline " << spec.getDisplayName()
                  << " does not run " << kExposeLayersPass
                  << ", so it cannot observe layers; add it to the spec where "
                     "the layers should be observed\n";
      return failure();
    }
    overrides.push_back(std::string(kExposeLayersPass) +
                        ".layers=" + llvm::join(options.observeLayers, ","));
    relower = true;
  }
  if (relower) {
    loader.setOverrides(overrides);
    textual = lower();
  }
  if (failed(textual)) {
    return failure();
  }
  if (!specRunsInit) {
    common::InitCompilerPassOptions initOptions;
    initOptions.arch = options.arch;
    pm.addPass(common::createInitCompilerPass(initOptions));
  }
  if (failed(pipeline::addTextualPipeline(*textual, pm, diagnostics))) {
    return failure();
  }
  return LoweredPipeline{*textual,
                         countPasses(*textual) + (specRunsInit ? 0 : 1)};
}

} // namespace mlir::vpuc::driver
