//===- OnnxImporter.h - ONNX model -> IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The ONNX front end (DESIGN.md section 5): reads an ONNX model (protobuf,
// default-domain opsets 9 to 17, external-data weights; opsets 1 to 8 are
// brought to 9 by the ONNX version converter), checks it and runs ONNX shape
// inference with the ONNX library, inlines the ONNX function bodies of the ops
// it does not map (ModelUpgrade.h), and builds a module holding the
// network as `func.func @main` of IE ops plus an `IE.CNNNetwork` op describing
// its inputs and outputs. Every problem is reported as an MLIR diagnostic;
// nothing throws.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_ONNXIMPORTER_H_
#define VPUC_FRONTEND_ONNX_ONNXIMPORTER_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/npy/Npy.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace mlir::vpuc::onnx_frontend {

/// A graph input bound to a fixed value (`--freeze-input`).
struct FrozenInput {
  /// The value; its element type and shape must be the input's.
  npy::Array value;
  /// Where the value comes from, for messages (`file.npy`, `file.npz:name`).
  std::string source;
};

/// Options of the import.
struct ImportOptions {
  /// Static shapes for graph inputs, by input name. An entry replaces the
  /// input's declared shape (which must have the same rank); it is required for
  /// every input with a dynamic dimension.
  std::map<std::string, std::vector<int64_t>> inputShapes;
  /// Graph inputs replaced by constants before anything else reads the model,
  /// by input name: each becomes an initializer (and, from IR version 4, is
  /// removed from the graph's inputs), so ONNX shape inference and the
  /// import-time evaluation of shape subgraphs see its value, and the imported
  /// network no longer has it as an input.
  std::map<std::string, FrozenInput> frozenInputs;
  /// Constants with more bytes than this become `dense_resource` blobs; smaller
  /// ones are printed inline as `dense<...>`.
  int64_t resourceThresholdBytes = 1024;
  /// The name of the entry function.
  std::string entryPoint = "main";
};

/// Parses `text`, a list of `name=DxDxD` items (`name=` alone is a rank-0
/// shape), into `options`. Reports the first malformed item through the
/// returned string; empty on success.
std::string parseInputShape(llvm::StringRef text, ImportOptions &options);

/// Parses `text`, `name=file.npy` or `name=file.npz` (the archive's member
/// `name`), reads the array and adds it to `options.frozenInputs`. Reports a
/// malformed item, an unreadable file or an input given twice through the
/// returned string; empty on success.
std::string parseFreezeInput(llvm::StringRef text, ImportOptions &options);

/// Adds `value` as the frozen value of graph input `name` (`source` names it in
/// messages). Reports an input given twice through the returned string; empty
/// on success.
std::string addFrozenInput(llvm::StringRef name, npy::Array value,
                           llvm::StringRef source, ImportOptions &options);

/// Imports the ONNX model at `path`. External-data files are found relative to
/// the directory of `path`. Errors are emitted on `context` and yield failure.
FailureOr<OwningOpRef<ModuleOp>> importOnnxModel(MLIRContext *context,
                                                 llvm::StringRef path,
                                                 const ImportOptions &options);

/// Imports an ONNX model from its serialized bytes. `path` names the model in
/// diagnostics and locations, and its directory is where external-data files
/// are looked up.
FailureOr<OwningOpRef<ModuleOp>>
importOnnxModelFromBytes(MLIRContext *context, llvm::StringRef bytes,
                         llvm::StringRef path, const ImportOptions &options);

/// Inserts the dialects the importer creates (func, IE, const) into `registry`.
void registerImportDialects(DialectRegistry &registry);

/// Prints the supported ONNX ops (default domain) as a Markdown table generated
/// from the op handler table: op type, opsets, and the IE ops the import may
/// create. README.md holds a copy (`vpuc-translate --list-onnx-ops`,
/// tools/update_onnx_op_list.sh).
void printSupportedOps(llvm::raw_ostream &os);

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_ONNXIMPORTER_H_
