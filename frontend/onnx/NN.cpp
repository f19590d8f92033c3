//===- NN.cpp - ONNX convolutions, matrix products, pools and normalisations -*-
// C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of the NN layers: Conv, ConvTranspose, Gemm, MatMul, MaxPool,
// AveragePool, GlobalAveragePool, GlobalMaxPool, LpPool, GlobalLpPool,
// BatchNormalization, Softmax,
// LogSoftmax, the reductions (ReduceMean/Sum/Max/Min/L2/Prod),
// InstanceNormalization, MeanVarianceNormalization and LayerNormalization. The
// IE window ops are 2-D (NCHW) or 1-D ([N, C, W]); ONNX `auto_pad` and the
// other opset-dependent attributes are resolved here into explicit IE
// attributes. Where ONNX semantics need more than one IE op (Gemm's
// alpha/beta/C, Softmax-1..12's 2-D coercion, InstanceNormalization's scale and
// bias) a fixed small expansion at the node's location is created.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <functional>
#include <numeric>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ExpansionUtils.h"
#include "frontend/onnx/HandlerUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

namespace {
/// The explicit window of a convolution or pool: one value per spatial dim, (y,
/// x) or (x).
struct Window {
  SmallVector<int64_t, 2> strides;
  SmallVector<int64_t, 2> dilations;
  SmallVector<int64_t, 2> padsBegin;
  SmallVector<int64_t, 2> padsEnd;
};

/// How ONNX `auto_pad` places the padding.
enum class AutoPad { NotSet, SameUpper, SameLower, Valid };
} // namespace

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

static NamedAttribute getF64Attr(ImportContext &ctx, llvm::StringRef name,
                                 double value) {
  OpBuilder &builder = ctx.getBuilder();
  return builder.getNamedAttr(name, builder.getF64FloatAttr(value));
}

static NamedAttribute getUnitAttr(ImportContext &ctx, llvm::StringRef name) {
  OpBuilder &builder = ctx.getBuilder();
  return builder.getNamedAttr(name, builder.getUnitAttr());
}

/// `value` with the static shape `shape`: a reshaped constant for a
/// `const.Declare`, an IE.Reshape otherwise.
static FailureOr<Value> reshapeTo(ImportContext &ctx,
                                  const onnx::NodeProto &node, Value value,
                                  llvm::ArrayRef<int64_t> shape) {
  if (getType(value).getShape() == shape) {
    return value;
  }
  if (auto declare = value.getDefiningOp<Const::DeclareOp>();
      declare && !getType(value).getEncoding() &&
      getType(value).getNumElements() ==
          std::accumulate(shape.begin(), shape.end(), int64_t(1),
                          std::multiplies<>())) {
    return ctx.getBuilder()
        .create<Const::DeclareOp>(ctx.getNodeLoc(node),
                                  declare.getContent().reshape(shape))
        .getResult();
  }
  return buildOp<IE::ReshapeOp>(ctx, node, {value},
                                {getI64ArrayAttr(ctx, "shape", shape)});
}

/// Fails with an error when output `index` (an output IE has no equivalent for)
/// is used.
static LogicalResult checkUnusedOutput(ImportContext &ctx,
                                       const onnx::NodeProto &node, int index,
                                       llvm::StringRef what) {
  if (ImportContext::hasOutput(node, index)) {
    return ctx.emitNodeError(node)
           << "output #" << index << " '" << what << "' ('"
           << node.output(index) << "') is not supported";
  }
  return success();
}

/// Checks that `input` is [N, C, W] or [N, C, H, W], the forms of the IE window
/// ops.
static LogicalResult checkSpatialInput(ImportContext &ctx,
                                       const onnx::NodeProto &node,
                                       Value input) {
  int64_t rank = getType(input).getRank();
  if (rank != 3 && rank != 4) {
    return ctx.emitNodeError(node)
           << "only 1-D and 2-D " << node.op_type()
           << " (an input [N, C, W] or [N, C, H, W]) are supported, "
              "got an input of rank "
           << rank;
  }
  return success();
}

/// The number of spatial dims of the window op input `input` (checked by
/// checkSpatialInput).
static size_t getSpatialRank(Value input) {
  return getType(input).getRank() - 2;
}

/// Reads an INTS attribute with `count` values (one per spatial dim, or two per
/// spatial dim for pads), each >= `minValue`; `defaultValue` for every value
/// when absent.
static FailureOr<SmallVector<int64_t, 2>>
getSpatialAttr(ImportContext &ctx, const onnx::NodeProto &node,
               llvm::StringRef name, int64_t defaultValue, int64_t minValue,
               size_t count) {
  FailureOr<std::optional<SmallVector<int64_t>>> attr =
      ctx.getIntsAttr(node, name);
  if (failed(attr)) {
    return failure();
  }
  if (!*attr) {
    return SmallVector<int64_t, 2>(count, defaultValue);
  }
  if ((*attr)->size() != count ||
      llvm::any_of(**attr, [&](int64_t value) { return value < minValue; })) {
    InFlightDiagnostic diag = ctx.emitNodeError(node);
    diag << "attribute '" << name << "' must have " << count
         << " values >= " << minValue << ", got [";
    llvm::interleaveComma(**attr, diag);
    return diag << "]";
  }
  return SmallVector<int64_t, 2>((*attr)->begin(), (*attr)->end());
}

/// Splits ONNX `pads` (all begins, then all ends) into the window's pads.
static void setPads(Window &window, llvm::ArrayRef<int64_t> pads) {
  size_t spatialRank = pads.size() / 2;
  window.padsBegin.assign(pads.begin(), pads.begin() + spatialRank);
  window.padsEnd.assign(pads.begin() + spatialRank, pads.end());
}

