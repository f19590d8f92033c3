//===- main.cpp - vpuc-ie: the front end alone ----------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
//   vpuc-ie MODEL [--pipeline NAME | --pipeline-spec FILE | --passes LIST]
//           [-o OUT.mlir] [--inputs IN --outputs OUT]
//
// imports an ONNX model (or reads IE IR), runs IE-level passes on it, writes
// the IR and optionally runs the result on the IE reference interpreter.
//
// The downstream example of the registry: the tool links a `vpuc_registry` of
// the front-end components only (tools/vpuc-ie/BUILD) and none of the back
// end's libraries, as //tools/vpuc-ie/test:components_test and
// //tests/layering:front_end_tool_links_no_back_end check. A pass or pipeline
// that needs a component it does not link is an error naming it.
//
//===----------------------------------------------------------------------===//

#include <memory>
#include <string>
#include <vector>

#include "core/pipeline/PipelineLoader.h"
#include "core/registry/Components.h"
#include "core/registry/Listings.h"
#include "core/registry/Registry.h"
#include "dialects/ie/interpreter/FileRun.h"
#include "frontend/onnx/ModelLoader.h"
#include "frontend/onnx/OnnxImporter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;
using namespace mlir;
using namespace mlir::vpuc;

namespace {

constexpr const char *kTool = "vpuc-ie";

cl::opt<std::string> modelPath(cl::Positional,
                               cl::desc("<model.onnx|model.mlir>"));
cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("For an ONNX model: the static shape of a model "
                         "input, `name=DxDx...` (repeatable)"),
                cl::value_desc("name=shape"));
cl::list<std::string> frozenInputs(
    "freeze-input",
    cl::desc("For an ONNX model: replace a model input by the constant in a "
             "file, `name=file.npy` or `name=file.npz` (its array `name`); "
             "the input is then no input of the network (repeatable)"),
    cl::value_desc("name=file"));
cl::opt<std::string>
    pipelineName("pipeline",
                 cl::desc("Run the registered pipeline spec with this name "
                          "(see --list-pipelines)"),
                 cl::value_desc("name"));
cl::opt<std::string>
    pipelineSpec("pipeline-spec",
                 cl::desc("Run the pipeline spec (textproto) in this file"),
                 cl::value_desc("file"));
cl::list<std::string>
    pipelineOptions("pipeline-option",
                    cl::desc("Override an option of every occurrence of a pass "
                             "in the spec (repeatable)"),
                    cl::value_desc("pass.option=value"));
cl::opt<std::string>
    passes("passes",
           cl::desc("Run these passes on the module, written as the inside of "
                    "--pass-pipeline=builtin.module(...)"),
           cl::value_desc("pass,func.func(pass{option=value}),..."));
cl::opt<std::string>
    outputPath("o", cl::desc("Where to write the IR (default: stdout)"),
               cl::value_desc("file"), cl::init("-"));
cl::opt<std::string>
    inputsPath("inputs",
               cl::desc("Run the resulting IR on the IE reference interpreter "
                        "with these input tensors: by input name (.npz), or "
                        "the single input of a one-input network (.npy)"),
               cl::value_desc("in.npz|in.npy"));
cl::opt<std::string>
    outputsPath("outputs",
                cl::desc("With --inputs: where to write the outputs by output "
                         "name (.npz), or the single output (.npy)"),
                cl::value_desc("out.npz|out.npy"));
cl::opt<std::string>
    dumpLayersPath("dump-layers",
                   cl::desc("With --inputs: also write every layer's result "
                            "into an .npz archive or a "
                            "directory of .npy files"),
                   cl::value_desc("dir|layers.npz"));
cl::opt<std::string>
    entryPoint("entry",
               cl::desc("With --inputs: the function to run (default: the one "
                        "named by IE.CNNNetwork, or the only function)"),
               cl::value_desc("name"));
cl::opt<bool>
    listComponents("list-components",
                   cl::desc("List the linked registry components and exit"));
cl::opt<bool> listPasses("list-passes",
                         cl::desc("List the linked passes and exit"));
cl::opt<bool>
    listPipelines("list-pipelines",
                  cl::desc("List the linked pipeline specs and exit"));

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), kTool) << message << "\n";
  return 1;
}

/// Prints the diagnostics of building the pass pipeline chosen by `flag` and
/// the error. When they name a pass or pipeline that is not registered, the
/// error says that this tool holds only part of the registry, and where the
/// rest is.
void reportPipelineFailure(const llvm::Twine &flag,
                           llvm::StringRef diagnostics) {
  llvm::errs() << diagnostics;
  bool unknown = diagnostics.contains("unknown pass '") ||
                 diagnostics.contains("unknown pipeline '") ||
                 diagnostics.contains("does not refer to a registered pass");
  if (!unknown) {
    fail(flag + ": cannot build the pass pipeline");
    return;
  }
  fail(flag +
       ": needs a pass or pipeline spec that vpuc-ie does not link. vpuc-ie "
       "links only "
       "the front-end components: the ONNX importer, the Const and IE "
       "dialects, the "
       "target-independent IE passes and the IE-level pipeline specs (see "
       "--list-components, --list-passes, --list-pipelines); what needs the "
       "VPU level or "
       "the back end runs in vpuc-opt or `vpuc compile`");
}

