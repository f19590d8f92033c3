//===- Resize.cpp - ONNX Resize and Upsample -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Resize (opsets 10 to 17) and Upsample (opset 9) become IE.Interpolate.
// Scales, sizes and roi must be constants: IE holds them as static attributes.
// Resize-10 and Upsample have no coordinate mode: they map output to input
// coordinates by `x / scale` (asymmetric) and, in nearest mode, truncate when
// upsampling and round up when downsampling (nearest_mode `simple`), as ONNX
// Runtime runs them.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/HandlerUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// The parameters of one Resize / Upsample node.
struct ResizeParams {
  IE::InterpolateMode mode = IE::InterpolateMode::NEAREST;
  IE::InterpolateCoordMode coordMode = IE::InterpolateCoordMode::ASYMMETRIC;
  IE::InterpolateNearestMode nearestMode = IE::InterpolateNearestMode::SIMPLE;
  double cubicCoeffA = -0.75;
  bool excludeOutside = false;
  double extrapolationValue = 0.0;
  std::optional<SmallVector<double>> scales;
  std::optional<SmallVector<int64_t>> sizes;
  std::optional<SmallVector<double>> roi;
};

/// Reads the `mode` attribute; Resize-10 and Upsample know only nearest and
/// linear.
LogicalResult readMode(ImportContext &ctx, const onnx::NodeProto &node,
                       bool allowCubic, ResizeParams &params) {
  FailureOr<std::string> mode =
      ctx.getStringAttr(node, "mode", llvm::StringRef("nearest"));
  if (failed(mode)) {
    return failure();
  }
  std::optional<IE::InterpolateMode> parsed =
      IE::symbolizeInterpolateMode(*mode);
  if (!parsed || (*parsed == IE::InterpolateMode::CUBIC && !allowCubic)) {
    return ctx.emitNodeError(node) << "mode '" << *mode << "' is not supported";
  }
  params.mode = *parsed;
  return success();
}

/// Reads the constant scales of input `index` into params (none when absent or
/// empty).
LogicalResult readScales(ImportContext &ctx, const onnx::NodeProto &node,
                         int index, bool optional, ResizeParams &params) {
  FailureOr<std::optional<SmallVector<double>>> scales =
      getConstantInput(ctx, node, index, "scales", optional);
  if (failed(scales)) {
    return failure();
  }
  if (*scales && !(*scales)->empty()) {
    params.scales = **scales;
  }
  return success();
}