static FailureOr<AutoPad> getAutoPad(ImportContext &ctx,
                                     const onnx::NodeProto &node) {
  FailureOr<std::string> autoPad =
      ctx.getStringAttr(node, "auto_pad", "NOTSET");
  if (failed(autoPad)) {
    return failure();
  }
  if (*autoPad == "NOTSET") {
    return AutoPad::NotSet;
  }
  if (*autoPad == "SAME_UPPER") {
    return AutoPad::SameUpper;
  }
  if (*autoPad == "SAME_LOWER") {
    return AutoPad::SameLower;
  }
  if (*autoPad == "VALID") {
    return AutoPad::Valid;
  }
  return ctx.emitNodeError(node)
         << "attribute 'auto_pad' must be NOTSET, SAME_UPPER, "
            "SAME_LOWER or VALID, got '"
         << *autoPad << "'";
}

/// Resolves strides, dilations and pads of a convolution or pool over the
/// spatial dims `inputDims` (one or two) with the (undilated) `kernel`. Without
/// `allowDilations`, dilations other than 1 are an error.
static FailureOr<Window> getWindow(ImportContext &ctx,
                                   const onnx::NodeProto &node,
                                   llvm::ArrayRef<int64_t> inputDims,
                                   llvm::ArrayRef<int64_t> kernel,
                                   bool allowDilations) {
  Window window;
  const size_t spatialRank = inputDims.size();
  FailureOr<SmallVector<int64_t, 2>> strides =
      getSpatialAttr(ctx, node, "strides", 1, 1, spatialRank);
  FailureOr<SmallVector<int64_t, 2>> dilations =
      getSpatialAttr(ctx, node, "dilations", 1, 1, spatialRank);
  FailureOr<AutoPad> autoPad = getAutoPad(ctx, node);
  if (failed(strides) || failed(dilations) || failed(autoPad)) {
    return failure();
  }
  if (!allowDilations &&
      llvm::any_of(*dilations, [](int64_t d) { return d != 1; })) {
    InFlightDiagnostic diag = ctx.emitNodeError(node);
    diag << "dilations other than 1 are not supported (the IE pools have "
            "none), got [";
    llvm::interleaveComma(*dilations, diag);
    return diag << "]";
  }
  window.strides = *strides;
  window.dilations = *dilations;
  switch (*autoPad) {
  case AutoPad::NotSet: {
    FailureOr<SmallVector<int64_t, 2>> pads =
        getSpatialAttr(ctx, node, "pads", 0, 0, 2 * spatialRank);
    if (failed(pads)) {
      return failure();
    }
    setPads(window, *pads);
    break;
  }
  case AutoPad::Valid:
    window.padsBegin.assign(spatialRank, 0);
    window.padsEnd.assign(spatialRank, 0);
    break;
  case AutoPad::SameUpper:
  case AutoPad::SameLower:
    // The output size is ceil(input / stride); the extra pad of an odd total
    // goes to the end (SAME_UPPER) or the beginning (SAME_LOWER).
    for (size_t d = 0; d < spatialRank; ++d) {
      int64_t out = (inputDims[d] + window.strides[d] - 1) / window.strides[d];
      int64_t extent = window.dilations[d] * (kernel[d] - 1) + 1;
      int64_t total = std::max<int64_t>(0, (out - 1) * window.strides[d] +
                                               extent - inputDims[d]);
      int64_t small = total / 2;
      window.padsBegin.push_back(
          *autoPad == AutoPad::SameUpper ? small : total - small);
      window.padsEnd.push_back(*autoPad == AutoPad::SameUpper ? total - small
                                                              : small);
    }
    break;
  }
  return window;
}

/// The attributes of an IE convolution from `window`.
static SmallVector<NamedAttribute> getConvAttrs(ImportContext &ctx,
                                                const Window &window) {
  return {getI64ArrayAttr(ctx, "strides", window.strides),
          getI64ArrayAttr(ctx, "pads_begin", window.padsBegin),
          getI64ArrayAttr(ctx, "pads_end", window.padsEnd),
          getI64ArrayAttr(ctx, "dilations", window.dilations)};
}

/// Checks the optional `kernel_shape` attribute against the filter's spatial
/// dims.
static LogicalResult checkKernelShape(ImportContext &ctx,
                                      const onnx::NodeProto &node,
                                      llvm::ArrayRef<int64_t> kernel) {
  FailureOr<std::optional<SmallVector<int64_t>>> attr =
      ctx.getIntsAttr(node, "kernel_shape");
  if (failed(attr)) {
    return failure();
  }
  if (*attr && llvm::ArrayRef<int64_t>(**attr) != kernel) {
    InFlightDiagnostic diag = ctx.emitNodeError(node);
    diag << "attribute 'kernel_shape' [";
    llvm::interleaveComma(**attr, diag);
    diag << "] does not match the filter's spatial dims [";
    llvm::interleaveComma(kernel, diag);
    return diag << "]";
  }
  return success();
}

/// Reads the `group` attribute (>= 1).
static FailureOr<int64_t> getGroup(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<int64_t> group = ctx.getIntAttr(node, "group", 1);
  if (failed(group)) {
    return failure();
  }
  if (*group < 1) {
    return ctx.emitNodeError(node)
           << "attribute 'group' must be >= 1, got " << *group;
  }
  return group;
}

//===----------------------------------------------------------------------===//
// Conv, ConvTranspose
//===----------------------------------------------------------------------===//

