//===- CompileModel.cpp - A model compiled into a blob in memory ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// compileModel: `vpuc compile` without its files, progress, dumps and summary.
//
//===----------------------------------------------------------------------===//

#include "backend/blob/Blob.h"
#include "backend/export/BlobExport.h"
#include "core/registry/Registry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "tools/vpuc/driver/Capture.h"
#include "tools/vpuc/driver/Driver.h"
#include "tools/vpuc/driver/Pipeline.h"

namespace mlir::vpuc::driver {

namespace {

/// Records the pass that failed.
class FailedPassRecorder : public PassInstrumentation {
public:
  explicit FailedPassRecorder(std::string &failedPass)
      : failedPass(failedPass) {}

  void runAfterPassFailed(Pass *pass, Operation *op) override {
    // Pass adaptors (the nested pass managers) have no argument.
    if (!pass->getArgument().empty()) {
      failedPass = pass->getArgument().str();
    }
  }

private:
  std::string &failedPass;
};

} // namespace

llvm::Expected<CompileResult> compileModel(const CompileRequest &request,
                                           const registry::Registry &registry) {
  const ModelSource &model = request.model;
  if (!model.bytes) {
    if (llvm::Error error = checkModelPath(model.path)) {
      return std::move(error);
    }
  }
  llvm::Expected<arch::ArchDesc> target = loadTarget(request.arch);
  if (!target) {
    return target.takeError();
  }
  if (!request.mode.empty() && !request.pipelinePath.empty()) {
    return makeError("a mode and a pipeline file are mutually exclusive");
  }

  std::unique_ptr<MLIRContext> context = createContext(registry);
  DiagnosticCapture capture(*context);
  llvm::Expected<SpecChoice> spec =
      chooseSpec(registry, request.mode, request.pipelinePath);
  if (!spec) {
    return spec.takeError();
  }
  PassManager pm(context.get(), ModuleOp::getOperationName());
  pm.enableVerifier(true);
  PipelineOptions pipelineOptions;
  pipelineOptions.arch = request.arch;
  pipelineOptions.overrides = request.pipelineOptions;
  pipelineOptions.observeLayers = request.observeLayers;
  if (failed(buildCompilePipeline(*context, registry, *spec, pipelineOptions,
                                  pm, capture.getStream()))) {
    return capture.makeError("cannot load the pipeline " +
                             spec->getDisplayName());
  }

  llvm::Expected<OwningOpRef<ModuleOp>> module =
      importModel(*context, capture, model);
  if (!module) {
    return module.takeError();
  }
  std::string failedPass;
  pm.addInstrumentation(std::make_unique<FailedPassRecorder>(failedPass));
  if (failed(pm.run(**module))) {
    if (!failedPass.empty()) {
      return capture.makeError("pass '" + failedPass + "' failed on " +
                               model.path);
    }
    return capture.makeError("the pipeline failed on " + model.path);
  }
  FailureOr<std::vector<uint8_t>> blob = blob::exportBlob(**module);
  if (failed(blob)) {
    return capture.makeError("cannot write the blob of " + model.path);
  }
  if (llvm::Expected<blob::BlobFile> loaded = blob::loadBlob(*blob); !loaded) {
    return makeError("the blob writer produced an invalid blob: " +
                     llvm::toString(loaded.takeError()));
  }
  return CompileResult{std::move(*blob), capture.getText()};
}

} // namespace mlir::vpuc::driver