/// Adds the passes chosen on the command line to `pm`; reports and fails on a
/// bad choice.
LogicalResult addPasses(MLIRContext &context,
                        const registry::Registry &registry, PassManager &pm) {
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  if (!passes.empty()) {
    std::string textual = "builtin.module(" + passes + ")";
    if (failed(pipeline::addTextualPipeline(textual, pm, os))) {
      reportPipelineFailure("--passes", os.str());
      return failure();
    }
    return success();
  }
  if (pipelineName.empty() && pipelineSpec.empty()) {
    return success();
  }
  pipeline::PipelineLoader loader(context, registry, os);
  loader.setOverrides(pipelineOptions);
  FailureOr<std::string> textual;
  std::string flag;
  if (!pipelineName.empty()) {
    flag = "--pipeline " + pipelineName;
    textual = loader.lowerRegisteredToTextualPipeline(pipelineName);
  } else {
    flag = "--pipeline-spec " + pipelineSpec;
    std::string message;
    std::unique_ptr<llvm::MemoryBuffer> file =
        openInputFile(pipelineSpec, &message);
    if (!file) {
      fail(flag + ": " + message);
      return failure();
    }
    textual = loader.lowerToTextualPipeline(
        pipeline::SpecSource{file->getBuffer(), pipelineSpec, /*onDisk=*/true});
  }
  if (failed(textual) ||
      failed(pipeline::addTextualPipeline(*textual, pm, os))) {
    reportPipelineFailure(flag, os.str());
    return failure();
  }
  return success();
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registry::Registry registry;
  registry::registerComponents(registry);
  if (!cl::ParseCommandLineOptions(argc, argv,
                                   "vpuc-ie: the vpuc front end alone: an ONNX "
                                   "model (or IE IR) to IE IR, IE passes and\n"
                                   "the IE reference interpreter\n",
                                   &llvm::errs())) {
    return 1;
  }
  if (listComponents) {
    registry::listComponents(registry);
    return 0;
  }
  if (listPasses) {
    registry::listPasses(registry);
    return 0;
  }
  if (listPipelines) {
    return failed(registry::listPipelines(registry)) ? 1 : 0;
  }

  // Arguments, checked before anything is read.
  if (modelPath.empty()) {
    return fail("no model given; see `vpuc-ie --help`");
  }
  llvm::StringRef model(modelPath);
  if (!model.ends_with(".onnx") && !model.ends_with(".mlir")) {
    return fail("unknown model format '" + modelPath +
                "': expected a .onnx or .mlir file");
  }
  if (!llvm::sys::fs::exists(modelPath)) {
    return fail(modelPath + ": no such file");
  }
  int choices = !pipelineName.empty() + !pipelineSpec.empty() + !passes.empty();
  if (choices > 1) {
    return fail(
        "--pipeline, --pipeline-spec and --passes are mutually exclusive");
  }
  if (!pipelineOptions.empty() && pipelineName.empty() &&
      pipelineSpec.empty()) {
    return fail("--pipeline-option needs --pipeline or --pipeline-spec");
  }
  IE::FileRunOptions runOptions;
  runOptions.inputsPath = inputsPath;
  runOptions.outputPath = outputsPath;
  runOptions.dumpLayersPath = dumpLayersPath;
  runOptions.entryPoint = entryPoint;
  runOptions.toolName = kTool;
  runOptions.outputFlag = "--outputs";
  bool interpret = !inputsPath.empty();
  if (!interpret && (!outputsPath.empty() || !dumpLayersPath.empty() ||
                     !entryPoint.empty())) {
    return fail("--outputs, --dump-layers and --entry need --inputs");
  }
  if (interpret) {
    if (outputsPath.empty()) {
      return fail(
          "--inputs needs --outputs, the file the interpreter's results go to");
    }
    if (failed(IE::checkFileRunOptions(runOptions))) {
      return 1;
    }
    IE::keepFreedMemory();
  }

  DialectRegistry dialects;
  registry.appendDialects(dialects);
  onnx_frontend::registerImportDialects(dialects);
  MLIRContext context(dialects);
  context.loadAllAvailableDialects();
  // Errors name their op by location; the op's whole text would bury the
  // message.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  PassManager pm(&context, ModuleOp::getOperationName());
  pm.enableVerifier(true);
  if (failed(addPasses(context, registry, pm))) {
    return 1;
  }
  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputPath, &message);
  if (!output) {
    return fail("-o: " + message);
  }

  FailureOr<OwningOpRef<ModuleOp>> module = onnx_frontend::loadModel(
      context, sourceMgr, modelPath, inputShapes, frozenInputs, kTool);
  if (failed(module)) {
    return 1;
  }
  if (failed(pm.run(**module))) {
    return fail("the passes failed on " + modelPath);
  }
  (*module)->print(output->os());
  output->keep();
  if (interpret && failed(IE::runOnFiles(**module, runOptions))) {
    return 1;
  }
  return 0;
}
