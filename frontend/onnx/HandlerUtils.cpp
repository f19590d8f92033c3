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

FailureOr<std::string> getStringAttr(const ImportContext &ctx, const onnx::NodeProto &node,
                                     llvm::StringRef name,
                                     std::optional<llvm::StringRef> defaultValue) {
  const onnx::AttributeProto *attr = ImportContext::findAttribute(node, name);
  if (!attr) {
    if (!defaultValue) {
      return ctx.emitNodeError(node) << "expects attribute '" << name << "'";
    }
    return defaultValue->str();
  }
  if (attr->type() != onnx::AttributeProto::STRING) {
    return ctx.emitNodeError(node) << "attribute '" << name << "' must be a STRING, got "
                                   << onnx::AttributeProto::AttributeType_Name(attr->type());
  }
  return attr->s();
}

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
  std::optional<llvm::SmallVector<double>> values = ImportContext::getConstantValues(*value);
  if (!values) {
    return ctx.emitNodeError(node) << "input '" << what
                                   << "' must be a constant (IE holds it as a static attribute)";
  }
  return values;
}

FailureOr<double> getConstantScalar(ImportContext &ctx, const onnx::NodeProto &node, int index,
                                    llvm::StringRef what) {
  FailureOr<std::optional<llvm::SmallVector<double>>> values =
      getConstantInput(ctx, node, index, what);
  if (failed(values)) {
    return failure();
  }
  if ((*values)->size() != 1) {
    return ctx.emitNodeError(node) << "input '" << what << "' must hold one value, got "
                                   << (*values)->size();
  }
  return (**values)[0];
}

} // namespace mlir::vpuc::onnx_frontend
