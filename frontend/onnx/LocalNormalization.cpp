//===- LocalNormalization.cpp - ONNX LRN and LpNormalization -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of LRN (-> IE.LRN, the same formula) and LpNormalization: p = 2 is
// IE.NormalizeL2 over `axis` with eps = 0 in add mode (exactly x /
// sqrt(sum(x^2)); an all-zero slice gives NaN, as the formula does), p = 1 is x
// / sum(|x|) built from IE.Abs, IE.ReduceSum (keeping dims) and IE.Divide. ONNX
// allows no other p.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

LogicalResult importLRN(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<double> alpha = ctx.getFloatAttr(node, "alpha", 1e-4);
  FailureOr<double> beta = ctx.getFloatAttr(node, "beta", 0.75);
  FailureOr<double> bias = ctx.getFloatAttr(node, "bias", 1.0);
  FailureOr<int64_t> size = ctx.getIntAttr(node, "size", std::nullopt);
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(alpha) || failed(beta) || failed(bias) || failed(size) ||
      failed(input)) {
    return failure();
  }
  // ONNX stores the float attributes as float32; keep exactly those values.
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<IE::LRNOp> op = ctx.create<IE::LRNOp>(
      ctx.getNodeLoc(node), {*input},
      {builder.getNamedAttr("alpha", builder.getF64FloatAttr(*alpha)),
       builder.getNamedAttr("beta", builder.getF64FloatAttr(*beta)),
       builder.getNamedAttr("bias", builder.getF64FloatAttr(*bias)),
       builder.getNamedAttr("size", builder.getI64IntegerAttr(*size))});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

LogicalResult importLpNormalization(ImportContext &ctx,
                                    const onnx::NodeProto &node) {
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", -1);
  FailureOr<int64_t> p = ctx.getIntAttr(node, "p", 2);
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(axis) || failed(p) || failed(input)) {
    return failure();
  }
  Location loc = ctx.getNodeLoc(node);
  OpBuilder &builder = ctx.getBuilder();
  NamedAttribute axes =
      builder.getNamedAttr("axes", builder.getDenseI64ArrayAttr({*axis}));
  if (*p == 2) {
    FailureOr<IE::NormalizeL2Op> op = ctx.create<IE::NormalizeL2Op>(
        loc, {*input},
        {axes, builder.getNamedAttr("eps", builder.getF64FloatAttr(0.0)),
         builder.getNamedAttr(
             "eps_mode",
             IE::EpsModeAttr::get(ctx.getContext(), IE::EpsMode::ADD))});
    if (failed(op)) {
      return failure();
    }
    return ctx.setOutputs(node, {op->getResult()});
  }
  if (*p != 1) {
    return ctx.emitNodeError(node)
           << "attribute 'p' must be 1 or 2, got " << *p;
  }
  FailureOr<IE::AbsOp> abs = ctx.create<IE::AbsOp>(loc, {*input});
  if (failed(abs)) {
    return failure();
  }
  FailureOr<IE::ReduceSumOp> sum = ctx.create<IE::ReduceSumOp>(
      loc, {abs->getResult()},
      {axes, builder.getNamedAttr("keep_dims", builder.getUnitAttr())});
  if (failed(sum)) {
    return failure();
  }
  FailureOr<IE::DivideOp> divide =
      ctx.create<IE::DivideOp>(loc, {*input, sum->getResult()});
  if (failed(divide)) {
    return failure();
  }
  return ctx.setOutputs(node, {divide->getResult()});
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getLocalNormalizationHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"LRN", 9, 17, importLRN, "IE.LRN"},
      {"LpNormalization", 9, 17, importLpNormalization,
       "IE.NormalizeL2, IE.Abs, IE.ReduceSum, IE.Divide"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
