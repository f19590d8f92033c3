//===- Data.cpp - ONNX data movement and shape ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of Reshape, Flatten, Transpose, Squeeze, Unsqueeze, Concat, Split,
// Slice, Pad, Tile, Gather, Shape and Dropout. The IE data ops take their
// parameters (shape, axes, pads, ...) as static attributes: ONNX inputs that
// carry them (from opset 10/11/13 on) are read with
// ImportContext::getConstantInts, so they may be constants or shape subgraphs
// that are evaluated at import time. ONNX special values (Reshape's 0 and -1,
// Transpose's default perm, Split's equal parts, negative pads) are resolved
// here.
//
//===----------------------------------------------------------------------===//

#include <limits>

#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ExpansionUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::onnx_frontend {

static RankedTensorType getType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

static NamedAttribute getI64ArrayAttr(ImportContext &ctx, llvm::StringRef name,
                                      llvm::ArrayRef<int64_t> values) {
  OpBuilder &builder = ctx.getBuilder();
  return builder.getNamedAttr(name, builder.getDenseI64ArrayAttr(values));
}

static NamedAttribute getI64Attr(ImportContext &ctx, llvm::StringRef name,
                                 int64_t value) {
  OpBuilder &builder = ctx.getBuilder();
  return builder.getNamedAttr(name, builder.getI64IntegerAttr(value));
}

