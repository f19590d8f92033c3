//===- OnnxImportFuzzer.cpp - Fuzz target of the ONNX importer ------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Input: the bytes of an ONNX model (ModelProto). The importer must build a
// module that verifies, or reject the model with its own diagnostic: a model
// it accepts but turns into IR the verifier refuses (a diagnostic of the form
// "'dialect.op' op ...") is a finding, as is any crash. External-data
// references resolve in a directory that does not exist, so the target never
// reads files.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdlib>
#include <string>

#include "frontend/onnx/OnnxImporter.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::vpuc;

namespace {

/// Whether `message` is an op verifier's ("'IE.Add' op ...").
bool isVerifierMessage(llvm::StringRef message) {
  if (!message.consume_front("'")) {
    return false;
  }
  size_t end = message.find("' op ");
  return end != llvm::StringRef::npos &&
         message.take_front(end).find_first_of(" '") == llvm::StringRef::npos;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry dialects;
  onnx_frontend::registerImportDialects(dialects);
  MLIRContext context(dialects, MLIRContext::Threading::DISABLED);
  std::string verifierMessage;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    std::string message = diagnostic.str();
    if (diagnostic.getSeverity() == DiagnosticSeverity::Error &&
        verifierMessage.empty() && isVerifierMessage(message)) {
      verifierMessage = message;
    }
    return success();
  });
  onnx_frontend::ImportOptions options;
  FailureOr<OwningOpRef<ModuleOp>> module =
      onnx_frontend::importOnnxModelFromBytes(
          &context, llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "/nonexistent/vpuc-fuzz/model.onnx", options);
  if (!verifierMessage.empty()) {
    llvm::errs() << "the importer built IR that does not verify: "
                 << verifierMessage << "\n";
    abort();
  }
  if (failed(module)) {
    return 0;
  }
  if (failed(mlir::verify(**module))) {
    llvm::errs() << "the imported module does not verify\n";
    abort();
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  (*module)->print(os);
  return 0;
}
