//===- LinearAlgebra.cpp - ONNX Det ---------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Det (opset 11) -> IE.Det: the determinants of the [*, M, M] input's
// matrices. The IE verifier's errors (rank, non-square matrices, non-float
// elements) name the node.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// Det(X) -> IE.Det.
LogicalResult importDet(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  FailureOr<IE::DetOp> op =
      ctx.create<IE::DetOp>(ctx.getNodeLoc(node), {*input});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getLinearAlgebraHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Det", 11, 17, importDet, "IE.Det"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
