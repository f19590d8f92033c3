//===- Selection.cpp - ONNX ops that select or place elements -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of ops that pick or place elements by index, built from existing IE
// ops with index tensors computed at import time:
//
//   OneHot           IE.Equal of the (unsqueezed, si64) indices with the
//                    constant range 0..depth-1 and with -depth..-1 along
//                    `axis`, IE.LogicalOr, IE.Select between the on and off
//                    values (IE.Gather of `values`); `depth` must be constant
//   Compress         IE.Gather with the constant positions of the true elements
//                    of the constant `condition` (after an IE.Reshape to 1-D
//                    without `axis`)
//   ReverseSequence  IE.Gather on the merged time and batch dims (IE.Reshape)
//                    with an index per (time, batch) pair: a constant from
//                    constant `sequence_lens`, else computed at run time
//                    (IE.Less, IE.Subtract, IE.Select, IE.Multiply, IE.Add)
//   MaxUnpool        IE.ScatterNDUpdate of the values into a zero tensor at
//                    their (run-time) flat indices, IE.Reshape to the inferred
//                    shape, IE.Pad at the end to a larger `output_shape`
//
//===----------------------------------------------------------------------===//

#include <cstdint>

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ExpansionUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

/// Fails unless `value` has a static shape (input `what`).
static LogicalResult requireStatic(ImportContext &ctx,
                                   const onnx::NodeProto &node, Value value,
                                   llvm::StringRef what) {
  if (getTensorType(value).hasStaticShape()) {
    return success();
  }
  return ctx.emitNodeError(node)
         << "input '" << what << "' must have a static shape, got "
         << getTensorType(value);
}

/// IE.Gather of `input` along `axis` with the constant `indices` (shape
/// `shape`).
static FailureOr<Value> buildConstantGather(ImportContext &ctx,
                                            const onnx::NodeProto &node,
                                            Value input, int64_t axis,
                                            llvm::ArrayRef<int64_t> shape,
                                            llvm::ArrayRef<int64_t> indices) {
  OpBuilder &builder = ctx.getBuilder();
  return buildOp<IE::GatherOp>(
      ctx, node, {input, createIndexConstant(ctx, node, shape, indices)},
      {builder.getNamedAttr("axis", builder.getI64IntegerAttr(axis))});
}

//===----------------------------------------------------------------------===//
// OneHot
//===----------------------------------------------------------------------===//

