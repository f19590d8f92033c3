//===- Indexing.cpp - ONNX Expand, Range, GatherElements, TopK, CumSum,
// DepthToSpace, SpaceToDepth -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Expand -> IE.Broadcast (bidirectional), Range -> IE.Range, GatherElements,
// TopK, CumSum, DepthToSpace and SpaceToDepth (the scatters and GatherND are
// in Scatter.cpp). The parameters ONNX passes as inputs (Expand shape, Range
// start / limit / delta, TopK k, CumSum axis) must be constants: IE holds them
// as static attributes.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/HandlerUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// Creates `opName` from `operands` and `attrs` and binds the node's outputs to
/// its results.
LogicalResult createAndBind(ImportContext &ctx, const onnx::NodeProto &node,
                            llvm::StringRef opName, ValueRange operands,
                            ArrayRef<NamedAttribute> attrs,
                            unsigned numResults = 1) {
  FailureOr<Operation *> op =
      ctx.createOp(opName, ctx.getNodeLoc(node), operands, attrs, numResults);
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, (*op)->getResults());
}

/// Expand(input, shape) -> IE.Broadcast {mode = bidirectional, target_shape =
/// shape}.
LogicalResult importExpand(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<std::optional<SmallVector<double>>> shape =
      getConstantInput(ctx, node, 1, "shape");
  if (failed(input) || failed(shape)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  SmallVector<int64_t> target((*shape)->begin(), (*shape)->end());
  return createAndBind(
      ctx, node, IE::BroadcastOp::getOperationName(), {*input},
      {builder.getNamedAttr("target_shape",
                            builder.getDenseI64ArrayAttr(target)),
       builder.getNamedAttr(
           "mode", IE::BroadcastModeAttr::get(
                       ctx.getContext(), IE::BroadcastMode::BIDIRECTIONAL))});
}

/// Range(start, limit, delta) -> IE.Range of the inputs' element type.
LogicalResult importRange(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> start = ctx.getInput(node, 0);
  if (failed(start)) {
    return failure();
  }
  FailureOr<double> startValue = getConstantScalar(ctx, node, 0, "start");
  FailureOr<double> limitValue = getConstantScalar(ctx, node, 1, "limit");
  FailureOr<double> deltaValue = getConstantScalar(ctx, node, 2, "delta");
  if (failed(startValue) || failed(limitValue) || failed(deltaValue)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  Type elemType = llvm::cast<ShapedType>(start->getType()).getElementType();
  return createAndBind(
      ctx, node, IE::RangeOp::getOperationName(), {},
      {builder.getNamedAttr("start", builder.getF64FloatAttr(*startValue)),
       builder.getNamedAttr("limit", builder.getF64FloatAttr(*limitValue)),
       builder.getNamedAttr("delta", builder.getF64FloatAttr(*deltaValue)),
       builder.getNamedAttr("dstElemType", TypeAttr::get(elemType))});
}

/// GatherElements(data, indices) {axis} -> IE.GatherElements.
LogicalResult importGatherElements(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> data = ctx.getInput(node, 0);
  FailureOr<Value> indices = ctx.getInput(node, 1);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", 0);
  if (failed(data) || failed(indices) || failed(axis)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  return createAndBind(
      ctx, node, IE::GatherElementsOp::getOperationName(), {*data, *indices},
      {builder.getNamedAttr("axis", builder.getI64IntegerAttr(*axis))});
}

/// TopK: k is an attribute before opset 10 and a constant input from opset 10;
/// largest and sorted exist from opset 11.
LogicalResult importTopK(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", -1);
  FailureOr<int64_t> largest = ctx.getIntAttr(node, "largest", 1);
  FailureOr<int64_t> sorted = ctx.getIntAttr(node, "sorted", 1);
  if (failed(input) || failed(axis) || failed(largest) || failed(sorted)) {
    return failure();
  }
  int64_t k = 0;
  if (ctx.getOpset() < 10) {
    FailureOr<int64_t> kAttr = ctx.getIntAttr(node, "k", std::nullopt);
    if (failed(kAttr)) {
      return failure();
    }
    k = *kAttr;
  } else {
    FailureOr<double> kInput = getConstantScalar(ctx, node, 1, "K");
    if (failed(kInput)) {
      return failure();
    }
    k = static_cast<int64_t>(*kInput);
  }
  MLIRContext *context = ctx.getContext();
  OpBuilder &builder = ctx.getBuilder();
  return createAndBind(
      ctx, node, IE::TopKOp::getOperationName(), {*input},
      {builder.getNamedAttr("k", builder.getI64IntegerAttr(k)),
       builder.getNamedAttr("axis", builder.getI64IntegerAttr(*axis)),
       builder.getNamedAttr(
           "mode",
           IE::TopKModeAttr::get(context, *largest != 0 ? IE::TopKMode::MAX
                                                        : IE::TopKMode::MIN)),
       builder.getNamedAttr("sort", IE::TopKSortTypeAttr::get(
                                        context, *sorted != 0
                                                     ? IE::TopKSortType::VALUE
                                                     : IE::TopKSortType::NONE)),
       builder.getNamedAttr(
           "indexElemType",
           TypeAttr::get(ctx.convertElementType(onnx::TensorProto::INT64)))},
      /*numResults=*/2);
}

/// CumSum(x, axis) {exclusive, reverse} -> IE.CumSum.
LogicalResult importCumSum(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<double> axis = getConstantScalar(ctx, node, 1, "axis");
  FailureOr<int64_t> exclusive = ctx.getIntAttr(node, "exclusive", 0);
  FailureOr<int64_t> reverse = ctx.getIntAttr(node, "reverse", 0);
  if (failed(input) || failed(axis) || failed(exclusive) || failed(reverse)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  SmallVector<NamedAttribute> attrs = {builder.getNamedAttr(
      "axis", builder.getI64IntegerAttr(static_cast<int64_t>(*axis)))};
  if (*exclusive != 0) {
    attrs.push_back(builder.getNamedAttr("exclusive", builder.getUnitAttr()));
  }
  if (*reverse != 0) {
    attrs.push_back(builder.getNamedAttr("reverse", builder.getUnitAttr()));
  }
  return createAndBind(ctx, node, IE::CumSumOp::getOperationName(), {*input},
                       attrs);
}

/// ArgMax / ArgMin {axis = 0, keepdims = 1, select_last_index = 0} -> IE.ArgMax
/// / IE.ArgMin with int64 indices.
template <typename OpTy>
LogicalResult importArgExtremum(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", 0);
  FailureOr<int64_t> keepDims = ctx.getIntAttr(node, "keepdims", 1);
  FailureOr<int64_t> selectLast = ctx.getIntAttr(node, "select_last_index", 0);
  if (failed(input) || failed(axis) || failed(keepDims) || failed(selectLast)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  SmallVector<NamedAttribute> attrs = {
      builder.getNamedAttr("axis", builder.getI64IntegerAttr(*axis)),
      builder.getNamedAttr(
          "indexElemType",
          TypeAttr::get(ctx.convertElementType(onnx::TensorProto::INT64)))};
  if (*keepDims != 0) {
    attrs.push_back(builder.getNamedAttr("keep_dims", builder.getUnitAttr()));
  }
  if (*selectLast != 0) {
    attrs.push_back(
        builder.getNamedAttr("select_last_index", builder.getUnitAttr()));
  }
  return createAndBind(ctx, node, OpTy::getOperationName(), {*input}, attrs);
}

/// DepthToSpace {blocksize, mode = DCR | CRD} and SpaceToDepth {blocksize}.
template <typename OpTy>
LogicalResult importDepthSpace(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> blockSize =
      ctx.getIntAttr(node, "blocksize", std::nullopt);
  FailureOr<std::string> mode =
      ctx.getStringAttr(node, "mode", llvm::StringRef("DCR"));
  if (failed(input) || failed(blockSize) || failed(mode)) {
    return failure();
  }
  IE::DepthToSpaceMode parsed = IE::DepthToSpaceMode::DCR;
  if (*mode == "CRD") {
    parsed = IE::DepthToSpaceMode::CRD;
  } else if (*mode != "DCR") {
    return ctx.emitNodeError(node) << "mode '" << *mode << "' is not supported";
  }
  OpBuilder &builder = ctx.getBuilder();
  return createAndBind(
      ctx, node, OpTy::getOperationName(), {*input},
      {builder.getNamedAttr("block_size",
                            builder.getI64IntegerAttr(*blockSize)),
       builder.getNamedAttr(
           "mode", IE::DepthToSpaceModeAttr::get(ctx.getContext(), parsed))});
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getIndexingHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Expand", 9, 17, importExpand, "IE.Broadcast"},
      {"Range", 11, 17, importRange, "IE.Range"},
      {"GatherElements", 11, 17, importGatherElements, "IE.GatherElements"},
      {"TopK", 9, 17, importTopK, "IE.TopK"},
      {"CumSum", 11, 17, importCumSum, "IE.CumSum"},
      {"ArgMax", 9, 17, importArgExtremum<IE::ArgMaxOp>, "IE.ArgMax"},
      {"ArgMin", 9, 17, importArgExtremum<IE::ArgMinOp>, "IE.ArgMin"},
      {"DepthToSpace", 9, 17, importDepthSpace<IE::DepthToSpaceOp>,
       "IE.DepthToSpace"},
      {"SpaceToDepth", 9, 17, importDepthSpace<IE::SpaceToDepthOp>,
       "IE.SpaceToDepth"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
