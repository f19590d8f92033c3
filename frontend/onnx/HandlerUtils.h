//===- HandlerUtils.h - Constant inputs of the ONNX handlers -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Reading inputs that must be constants (ONNX parameters that IE holds
// as static attributes: Resize scales / sizes / roi, TopK k, Range bounds,
// Expand shape, ...), with errors that name the node and the input.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_FRONTEND_ONNX_HANDLERUTILS_H_
#define VPUC_FRONTEND_ONNX_HANDLERUTILS_H_

#include <optional>
#include <string>

#include "frontend/onnx/ImportContext.h"

namespace mlir::vpuc::onnx_frontend {

/// The values of input `index` of the node, which must be a constant or
/// computable from constants at import time (ImportContext::getConstantFloats);
/// `what` names it in errors. With `optional`, an omitted input gives
/// std::nullopt.
FailureOr<std::optional<llvm::SmallVector<double>>>
getConstantInput(ImportContext &ctx, const onnx::NodeProto &node, int index,
                 llvm::StringRef what, bool optional = false);

/// Like getConstantInput for a required input holding exactly one value.
FailureOr<double> getConstantScalar(ImportContext &ctx,
                                    const onnx::NodeProto &node, int index,
                                    llvm::StringRef what);

/// The IE.Convolution (group 1) or IE.GroupConvolution of the Conv-like node
/// `node` (its `group`, `strides`, `pads`, `auto_pad`, `dilations` and
/// `kernel_shape` attributes) on `input`, `filter` and `bias` (null if
/// absent), with the inferred result type (Conv and QLinearConv share it).
FailureOr<Value> importConvolution(ImportContext &ctx,
                                   const onnx::NodeProto &node, Value input,
                                   Value filter, Value bias);

} // namespace mlir::vpuc::onnx_frontend

#endif // VPUC_FRONTEND_ONNX_HANDLERUTILS_H_