/// OneHot(indices, depth, values) (opset 9/11): out = values[1] where the
/// index (negative ones count from depth) equals the position along the new
/// dim `axis`, values[0] elsewhere (indices outside [-depth, depth - 1] give
/// all values[0]). Float indices are truncated.
static LogicalResult importOneHot(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<Value> indices = ctx.getInput(node, 0);
  FailureOr<Value> values = ctx.getInput(node, 2);
  FailureOr<int64_t> axisAttr = ctx.getIntAttr(node, "axis", -1);
  if (failed(indices) || failed(values) || failed(axisAttr) ||
      failed(requireStatic(ctx, node, *indices, "indices"))) {
    return failure();
  }
  FailureOr<llvm::SmallVector<double>> depthValues =
      ctx.getConstantFloats(node, 1, "depth");
  if (failed(depthValues)) {
    return failure();
  }
  if (depthValues->size() != 1 || depthValues->front() < 1) {
    return ctx.emitNodeError(node)
           << "input 'depth' must hold one positive value";
  }
  const auto depth = static_cast<int64_t>(depthValues->front());
  RankedTensorType valuesType = getTensorType(*values);
  if (!valuesType.hasStaticShape() || valuesType.getNumElements() != 2) {
    return ctx.emitNodeError(node)
           << "input 'values' must hold two values [off, on], got "
           << valuesType;
  }
  RankedTensorType indicesType = getTensorType(*indices);
  const int64_t rank = indicesType.getRank() + 1;
  if (*axisAttr < -rank || *axisAttr >= rank) {
    return ctx.emitNodeError(node)
           << "attribute 'axis' = " << *axisAttr
           << " is out of range for an output of rank " << rank;
  }
  const int64_t axis = *axisAttr < 0 ? *axisAttr + rank : *axisAttr;
  Type si64 = ctx.convertElementType(onnx::TensorProto::INT64);
  FailureOr<Value> index = buildConvert(ctx, node, *indices, si64);
  if (failed(index)) {
    return failure();
  }
  llvm::SmallVector<int64_t> unsqueezed(indicesType.getShape());
  unsqueezed.insert(unsqueezed.begin() + axis, 1);
  index = buildReshape(ctx, node, *index, unsqueezed);
  if (failed(index)) {
    return failure();
  }
  // Positions along the new dim, and the same minus depth for negative
  // indices.
  llvm::SmallVector<int64_t> rangeShape(rank, 1);
  rangeShape[axis] = depth;
  llvm::SmallVector<int64_t> positions, negatives;
  for (int64_t j = 0; j < depth; ++j) {
    positions.push_back(j);
    negatives.push_back(j - depth);
  }
  FailureOr<Value> match = buildOp<IE::EqualOp>(
      ctx, node,
      {*index, createIndexConstant(ctx, node, rangeShape, positions)});
  if (failed(match)) {
    return failure();
  }
  FailureOr<Value> negativeMatch = buildOp<IE::EqualOp>(
      ctx, node,
      {*index, createIndexConstant(ctx, node, rangeShape, negatives)});
  if (failed(negativeMatch)) {
    return failure();
  }
  FailureOr<Value> mask =
      buildOp<IE::LogicalOrOp>(ctx, node, {*match, *negativeMatch});
  if (failed(mask)) {
    return failure();
  }
  FailureOr<Value> flatValues = buildReshape(ctx, node, *values, {2});
  if (failed(flatValues)) {
    return failure();
  }
  FailureOr<Value> off =
      buildConstantGather(ctx, node, *flatValues, 0, {}, {0});
  if (failed(off)) {
    return failure();
  }
  FailureOr<Value> on = buildConstantGather(ctx, node, *flatValues, 0, {}, {1});
  if (failed(on)) {
    return failure();
  }
  FailureOr<Value> result =
      buildOp<IE::SelectOp>(ctx, node, {*mask, *on, *off});
  if (failed(result)) {
    return failure();
  }
  // IE.Select broadcasts the scalars: the result has the mask's shape.
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Compress
//===----------------------------------------------------------------------===//

/// Compress(input, condition, axis): the slices along `axis` (of the
/// flattened input when absent) whose condition element is true; `condition`
/// may be shorter than the dim (the rest is dropped).
static LogicalResult importCompress(ImportContext &ctx,
                                    const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input) || failed(requireStatic(ctx, node, *input, "input"))) {
    return failure();
  }
  FailureOr<llvm::SmallVector<double>> condition =
      ctx.getConstantFloats(node, 1, "condition");
  if (failed(condition)) {
    return failure();
  }
  RankedTensorType type = getTensorType(*input);
  Value data = *input;
  int64_t axis = 0;
  if (ImportContext::findAttribute(node, "axis")) {
    FailureOr<int64_t> attr = ctx.getIntAttr(node, "axis", std::nullopt);
    if (failed(attr)) {
      return failure();
    }
    if (*attr < -type.getRank() || *attr >= type.getRank()) {
      return ctx.emitNodeError(node) << "attribute 'axis' = " << *attr
                                     << " is out of range for " << type;
    }
    axis = *attr < 0 ? *attr + type.getRank() : *attr;
  } else {
    FailureOr<Value> flat =
        buildReshape(ctx, node, *input, {type.getNumElements()});
    if (failed(flat)) {
      return failure();
    }
    data = *flat;
  }
  const int64_t dim = getTensorType(data).getDimSize(axis);
  if (static_cast<int64_t>(condition->size()) > dim) {
    return ctx.emitNodeError(node)
           << "input 'condition' has " << condition->size()
           << " elements, more than the " << dim << " slices along the axis";
  }
  llvm::SmallVector<int64_t> selected;
  for (auto [position, keep] : llvm::enumerate(*condition)) {
    if (keep != 0.0) {
      selected.push_back(static_cast<int64_t>(position));
    }
  }
  if (selected.empty()) {
    return ctx.emitNodeError(node)
           << "input 'condition' selects nothing; empty tensors are not "
              "supported";
  }
  FailureOr<Value> result = buildConstantGather(
      ctx, node, data, axis, {static_cast<int64_t>(selected.size())}, selected);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// ReverseSequence
//===----------------------------------------------------------------------===//

