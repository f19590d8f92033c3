//===- RoiPooling.cpp - ONNX RoiAlign and MaxRoiPool ----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// RoiAlign (opsets 10 and 16) -> IE.ROIAlign: `mode` avg / max, the output
// size, sampling_ratio, spatial_scale and, from opset 16,
// coordinate_transformation_mode (half_pixel, the default, or
// output_half_pixel, the only behaviour of opset 10). MaxRoiPool ->
// IE.MaxROIPool (pooled_shape, spatial_scale). The IE verifiers' errors
// (shapes, ranges) name the node.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// The `spatial_scale` attribute of a region pool as an IE attribute.
FailureOr<NamedAttribute> getSpatialScale(ImportContext &ctx,
                                          const onnx::NodeProto &node) {
  FailureOr<double> scale = ctx.getFloatAttr(node, "spatial_scale", 1.0);
  if (failed(scale)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  return builder.getNamedAttr("spatial_scale", builder.getF64FloatAttr(*scale));
}

/// RoiAlign(X, rois, batch_indices) -> IE.ROIAlign.
LogicalResult importRoiAlign(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> rois = ctx.getInput(node, 1);
  FailureOr<Value> batchIndices = ctx.getInput(node, 2);
  FailureOr<std::string> mode = ctx.getStringAttr(node, "mode", "avg");
  FailureOr<int64_t> height = ctx.getIntAttr(node, "output_height", 1);
  FailureOr<int64_t> width = ctx.getIntAttr(node, "output_width", 1);
  FailureOr<int64_t> ratio = ctx.getIntAttr(node, "sampling_ratio", 0);
  FailureOr<NamedAttribute> scale = getSpatialScale(ctx, node);
  // Opset 10 has no attribute and behaves as output_half_pixel.
  FailureOr<std::string> coordinates = ctx.getStringAttr(
      node, "coordinate_transformation_mode",
      ctx.getOpset() >= 16 ? "half_pixel" : "output_half_pixel");
  if (failed(input) || failed(rois) || failed(batchIndices) || failed(mode) ||
      failed(height) || failed(width) || failed(ratio) || failed(scale) ||
      failed(coordinates)) {
    return failure();
  }
  IE::ROIAlignMode poolMode;
  if (*mode == "avg") {
    poolMode = IE::ROIAlignMode::AVG;
  } else if (*mode == "max") {
    poolMode = IE::ROIAlignMode::MAX;
  } else {
    return ctx.emitNodeError(node)
           << "attribute 'mode' must be 'avg' or 'max', got '" << *mode << "'";
  }
  if (*coordinates != "half_pixel" && *coordinates != "output_half_pixel") {
    return ctx.emitNodeError(node)
           << "attribute 'coordinate_transformation_mode' must be "
              "'half_pixel' or 'output_half_pixel', got '"
           << *coordinates << "'";
  }
  OpBuilder &builder = ctx.getBuilder();
  SmallVector<NamedAttribute> attrs = {
      builder.getNamedAttr("pooled_h", builder.getI64IntegerAttr(*height)),
      builder.getNamedAttr("pooled_w", builder.getI64IntegerAttr(*width)),
      builder.getNamedAttr("sampling_ratio", builder.getI64IntegerAttr(*ratio)),
      *scale,
      builder.getNamedAttr(
          "mode", IE::ROIAlignModeAttr::get(ctx.getContext(), poolMode))};
  if (*coordinates == "half_pixel") {
    attrs.push_back(builder.getNamedAttr("half_pixel", builder.getUnitAttr()));
  }
  FailureOr<IE::ROIAlignOp> op = ctx.create<IE::ROIAlignOp>(
      ctx.getNodeLoc(node), {*input, *rois, *batchIndices}, attrs);
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// MaxRoiPool(X, rois) -> IE.MaxROIPool.
LogicalResult importMaxRoiPool(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> rois = ctx.getInput(node, 1);
  FailureOr<std::optional<SmallVector<int64_t>>> pooled =
      ctx.getIntsAttr(node, "pooled_shape");
  FailureOr<NamedAttribute> scale = getSpatialScale(ctx, node);
  if (failed(input) || failed(rois) || failed(pooled) || failed(scale)) {
    return failure();
  }
  if (!*pooled || (*pooled)->size() != 2) {
    return ctx.emitNodeError(node)
           << "expects attribute 'pooled_shape' with two values (height, "
              "width)";
  }
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<IE::MaxROIPoolOp> op = ctx.create<IE::MaxROIPoolOp>(
      ctx.getNodeLoc(node), {*input, *rois},
      {builder.getNamedAttr("pooled_h",
                            builder.getI64IntegerAttr((**pooled)[0])),
       builder.getNamedAttr("pooled_w",
                            builder.getI64IntegerAttr((**pooled)[1])),
       *scale});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getRoiPoolingHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"RoiAlign", 10, 17, importRoiAlign, "IE.ROIAlign"},
      {"MaxRoiPool", 9, 17, importMaxRoiPool, "IE.MaxROIPool"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
