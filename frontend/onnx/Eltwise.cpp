//===- Eltwise.cpp - ONNX eltwise, comparison and logic ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of the binary arithmetic ops (Add, Sub, Mul, Div, Pow, Mod), the
// variadic Max/Min, the comparisons (Equal, Less, Greater), the logic ops (And,
// Or, Not) and Where. ONNX multidirectional broadcasting is IE's
// `auto_broadcast = NUMPY` (the default).
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

/// A node with two inputs and one output mapped to the IE op `OpTy`.
template <typename OpTy>
static LogicalResult importBinary(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<Value> lhs = ctx.getInput(node, 0);
  FailureOr<Value> rhs = ctx.getInput(node, 1);
  if (failed(lhs) || failed(rhs)) {
    return failure();
  }
  FailureOr<OpTy> op = ctx.create<OpTy>(ctx.getNodeLoc(node), {*lhs, *rhs});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// A node with one input and one output mapped to the IE op `OpTy`.
template <typename OpTy>
static LogicalResult importUnaryEltwise(ImportContext &ctx,
                                        const onnx::NodeProto &node) {
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

/// Max/Min: one to any number of inputs, folded left to right into binary IE
/// ops.
template <typename OpTy>
static LogicalResult importVariadic(ImportContext &ctx,
                                    const onnx::NodeProto &node) {
  FailureOr<Value> result = ctx.getInput(node, 0);
  if (failed(result)) {
    return failure();
  }
  for (int index = 1; index < node.input_size(); ++index) {
    FailureOr<Value> next = ctx.getInput(node, index);
    if (failed(next)) {
      return failure();
    }
    FailureOr<OpTy> op =
        ctx.create<OpTy>(ctx.getNodeLoc(node), {*result, *next});
    if (failed(op)) {
      return failure();
    }
    result = op->getResult();
  }
  return ctx.setOutputs(node, {*result});
}

/// Pow: the exponent may have another element type than the base (opset >= 12);
/// it is then converted to the base's type, which is also the result's.
static LogicalResult importPow(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<Value> base = ctx.getInput(node, 0);
  FailureOr<Value> exponent = ctx.getInput(node, 1);
  if (failed(base) || failed(exponent)) {
    return failure();
  }
  Location loc = ctx.getNodeLoc(node);
  Type baseElem = llvm::cast<ShapedType>(base->getType()).getElementType();
  if (llvm::cast<ShapedType>(exponent->getType()).getElementType() !=
      baseElem) {
    FailureOr<IE::ConvertOp> convert =
        ctx.create<IE::ConvertOp>(loc, {*exponent},
                                  {ctx.getBuilder().getNamedAttr(
                                      "dstElemType", TypeAttr::get(baseElem))});
    if (failed(convert)) {
      return failure();
    }
    exponent = convert->getResult();
  }
  FailureOr<IE::PowerOp> op = ctx.create<IE::PowerOp>(loc, {*base, *exponent});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// Mod: `fmod = 0` (the default) is the floored modulo of IE.FloorMod. The
/// truncated C fmod (`fmod = 1`), whose result has the sign of the dividend,
/// is derived from it exactly: r = FloorMod(a, b); where r != 0 and a and b
/// have different signs, fmod = r - b.
static LogicalResult importMod(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<int64_t> fmod = ctx.getIntAttr(node, "fmod", 0);
  if (failed(fmod)) {
    return failure();
  }
  if (*fmod != 0 && *fmod != 1) {
    return ctx.emitNodeError(node)
           << "attribute 'fmod' must be 0 or 1, got " << *fmod;
  }
  if (*fmod == 0) {
    return importBinary<IE::FloorModOp>(ctx, node);
  }
  FailureOr<Value> lhs = ctx.getInput(node, 0);
  FailureOr<Value> rhs = ctx.getInput(node, 1);
  if (failed(lhs) || failed(rhs)) {
    return failure();
  }
  Location loc = ctx.getNodeLoc(node);
  auto create = [&](llvm::StringRef name, ValueRange operands) {
    FailureOr<Operation *> op = ctx.createOp(name, loc, operands);
    return failed(op) ? FailureOr<Value>(failure())
                      : FailureOr<Value>((*op)->getResult(0));
  };
  FailureOr<Value> floorMod =
      create(IE::FloorModOp::getOperationName(), {*lhs, *rhs});
  if (failed(floorMod)) {
    return failure();
  }
  Type elemType = llvm::cast<ShapedType>(floorMod->getType()).getElementType();
  if (elemType.isUnsignedInteger()) {
    return ctx.setOutputs(node, {*floorMod});
  }
  Value zero = ctx.createSplatConstant(elemType, {}, 0.0, loc);
  FailureOr<Value> lhsNegative =
      create(IE::LessOp::getOperationName(), {*lhs, zero});
  FailureOr<Value> rhsNegative =
      failed(lhsNegative)
          ? FailureOr<Value>(failure())
          : create(IE::LessOp::getOperationName(), {*rhs, zero});
  FailureOr<Value> sameSign = failed(rhsNegative)
                                  ? FailureOr<Value>(failure())
                                  : create(IE::EqualOp::getOperationName(),
                                           {*lhsNegative, *rhsNegative});
  FailureOr<Value> isZero =
      failed(sameSign)
          ? FailureOr<Value>(failure())
          : create(IE::EqualOp::getOperationName(), {*floorMod, zero});
  FailureOr<Value> keep =
      failed(isZero)
          ? FailureOr<Value>(failure())
          : create(IE::LogicalOrOp::getOperationName(), {*sameSign, *isZero});
  FailureOr<Value> shifted =
      failed(keep)
          ? FailureOr<Value>(failure())
          : create(IE::SubtractOp::getOperationName(), {*floorMod, *rhs});
  FailureOr<Value> result = failed(shifted)
                                ? FailureOr<Value>(failure())
                                : create(IE::SelectOp::getOperationName(),
                                         {*keep, *floorMod, *shifted});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Where(condition, X, Y) is IE.Select.
static LogicalResult importWhere(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> condition = ctx.getInput(node, 0);
  FailureOr<Value> onTrue = ctx.getInput(node, 1);
  FailureOr<Value> onFalse = ctx.getInput(node, 2);
  if (failed(condition) || failed(onTrue) || failed(onFalse)) {
    return failure();
  }
  FailureOr<IE::SelectOp> op = ctx.create<IE::SelectOp>(
      ctx.getNodeLoc(node), {*condition, *onTrue, *onFalse});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

llvm::ArrayRef<OpHandlerInfo> getEltwiseHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Add", 9, 17, importBinary<IE::AddOp>, "IE.Add"},
      {"Sub", 9, 17, importBinary<IE::SubtractOp>, "IE.Subtract"},
      {"Mul", 9, 17, importBinary<IE::MultiplyOp>, "IE.Multiply"},
      {"Div", 9, 17, importBinary<IE::DivideOp>, "IE.Divide"},
      {"Pow", 9, 17, importPow, "IE.Power, IE.Convert"},
      {"Max", 9, 17, importVariadic<IE::MaximumOp>, "IE.Maximum"},
      {"Min", 9, 17, importVariadic<IE::MinimumOp>, "IE.Minimum"},
      {"Mod", 10, 17, importMod,
       "IE.FloorMod (fmod = 1: with IE.Less, IE.Equal, IE.LogicalOr, "
       "IE.Subtract, IE.Select)"},
      {"Equal", 9, 17, importBinary<IE::EqualOp>, "IE.Equal"},
      {"Less", 9, 17, importBinary<IE::LessOp>, "IE.Less"},
      {"Greater", 9, 17, importBinary<IE::GreaterOp>, "IE.Greater"},
      {"And", 9, 17, importBinary<IE::LogicalAndOp>, "IE.LogicalAnd"},
      {"Or", 9, 17, importBinary<IE::LogicalOrOp>, "IE.LogicalOr"},
      {"Not", 9, 17, importUnaryEltwise<IE::LogicalNotOp>, "IE.LogicalNot"},
      {"Where", 9, 17, importWhere, "IE.Select"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