/// The flat source index, in the merged [time * batch] (time first) or [batch *
/// time] dim, of each output element of ReverseSequence, computed at run time
/// from `lengths` [batch]: t < len ? len - 1 - t : t, lengths clamped to
/// [0, steps].
static FailureOr<Value> buildReverseIndices(ImportContext &ctx,
                                            const onnx::NodeProto &node,
                                            Value lengths, bool timeFirst,
                                            int64_t steps, int64_t batch) {
  Type si64 = ctx.convertElementType(onnx::TensorProto::INT64);
  FailureOr<Value> len = buildConvert(ctx, node, lengths, si64);
  if (failed(len)) {
    return failure();
  }
  // Time along dim 0 and batch along dim 1 of the index grid, or the reverse.
  llvm::SmallVector<int64_t> timeShape = {steps, 1}, batchShape = {1, batch};
  if (!timeFirst) {
    std::swap(timeShape[0], timeShape[1]);
    std::swap(batchShape[0], batchShape[1]);
  }
  len = buildReshape(ctx, node, *len, batchShape);
  if (failed(len)) {
    return failure();
  }
  len = buildOp<IE::MinimumOp>(
      ctx, node, {*len, createIndexConstant(ctx, node, {}, {steps})});
  if (failed(len)) {
    return failure();
  }
  llvm::SmallVector<int64_t> times, timesPlusOne, batches;
  for (int64_t t = 0; t < steps; ++t) {
    times.push_back(t);
    timesPlusOne.push_back(t + 1);
  }
  for (int64_t b = 0; b < batch; ++b) {
    batches.push_back(b);
  }
  Value time = createIndexConstant(ctx, node, timeShape, times);
  FailureOr<Value> inside = buildOp<IE::LessOp>(ctx, node, {time, *len});
  if (failed(inside)) {
    return failure();
  }
  FailureOr<Value> reversed = buildOp<IE::SubtractOp>(
      ctx, node,
      {*len, createIndexConstant(ctx, node, timeShape, timesPlusOne)});
  if (failed(reversed)) {
    return failure();
  }
  FailureOr<Value> source =
      buildOp<IE::SelectOp>(ctx, node, {*inside, *reversed, time});
  if (failed(source)) {
    return failure();
  }
  // time first: source * batch + b; batch first: b * steps + source.
  Value entry = createIndexConstant(ctx, node, batchShape, batches);
  FailureOr<Value> scaled = buildOp<IE::MultiplyOp>(
      ctx, node,
      {timeFirst ? *source : entry,
       createIndexConstant(ctx, node, {}, {timeFirst ? batch : steps})});
  if (failed(scaled)) {
    return failure();
  }
  FailureOr<Value> flat =
      buildOp<IE::AddOp>(ctx, node, {*scaled, timeFirst ? entry : *source});
  if (failed(flat)) {
    return failure();
  }
  return buildReshape(ctx, node, *flat, {steps * batch});
}

