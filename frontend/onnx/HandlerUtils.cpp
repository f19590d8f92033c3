//===- HandlerUtils.cpp - Node reading helpers of the handlers -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// See HandlerUtils.h.
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/HandlerUtils.h"

#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

FailureOr<std::optional<llvm::SmallVector<double>>>
getConstantInput(ImportContext &ctx, const onnx::NodeProto &node, int index,
                 llvm::StringRef what, bool optional) {
  FailureOr<Value> value =
      optional ? ctx.getOptionalInput(node, index) : ctx.getInput(node, index);
  if (failed(value)) {
    return failure();
  }
  if (!*value) {
    return std::optional<llvm::SmallVector<double>>();
  }
  FailureOr<llvm::SmallVector<double>> values =
      ctx.getConstantFloats(node, index, what);
  if (failed(values)) {
    return failure();
  }
  return std::optional<llvm::SmallVector<double>>(std::move(*values));
}

FailureOr<double> getConstantScalar(ImportContext &ctx,
                                    const onnx::NodeProto &node, int index,
                                    llvm::StringRef what) {
  FailureOr<std::optional<llvm::SmallVector<double>>> values =
      getConstantInput(ctx, node, index, what);
  if (failed(values)) {
    return failure();
  }
  if ((*values)->size() != 1) {
    return ctx.emitNodeError(node)
           << "input '" << what << "' must hold one value, got "
           << (*values)->size();
  }
  return (**values)[0];
}

} // namespace mlir::vpuc::onnx_frontend