/// Creates the IE.Interpolate of `params` and binds the node's output.
LogicalResult createInterpolate(ImportContext &ctx, const onnx::NodeProto &node,
                                Value input, const ResizeParams &params) {
  MLIRContext *context = ctx.getContext();
  OpBuilder &builder = ctx.getBuilder();
  SmallVector<NamedAttribute> attrs = {
      builder.getNamedAttr("mode",
                           IE::InterpolateModeAttr::get(context, params.mode)),
      builder.getNamedAttr("coord_mode", IE::InterpolateCoordModeAttr::get(
                                             context, params.coordMode)),
      builder.getNamedAttr("nearest_mode", IE::InterpolateNearestModeAttr::get(
                                               context, params.nearestMode)),
      builder.getNamedAttr("cubic_coeff_a",
                           builder.getF64FloatAttr(params.cubicCoeffA)),
      builder.getNamedAttr("extrapolation_value",
                           builder.getF64FloatAttr(params.extrapolationValue)),
  };
  if (params.excludeOutside) {
    attrs.push_back(
        builder.getNamedAttr("exclude_outside", builder.getUnitAttr()));
  }
  if (params.scales) {
    attrs.push_back(builder.getNamedAttr(
        "scales", builder.getDenseF64ArrayAttr(*params.scales)));
  }
  if (params.sizes) {
    attrs.push_back(builder.getNamedAttr(
        "sizes", builder.getDenseI64ArrayAttr(*params.sizes)));
  }
  if (params.roi) {
    attrs.push_back(
        builder.getNamedAttr("roi", builder.getDenseF64ArrayAttr(*params.roi)));
  }
  FailureOr<IE::InterpolateOp> op =
      ctx.create<IE::InterpolateOp>(ctx.getNodeLoc(node), {input}, attrs);
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// Resize-10 and Upsample-9: X, scales (constant); asymmetric coordinates.
LogicalResult importLegacyResize(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  ResizeParams params;
  if (failed(readMode(ctx, node, /*allowCubic=*/false, params)) ||
      failed(readScales(ctx, node, 1, /*optional=*/false, params))) {
    return failure();
  }
  if (!params.scales) {
    return ctx.emitNodeError(node) << "input 'scales' must not be empty";
  }
  return createInterpolate(ctx, node, *input, params);
}

/// Resize-11 to 17: X, roi, scales, sizes; exactly one of scales and sizes.
LogicalResult importResize(ImportContext &ctx, const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  ResizeParams params;
  if (failed(readMode(ctx, node, /*allowCubic=*/true, params))) {
    return failure();
  }
  FailureOr<std::string> coordMode = ctx.getStringAttr(
      node, "coordinate_transformation_mode", llvm::StringRef("half_pixel"));
  FailureOr<std::string> nearestMode = ctx.getStringAttr(
      node, "nearest_mode", llvm::StringRef("round_prefer_floor"));
  FailureOr<double> cubicCoeffA =
      ctx.getFloatAttr(node, "cubic_coeff_a", -0.75);
  FailureOr<int64_t> excludeOutside =
      ctx.getIntAttr(node, "exclude_outside", 0);
  FailureOr<double> extrapolation =
      ctx.getFloatAttr(node, "extrapolation_value", 0.0);
  if (failed(coordMode) || failed(nearestMode) || failed(cubicCoeffA) ||
      failed(excludeOutside) || failed(extrapolation)) {
    return failure();
  }
  std::optional<IE::InterpolateCoordMode> coord =
      IE::symbolizeInterpolateCoordMode(*coordMode);
  if (!coord) {
    return ctx.emitNodeError(node) << "coordinate_transformation_mode '"
                                   << *coordMode << "' is not supported";
  }
  std::optional<IE::InterpolateNearestMode> nearest =
      IE::symbolizeInterpolateNearestMode(*nearestMode);
  if (!nearest || *nearest == IE::InterpolateNearestMode::SIMPLE) {
    return ctx.emitNodeError(node)
           << "nearest_mode '" << *nearestMode << "' is not supported";
  }
  params.coordMode = *coord;
  params.nearestMode = *nearest;
  params.cubicCoeffA = *cubicCoeffA;
  params.excludeOutside = *excludeOutside != 0;
  params.extrapolationValue = *extrapolation;
  // Opset 11 requires the scales input (possibly empty); opset 13 makes it
  // optional.
  if (failed(readScales(ctx, node, 2, /*optional=*/ctx.getOpset() >= 13,
                        params))) {
    return failure();
  }
  FailureOr<std::optional<SmallVector<double>>> sizes =
      getConstantInput(ctx, node, 3, "sizes", /*optional=*/true);
  if (failed(sizes)) {
    return failure();
  }
  if (*sizes && !(*sizes)->empty()) {
    params.sizes = SmallVector<int64_t>((*sizes)->begin(), (*sizes)->end());
  }
  if (params.scales.has_value() == params.sizes.has_value()) {
    return ctx.emitNodeError(node)
           << "expects exactly one of the inputs 'scales' and 'sizes'";
  }
  if (params.coordMode == IE::InterpolateCoordMode::TF_CROP_AND_RESIZE) {
    FailureOr<std::optional<SmallVector<double>>> roi =
        getConstantInput(ctx, node, 1, "roi", /*optional=*/true);
    if (failed(roi)) {
      return failure();
    }
    if (!*roi || (*roi)->empty()) {
      return ctx.emitNodeError(node)
             << "coordinate mode tf_crop_and_resize needs input 'roi'";
    }
    params.roi = **roi;
  }
  return createInterpolate(ctx, node, *input, params);
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getResizeHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Upsample", 9, 9, importLegacyResize, "IE.Interpolate"},
      {"Resize", 10, 10, importLegacyResize, "IE.Interpolate"},
      {"Resize", 11, 17, importResize, "IE.Interpolate"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
