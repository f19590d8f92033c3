//===- Scatter.cpp - ONNX GatherND, ScatterND, ScatterElements, Scatter ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The N-D gather and the scatters, each one IE op: GatherND (opset 11; the
// batch_dims attribute from opset 12) -> IE.GatherND; ScatterND (opset 11;
// the reduction attribute from opset 16) -> IE.ScatterNDUpdate;
// ScatterElements (opset 11; reduction from opset 16) and its deprecated
// opset 9 form Scatter -> IE.ScatterElementsUpdate. The IE verifiers' errors
// (shapes, ranks, axis) name the node.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"
#include "llvm/ADT/StringSwitch.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// The `reduction` attribute of a scatter node ("none" when absent).
FailureOr<IE::ScatterReduction> getReduction(ImportContext &ctx,
                                             const onnx::NodeProto &node) {
  FailureOr<std::string> reduction =
      ctx.getStringAttr(node, "reduction", llvm::StringRef("none"));
  if (failed(reduction)) {
    return failure();
  }
  // max and min arrive with opset 18, beyond the handlers' range.
  std::optional<IE::ScatterReduction> parsed =
      llvm::StringSwitch<std::optional<IE::ScatterReduction>>(*reduction)
          .Case("none", IE::ScatterReduction::NONE)
          .Case("add", IE::ScatterReduction::ADD)
          .Case("mul", IE::ScatterReduction::MUL)
          .Default(std::nullopt);
  if (!parsed) {
    return ctx.emitNodeError(node)
           << "reduction '" << *reduction << "' is not one of none, add, mul";
  }
  return *parsed;
}

/// Binds the node's single output to `op`'s result.
template <typename OpTy>
LogicalResult bindResult(ImportContext &ctx, const onnx::NodeProto &node,
                         FailureOr<OpTy> op) {
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// GatherND(data, indices) {batch_dims} -> IE.GatherND.
LogicalResult importGatherND(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> data = ctx.getInput(node, 0);
  FailureOr<Value> indices = ctx.getInput(node, 1);
  FailureOr<int64_t> batchDims = ctx.getIntAttr(node, "batch_dims", 0);
  if (failed(data) || failed(indices) || failed(batchDims)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  return bindResult(
      ctx, node,
      ctx.create<IE::GatherNDOp>(
          ctx.getNodeLoc(node), {*data, *indices},
          {builder.getNamedAttr("batch_dims",
                                builder.getI64IntegerAttr(*batchDims))}));
}

/// ScatterND(data, indices, updates) {reduction} -> IE.ScatterNDUpdate.
LogicalResult importScatterND(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> data = ctx.getInput(node, 0);
  FailureOr<Value> indices = ctx.getInput(node, 1);
  FailureOr<Value> updates = ctx.getInput(node, 2);
  FailureOr<IE::ScatterReduction> reduction = getReduction(ctx, node);
  if (failed(data) || failed(indices) || failed(updates) || failed(reduction)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  return bindResult(ctx, node,
                    ctx.create<IE::ScatterNDUpdateOp>(
                        ctx.getNodeLoc(node), {*data, *indices, *updates},
                        {builder.getNamedAttr(
                            "reduction", IE::ScatterReductionAttr::get(
                                             ctx.getContext(), *reduction))}));
}

/// ScatterElements / Scatter(data, indices, updates) {axis, reduction} ->
/// IE.ScatterElementsUpdate.
LogicalResult importScatterElements(ImportContext &ctx,
                                    const onnx::NodeProto &node) {
  FailureOr<Value> data = ctx.getInput(node, 0);
  FailureOr<Value> indices = ctx.getInput(node, 1);
  FailureOr<Value> updates = ctx.getInput(node, 2);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", 0);
  FailureOr<IE::ScatterReduction> reduction = getReduction(ctx, node);
  if (failed(data) || failed(indices) || failed(updates) || failed(axis) ||
      failed(reduction)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  return bindResult(
      ctx, node,
      ctx.create<IE::ScatterElementsUpdateOp>(
          ctx.getNodeLoc(node), {*data, *indices, *updates},
          {builder.getNamedAttr("axis", builder.getI64IntegerAttr(*axis)),
           builder.getNamedAttr(
               "reduction",
               IE::ScatterReductionAttr::get(ctx.getContext(), *reduction))}));
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getScatterHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"GatherND", 11, 17, importGatherND, "IE.GatherND"},
      {"ScatterND", 11, 17, importScatterND, "IE.ScatterNDUpdate"},
      {"ScatterElements", 11, 17, importScatterElements,
       "IE.ScatterElementsUpdate"},
      {"Scatter", 9, 10, importScatterElements, "IE.ScatterElementsUpdate"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