/// ReverseSequence(input, sequence_lens): for each batch entry b, the first
/// sequence_lens[b] steps along `time_axis` in reverse order, the rest as they
/// are. The time and batch axes are dims 0 and 1 (in either order). Constant
/// lengths give a constant gather index; run-time ones an index computed by
/// buildReverseIndices.
static LogicalResult importReverseSequence(ImportContext &ctx,
                                           const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> lengthsValue = ctx.getInput(node, 1);
  FailureOr<int64_t> timeAxis = ctx.getIntAttr(node, "time_axis", 0);
  FailureOr<int64_t> batchAxis = ctx.getIntAttr(node, "batch_axis", 1);
  if (failed(input) || failed(lengthsValue) || failed(timeAxis) ||
      failed(batchAxis) || failed(requireStatic(ctx, node, *input, "input"))) {
    return failure();
  }
  RankedTensorType type = getTensorType(*input);
  if (type.getRank() < 2 || !((*timeAxis == 0 && *batchAxis == 1) ||
                              (*timeAxis == 1 && *batchAxis == 0))) {
    return ctx.emitNodeError(node)
           << "expects an input of rank 2 or more with time_axis and "
              "batch_axis 0 and 1 (in either order), got time_axis = "
           << *timeAxis << ", batch_axis = " << *batchAxis << " and " << type;
  }
  const int64_t steps = type.getDimSize(*timeAxis);
  const int64_t batch = type.getDimSize(*batchAxis);
  RankedTensorType lengthsType = getTensorType(*lengthsValue);
  if (lengthsType.getShape() != llvm::ArrayRef<int64_t>{batch} ||
      !llvm::isa<IntegerType>(lengthsType.getElementType())) {
    return ctx.emitNodeError(node)
           << "input 'sequence_lens' must hold one integer length per batch "
              "entry ("
           << batch << "), got " << lengthsType;
  }
  const bool timeFirst = *timeAxis == 0;
  Value indexValue;
  if (std::optional<llvm::SmallVector<double>> lengths =
          ImportContext::getConstantValues(*lengthsValue)) {
    for (double length : *lengths) {
      if (length < 1 || length > steps) {
        return ctx.emitNodeError(node)
               << "input 'sequence_lens' holds " << static_cast<int64_t>(length)
               << ", outside [1, " << steps << "]";
      }
    }
    // Dims 0 and 1 merged: element (t, b) is at t * batch + b (time first)
    // or b * steps + t (batch first).
    auto flatIndex = [&](int64_t t, int64_t b) {
      return timeFirst ? t * batch + b : b * steps + t;
    };
    llvm::SmallVector<int64_t> indices(steps * batch);
    for (int64_t t = 0; t < steps; ++t) {
      for (int64_t b = 0; b < batch; ++b) {
        const auto length = static_cast<int64_t>((*lengths)[b]);
        indices[flatIndex(t, b)] =
            flatIndex(t < length ? length - 1 - t : t, b);
      }
    }
    indexValue = createIndexConstant(ctx, node, {steps * batch}, indices);
  } else {
    FailureOr<Value> computed =
        buildReverseIndices(ctx, node, *lengthsValue, timeFirst, steps, batch);
    if (failed(computed)) {
      return failure();
    }
    indexValue = *computed;
  }
  llvm::SmallVector<int64_t> merged = {steps * batch};
  merged.append(type.getShape().begin() + 2, type.getShape().end());
  FailureOr<Value> flat = buildReshape(ctx, node, *input, merged);
  if (failed(flat)) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<Value> gathered = buildOp<IE::GatherOp>(
      ctx, node, {*flat, indexValue},
      {builder.getNamedAttr("axis", builder.getI64IntegerAttr(0))});
  if (failed(gathered)) {
    return failure();
  }
  FailureOr<Value> result = buildReshape(ctx, node, *gathered, type.getShape());
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// MaxUnpool
//===----------------------------------------------------------------------===//

/// MaxUnpool(X, I, output_shape): a zero tensor of the inferred shape ((in -
/// 1) * stride + kernel - pads per spatial dim) with X's values written at the
/// flat indices I, zero-padded at the end to the constant `output_shape`.
static LogicalResult importMaxUnpool(ImportContext &ctx,
                                     const onnx::NodeProto &node) {
  FailureOr<Value> values = ctx.getInput(node, 0);
  FailureOr<Value> indices = ctx.getInput(node, 1);
  FailureOr<std::optional<llvm::SmallVector<int64_t>>> kernel =
      ctx.getIntsAttr(node, "kernel_shape");
  FailureOr<std::optional<llvm::SmallVector<int64_t>>> stridesAttr =
      ctx.getIntsAttr(node, "strides");
  FailureOr<std::optional<llvm::SmallVector<int64_t>>> padsAttr =
      ctx.getIntsAttr(node, "pads");
  if (failed(values) || failed(indices) || failed(kernel) ||
      failed(stridesAttr) || failed(padsAttr) ||
      failed(requireStatic(ctx, node, *values, "X")) ||
      failed(requireStatic(ctx, node, *indices, "I"))) {
    return failure();
  }
  RankedTensorType type = getTensorType(*values);
  const int64_t spatial = type.getRank() - 2;
  if (spatial < 1 || getTensorType(*indices).getShape() != type.getShape()) {
    return ctx.emitNodeError(node)
           << "expects X [N, C, spatial...] and indices I of the same shape, "
              "got "
           << type << " and " << getTensorType(*indices);
  }
  if (!*kernel || static_cast<int64_t>((*kernel)->size()) != spatial) {
    return ctx.emitNodeError(node)
           << "attribute 'kernel_shape' must have " << spatial << " values";
  }
  llvm::SmallVector<int64_t> strides =
      stridesAttr->value_or(llvm::SmallVector<int64_t>(spatial, 1));
  llvm::SmallVector<int64_t> pads =
      padsAttr->value_or(llvm::SmallVector<int64_t>(2 * spatial, 0));
  if (static_cast<int64_t>(strides.size()) != spatial ||
      static_cast<int64_t>(pads.size()) != 2 * spatial) {
    return ctx.emitNodeError(node)
           << "attributes 'strides' and 'pads' must have " << spatial << " and "
           << 2 * spatial << " values";
  }
  // The indices address the inferred shape; a larger `output_shape` adds
  // zeros at the end of each dim (as the ONNX reference does).
  llvm::SmallVector<int64_t> inferredShape(type.getShape().take_front(2));
  for (int64_t d = 0; d < spatial; ++d) {
    inferredShape.push_back((type.getDimSize(d + 2) - 1) * strides[d] +
                            (**kernel)[d] - pads[d] - pads[d + spatial]);
  }
  llvm::SmallVector<int64_t> outShape = inferredShape;
  if (ImportContext::hasInput(node, 2)) {
    FailureOr<llvm::SmallVector<int64_t>> shape =
        ctx.getConstantInts(node, 2, "output_shape");
    if (failed(shape)) {
      return failure();
    }
    bool fits = static_cast<int64_t>(shape->size()) == type.getRank();
    for (size_t d = 0; fits && d < shape->size(); ++d) {
      fits = d < 2 ? (*shape)[d] == inferredShape[d]
                   : (*shape)[d] >= inferredShape[d];
    }
    if (!fits) {
      return ctx.emitNodeError(node)
             << "input 'output_shape' must be [N, C, spatial...] with X's N "
                "and C and spatial dims of at least the inferred "
             << llvm::ArrayRef<int64_t>(inferredShape).drop_front(2);
    }
    outShape = *shape;
  }
  int64_t total = 1;
  for (int64_t dim : inferredShape) {
    if (dim < 1) {
      return ctx.emitNodeError(node) << "the output shape has a dim " << dim;
    }
    total *= dim;
  }
  Type si64 = ctx.convertElementType(onnx::TensorProto::INT64);
  FailureOr<Value> flatIndices = buildConvert(ctx, node, *indices, si64);
  if (failed(flatIndices)) {
    return failure();
  }
  flatIndices =
      buildReshape(ctx, node, *flatIndices, {type.getNumElements(), 1});
  if (failed(flatIndices)) {
    return failure();
  }
  FailureOr<Value> flatValues =
      buildReshape(ctx, node, *values, {type.getNumElements()});
  if (failed(flatValues)) {
    return failure();
  }
  Value zeros = ctx.createSplatConstant(type.getElementType(), {total}, 0.0,
                                        ctx.getNodeLoc(node));
  FailureOr<Value> scattered = buildOp<IE::ScatterNDUpdateOp>(
      ctx, node, {zeros, *flatIndices, *flatValues});
  if (failed(scattered)) {
    return failure();
  }
  FailureOr<Value> result = buildReshape(ctx, node, *scattered, inferredShape);
  if (failed(result)) {
    return failure();
  }
  if (outShape != inferredShape) {
    llvm::SmallVector<int64_t> padsEnd, padsBegin(outShape.size(), 0);
    for (auto [out, inferred] : llvm::zip(outShape, inferredShape)) {
      padsEnd.push_back(out - inferred);
    }
    OpBuilder &builder = ctx.getBuilder();
    result = buildOp<IE::PadOp>(
        ctx, node, {*result},
        {builder.getNamedAttr("pads_begin",
                              builder.getDenseI64ArrayAttr(padsBegin)),
         builder.getNamedAttr("pads_end",
                              builder.getDenseI64ArrayAttr(padsEnd))});
    if (failed(result)) {
      return failure();
    }
  }
  return ctx.setOutputs(node, {*result});
}

llvm::ArrayRef<OpHandlerInfo> getSelectionHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"OneHot", 9, 17, importOneHot,
       "IE.Convert, IE.Reshape, IE.Equal, IE.LogicalOr, IE.Gather, "
       "IE.Select"},
      {"Compress", 9, 17, importCompress, "IE.Reshape, IE.Gather"},
      {"ReverseSequence", 10, 17, importReverseSequence,
       "IE.Reshape, IE.Gather, IE.Convert, IE.Minimum, IE.Less, IE.Subtract, "
       "IE.Select, IE.Multiply, IE.Add"},
      {"MaxUnpool", 9, 17, importMaxUnpool,
       "IE.Convert, IE.Reshape, IE.ScatterNDUpdate, IE.Pad"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
