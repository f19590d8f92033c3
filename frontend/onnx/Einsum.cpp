//===- Einsum.cpp - ONNX Einsum -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Einsum (opset 12) -> IE.Einsum with the same equation. IE.Einsum accepts the
// equations that reduce to MatMul / Transpose / ReduceSum (one or two inputs,
// no ellipsis, no diagonals); its verifier names any other equation in the
// node's error.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

LogicalResult importEinsum(ImportContext &ctx, const onnx::NodeProto &node) {
  const onnx::AttributeProto *equation =
      ImportContext::findAttribute(node, "equation");
  if (!equation) {
    return ctx.emitNodeError(node) << "expects attribute 'equation'";
  }
  if (equation->type() != onnx::AttributeProto::STRING) {
    return ctx.emitNodeError(node)
           << "attribute 'equation' must be a STRING, got "
           << onnx::AttributeProto::AttributeType_Name(equation->type());
  }
  SmallVector<Value, 2> inputs;
  for (int index = 0; index < node.input_size(); ++index) {
    FailureOr<Value> input = ctx.getInput(node, index);
    if (failed(input)) {
      return failure();
    }
    inputs.push_back(*input);
  }
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<IE::EinsumOp> op = ctx.create<IE::EinsumOp>(
      ctx.getNodeLoc(node), inputs,
      {builder.getNamedAttr("equation", builder.getStringAttr(equation->s()))});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getEinsumHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Einsum", 12, 17, importEinsum, "IE.Einsum"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
