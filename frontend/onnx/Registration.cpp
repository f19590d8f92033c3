//===- Registration.cpp - Registry component of the ONNX front end ------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_frontend_onnx`: adds the
// `--import-onnx` translation (ONNX model file -> IE dialect) with its options
// `--input-shape name=DxDx...` (repeatable) and
// `--onnx-resource-threshold=BYTES`, and `--list-onnx-ops`, which prints the
// supported ONNX ops as a Markdown table and exits (like `--help`).
//
//===----------------------------------------------------------------------===//

#include <cstdlib>

#include "core/registry/Registry.h"
#include "frontend/onnx/OnnxImporter.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace {

/// Registers the translation and its command-line options (created here, before
/// the tool parses its command line).
void registerImportOnnxTranslation() {
  static llvm::cl::list<std::string> inputShapes(
      "input-shape",
      llvm::cl::desc("With --import-onnx: the static shape of a model input, "
                     "`name=DxDx...` (repeatable)"),
      llvm::cl::value_desc("name=shape"));
  static llvm::cl::opt<int64_t> resourceThreshold(
      "onnx-resource-threshold",
      llvm::cl::desc(
          "With --import-onnx: constants larger than this many bytes become "
          "dense_resource blobs"),
      llvm::cl::init(1024));
  static llvm::cl::opt<bool> listOps(
      "list-onnx-ops",
      llvm::cl::desc("Print the supported ONNX ops (op type, opsets, IE ops) "
                     "as a Markdown table and exit"),
      llvm::cl::ValueDisallowed, llvm::cl::callback([](const bool &value) {
        if (!value) {
          return;
        }
        mlir::vpuc::onnx_frontend::printSupportedOps(llvm::outs());
        llvm::outs().flush();
        std::exit(0);
      }));

  static mlir::TranslateToMLIRRegistration registration(
      "import-onnx", "Import an ONNX model into the IE dialect",
      [](llvm::SourceMgr &sourceMgr,
         mlir::MLIRContext *context) -> mlir::OwningOpRef<mlir::Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        llvm::StringRef path = buffer->getBufferIdentifier();
        mlir::vpuc::onnx_frontend::ImportOptions options;
        options.resourceThresholdBytes = resourceThreshold;
        for (const std::string &item : inputShapes) {
          std::string error =
              mlir::vpuc::onnx_frontend::parseInputShape(item, options);
          if (!error.empty()) {
            mlir::emitError(mlir::UnknownLoc::get(context))
                << "--input-shape: " << error;
            return nullptr;
          }
        }
        auto module = mlir::vpuc::onnx_frontend::importOnnxModelFromBytes(
            context, buffer->getBuffer(), path, options);
        if (mlir::failed(module)) {
          return nullptr;
        }
        return mlir::OwningOpRef<mlir::Operation *>(module->release());
      },
      [](mlir::DialectRegistry &registry) {
        mlir::vpuc::onnx_frontend::registerImportDialects(registry);
      });
}

} // namespace

extern "C" void
vpuc_register_frontend_onnx(mlir::vpuc::registry::Registry &registry) {
  registry.addTranslation("import-onnx", registerImportOnnxTranslation);
}
