//===- OnnxImportFuzzer.cpp - Fuzz target of the ONNX importer ------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Input: the bytes of an ONNX model (ModelProto). The importer must build a
// module that verifies (and prints), or reject the model with a diagnostic;
// any crash, sanitizer report or a module that does not verify is a finding.
// (Diagnostics of the form "'IE.Gather' op ..." are not findings by
// themselves: the import-time evaluation of shape subgraphs reports a bad
// model's values that way, on the ONNX node's location.) External-data
// references resolve in a directory that does not exist, so the target never
// reads files.
//
// One MLIRContext serves a batch of inputs (loading the IE dialect for every
// input was most of an execution's cost); it is replaced after a fixed number
// of inputs so that uniqued attributes and resource blobs of earlier inputs
// do not accumulate.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdlib>
#include <memory>
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

// Inputs imported in one context before it is replaced.
constexpr unsigned kInputsPerContext = 256;

MLIRContext &getContext() {
  static std::unique_ptr<MLIRContext> context;
  static unsigned uses = 0;
  if (!context || ++uses == kInputsPerContext) {
    context.reset();
    DialectRegistry dialects;
    onnx_frontend::registerImportDialects(dialects);
    context = std::make_unique<MLIRContext>(dialects,
                                            MLIRContext::Threading::DISABLED);
    context->loadAllAvailableDialects();
    uses = 0;
  }
  return *context;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &context = getContext();
  bool hadError = false;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    hadError |= diagnostic.getSeverity() == DiagnosticSeverity::Error;
    return success();
  });
  onnx_frontend::ImportOptions options;
  FailureOr<OwningOpRef<ModuleOp>> module =
      onnx_frontend::importOnnxModelFromBytes(
          &context, llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "/nonexistent/vpuc-fuzz/model.onnx", options);
  if (failed(module)) {
    if (!hadError) {
      llvm::errs() << "the import failed without an error\n";
      abort();
    }
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
