//===- Capture.cpp - Diagnostics and models of the driver -----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc/driver/Capture.h"

#include "frontend/onnx/OnnxImporter.h"
#include "mlir/Parser/Parser.h"
#include "tools/vpuc/driver/Pipeline.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::driver {

DiagnosticCapture::DiagnosticCapture(MLIRContext &context)
    : os(text), handler(sourceMgr, &context, os),
      filter(&context, [](Diagnostic &diag) {
        // Handled (dropped) when a remark; passed on to `handler` otherwise.
        return success(diag.getSeverity() == DiagnosticSeverity::Remark);
      }) {}

llvm::Error DiagnosticCapture::makeError(const llvm::Twine &message) {
  llvm::StringRef printed = llvm::StringRef(getText()).rtrim();
  if (printed.empty()) {
    return driver::makeError(message);
  }
  return driver::makeError(message + "\n" + printed);
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Expected<OwningOpRef<ModuleOp>> importModel(MLIRContext &context,
                                                  DiagnosticCapture &capture,
                                                  const ModelSource &model) {
  bool onnx = model.bytes || llvm::StringRef(model.path).ends_with(".onnx");
  if (!model.bytes) {
    if (llvm::Error error = checkModelPath(model.path)) {
      return std::move(error);
    }
  }
  if (!onnx) {
    if (!model.inputShapes.empty()) {
      return makeError(
          "input shapes apply to ONNX models only; the shapes of " +
          model.path + " are those of its IR");
    }
    if (!model.frozenInputs.empty()) {
      return makeError(
          "frozen inputs apply to ONNX models only; the inputs of " +
          model.path + " are those of its IR");
    }
    std::string included;
    if (!capture.getSourceMgr().AddIncludeFile(model.path, llvm::SMLoc(),
                                               included)) {
      return makeError(model.path + ": cannot read the file");
    }
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(capture.getSourceMgr(), &context);
    if (!module) {
      return capture.makeError("cannot parse " + model.path);
    }
    return std::move(module);
  }
  onnx_frontend::ImportOptions options;
  for (const std::string &shape : model.inputShapes) {
    std::string error = onnx_frontend::parseInputShape(shape, options);
    if (!error.empty()) {
      return makeError("input shape: " + error);
    }
  }
  for (const auto &[name, array] : model.frozenInputs) {
    std::string error =
        onnx_frontend::addFrozenInput(name, array, "an array", options);
    if (!error.empty()) {
      return makeError("frozen input: " + error);
    }
  }
  FailureOr<OwningOpRef<ModuleOp>> module =
      model.bytes
          ? onnx_frontend::importOnnxModelFromBytes(&context, *model.bytes,
                                                    model.path, options)
          : onnx_frontend::importOnnxModel(&context, model.path, options);
  if (failed(module)) {
    return capture.makeError("cannot import " + model.path);
  }
  return std::move(*module);
}

} // namespace mlir::vpuc::driver
