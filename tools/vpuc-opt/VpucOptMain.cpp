//===- VpucOptMain.cpp - The vpuc-opt driver ----------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Follows MlirOptMain's own command-line entry point (parse the options, open
// input and output, call the core MlirOptMain), adding the listings and a
// pass-pipeline setup function that builds the pass manager from a pipeline
// spec.
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc-opt/VpucOptMain.h"

#include <string>
#include <utility>

#include "core/pipeline/PipelineLoader.h"
#include "core/registry/Listings.h"
#include "core/registry/Registry.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::opt {

namespace cl = llvm::cl;

namespace {

/// The vpuc-specific command-line options. They live as long as the driver
/// runs; constructing them registers them with llvm::cl before MlirOptMain's
/// options are parsed.
struct VpucOptOptions {
  cl::OptionCategory category{"vpuc-opt options"};
  cl::opt<std::string> pipelineSpec{
      "pipeline-spec",
      cl::desc("Run the pipeline spec (textproto) in this file"),
      cl::value_desc("file"), cl::cat(category)};
  cl::opt<std::string> pipelineName{
      "pipeline", cl::desc("Run the registered pipeline spec with this name"),
      cl::value_desc("name"), cl::cat(category)};
  cl::list<std::string> pipelineOptions{
      "pipeline-option",
      cl::desc("Override an option of every occurrence of a pass in the spec "
               "(repeatable)"),
      cl::value_desc("pass.option=value"), cl::cat(category)};
  cl::opt<bool> printSpecPipeline{
      "print-spec-pipeline",
      cl::desc("Print the spec's textual pass pipeline (for --pass-pipeline) "
               "to stderr"),
      cl::cat(category)};
  cl::opt<bool> listPasses{
      "list-passes",
      cl::desc("List the registered passes with their options and exit"),
      cl::cat(category)};
  cl::opt<bool> listPipelines{
      "list-pipelines", cl::desc("List the registered pipeline specs and exit"),
      cl::cat(category)};
  cl::opt<bool> listComponents{
      "list-components",
      cl::desc("List the linked registry components and exit"),
      cl::cat(category)};
};

/// Builds the pass manager from the spec named by the options, after whatever
/// the standard mlir-opt flags set up (which must be nothing).
LogicalResult setupSpecPipeline(PassManager &pm, const VpucOptOptions &options,
                                const MlirOptMainConfig &base,
                                const registry::Registry &registry) {
  if (failed(base.setupPassPipeline(pm))) {
    return failure();
  }
  if (pm.size() != 0) {
    llvm::errs() << "--pipeline-spec and --pipeline cannot be combined with "
                    "--pass-pipeline or pass flags\n";
    return failure();
  }
  pipeline::PipelineLoader loader(*pm.getContext(), registry, llvm::errs());
  loader.setOverrides(options.pipelineOptions);
  FailureOr<std::string> textual;
  if (!options.pipelineName.empty()) {
    textual = loader.lowerRegisteredToTextualPipeline(options.pipelineName);
  } else {
    std::string message;
    std::unique_ptr<llvm::MemoryBuffer> file =
        openInputFile(options.pipelineSpec, &message);
    if (!file) {
      llvm::errs() << "cannot read the pipeline spec: " << message << "\n";
      return failure();
    }
    textual = loader.lowerToTextualPipeline(
        pipeline::SpecSource{file->getBuffer(), options.pipelineSpec,
                             /*onDisk=*/true});
  }
  if (failed(textual)) {
    return failure();
  }
  if (options.printSpecPipeline) {
    llvm::errs() << *textual << "\n";
  }
  // The pass manager keeps MlirOptMain's settings, including verification after
  // each pass.
  return pipeline::addTextualPipeline(*textual, pm, llvm::errs());
}

} // namespace

int vpucOptMain(int argc, char **argv, registry::Registry &registry) {
  DialectRegistry dialects;
  registry.appendDialects(dialects);
  registry.registerTranslations();

  VpucOptOptions options;
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "vpuc optimizer driver\n", dialects);

  if (options.listPasses) {
    registry::listPasses(registry);
    return 0;
  }
  if (options.listPipelines) {
    return failed(registry::listPipelines(registry)) ? 1 : 0;
  }
  if (options.listComponents) {
    registry::listComponents(registry);
    return 0;
  }

  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleave(dialects.getDialectNames(), llvm::outs(), ",");
    llvm::outs() << "\n";
    return 0;
  }
  bool useSpec = !options.pipelineSpec.empty() || !options.pipelineName.empty();
  if (!options.pipelineSpec.empty() && !options.pipelineName.empty()) {
    llvm::errs() << "--pipeline-spec and --pipeline are mutually exclusive\n";
    return 1;
  }
  if (!useSpec &&
      (!options.pipelineOptions.empty() || options.printSpecPipeline)) {
    llvm::errs() << "--pipeline-option and --print-spec-pipeline need "
                    "--pipeline-spec or --pipeline\n";
    return 1;
  }
  if (useSpec) {
    MlirOptMainConfig base = config;
    config.setPassPipelineSetupFn([&options, base, &registry](PassManager &pm) {
      return setupSpecPipeline(pm, options, base, registry);
    });
  }

  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &message);
  if (!input) {
    llvm::errs() << message << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &message);
  if (!output) {
    llvm::errs() << message << "\n";
    return 1;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), dialects, config))) {
    return 1;
  }
  output->keep();
  return 0;
}

} // namespace mlir::vpuc::opt
