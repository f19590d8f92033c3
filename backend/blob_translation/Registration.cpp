//===- Registration.cpp - The blob translations -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_backend_blob_translation`: adds the
// translations `--export-blob` (a module in VPURT form -> the blob's bytes,
// written unchanged to the output) and `--import-blob` (a blob -> a module in
// VPURT form).
//
//===----------------------------------------------------------------------===//

#include <vector>

#include "backend/export/BlobExport.h"
#include "backend/import/BlobImport.h"
#include "core/registry/Registry.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

namespace {

void registerExportBlobTranslation() {
  static mlir::TranslateFromMLIRRegistration registration(
      "export-blob", "Write a module in VPURT form as a blob",
      [](mlir::Operation *op, llvm::raw_ostream &os) -> mlir::LogicalResult {
        auto module = llvm::dyn_cast<mlir::ModuleOp>(op);
        if (!module) {
          return op->emitOpError()
                 << "is not a builtin.module: --export-blob writes a module";
        }
        mlir::FailureOr<std::vector<uint8_t>> bytes =
            mlir::vpuc::blob::exportBlob(module);
        if (mlir::failed(bytes)) {
          return mlir::failure();
        }
        os.write(reinterpret_cast<const char *>(bytes->data()), bytes->size());
        return mlir::success();
      },
      [](mlir::DialectRegistry &registry) {
        mlir::vpuc::blob::registerBlobExportDialects(registry);
      });
}

void registerImportBlobTranslation() {
  static mlir::TranslateToMLIRRegistration registration(
      "import-blob", "Read a blob as a module in VPURT form",
      [](llvm::SourceMgr &sourceMgr,
         mlir::MLIRContext *context) -> mlir::OwningOpRef<mlir::Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        llvm::ArrayRef<uint8_t> bytes(
            reinterpret_cast<const uint8_t *>(buffer->getBufferStart()),
            buffer->getBufferSize());
        mlir::Location loc = mlir::FileLineColLoc::get(
            context, buffer->getBufferIdentifier(), 0, 0);
        mlir::OwningOpRef<mlir::ModuleOp> module =
            mlir::vpuc::blob::importBlob(bytes, context, loc);
        if (!module) {
          return nullptr;
        }
        return mlir::OwningOpRef<mlir::Operation *>(module.release());
      },
      [](mlir::DialectRegistry &registry) {
        mlir::vpuc::blob::registerBlobImportDialects(registry);
      });
}

} // namespace

extern "C" void vpuc_register_backend_blob_translation(
    mlir::vpuc::registry::Registry &registry) {
  registry.addTranslation("export-blob", registerExportBlobTranslation);
  registry.addTranslation("import-blob", registerImportBlobTranslation);
}
