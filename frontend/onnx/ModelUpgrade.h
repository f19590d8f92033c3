//===- ModelUpgrade.h - Bring an ONNX model to a supported form -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Model-level rewrites done with the ONNX library before a model is imported:
// the version converter brings an old default-domain opset up to one the
// importer (or another consumer, e.g. the QDQ quantizer) supports, and the
// function inliner replaces the nodes of ops the importer does not map by the
// bodies the ONNX schemas (or the model's local functions) give them.
// The ONNX library reports errors with exceptions: none escapes these
// functions.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_MODELUPGRADE_H_
#define VPUC_FRONTEND_ONNX_MODELUPGRADE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace onnx {
class ModelProto;
class NodeProto;
} // namespace onnx

namespace mlir::vpuc::onnx_frontend {

/// The default-domain ("" or "ai.onnx") opset `model` imports, or 0 when it
/// imports none.
int64_t getDefaultOpset(const onnx::ModelProto &model);

/// Brings `model`, whose default-domain opset is below `targetOpset`, to
/// `targetOpset` with the ONNX version converter, after ONNX shape inference
/// (some adapters need the input shapes). Leaves a model at or above
/// `targetOpset` (or without a default-domain opset) unchanged. Returns the
/// model's original opset, or an error naming it when the converter fails.
llvm::Expected<int64_t> upgradeOpset(onnx::ModelProto &model,
                                     int64_t targetOpset);

/// Whether the consumer imports a default-domain node natively at an opset
/// (usually: whether it maps its op type; a mapping may also be limited to
/// some forms of the op, e.g. without optional outputs).
using IsOpMappedFn =
    std::function<bool(const onnx::NodeProto &node, int64_t opset)>;

/// What inlineFunctions did.
struct InlineResult {
  /// The number of nodes of the main graph replaced by function bodies.
  int64_t inlinedNodes = 0;
  /// For each node left in place although its op has a function body, why
  /// (e.g. "the body of Foo uses Bar, which has no mapping"), in graph order.
  std::vector<std::string> notes;
};

/// Replaces, in the main graph of `model`, every node that `isMapped` rejects
/// and whose op has a function body by that body: the schema's function (or
/// context-dependent function, built from the node's attributes and the input
/// types ONNX shape inference gives; run shape inference first) for a
/// default-domain op, the model-local function for a node of its domain and
/// name. Bodies are inlined recursively; a node is inlined only when every node
/// its expansion ends with is mapped (or a model-local function's), so an
/// unmapped op stays visible under its own name. Internal values get unique
/// names derived from the node's name; attribute references are resolved from
/// the node's attributes or the schema's defaults. The value_info of the graph
/// is cleared when anything is inlined: run shape inference again.
llvm::Expected<InlineResult> inlineFunctions(onnx::ModelProto &model,
                                             const IsOpMappedFn &isMapped);

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_MODELUPGRADE_H_
