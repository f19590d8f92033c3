//===- HandlerUtils.h - Node reading helpers of the Resize, Quantization and Indexing handlers -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Reading STRING attributes and inputs that must be constants (ONNX parameters that IE holds
// as static attributes: Resize scales / sizes / roi, TopK k, Range bounds, Expand shape, ...),
// with errors that name the node and the input.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_HANDLERUTILS_H_
#define VPUC_FRONTEND_ONNX_HANDLERUTILS_H_

#include <optional>
#include <string>

#include "frontend/onnx/ImportContext.h"

namespace mlir::vpuc::onnx_frontend {

/// A STRING attribute, `defaultValue` when absent; an error naming it when of another type.
FailureOr<std::string> getStringAttr(const ImportContext &ctx, const onnx::NodeProto &node,
                                     llvm::StringRef name,
                                     std::optional<llvm::StringRef> defaultValue);

/// The values of input `index` (named `what` in messages), which must be a constant: an error
/// "input '<what>' must be a constant" otherwise. An absent optional input gives std::nullopt
/// when `optional` is set (an error otherwise).
FailureOr<std::optional<llvm::SmallVector<double>>>
getConstantInput(ImportContext &ctx, const onnx::NodeProto &node, int index,
                 llvm::StringRef what, bool optional = false);

/// Like getConstantInput for a required input holding exactly one value.
FailureOr<double> getConstantScalar(ImportContext &ctx, const onnx::NodeProto &node, int index,
                                    llvm::StringRef what);

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_HANDLERUTILS_H_
