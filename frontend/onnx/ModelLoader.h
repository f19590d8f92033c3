//===- ModelLoader.h - The network a tool is given -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Loads the network named on a tool's command line: an ONNX model (.onnx) is
// imported into the IE dialect, IE IR (.mlir) is parsed. Shared by
// `vpuc compile`, `vpuc infer` and `vpuc-ie`.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_MODELLOADER_H_
#define VPUC_FRONTEND_ONNX_MODELLOADER_H_

#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir::vpuc::onnx_frontend {

/// Loads `path`: imports a .onnx model, with the static shapes `inputShapes`
/// (each `name=DxDx...`, as the --input-shape flags give them) and the graph
/// inputs `frozenInputs` replaced by constants (each `name=file.npy` or
/// `name=file.npz`, as the --freeze-input flags give them); parses any
/// other file as MLIR, adding it to `sourceMgr` (whose diagnostic handler then
/// shows the source lines). Errors in the model go to the context's
/// diagnostics; errors in the arguments are printed as
/// `<toolName>: error: ...`. The context needs the import dialects
/// (registerImportDialects).
FailureOr<OwningOpRef<ModuleOp>>
loadModel(MLIRContext &context, llvm::SourceMgr &sourceMgr,
          llvm::StringRef path, llvm::ArrayRef<std::string> inputShapes,
          llvm::ArrayRef<std::string> frozenInputs, llvm::StringRef toolName);

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_MODELLOADER_H_