/// Conv -> IE.Convolution (group = 1) or IE.GroupConvolution (including
/// depthwise).
FailureOr<Value> importConvolution(ImportContext &ctx,
                                   const onnx::NodeProto &node, Value input,
                                   Value filter, Value bias) {
  if (failed(checkSpatialInput(ctx, node, input))) {
    return failure();
  }
  RankedTensorType filterType = getType(filter);
  if (filterType.getRank() != getType(input).getRank()) {
    return ctx.emitNodeError(node)
           << "expects a filter [C_out, C_in / group, "
           << (getSpatialRank(input) == 1 ? "KX" : "KY, KX") << "], got "
           << filterType;
  }
  llvm::ArrayRef<int64_t> kernel = filterType.getShape().drop_front(2);
  FailureOr<int64_t> group = getGroup(ctx, node);
  if (failed(group) || failed(checkKernelShape(ctx, node, kernel))) {
    return failure();
  }
  FailureOr<Window> window =
      getWindow(ctx, node, getType(input).getShape().drop_front(2), kernel,
                /*allowDilations=*/true);
  if (failed(window)) {
    return failure();
  }
  SmallVector<Value, 3> operands = {input, filter};
  if (bias) {
    operands.push_back(bias);
  }
  SmallVector<NamedAttribute> attrs = getConvAttrs(ctx, *window);
  if (*group == 1) {
    return buildOp<IE::ConvolutionOp>(ctx, node, operands, attrs);
  }
  attrs.push_back(getI64Attr(ctx, "groups", *group));
  return buildOp<IE::GroupConvolutionOp>(ctx, node, operands, attrs);
}