/// Creates `OpTy(input)` with `attributes` and binds the node's output to it.
template <typename OpTy>
static LogicalResult createUnary(ImportContext &ctx,
                                 const onnx::NodeProto &node, Value input,
                                 llvm::ArrayRef<NamedAttribute> attributes) {
  FailureOr<Value> result = buildOp<OpTy>(ctx, node, {input}, attributes);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Prints `values` as `[a, b, ...]`.
static InFlightDiagnostic &printList(InFlightDiagnostic &diag,
                                     llvm::ArrayRef<int64_t> values) {
  diag << "[";
  llvm::interleaveComma(values, diag);
  return diag << "]";
}

/// The integer parameter `name` that is the attribute `name` before opset
/// `inputOpset` and input `index` from it. Returns std::nullopt when it is
/// absent (attribute or input).
static FailureOr<std::optional<SmallVector<int64_t>>>
getIntsParam(ImportContext &ctx, const onnx::NodeProto &node,
             llvm::StringRef name, int64_t inputOpset, int index) {
  if (ctx.getOpset() < inputOpset) {
    return ctx.getIntsAttr(node, name);
  }
  if (!ImportContext::hasInput(node, index)) {
    return std::optional<SmallVector<int64_t>>();
  }
  FailureOr<SmallVector<int64_t>> values =
      ctx.getConstantInts(node, index, name);
  if (failed(values)) {
    return failure();
  }
  return std::optional<SmallVector<int64_t>>(std::move(*values));
}

//===----------------------------------------------------------------------===//
// Reshape, Flatten, Squeeze, Unsqueeze, Transpose
//===----------------------------------------------------------------------===//

/// Reshape -> IE.Reshape with the final shape: 0 copies the input dim at the
/// same index (unless `allowzero`, opset 14, makes it a literal 0) and one -1
/// is inferred.
static LogicalResult importReshape(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> allowZero = ctx.getOpset() >= 14
                                     ? ctx.getIntAttr(node, "allowzero", 0)
                                     : FailureOr<int64_t>(0);
  if (failed(input) || failed(allowZero)) {
    return failure();
  }
  FailureOr<SmallVector<int64_t>> requested =
      ctx.getConstantInts(node, 1, "shape");
  if (failed(requested)) {
    return failure();
  }
  llvm::ArrayRef<int64_t> inputShape = getType(*input).getShape();
  SmallVector<int64_t> shape;
  std::optional<size_t> inferred;
  int64_t known = 1;
  for (auto [index, dim] : llvm::enumerate(*requested)) {
    if (dim == 0 && *allowZero == 0) {
      if (index >= inputShape.size()) {
        InFlightDiagnostic diag = ctx.emitNodeError(node);
        diag << "shape ";
        return printList(diag, *requested)
               << " copies dim #" << index << " (0) of an input of rank "
               << inputShape.size();
      }
      dim = inputShape[index];
    } else if (dim == -1) {
      if (inferred) {
        InFlightDiagnostic diag = ctx.emitNodeError(node);
        diag << "shape ";
        return printList(diag, *requested) << " has more than one -1";
      }
      inferred = index;
    } else if (dim < 0) {
      InFlightDiagnostic diag = ctx.emitNodeError(node);
      diag << "shape ";
      return printList(diag, *requested) << " has the invalid dim " << dim;
    }
    if (dim != -1 && llvm::MulOverflow(known, dim, known)) {
      InFlightDiagnostic diag = ctx.emitNodeError(node);
      diag << "shape ";
      return printList(diag, *requested) << " has more than 2^63 elements";
    }
    shape.push_back(dim);
  }
  if (inferred) {
    int64_t total = getType(*input).getNumElements();
    if (known == 0 || total % known != 0) {
      InFlightDiagnostic diag = ctx.emitNodeError(node);
      diag << "cannot infer the -1 of shape ";
      return printList(diag, *requested)
             << " for an input of " << total << " elements";
    }
    shape[*inferred] = total / known;
  }
  return createUnary<IE::ReshapeOp>(ctx, node, *input,
                                    {getI64ArrayAttr(ctx, "shape", shape)});
}

/// Flatten -> IE.Flatten {axis} (default 1).
static LogicalResult importFlatten(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", 1);
  if (failed(input) || failed(axis)) {
    return failure();
  }
  return createUnary<IE::FlattenOp>(ctx, node, *input,
                                    {getI64Attr(ctx, "axis", *axis)});
}

/// Squeeze -> IE.Squeeze: `axes` is an attribute before opset 13, an optional
/// input from it; none removes every dim of size 1.
static LogicalResult importSqueeze(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<std::optional<SmallVector<int64_t>>> axes =
      getIntsParam(ctx, node, "axes", 13, 1);
  if (failed(input) || failed(axes)) {
    return failure();
  }
  SmallVector<NamedAttribute, 1> attrs;
  if (*axes && !(*axes)->empty()) {
    attrs.push_back(getI64ArrayAttr(ctx, "axes", **axes));
  }
  return createUnary<IE::SqueezeOp>(ctx, node, *input, attrs);
}

/// Unsqueeze -> IE.Unsqueeze: `axes` is a required attribute before opset 13, a
/// required input from it.
static LogicalResult importUnsqueeze(ImportContext &ctx,
                                     const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<std::optional<SmallVector<int64_t>>> axes =
      getIntsParam(ctx, node, "axes", 13, 1);
  if (failed(input) || failed(axes)) {
    return failure();
  }
  if (!*axes) {
    if (ctx.getOpset() < 13) {
      return ctx.emitNodeError(node) << "expects attribute 'axes'";
    }
    return ctx.emitNodeError(node) << "expects input #1 (axes)";
  }
  return createUnary<IE::UnsqueezeOp>(ctx, node, *input,
                                      {getI64ArrayAttr(ctx, "axes", **axes)});
}

/// Transpose -> IE.Transpose; the default perm reverses the dims.
static LogicalResult importTranspose(ImportContext &ctx,
                                     const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<std::optional<SmallVector<int64_t>>> perm =
      ctx.getIntsAttr(node, "perm");
  if (failed(input) || failed(perm)) {
    return failure();
  }
  SmallVector<int64_t> permValue;
  if (*perm) {
    permValue = **perm;
  } else {
    for (int64_t dim = getType(*input).getRank() - 1; dim >= 0; --dim) {
      permValue.push_back(dim);
    }
  }
  return createUnary<IE::TransposeOp>(
      ctx, node, *input, {getI64ArrayAttr(ctx, "perm", permValue)});
}

//===----------------------------------------------------------------------===//
// Concat, Split, Slice
//===----------------------------------------------------------------------===//

/// Concat -> IE.Concat {axis}.
static LogicalResult importConcat(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", std::nullopt);
  if (failed(axis)) {
    return failure();
  }
  SmallVector<Value> inputs;
  for (int index = 0; index < node.input_size(); ++index) {
    FailureOr<Value> input = ctx.getInput(node, index);
    if (failed(input)) {
      return failure();
    }
    inputs.push_back(*input);
  }
  if (inputs.empty()) {
    return ctx.emitNodeError(node) << "expects at least one input";
  }
  FailureOr<Value> result = buildOp<IE::ConcatOp>(
      ctx, node, inputs, {getI64Attr(ctx, "axis", *axis)});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Split -> IE.Split {axis, splits}: the sizes are the attribute `split` before
/// opset 13, the optional input from it; without them (or with an empty list)
/// the dim is cut into equal parts, one per output.
static LogicalResult importSplit(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", 0);
  FailureOr<std::optional<SmallVector<int64_t>>> split =
      getIntsParam(ctx, node, "split", 13, 1);
  if (failed(input) || failed(axis) || failed(split)) {
    return failure();
  }
  int64_t numOutputs = node.output_size();
  SmallVector<int64_t> splits;
  if (*split && !(*split)->empty()) {
    splits = **split;
    if (static_cast<int64_t>(splits.size()) != numOutputs) {
      return ctx.emitNodeError(node)
             << "has " << splits.size() << " split sizes but " << numOutputs
             << " outputs";
    }
  } else {
    RankedTensorType type = getType(*input);
    int64_t rank = type.getRank();
    if (*axis < -rank || *axis >= rank) {
      return ctx.emitNodeError(node)
             << "attribute 'axis' = " << *axis
             << " is out of range for an input of rank " << rank;
    }
    int64_t dim = type.getDimSize(*axis < 0 ? *axis + rank : *axis);
    if (numOutputs == 0 || dim % numOutputs != 0) {
      return ctx.emitNodeError(node)
             << "cannot split dim " << *axis << " of size " << dim << " into "
             << numOutputs << " equal parts";
    }
    splits.assign(numOutputs, dim / numOutputs);
  }
  FailureOr<Operation *> op = ctx.createOp(
      IE::SplitOp::getOperationName(), ctx.getNodeLoc(node), {*input},
      {getI64Attr(ctx, "axis", *axis), getI64ArrayAttr(ctx, "splits", splits)},
      static_cast<unsigned>(splits.size()));
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, (*op)->getResults());
}

/// Slice -> IE.Slice, which has ONNX's semantics for negative and out-of-range
/// starts and ends. Opset 9 takes `starts`, `ends` and `axes` as attributes;
/// from opset 10 they and `steps` are inputs.
static LogicalResult importSlice(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  SmallVector<int64_t> starts, ends;
  std::optional<SmallVector<int64_t>> axes, steps;
  if (ctx.getOpset() < 10) {
    FailureOr<std::optional<SmallVector<int64_t>>> startsAttr =
        ctx.getIntsAttr(node, "starts");
    FailureOr<std::optional<SmallVector<int64_t>>> endsAttr =
        ctx.getIntsAttr(node, "ends");
    FailureOr<std::optional<SmallVector<int64_t>>> axesAttr =
        ctx.getIntsAttr(node, "axes");
    if (failed(startsAttr) || failed(endsAttr) || failed(axesAttr)) {
      return failure();
    }
    if (!*startsAttr || !*endsAttr) {
      return ctx.emitNodeError(node)
             << "expects attributes 'starts' and 'ends'";
    }
    starts = **startsAttr;
    ends = **endsAttr;
    axes = *axesAttr;
  } else {
    FailureOr<SmallVector<int64_t>> startsInput =
        ctx.getConstantInts(node, 1, "starts");
    if (failed(startsInput)) {
      return failure();
    }
    FailureOr<SmallVector<int64_t>> endsInput =
        ctx.getConstantInts(node, 2, "ends");
    if (failed(endsInput)) {
      return failure();
    }
    FailureOr<std::optional<SmallVector<int64_t>>> axesInput =
        getIntsParam(ctx, node, "axes", 10, 3);
    if (failed(axesInput)) {
      return failure();
    }
    FailureOr<std::optional<SmallVector<int64_t>>> stepsInput =
        getIntsParam(ctx, node, "steps", 10, 4);
    if (failed(stepsInput)) {
      return failure();
    }
    starts = std::move(*startsInput);
    ends = std::move(*endsInput);
    axes = std::move(*axesInput);
    steps = std::move(*stepsInput);
  }
  SmallVector<NamedAttribute, 4> attrs = {
      getI64ArrayAttr(ctx, "starts", starts),
      getI64ArrayAttr(ctx, "ends", ends)};
  if (axes) {
    attrs.push_back(getI64ArrayAttr(ctx, "axes", *axes));
  }
  if (steps && llvm::any_of(*steps, [](int64_t step) { return step != 1; })) {
    attrs.push_back(getI64ArrayAttr(ctx, "steps", *steps));
  }
  return createUnary<IE::SliceOp>(ctx, node, *input, attrs);
}

//===----------------------------------------------------------------------===//
// Pad, Tile, Gather
//===----------------------------------------------------------------------===//

/// Pad -> IE.Pad. Before opset 11 `pads` and `value` are attributes, from it
/// the inputs `pads` and `constant_value` (optional). Negative pads crop: they
/// become an IE.Slice before the IE.Pad of the positive ones.
static LogicalResult importPad(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<std::string> mode = ctx.getStringAttr(node, "mode", "constant");
  if (failed(input) || failed(mode)) {
    return failure();
  }
  IE::PadMode padMode;
  if (*mode == "constant") {
    padMode = IE::PadMode::CONSTANT;
  } else if (*mode == "edge") {
    padMode = IE::PadMode::EDGE;
  } else if (*mode == "reflect") {
    padMode = IE::PadMode::REFLECT;
  } else {
    return ctx.emitNodeError(node)
           << "attribute 'mode' must be constant, edge or reflect, got '"
           << *mode << "'";
  }
  SmallVector<int64_t> pads;
  double value = 0.0;
  if (ctx.getOpset() < 11) {
    FailureOr<std::optional<SmallVector<int64_t>>> padsAttr =
        ctx.getIntsAttr(node, "pads");
    FailureOr<double> valueAttr = ctx.getFloatAttr(node, "value", 0.0);
    if (failed(padsAttr) || failed(valueAttr)) {
      return failure();
    }
    if (!*padsAttr) {
      return ctx.emitNodeError(node) << "expects attribute 'pads'";
    }
    pads = **padsAttr;
    value = *valueAttr;
  } else {
    FailureOr<SmallVector<int64_t>> padsInput =
        ctx.getConstantInts(node, 1, "pads");
    if (failed(padsInput)) {
      return failure();
    }
    pads = std::move(*padsInput);
    if (ImportContext::hasInput(node, 2)) {
      FailureOr<SmallVector<double>> constant =
          ctx.getConstantFloats(node, 2, "constant_value");
      if (failed(constant)) {
        return failure();
      }
      if (constant->size() != 1) {
        return ctx.emitNodeError(node)
               << "input 'constant_value' must have one element, got "
               << constant->size();
      }
      value = constant->front();
    }
  }
  RankedTensorType type = getType(*input);
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(pads.size()) != 2 * rank) {
    return ctx.emitNodeError(node)
           << "expects " << 2 * rank << " pads for an input of rank " << rank
           << ", got " << pads.size();
  }
  SmallVector<int64_t> padsBegin, padsEnd, cropStarts, cropEnds;
  bool crops = false;
  bool hasPadding = false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t begin = pads[d];
    int64_t end = pads[d + rank];
    // Pads beyond 2^31 in magnitude describe no real tensor and would
    // overflow the shape arithmetic below and in IE.Pad.
    constexpr int64_t kMaxPad = std::numeric_limits<int32_t>::max();
    if (begin < -kMaxPad || begin > kMaxPad || end < -kMaxPad ||
        end > kMaxPad) {
      InFlightDiagnostic diag = ctx.emitNodeError(node);
      diag << "pads ";
      return printList(diag, pads)
             << " out of range: each pad must be within +-" << kMaxPad;
    }
    crops |= begin < 0 || end < 0;
    hasPadding |= begin > 0 || end > 0;
    padsBegin.push_back(std::max<int64_t>(begin, 0));
    padsEnd.push_back(std::max<int64_t>(end, 0));
    cropStarts.push_back(std::max<int64_t>(-begin, 0));
    cropEnds.push_back(type.getDimSize(d) - std::max<int64_t>(-end, 0));
    if (cropEnds.back() < cropStarts.back()) {
      InFlightDiagnostic diag = ctx.emitNodeError(node);
      diag << "pads ";
      return printList(diag, pads) << " crop more than dim " << d << " of size "
                                   << type.getDimSize(d);
    }
  }
  Value result = *input;
  if (crops) {
    FailureOr<Value> cropped =
        buildOp<IE::SliceOp>(ctx, node, {result},
                             {getI64ArrayAttr(ctx, "starts", cropStarts),
                              getI64ArrayAttr(ctx, "ends", cropEnds)});
    if (failed(cropped)) {
      return failure();
    }
    result = *cropped;
  }
  if (hasPadding || !crops) {
    OpBuilder &builder = ctx.getBuilder();
    FailureOr<Value> padded = buildOp<IE::PadOp>(
        ctx, node, {result},
        {getI64ArrayAttr(ctx, "pads_begin", padsBegin),
         getI64ArrayAttr(ctx, "pads_end", padsEnd),
         builder.getNamedAttr("mode",
                              IE::PadModeAttr::get(ctx.getContext(), padMode)),
         builder.getNamedAttr("pad_value", builder.getF64FloatAttr(value))});
    if (failed(padded)) {
      return failure();
    }
    result = *padded;
  }
  return ctx.setOutputs(node, {result});
}

