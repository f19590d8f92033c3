//===- Math.cpp - ONNX math functions -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of the math function ops, each one IE op: the trigonometric
// functions Sin, Cos, Tan, Asin, Acos, Atan (opset 7; upgraded models from
// opset 9) and the hyperbolic ones Sinh, Cosh, Asinh, Acosh, Atanh (opset 9),
// which take float tensors, and BitShift (opset 11) on unsigned integers. The
// IE verifier's error names the node for any other element type.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// A node with one input, one output and no attributes, mapped to `OpTy`.
template <typename OpTy>
LogicalResult importMathUnary(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  FailureOr<OpTy> op = ctx.create<OpTy>(ctx.getNodeLoc(node), {*input});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// BitShift (opset 11) -> IE.BitShift: `direction` is LEFT or RIGHT; the
/// inputs broadcast NumPy-style.
LogicalResult importBitShift(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> shift = ctx.getInput(node, 1);
  FailureOr<std::string> direction =
      ctx.getStringAttr(node, "direction", std::nullopt);
  if (failed(input) || failed(shift) || failed(direction)) {
    return failure();
  }
  IE::BitShiftDirection value;
  if (*direction == "LEFT") {
    value = IE::BitShiftDirection::LEFT;
  } else if (*direction == "RIGHT") {
    value = IE::BitShiftDirection::RIGHT;
  } else {
    return ctx.emitNodeError(node)
           << "attribute 'direction' must be LEFT or RIGHT, got '" << *direction
           << "'";
  }
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<IE::BitShiftOp> op = ctx.create<IE::BitShiftOp>(
      ctx.getNodeLoc(node), {*input, *shift},
      {builder.getNamedAttr("direction", IE::BitShiftDirectionAttr::get(
                                             builder.getContext(), value))});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getMathHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Sin", 9, 17, importMathUnary<IE::SinOp>, "IE.Sin"},
      {"Cos", 9, 17, importMathUnary<IE::CosOp>, "IE.Cos"},
      {"Tan", 9, 17, importMathUnary<IE::TanOp>, "IE.Tan"},
      {"Asin", 9, 17, importMathUnary<IE::AsinOp>, "IE.Asin"},
      {"Acos", 9, 17, importMathUnary<IE::AcosOp>, "IE.Acos"},
      {"Atan", 9, 17, importMathUnary<IE::AtanOp>, "IE.Atan"},
      {"Sinh", 9, 17, importMathUnary<IE::SinhOp>, "IE.Sinh"},
      {"Cosh", 9, 17, importMathUnary<IE::CoshOp>, "IE.Cosh"},
      {"Asinh", 9, 17, importMathUnary<IE::AsinhOp>, "IE.Asinh"},
      {"Acosh", 9, 17, importMathUnary<IE::AcoshOp>, "IE.Acosh"},
      {"Atanh", 9, 17, importMathUnary<IE::AtanhOp>, "IE.Atanh"},
      {"BitShift", 11, 17, importBitShift, "IE.BitShift"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