static LogicalResult importConv(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> filter = ctx.getInput(node, 1);
  FailureOr<Value> bias = ctx.getOptionalInput(node, 2);
  if (failed(input) || failed(filter) || failed(bias)) {
    return failure();
  }
  FailureOr<Value> result =
      importConvolution(ctx, node, *input, *filter, *bias);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// ConvTranspose -> IE.Deconvolution. `output_shape`, when given, decides the
/// pads (the total padding split as the ONNX spec says: the larger half at the
/// end for SAME_UPPER, at the beginning otherwise); SAME_UPPER / SAME_LOWER
/// without it aim at input * stride.
static LogicalResult importConvTranspose(ImportContext &ctx,
                                         const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> filter = ctx.getInput(node, 1);
  FailureOr<Value> bias = ctx.getOptionalInput(node, 2);
  if (failed(input) || failed(filter) || failed(bias) ||
      failed(checkSpatialInput(ctx, node, *input))) {
    return failure();
  }
  const size_t spatialRank = getSpatialRank(*input);
  RankedTensorType filterType = getType(*filter);
  if (filterType.getRank() != getType(*input).getRank()) {
    return ctx.emitNodeError(node)
           << "expects a filter [C_in, C_out / group, "
           << (spatialRank == 1 ? "KX" : "KY, KX") << "], got " << filterType;
  }
  llvm::ArrayRef<int64_t> kernel = filterType.getShape().drop_front(2);
  llvm::ArrayRef<int64_t> inputDims = getType(*input).getShape().drop_front(2);
  FailureOr<int64_t> group = getGroup(ctx, node);
  FailureOr<SmallVector<int64_t, 2>> strides =
      getSpatialAttr(ctx, node, "strides", 1, 1, spatialRank);
  FailureOr<SmallVector<int64_t, 2>> dilations =
      getSpatialAttr(ctx, node, "dilations", 1, 1, spatialRank);
  FailureOr<SmallVector<int64_t, 2>> outputPadding =
      getSpatialAttr(ctx, node, "output_padding", 0, 0, spatialRank);
  FailureOr<AutoPad> autoPad = getAutoPad(ctx, node);
  FailureOr<std::optional<SmallVector<int64_t>>> outputShape =
      ctx.getIntsAttr(node, "output_shape");
  if (failed(group) || failed(checkKernelShape(ctx, node, kernel)) ||
      failed(strides) || failed(dilations) || failed(outputPadding) ||
      failed(autoPad) || failed(outputShape)) {
    return failure();
  }
  Window window;
  window.strides = *strides;
  window.dilations = *dilations;

  // The spatial output size to aim at, if any.
  std::optional<SmallVector<int64_t, 2>> target;
  if (*outputShape) {
    llvm::ArrayRef<int64_t> dims = **outputShape;
    if (dims.size() == spatialRank + 2) {
      dims = dims.drop_front(2);
    }
    if (dims.size() != spatialRank) {
      return ctx.emitNodeError(node)
             << "attribute 'output_shape' must have " << spatialRank
             << " (spatial) or " << spatialRank + 2 << " values, got "
             << (*outputShape)->size();
    }
    target = SmallVector<int64_t, 2>(dims.begin(), dims.end());
  } else if (*autoPad == AutoPad::SameUpper || *autoPad == AutoPad::SameLower) {
    target.emplace();
    for (size_t d = 0; d < spatialRank; ++d) {
      target->push_back(inputDims[d] * (*strides)[d]);
    }
  }

  if (target) {
    for (size_t d = 0; d < spatialRank; ++d) {
      int64_t total = (*strides)[d] * (inputDims[d] - 1) + (*outputPadding)[d] +
                      ((kernel[d] - 1) * (*dilations)[d] + 1) - (*target)[d];
      if (total < 0) {
        return ctx.emitNodeError(node)
               << "output size " << (*target)[d] << " of spatial dim " << d
               << " needs negative padding (" << total
               << "), which is not supported";
      }
      int64_t small = total / 2;
      bool upper = *autoPad == AutoPad::SameUpper;
      window.padsBegin.push_back(upper ? small : total - small);
      window.padsEnd.push_back(upper ? total - small : small);
    }
  } else if (*autoPad == AutoPad::Valid) {
    window.padsBegin.assign(spatialRank, 0);
    window.padsEnd.assign(spatialRank, 0);
  } else {
    FailureOr<SmallVector<int64_t, 2>> pads =
        getSpatialAttr(ctx, node, "pads", 0, 0, 2 * spatialRank);
    if (failed(pads)) {
      return failure();
    }
    setPads(window, *pads);
  }

  SmallVector<Value, 3> operands = {*input, *filter};
  if (*bias) {
    operands.push_back(*bias);
  }
  SmallVector<NamedAttribute> attrs = getConvAttrs(ctx, window);
  attrs.push_back(getI64ArrayAttr(ctx, "output_padding", *outputPadding));
  if (*group != 1) {
    attrs.push_back(getI64Attr(ctx, "groups", *group));
  }
  FailureOr<Value> result =
      buildOp<IE::DeconvolutionOp>(ctx, node, operands, attrs);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Gemm, MatMul
//===----------------------------------------------------------------------===//

/// Gemm: `alpha * A' * B' + beta * C` -> IE.MatMul with transpose flags, then
/// IE.Multiply by alpha (when not 1), and IE.Add of C (multiplied by beta when
/// not 1; dropped when beta = 0).
static LogicalResult importGemm(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> a = ctx.getInput(node, 0);
  FailureOr<Value> b = ctx.getInput(node, 1);
  FailureOr<Value> c = ctx.getOptionalInput(node, 2);
  FailureOr<double> alpha = ctx.getFloatAttr(node, "alpha", 1.0);
  FailureOr<double> beta = ctx.getFloatAttr(node, "beta", 1.0);
  FailureOr<int64_t> transA = ctx.getIntAttr(node, "transA", 0);
  FailureOr<int64_t> transB = ctx.getIntAttr(node, "transB", 0);
  if (failed(a) || failed(b) || failed(c) || failed(alpha) || failed(beta) ||
      failed(transA) || failed(transB)) {
    return failure();
  }
  for (Value operand : {*a, *b}) {
    if (getType(operand).getRank() != 2) {
      return ctx.emitNodeError(node)
             << "expects 2-D A and B, got " << getType(operand);
    }
  }
  SmallVector<NamedAttribute, 2> attrs;
  if (*transA != 0) {
    attrs.push_back(getUnitAttr(ctx, "transpose_a"));
  }
  if (*transB != 0) {
    attrs.push_back(getUnitAttr(ctx, "transpose_b"));
  }
  FailureOr<Value> result = buildOp<IE::MatMulOp>(ctx, node, {*a, *b}, attrs);
  if (failed(result)) {
    return failure();
  }
  Location loc = ctx.getNodeLoc(node);
  Type elemType = getType(*a).getElementType();
  if (*alpha != 1.0) {
    Value scale = ctx.createSplatConstant(elemType, {}, *alpha, loc);
    result = buildOp<IE::MultiplyOp>(ctx, node, {*result, scale});
    if (failed(result)) {
      return failure();
    }
  }
  if (*c && *beta != 0.0) {
    Value addend = *c;
    if (*beta != 1.0) {
      Value scale = ctx.createSplatConstant(elemType, {}, *beta, loc);
      FailureOr<Value> scaled =
          buildOp<IE::MultiplyOp>(ctx, node, {addend, scale});
      if (failed(scaled)) {
        return failure();
      }
      addend = *scaled;
    }
    result = buildOp<IE::AddOp>(ctx, node, {*result, addend});
    if (failed(result)) {
      return failure();
    }
  }
  return ctx.setOutputs(node, {*result});
}

/// MatMul -> IE.MatMul (NumPy matmul semantics in both).
static LogicalResult importMatMul(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<Value> a = ctx.getInput(node, 0);
  FailureOr<Value> b = ctx.getInput(node, 1);
  if (failed(a) || failed(b)) {
    return failure();
  }
  FailureOr<Value> result = buildOp<IE::MatMulOp>(ctx, node, {*a, *b});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Pools
//===----------------------------------------------------------------------===//

/// The attributes shared by MaxPool and AveragePool -> IE.MaxPool / IE.AvgPool.
static FailureOr<SmallVector<NamedAttribute>>
getPoolAttrs(ImportContext &ctx, const onnx::NodeProto &node, Value input) {
  if (!ImportContext::findAttribute(node, "kernel_shape")) {
    return ctx.emitNodeError(node) << "expects attribute 'kernel_shape'";
  }
  FailureOr<SmallVector<int64_t, 2>> kernel =
      getSpatialAttr(ctx, node, "kernel_shape", 1, 1, getSpatialRank(input));
  FailureOr<int64_t> ceilMode = ctx.getIntAttr(node, "ceil_mode", 0);
  if (failed(kernel) || failed(ceilMode)) {
    return failure();
  }
  if (*ceilMode != 0 && *ceilMode != 1) {
    return ctx.emitNodeError(node)
           << "attribute 'ceil_mode' must be 0 or 1, got " << *ceilMode;
  }
  FailureOr<Window> window =
      getWindow(ctx, node, getType(input).getShape().drop_front(2), *kernel,
                /*allowDilations=*/false);
  if (failed(window)) {
    return failure();
  }
  auto rounding = IE::RoundingTypeAttr::get(
      ctx.getContext(),
      *ceilMode ? IE::RoundingType::CEIL : IE::RoundingType::FLOOR);
  return SmallVector<NamedAttribute>{
      getI64ArrayAttr(ctx, "kernel_size", *kernel),
      getI64ArrayAttr(ctx, "strides", window->strides),
      getI64ArrayAttr(ctx, "pads_begin", window->padsBegin),
      getI64ArrayAttr(ctx, "pads_end", window->padsEnd),
      ctx.getBuilder().getNamedAttr("rounding_type", rounding)};
}

/// MaxPool -> IE.MaxPool; the Indices output has no IE equivalent.
static LogicalResult importMaxPool(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input) || failed(checkSpatialInput(ctx, node, *input)) ||
      failed(checkUnusedOutput(ctx, node, 1, "Indices"))) {
    return failure();
  }
  FailureOr<SmallVector<NamedAttribute>> attrs =
      getPoolAttrs(ctx, node, *input);
  if (failed(attrs)) {
    return failure();
  }
  FailureOr<Value> result = buildOp<IE::MaxPoolOp>(ctx, node, {*input}, *attrs);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// AveragePool -> IE.AvgPool; `count_include_pad = 0` (the default) is
/// `exclude_pad`.
static LogicalResult importAveragePool(ImportContext &ctx,
                                       const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> countIncludePad =
      ctx.getIntAttr(node, "count_include_pad", 0);
  if (failed(input) || failed(countIncludePad) ||
      failed(checkSpatialInput(ctx, node, *input))) {
    return failure();
  }
  FailureOr<SmallVector<NamedAttribute>> attrs =
      getPoolAttrs(ctx, node, *input);
  if (failed(attrs)) {
    return failure();
  }
  if (*countIncludePad == 0) {
    attrs->push_back(getUnitAttr(ctx, "exclude_pad"));
  } else if (*countIncludePad != 1) {
    return ctx.emitNodeError(node)
           << "attribute 'count_include_pad' must be 0 or 1, got "
           << *countIncludePad;
  }
  FailureOr<Value> result = buildOp<IE::AvgPoolOp>(ctx, node, {*input}, *attrs);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Reads LpPool's `p` (an integer >= 1; 2 when absent).
static FailureOr<NamedAttribute> getLpPoolP(ImportContext &ctx,
                                            const onnx::NodeProto &node) {
  FailureOr<int64_t> p = ctx.getIntAttr(node, "p", 2);
  if (failed(p)) {
    return failure();
  }
  if (*p < 1) {
    return ctx.emitNodeError(node) << "attribute 'p' must be >= 1, got " << *p;
  }
  return ctx.getBuilder().getNamedAttr("p",
                                       ctx.getBuilder().getI64IntegerAttr(*p));
}

/// LpPool -> IE.LpPool.
static LogicalResult importLpPool(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input) || failed(checkSpatialInput(ctx, node, *input))) {
    return failure();
  }
  FailureOr<NamedAttribute> p = getLpPoolP(ctx, node);
  FailureOr<SmallVector<NamedAttribute>> attrs =
      getPoolAttrs(ctx, node, *input);
  if (failed(p) || failed(attrs)) {
    return failure();
  }
  attrs->push_back(*p);
  FailureOr<Value> result = buildOp<IE::LpPoolOp>(ctx, node, {*input}, *attrs);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// GlobalLpPool -> IE.LpPool whose window is the whole spatial extent.
static LogicalResult importGlobalLpPool(ImportContext &ctx,
                                        const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input) || failed(checkSpatialInput(ctx, node, *input))) {
    return failure();
  }
  FailureOr<NamedAttribute> p = getLpPoolP(ctx, node);
  if (failed(p)) {
    return failure();
  }
  // The importer's tensors are static (graph inputs must be).
  llvm::ArrayRef<int64_t> spatial = getType(*input).getShape().drop_front(2);
  SmallVector<int64_t, 2> ones(spatial.size(), 1), zeros(spatial.size(), 0);
  FailureOr<Value> result =
      buildOp<IE::LpPoolOp>(ctx, node, {*input},
                            {getI64ArrayAttr(ctx, "kernel_size", spatial),
                             getI64ArrayAttr(ctx, "strides", ones),
                             getI64ArrayAttr(ctx, "pads_begin", zeros),
                             getI64ArrayAttr(ctx, "pads_end", zeros), *p});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// GlobalAveragePool / GlobalMaxPool -> IE.ReduceMean / IE.ReduceMax over the
/// spatial axes with keep_dims.
template <typename OpTy>
static LogicalResult importGlobalPool(ImportContext &ctx,
                                      const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  int64_t rank = getType(*input).getRank();
  if (rank < 3) {
    return ctx.emitNodeError(node)
           << "expects an input [N, C, D1, ...] of rank >= 3, got "
           << getType(*input);
  }
  SmallVector<int64_t> axes;
  for (int64_t axis = 2; axis < rank; ++axis) {
    axes.push_back(axis);
  }
  FailureOr<Value> result = buildOp<OpTy>(
      ctx, node, {*input},
      {getI64ArrayAttr(ctx, "axes", axes), getUnitAttr(ctx, "keep_dims")});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// The axes and keepdims of a reduction node, and its input (a rank-0 input is
/// reduced as a one-element vector).
struct ReduceSpec {
  Value source;
  SmallVector<int64_t> axes;
  bool keepDims = true;
  /// ReduceSum 13+ with no axes and `noop_with_empty_axes`: an identity.
  bool identity = false;
};

/// Reads the reduction parameters of `node`: the `axes` attribute, or for
/// ReduceSum from opset 13 the optional second input; no axes means all of
/// them, unless `noop_with_empty_axes` (ReduceSum 13+) makes the node an
/// identity.
static FailureOr<ReduceSpec> getReduceSpec(ImportContext &ctx,
                                           const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> keepDims = ctx.getIntAttr(node, "keepdims", 1);
  if (failed(input) || failed(keepDims)) {
    return failure();
  }
  ReduceSpec spec;
  spec.keepDims = *keepDims != 0;
  bool axesAsInput = node.op_type() == "ReduceSum" && ctx.getOpset() >= 13;
  int64_t noop = 0;
  if (axesAsInput) {
    FailureOr<int64_t> noopAttr =
        ctx.getIntAttr(node, "noop_with_empty_axes", 0);
    if (failed(noopAttr)) {
      return failure();
    }
    noop = *noopAttr;
    if (ImportContext::hasInput(node, 1)) {
      FailureOr<SmallVector<int64_t>> values =
          ctx.getConstantInts(node, 1, "axes");
      if (failed(values)) {
        return failure();
      }
      spec.axes = *values;
    }
  } else {
    FailureOr<std::optional<SmallVector<int64_t>>> attr =
        ctx.getIntsAttr(node, "axes");
    if (failed(attr)) {
      return failure();
    }
    if (*attr) {
      spec.axes = **attr;
    }
  }
  spec.source = *input;
  if (spec.axes.empty() && noop != 0) {
    spec.identity = true;
    return spec;
  }
  int64_t rank = getType(spec.source).getRank();
  if (rank == 0) {
    FailureOr<Value> vector = reshapeTo(ctx, node, spec.source, {1});
    if (failed(vector)) {
      return failure();
    }
    spec.source = *vector;
    rank = 1;
    spec.keepDims = false;
  }
  if (spec.axes.empty()) {
    for (int64_t axis = 0; axis < rank; ++axis) {
      spec.axes.push_back(axis);
    }
  }
  return spec;
}

/// `OpTy` (an IE reduction) of `value` over the axes of `spec`.
template <typename OpTy>
static FailureOr<Value>
createReduce(ImportContext &ctx, const onnx::NodeProto &node,
             const ReduceSpec &spec, Value value, bool keepDims) {
  SmallVector<NamedAttribute, 2> attrs = {
      getI64ArrayAttr(ctx, "axes", spec.axes)};
  if (keepDims) {
    attrs.push_back(getUnitAttr(ctx, "keep_dims"));
  }
  return buildOp<OpTy>(ctx, node, {value}, attrs);
}

/// ReduceMean/Sum/Max/Min/L2/Prod -> the IE reduction.
template <typename OpTy>
static LogicalResult importReduce(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<ReduceSpec> spec = getReduceSpec(ctx, node);
  if (failed(spec)) {
    return failure();
  }
  if (spec->identity) {
    return ctx.setOutputs(node, {spec->source});
  }
  FailureOr<Value> result =
      createReduce<OpTy>(ctx, node, *spec, spec->source, spec->keepDims);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// ReduceL1 (IE.ReduceSum of IE.Abs), ReduceSumSquare (IE.ReduceSum of
/// IE.Multiply(x, x)), ReduceLogSum (IE.Log of IE.ReduceSum) and
/// ReduceLogSumExp (m + log(sum(exp(x - m))) with m the IE.ReduceMax, for
/// large inputs).
static LogicalResult importComposedReduce(ImportContext &ctx,
                                          const onnx::NodeProto &node) {
  FailureOr<ReduceSpec> spec = getReduceSpec(ctx, node);
  if (failed(spec)) {
    return failure();
  }
  Value x = spec->source;
  llvm::StringRef opType = node.op_type();
  FailureOr<Value> result = failure();
  if (opType == "ReduceL1" || opType == "ReduceSumSquare") {
    FailureOr<Value> mapped = opType == "ReduceL1"
                                  ? buildOp<IE::AbsOp>(ctx, node, {x})
                                  : buildOp<IE::MultiplyOp>(ctx, node, {x, x});
    if (failed(mapped)) {
      return failure();
    }
    result = createReduce<IE::ReduceSumOp>(ctx, node, *spec, *mapped,
                                           spec->keepDims);
  } else if (opType == "ReduceLogSum") {
    FailureOr<Value> sum =
        createReduce<IE::ReduceSumOp>(ctx, node, *spec, x, spec->keepDims);
    if (failed(sum)) {
      return failure();
    }
    result = buildOp<IE::LogOp>(ctx, node, {*sum});
  } else {
    assert(opType == "ReduceLogSumExp" && "unexpected reduction");
    FailureOr<Value> max =
        createReduce<IE::ReduceMaxOp>(ctx, node, *spec, x, /*keepDims=*/true);
    if (failed(max)) {
      return failure();
    }
    FailureOr<Value> shifted = buildOp<IE::SubtractOp>(ctx, node, {x, *max});
    FailureOr<Value> exp = failed(shifted)
                               ? FailureOr<Value>(failure())
                               : buildOp<IE::ExpOp>(ctx, node, {*shifted});
    if (failed(exp)) {
      return failure();
    }
    FailureOr<Value> sum =
        createReduce<IE::ReduceSumOp>(ctx, node, *spec, *exp, spec->keepDims);
    FailureOr<Value> log = failed(sum) ? FailureOr<Value>(failure())
                                       : buildOp<IE::LogOp>(ctx, node, {*sum});
    if (failed(log)) {
      return failure();
    }
    Value offset = *max;
    if (!spec->keepDims) {
      FailureOr<Value> reshaped = reshapeTo(
          ctx, node, offset, llvm::to_vector(getType(*log).getShape()));
      if (failed(reshaped)) {
        return failure();
      }
      offset = *reshaped;
    }
    result = buildOp<IE::AddOp>(ctx, node, {*log, offset});
  }
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Softmax, LogSoftmax
//===----------------------------------------------------------------------===//

/// Softmax / LogSoftmax. From opset 13 the op works along `axis` (default -1).
/// Before, the input is coerced to 2-D `[prod(dims[:axis]), prod(dims[axis:])]`
/// (default axis 1) and the op works along the second dim: that is the same as
/// along `axis` when every dim after `axis` is 1, and otherwise becomes
/// IE.Flatten, the op along axis 1, and IE.Reshape back.
template <typename OpTy>
static LogicalResult importSoftmax(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  bool coerce = ctx.getOpset() < 13;
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", coerce ? 1 : -1);
  if (failed(input) || failed(axis)) {
    return failure();
  }
  RankedTensorType type = getType(*input);
  int64_t rank = type.getRank();
  if (*axis < -rank || *axis >= rank) {
    return ctx.emitNodeError(node)
           << "attribute 'axis' = " << *axis
           << " is out of range for an input of rank " << rank;
  }
  int64_t normalized = *axis < 0 ? *axis + rank : *axis;
  bool trailingOnes = llvm::all_of(type.getShape().drop_front(normalized + 1),
                                   [](int64_t dim) { return dim == 1; });
  if (!coerce || trailingOnes) {
    FailureOr<Value> result = buildOp<OpTy>(
        ctx, node, {*input}, {getI64Attr(ctx, "axis", normalized)});
    if (failed(result)) {
      return failure();
    }
    return ctx.setOutputs(node, {*result});
  }
  FailureOr<Value> flat = buildOp<IE::FlattenOp>(
      ctx, node, {*input}, {getI64Attr(ctx, "axis", normalized)});
  if (failed(flat)) {
    return failure();
  }
  FailureOr<Value> result =
      buildOp<OpTy>(ctx, node, {*flat}, {getI64Attr(ctx, "axis", 1)});
  if (failed(result)) {
    return failure();
  }
  result = buildOp<IE::ReshapeOp>(
      ctx, node, {*result}, {getI64ArrayAttr(ctx, "shape", type.getShape())});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Normalisations
//===----------------------------------------------------------------------===//

/// BatchNormalization (inference form) -> IE.BatchNormInference. The outputs
/// after the first are training statistics (an error when used); from opset 14
/// `training_mode` must be 0.
/// (`spatial` was removed in opset 9: the ONNX checker rejects it in the models
/// the importer accepts.) Parameters of another element type than the input
/// (opset 15) are converted.
static LogicalResult importBatchNormalization(ImportContext &ctx,
                                              const onnx::NodeProto &node) {
  FailureOr<double> epsilon = ctx.getFloatAttr(node, "epsilon", 1e-5);
  if (failed(epsilon)) {
    return failure();
  }
  if (ctx.getOpset() >= 14) {
    FailureOr<int64_t> training = ctx.getIntAttr(node, "training_mode", 0);
    if (failed(training)) {
      return failure();
    }
    if (*training != 0) {
      return ctx.emitNodeError(node)
             << "training mode (training_mode = " << *training
             << ") is not supported; only inference";
    }
  }
  for (int index = 1; index < node.output_size(); ++index) {
    if (ImportContext::hasOutput(node, index)) {
      return ctx.emitNodeError(node)
             << "output #" << index << " ('" << node.output(index)
             << "') is a training-mode output, which is not supported";
    }
  }
  SmallVector<Value, 5> operands;
  for (int index = 0; index < 5; ++index) {
    FailureOr<Value> operand = ctx.getInput(node, index);
    if (failed(operand)) {
      return failure();
    }
    operands.push_back(*operand);
  }
  Type elemType = getType(operands[0]).getElementType();
  for (Value &operand : llvm::MutableArrayRef<Value>(operands).drop_front()) {
    if (getType(operand).getElementType() != elemType) {
      FailureOr<Value> converted =
          buildOp<IE::ConvertOp>(ctx, node, {operand},
                                 {ctx.getBuilder().getNamedAttr(
                                     "dstElemType", TypeAttr::get(elemType))});
      if (failed(converted)) {
        return failure();
      }
      operand = *converted;
    }
  }
  FailureOr<Value> result = buildOp<IE::BatchNormInferenceOp>(
      ctx, node, operands, {getF64Attr(ctx, "epsilon", *epsilon)});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// InstanceNormalization -> IE.MVN over the spatial axes (variance inside the
/// square root) followed by IE.Multiply by the scale and IE.Add of the bias,
/// both reshaped to [C, 1, ...].
static LogicalResult importInstanceNormalization(ImportContext &ctx,
                                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> scale = ctx.getInput(node, 1);
  FailureOr<Value> bias = ctx.getInput(node, 2);
  FailureOr<double> epsilon = ctx.getFloatAttr(node, "epsilon", 1e-5);
  if (failed(input) || failed(scale) || failed(bias) || failed(epsilon)) {
    return failure();
  }
  RankedTensorType type = getType(*input);
  int64_t rank = type.getRank();
  if (rank < 3) {
    return ctx.emitNodeError(node)
           << "expects an input [N, C, D1, ...] of rank >= 3, got " << type;
  }
  int64_t channels = type.getDimSize(1);
  for (Value param : {*scale, *bias}) {
    if (getType(param).getShape() != llvm::ArrayRef<int64_t>{channels}) {
      return ctx.emitNodeError(node) << "expects scale and B of shape ["
                                     << channels << "], got " << getType(param);
    }
  }
  SmallVector<int64_t> axes;
  for (int64_t axis = 2; axis < rank; ++axis) {
    axes.push_back(axis);
  }
  auto epsMode =
      IE::MvnEpsModeAttr::get(ctx.getContext(), IE::MvnEpsMode::INSIDE_SQRT);
  FailureOr<Value> result = buildOp<IE::MVNOp>(
      ctx, node, {*input},
      {getI64ArrayAttr(ctx, "axes", axes),
       getUnitAttr(ctx, "normalize_variance"), getF64Attr(ctx, "eps", *epsilon),
       ctx.getBuilder().getNamedAttr("eps_mode", epsMode)});
  if (failed(result)) {
    return failure();
  }
  SmallVector<int64_t> paramShape(rank - 1, 1);
  paramShape[0] = channels;
  FailureOr<Value> scaleParam = reshapeTo(ctx, node, *scale, paramShape);
  if (failed(scaleParam)) {
    return failure();
  }
  result = buildOp<IE::MultiplyOp>(ctx, node, {*result, *scaleParam});
  if (failed(result)) {
    return failure();
  }
  FailureOr<Value> biasParam = reshapeTo(ctx, node, *bias, paramShape);
  if (failed(biasParam)) {
    return failure();
  }
  result = buildOp<IE::AddOp>(ctx, node, {*result, *biasParam});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// MeanVarianceNormalization -> IE.MVN over `axes` (default [0, 2, 3]): ONNX
/// divides by `sqrt(var) + 1e-9`.
static LogicalResult
importMeanVarianceNormalization(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<std::optional<SmallVector<int64_t>>> axes =
      ctx.getIntsAttr(node, "axes");
  if (failed(input) || failed(axes)) {
    return failure();
  }
  SmallVector<int64_t> axesValue =
      axes->value_or(SmallVector<int64_t>{0, 2, 3});
  auto epsMode =
      IE::MvnEpsModeAttr::get(ctx.getContext(), IE::MvnEpsMode::OUTSIDE_SQRT);
  FailureOr<Value> result = buildOp<IE::MVNOp>(
      ctx, node, {*input},
      {getI64ArrayAttr(ctx, "axes", axesValue),
       getUnitAttr(ctx, "normalize_variance"), getF64Attr(ctx, "eps", 1e-9),
       ctx.getBuilder().getNamedAttr("eps_mode", epsMode)});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// LayerNormalization (opset 17) -> IE.LayerNormalization. The Mean and
/// InvStdDev outputs are not: a node that uses them is replaced by the ONNX
/// function body (layerNormHasNoStatistics). `stash_type` (the precision of the
/// statistics) does not change the result beyond rounding and is not
/// represented.
static LogicalResult importLayerNormalization(ImportContext &ctx,
                                              const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> scale = ctx.getInput(node, 1);
  FailureOr<Value> bias = ctx.getOptionalInput(node, 2);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", -1);
  FailureOr<double> epsilon = ctx.getFloatAttr(node, "epsilon", 1e-5);
  FailureOr<int64_t> stashType = ctx.getIntAttr(node, "stash_type", 1);
  if (failed(input) || failed(scale) || failed(bias) || failed(axis) ||
      failed(epsilon) || failed(stashType) ||
      failed(checkUnusedOutput(ctx, node, 1, "Mean")) ||
      failed(checkUnusedOutput(ctx, node, 2, "InvStdDev"))) {
    return failure();
  }
  SmallVector<Value, 3> operands = {*input, *scale};
  if (*bias) {
    operands.push_back(*bias);
  }
  FailureOr<Value> result = buildOp<IE::LayerNormalizationOp>(
      ctx, node, operands,
      {getI64Attr(ctx, "axis", *axis), getF64Attr(ctx, "epsilon", *epsilon)});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Whether a LayerNormalization node leaves its Mean and InvStdDev outputs
/// unused (IE.LayerNormalization has only the normalized output).
static bool layerNormHasNoStatistics(const onnx::NodeProto &node) {
  return !ImportContext::hasOutput(node, 1) &&
         !ImportContext::hasOutput(node, 2);
}

llvm::ArrayRef<OpHandlerInfo> getNNHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Conv", 9, 17, importConv, "IE.Convolution, IE.GroupConvolution"},
      {"ConvTranspose", 9, 17, importConvTranspose, "IE.Deconvolution"},
      {"Gemm", 9, 17, importGemm, "IE.MatMul, IE.Multiply, IE.Add"},
      {"MatMul", 9, 17, importMatMul, "IE.MatMul"},
      {"MaxPool", 9, 17, importMaxPool, "IE.MaxPool"},
      {"AveragePool", 9, 17, importAveragePool, "IE.AvgPool"},
      {"GlobalAveragePool", 9, 17, importGlobalPool<IE::ReduceMeanOp>,
       "IE.ReduceMean"},
      {"GlobalMaxPool", 9, 17, importGlobalPool<IE::ReduceMaxOp>,
       "IE.ReduceMax"},
      {"LpPool", 9, 17, importLpPool, "IE.LpPool"},
      {"GlobalLpPool", 9, 17, importGlobalLpPool, "IE.LpPool"},
      {"BatchNormalization", 9, 17, importBatchNormalization,
       "IE.BatchNormInference, IE.Convert"},
      {"Softmax", 9, 17, importSoftmax<IE::SoftMaxOp>,
       "IE.SoftMax, IE.Flatten, IE.Reshape"},
      {"LogSoftmax", 9, 17, importSoftmax<IE::LogSoftMaxOp>,
       "IE.LogSoftMax, IE.Flatten, IE.Reshape"},
      {"ReduceMean", 9, 17, importReduce<IE::ReduceMeanOp>,
       "IE.ReduceMean, IE.Reshape"},
      {"ReduceSum", 9, 17, importReduce<IE::ReduceSumOp>,
       "IE.ReduceSum, IE.Reshape"},
      {"ReduceMax", 9, 17, importReduce<IE::ReduceMaxOp>,
       "IE.ReduceMax, IE.Reshape"},
      {"ReduceMin", 9, 17, importReduce<IE::ReduceMinOp>,
       "IE.ReduceMin, IE.Reshape"},
      {"ReduceL2", 9, 17, importReduce<IE::ReduceL2Op>,
       "IE.ReduceL2, IE.Reshape"},
      {"ReduceProd", 9, 17, importReduce<IE::ReduceProdOp>,
       "IE.ReduceProd, IE.Reshape"},
      {"ReduceL1", 9, 17, importComposedReduce,
       "IE.Abs, IE.ReduceSum, IE.Reshape"},
      {"ReduceSumSquare", 9, 17, importComposedReduce,
       "IE.Multiply, IE.ReduceSum, IE.Reshape"},
      {"ReduceLogSum", 9, 17, importComposedReduce,
       "IE.ReduceSum, IE.Log, IE.Reshape"},
      {"ReduceLogSumExp", 9, 17, importComposedReduce,
       "IE.ReduceMax, IE.Subtract, IE.Exp, IE.ReduceSum, IE.Log, IE.Add, "
       "IE.Reshape"},
      {"InstanceNormalization", 9, 17, importInstanceNormalization,
       "IE.MVN, IE.Multiply, IE.Add, IE.Reshape"},
      {"MeanVarianceNormalization", 9, 17, importMeanVarianceNormalization,
       "IE.MVN"},
      {"LayerNormalization", 17, 17, importLayerNormalization,
       "IE.LayerNormalization (with Mean or InvStdDev: the ONNX function body)",
       layerNormHasNoStatistics},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