/// Tile -> IE.Tile {repeats}.
static LogicalResult importTile(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  FailureOr<SmallVector<int64_t>> repeats =
      ctx.getConstantInts(node, 1, "repeats");
  if (failed(repeats)) {
    return failure();
  }
  return createUnary<IE::TileOp>(ctx, node, *input,
                                 {getI64ArrayAttr(ctx, "repeats", *repeats)});
}

/// Gather -> IE.Gather {axis} (default 0); the indices stay an operand.
static LogicalResult importGather(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> indices = ctx.getInput(node, 1);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", 0);
  if (failed(input) || failed(indices) || failed(axis)) {
    return failure();
  }
  FailureOr<Value> result = buildOp<IE::GatherOp>(
      ctx, node, {*input, *indices}, {getI64Attr(ctx, "axis", *axis)});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Shape, Dropout
//===----------------------------------------------------------------------===//

/// Shape -> IE.ShapeOf, converted to the ONNX int64 (si64), then sliced by
/// `start` / `end` (opset 15) when they select part of it.
static LogicalResult importShape(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> start = ctx.getIntAttr(node, "start", 0);
  const onnx::AttributeProto *endAttr =
      ImportContext::findAttribute(node, "end");
  FailureOr<int64_t> end =
      ctx.getIntAttr(node, "end", std::numeric_limits<int64_t>::max());
  if (failed(input) || failed(start) || failed(end)) {
    return failure();
  }
  FailureOr<Value> result = buildOp<IE::ShapeOfOp>(ctx, node, {*input});
  if (failed(result)) {
    return failure();
  }
  Type si64 = IntegerType::get(ctx.getContext(), 64, IntegerType::Signed);
  result = buildOp<IE::ConvertOp>(
      ctx, node, {*result},
      {ctx.getBuilder().getNamedAttr("dstElemType", TypeAttr::get(si64))});
  if (failed(result)) {
    return failure();
  }
  if (*start != 0 || endAttr) {
    result = buildOp<IE::SliceOp>(ctx, node, {*result},
                                  {getI64ArrayAttr(ctx, "starts", {*start}),
                                   getI64ArrayAttr(ctx, "ends", {*end})});
    if (failed(result)) {
      return failure();
    }
  }
  return ctx.setOutputs(node, {*result});
}

/// Dropout in inference is the identity: no op is created. The `mask` output
/// and (opset 12) `training_mode` = true are not supported.
static LogicalResult importDropout(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  if (ctx.getOpset() >= 12 && ImportContext::hasInput(node, 2)) {
    FailureOr<SmallVector<int64_t>> training =
        ctx.getConstantInts(node, 2, "training_mode");
    if (failed(training)) {
      return failure();
    }
    if (llvm::any_of(*training, [](int64_t value) { return value != 0; })) {
      return ctx.emitNodeError(node)
             << "training mode (training_mode = true) is not "
                "supported; only inference";
    }
  }
  if (ImportContext::hasOutput(node, 1)) {
    return ctx.emitNodeError(node)
           << "output #1 'mask' ('" << node.output(1) << "') is not supported";
  }
  return ctx.setOutputs(node, {*input});
}

llvm::ArrayRef<OpHandlerInfo> getDataHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Reshape", 9, 17, importReshape, "IE.Reshape"},
      {"Flatten", 9, 17, importFlatten, "IE.Flatten"},
      {"Squeeze", 9, 17, importSqueeze, "IE.Squeeze"},
      {"Unsqueeze", 9, 17, importUnsqueeze, "IE.Unsqueeze"},
      {"Transpose", 9, 17, importTranspose, "IE.Transpose"},
      {"Concat", 9, 17, importConcat, "IE.Concat"},
      {"Split", 9, 17, importSplit, "IE.Split"},
      {"Slice", 9, 17, importSlice, "IE.Slice"},
      {"Pad", 9, 17, importPad, "IE.Pad, IE.Slice"},
      {"Tile", 9, 17, importTile, "IE.Tile"},
      {"Gather", 9, 17, importGather, "IE.Gather"},
      {"Shape", 9, 17, importShape, "IE.ShapeOf, IE.Convert, IE.Slice"},
      {"Dropout", 9, 17, importDropout, "(none: forwards its input)"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
