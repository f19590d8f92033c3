//===- ModelLoader.cpp - The network a tool is given ----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ModelLoader.h"

#include "frontend/onnx/OnnxImporter.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::onnx_frontend {

FailureOr<OwningOpRef<ModuleOp>>
loadModel(MLIRContext &context, llvm::SourceMgr &sourceMgr,
          llvm::StringRef path, llvm::ArrayRef<std::string> inputShapes,
          llvm::ArrayRef<std::string> frozenInputs, llvm::StringRef toolName) {
  auto fail = [&](const llvm::Twine &message) {
    llvm::WithColor::error(llvm::errs(), toolName) << message << "\n";
    return failure();
  };
  if (path.ends_with(".onnx")) {
    ImportOptions options;
    for (const std::string &item : inputShapes) {
      std::string error = parseInputShape(item, options);
      if (!error.empty()) {
        return fail("--input-shape: " + error);
      }
    }
    for (const std::string &item : frozenInputs) {
      std::string error = parseFreezeInput(item, options);
      if (!error.empty()) {
        return fail("--freeze-input: " + error);
      }
    }
    return importOnnxModel(&context, path, options);
  }
  if (!frozenInputs.empty()) {
    return fail("--freeze-input applies to ONNX models only; the inputs of " +
                path + " are those of its IR");
  }
  if (!inputShapes.empty()) {
    return fail("--input-shape applies to ONNX models only; the shapes of " +
                path + " are those of its IR");
  }
  std::string includedPath;
  if (!sourceMgr.AddIncludeFile(path.str(), llvm::SMLoc(), includedPath)) {
    return fail(path + ": cannot read the file");
  }
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module) {
    return failure();
  }
  return module;
}

} // namespace mlir::vpuc::onnx_frontend
