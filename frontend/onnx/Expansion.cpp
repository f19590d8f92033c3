//===- Expansion.cpp - ONNX ops imported as fixed IE expansions -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Handlers of the ONNX ops that have no IE op of their own and no function
// body in the ONNX schema of the installed library, but are a fixed, small
// combination of IE ops (the exception to "one IE op per node" that
// docs/onnx_ops.md allows):
//
//   Size, ConstantOfShape       const.Declare (values known at import time)
//   Reciprocal                  IE.Divide(1, x)
//   Sum, Mean                   IE.Add chain (Mean: then IE.Divide by n)
//   Xor                         IE.LogicalNot(IE.Equal(a, b))
//   Selu                        IE.Multiply(IE.Elu(x, alpha), gamma)
//   Softsign                    IE.Divide(x, IE.Add(IE.Abs(x), 1))
//   ThresholdedRelu             IE.Select(IE.Greater(x, alpha), x, 0)
//   Shrink                      two IE.Select on IE.Less / IE.Greater
//   Trilu                       IE.Select(constant triangle mask, x, 0)
//   EyeLike                     const.Declare (the shape is static)
//   IsNaN, IsInf                IE.Equal with x itself / with +-inf, then
//                               IE.LogicalNot / IE.LogicalOr
//   Sign                        IE.Convert(x > 0) - IE.Convert(x < 0)
//   Hardmax                     IE.Equal(IE.ArgMax(x), constant indices),
//   IE.Convert
//
// Every op created carries the node's location.
//
//===----------------------------------------------------------------------===//

#include <limits>

#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/ExpansionUtils.h"
#include "frontend/onnx/HandlerUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

static RankedTensorType getType(Value value) {
  return llvm::cast<RankedTensorType>(value.getType());
}

/// A rank-0 constant of `like`'s element type.
static Value getScalar(ImportContext &ctx, const onnx::NodeProto &node,
                       Value like, double value) {
  return ctx.createSplatConstant(getType(like).getElementType(), {}, value,
                                 ctx.getNodeLoc(node));
}

/// Fails unless `value` has a floating-point element type.
static LogicalResult requireFloat(ImportContext &ctx,
                                  const onnx::NodeProto &node, Value value) {
  if (llvm::isa<FloatType>(getType(value).getElementType())) {
    return success();
  }
  return ctx.emitNodeError(node) << "expects a floating-point input, got "
                                 << getType(value).getElementType();
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

/// Size: the number of elements of a static shape, as an int64 scalar.
static LogicalResult importSize(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  RankedTensorType type = getType(*input);
  if (!type.hasStaticShape()) {
    return ctx.emitNodeError(node)
           << "needs a static input shape, got " << type;
  }
  onnx::TensorProto tensor;
  tensor.set_name(node.output(0));
  tensor.set_data_type(onnx::TensorProto::INT64);
  tensor.add_int64_data(type.getNumElements());
  FailureOr<Value> value = ctx.createConstant(
      tensor, ctx.getNodeLoc(node),
      "Size node '" + ImportContext::getNodeDisplayName(node) + "'");
  if (failed(value)) {
    return failure();
  }
  return ctx.setOutputs(node, {*value});
}

/// ConstantOfShape: the shape must be known at import time; `value` (one
/// element, default float 0) gives the element type and the fill value.
static LogicalResult importConstantOfShape(ImportContext &ctx,
                                           const onnx::NodeProto &node) {
  FailureOr<llvm::SmallVector<int64_t>> shape =
      ctx.getConstantInts(node, 0, "input");
  if (failed(shape)) {
    return failure();
  }
  for (int64_t dim : *shape) {
    if (dim < 0) {
      return ctx.emitNodeError(node)
             << "the shape must not have negative dimensions, got " << dim;
    }
  }
  Type elemType = ctx.getBuilder().getF32Type();
  double fill = 0.0;
  if (const onnx::AttributeProto *attr =
          ImportContext::findAttribute(node, "value")) {
    if (attr->type() != onnx::AttributeProto::TENSOR) {
      return ctx.emitNodeError(node) << "attribute 'value' must be a tensor";
    }
    FailureOr<Value> scalar =
        ctx.createConstant(attr->t(), ctx.getNodeLoc(node),
                           "attribute 'value' of ConstantOfShape node '" +
                               ImportContext::getNodeDisplayName(node) + "'");
    if (failed(scalar)) {
      return failure();
    }
    std::optional<llvm::SmallVector<double>> values =
        ImportContext::getConstantValues(*scalar);
    elemType = getType(*scalar).getElementType();
    scalar->getDefiningOp()->erase();
    if (!values || values->size() != 1) {
      return ctx.emitNodeError(node)
             << "attribute 'value' must hold exactly one element";
    }
    fill = values->front();
  }
  return ctx.setOutputs(node, {ctx.createSplatConstant(elemType, *shape, fill,
                                                       ctx.getNodeLoc(node))});
}

//===----------------------------------------------------------------------===//
// Arithmetic and logic
//===----------------------------------------------------------------------===//

static LogicalResult importReciprocal(ImportContext &ctx,
                                      const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input) || failed(requireFloat(ctx, node, *input))) {
    return failure();
  }
  FailureOr<Value> result = buildOp<IE::DivideOp>(
      ctx, node, {getScalar(ctx, node, *input, 1.0), *input});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Sum and Mean: one to any number of inputs added left to right; Mean
/// divides by their count.
static LogicalResult importSumOrMean(ImportContext &ctx,
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
    result = buildOp<IE::AddOp>(ctx, node, {*result, *next});
    if (failed(result)) {
      return failure();
    }
  }
  if (node.op_type() == "Mean" && node.input_size() > 1) {
    if (failed(requireFloat(ctx, node, *result))) {
      return failure();
    }
    result = buildOp<IE::DivideOp>(
        ctx, node, {*result, getScalar(ctx, node, *result, node.input_size())});
    if (failed(result)) {
      return failure();
    }
  }
  return ctx.setOutputs(node, {*result});
}

/// not(a == b), for Xor on booleans and IsNaN (x != x).
static FailureOr<Value> buildNotEqual(ImportContext &ctx,
                                      const onnx::NodeProto &node, Value lhs,
                                      Value rhs) {
  FailureOr<Value> equal = buildOp<IE::EqualOp>(ctx, node, {lhs, rhs});
  if (failed(equal)) {
    return failure();
  }
  return buildOp<IE::LogicalNotOp>(ctx, node, {*equal});
}

static LogicalResult importXor(ImportContext &ctx,
                               const onnx::NodeProto &node) {
  FailureOr<Value> lhs = ctx.getInput(node, 0);
  FailureOr<Value> rhs = ctx.getInput(node, 1);
  if (failed(lhs) || failed(rhs)) {
    return failure();
  }
  FailureOr<Value> result = buildNotEqual(ctx, node, *lhs, *rhs);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

/// Selu(x) = gamma * (x > 0 ? x : alpha * (exp(x) - 1)) = gamma * Elu(x).
static LogicalResult importSelu(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<double> alpha =
      ctx.getFloatAttr(node, "alpha", 1.67326319217681884765625);
  FailureOr<double> gamma =
      ctx.getFloatAttr(node, "gamma", 1.05070102214813232421875);
  if (failed(input) || failed(alpha) || failed(gamma) ||
      failed(requireFloat(ctx, node, *input))) {
    return failure();
  }
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<Value> elu = buildOp<IE::EluOp>(
      ctx, node, {*input},
      {builder.getNamedAttr("alpha", builder.getF64FloatAttr(*alpha))});
  if (failed(elu)) {
    return failure();
  }
  FailureOr<Value> result = buildOp<IE::MultiplyOp>(
      ctx, node, {*elu, getScalar(ctx, node, *input, *gamma)});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Softsign(x) = x / (1 + |x|).
static LogicalResult importSoftsign(ImportContext &ctx,
                                    const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input) || failed(requireFloat(ctx, node, *input))) {
    return failure();
  }
  FailureOr<Value> abs = buildOp<IE::AbsOp>(ctx, node, {*input});
  if (failed(abs)) {
    return failure();
  }
  FailureOr<Value> denominator =
      buildOp<IE::AddOp>(ctx, node, {*abs, getScalar(ctx, node, *input, 1.0)});
  if (failed(denominator)) {
    return failure();
  }
  FailureOr<Value> result =
      buildOp<IE::DivideOp>(ctx, node, {*input, *denominator});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// ThresholdedRelu(x) = x > alpha ? x : 0.
static LogicalResult importThresholdedRelu(ImportContext &ctx,
                                           const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<double> alpha = ctx.getFloatAttr(node, "alpha", 1.0);
  if (failed(input) || failed(alpha) ||
      failed(requireFloat(ctx, node, *input))) {
    return failure();
  }
  FailureOr<Value> above = buildOp<IE::GreaterOp>(
      ctx, node, {*input, getScalar(ctx, node, *input, *alpha)});
  if (failed(above)) {
    return failure();
  }
  FailureOr<Value> result = buildOp<IE::SelectOp>(
      ctx, node, {*above, *input, getScalar(ctx, node, *input, 0.0)});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Shrink(x) = x < -lambd ? x + bias : (x > lambd ? x - bias : 0).
static LogicalResult importShrink(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<double> lambd = ctx.getFloatAttr(node, "lambd", 0.5);
  FailureOr<double> bias = ctx.getFloatAttr(node, "bias", 0.0);
  if (failed(input) || failed(lambd) || failed(bias)) {
    return failure();
  }
  Value x = *input;
  FailureOr<Value> below =
      buildOp<IE::LessOp>(ctx, node, {x, getScalar(ctx, node, x, -*lambd)});
  if (failed(below)) {
    return failure();
  }
  FailureOr<Value> above =
      buildOp<IE::GreaterOp>(ctx, node, {x, getScalar(ctx, node, x, *lambd)});
  if (failed(above)) {
    return failure();
  }
  Value biasValue = getScalar(ctx, node, x, *bias);
  FailureOr<Value> plus = buildOp<IE::AddOp>(ctx, node, {x, biasValue});
  if (failed(plus)) {
    return failure();
  }
  FailureOr<Value> minus = buildOp<IE::SubtractOp>(ctx, node, {x, biasValue});
  if (failed(minus)) {
    return failure();
  }
  FailureOr<Value> upper = buildOp<IE::SelectOp>(
      ctx, node, {*above, *minus, getScalar(ctx, node, x, 0.0)});
  if (failed(upper)) {
    return failure();
  }
  FailureOr<Value> result =
      buildOp<IE::SelectOp>(ctx, node, {*below, *plus, *upper});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// Trilu
//===----------------------------------------------------------------------===//

/// Trilu(x, k): keeps the elements of the last two dims on and above (upper =
/// 1) or on and below (upper = 0) the k-th diagonal. With `k` constant (or
/// absent: 0), a constant [N, M] mask selects them; with `k` a run-time
/// value, the mask compares the constant column-minus-row offsets with it.
static LogicalResult importTrilu(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> kValue = ctx.getOptionalInput(node, 1);
  FailureOr<int64_t> upper = ctx.getIntAttr(node, "upper", 1);
  if (failed(input) || failed(kValue) || failed(upper)) {
    return failure();
  }
  RankedTensorType type = getType(*input);
  if (type.getRank() < 2 || !type.hasStaticShape()) {
    return ctx.emitNodeError(node)
           << "expects a static input of rank 2 or more, got " << type;
  }
  std::optional<int64_t> k = 0;
  if (*kValue) {
    if (getType(*kValue).getNumElements() != 1) {
      return ctx.emitNodeError(node)
             << "input 'k' must hold one value, got " << getType(*kValue);
    }
    std::optional<llvm::SmallVector<double>> values =
        ImportContext::getConstantValues(*kValue);
    k = values ? std::optional<int64_t>(static_cast<int64_t>(values->front()))
               : std::nullopt;
  }
  const int64_t rows = type.getDimSize(type.getRank() - 2);
  const int64_t cols = type.getDimSize(type.getRank() - 1);
  onnx::TensorProto table;
  table.set_name(node.output(0) + "/mask");
  table.set_data_type(k ? onnx::TensorProto::BOOL : onnx::TensorProto::INT64);
  table.add_dims(rows);
  table.add_dims(cols);
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      if (k) {
        table.add_int32_data((*upper ? j - i >= *k : j - i <= *k) ? 1 : 0);
      } else {
        table.add_int64_data(j - i);
      }
    }
  }
  FailureOr<Value> mask = ctx.createConstant(
      table, ctx.getNodeLoc(node),
      "Trilu node '" + ImportContext::getNodeDisplayName(node) + "'");
  if (failed(mask)) {
    return failure();
  }
  if (!k) {
    // upper: keep j - i >= k, i.e. not (j - i < k); lower: not (j - i > k).
    Value offsets = *mask;
    if (getType(*kValue).getElementType() !=
        getType(offsets).getElementType()) {
      return ctx.emitNodeError(node) << "input 'k' must be int64, got "
                                     << getType(*kValue).getElementType();
    }
    FailureOr<Value> outside =
        *upper ? buildOp<IE::LessOp>(ctx, node, {offsets, *kValue})
               : buildOp<IE::GreaterOp>(ctx, node, {offsets, *kValue});
    if (failed(outside)) {
      return failure();
    }
    mask = buildOp<IE::LogicalNotOp>(ctx, node, {*outside});
    if (failed(mask)) {
      return failure();
    }
  }
  FailureOr<Value> result = buildOp<IE::SelectOp>(
      ctx, node, {*mask, *input, getScalar(ctx, node, *input, 0.0)});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

//===----------------------------------------------------------------------===//
// EyeLike, IsNaN, IsInf, Sign, Hardmax
//===----------------------------------------------------------------------===//

/// EyeLike(x, k, dtype): a constant of x's (static, 2-D) shape with ones on the
/// k-th diagonal.
static LogicalResult importEyeLike(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> k = ctx.getIntAttr(node, "k", 0);
  if (failed(input) || failed(k)) {
    return failure();
  }
  RankedTensorType type = getType(*input);
  if (type.getRank() != 2 || !type.hasStaticShape()) {
    return ctx.emitNodeError(node)
           << "expects a static 2-D input, got " << type;
  }
  int32_t dtype = 0;
  if (ImportContext::findAttribute(node, "dtype")) {
    FailureOr<int64_t> attr = ctx.getIntAttr(node, "dtype", std::nullopt);
    if (failed(attr)) {
      return failure();
    }
    dtype = static_cast<int32_t>(*attr);
  }
  onnx::TensorProto eye;
  eye.set_name(node.output(0));
  eye.set_data_type(onnx::TensorProto::DOUBLE);
  eye.add_dims(type.getDimSize(0));
  eye.add_dims(type.getDimSize(1));
  for (int64_t i = 0; i < type.getDimSize(0); ++i) {
    for (int64_t j = 0; j < type.getDimSize(1); ++j) {
      eye.add_double_data(j - i == *k ? 1.0 : 0.0);
    }
  }
  Type elemType = dtype ? ctx.convertElementType(dtype) : type.getElementType();
  if (!elemType) {
    return ctx.emitNodeError(node)
           << "attribute 'dtype' names the unsupported element type "
           << ImportContext::getDataTypeName(dtype);
  }
  FailureOr<Value> value = ctx.createConstant(
      eye, ctx.getNodeLoc(node),
      "EyeLike node '" + ImportContext::getNodeDisplayName(node) + "'");
  if (failed(value)) {
    return failure();
  }
  auto declare = value->getDefiningOp<Const::DeclareOp>();
  Value result = ctx.getBuilder()
                     .create<Const::DeclareOp>(
                         ctx.getNodeLoc(node),
                         declare.getContent().convertElemType(elemType))
                     .getResult();
  declare.erase();
  return ctx.setOutputs(node, {result});
}

/// IsNaN(x) = not (x == x).
static LogicalResult importIsNaN(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input) || failed(requireFloat(ctx, node, *input))) {
    return failure();
  }
  FailureOr<Value> result = buildNotEqual(ctx, node, *input, *input);
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// IsInf(x) = x == +inf (detect_positive) or x == -inf (detect_negative).
static LogicalResult importIsInf(ImportContext &ctx,
                                 const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> positive = ctx.getIntAttr(node, "detect_positive", 1);
  FailureOr<int64_t> negative = ctx.getIntAttr(node, "detect_negative", 1);
  if (failed(input) || failed(positive) || failed(negative) ||
      failed(requireFloat(ctx, node, *input))) {
    return failure();
  }
  const double inf = std::numeric_limits<double>::infinity();
  Value result;
  for (auto [detect, value] :
       {std::pair{*positive, inf}, std::pair{*negative, -inf}}) {
    if (detect == 0) {
      continue;
    }
    FailureOr<Value> equal = buildOp<IE::EqualOp>(
        ctx, node, {*input, getScalar(ctx, node, *input, value)});
    if (failed(equal)) {
      return failure();
    }
    if (!result) {
      result = *equal;
      continue;
    }
    FailureOr<Value> either =
        buildOp<IE::LogicalOrOp>(ctx, node, {result, *equal});
    if (failed(either)) {
      return failure();
    }
    result = *either;
  }
  if (!result) {
    // Neither sign is detected: all false.
    result = ctx.createSplatConstant(ctx.getBuilder().getI1Type(),
                                     getType(*input).getShape(), 0.0,
                                     ctx.getNodeLoc(node));
  }
  return ctx.setOutputs(node, {result});
}

/// Sign(x) = (x > 0) - (x < 0), the comparisons converted to x's type.
static LogicalResult importSign(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  Type elemType = getType(*input).getElementType();
  Value zero = getScalar(ctx, node, *input, 0.0);
  auto converted = [&](bool greater) -> FailureOr<Value> {
    FailureOr<Value> compare =
        greater ? buildOp<IE::GreaterOp>(ctx, node, {*input, zero})
                : buildOp<IE::LessOp>(ctx, node, {*input, zero});
    if (failed(compare)) {
      return failure();
    }
    OpBuilder &builder = ctx.getBuilder();
    return buildOp<IE::ConvertOp>(
        ctx, node, {*compare},
        {builder.getNamedAttr("dstElemType", TypeAttr::get(elemType))});
  };
  FailureOr<Value> positive = converted(true);
  if (failed(positive)) {
    return failure();
  }
  FailureOr<Value> negative = converted(false);
  if (failed(negative)) {
    return failure();
  }
  FailureOr<Value> result =
      buildOp<IE::SubtractOp>(ctx, node, {*positive, *negative});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

/// Hardmax(x, axis) (opset 13): 1 at the first largest element along `axis`,
/// 0 elsewhere: IE.ArgMax with kept dims compared with the constant indices
/// 0..D-1 along `axis`, converted to x's type.
static LogicalResult importHardmax(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", -1);
  if (failed(input) || failed(axis) ||
      failed(requireFloat(ctx, node, *input))) {
    return failure();
  }
  RankedTensorType type = getType(*input);
  const int64_t rank = type.getRank();
  if (*axis < -rank || *axis >= rank ||
      type.isDynamicDim(*axis < 0 ? *axis + rank : *axis)) {
    return ctx.emitNodeError(node) << "attribute 'axis' = " << *axis
                                   << " is not a static dim of " << type;
  }
  const int64_t dim = *axis < 0 ? *axis + rank : *axis;
  OpBuilder &builder = ctx.getBuilder();
  FailureOr<Value> argmax = buildOp<IE::ArgMaxOp>(
      ctx, node, {*input},
      {builder.getNamedAttr("axis", builder.getI64IntegerAttr(dim)),
       builder.getNamedAttr("keep_dims", builder.getUnitAttr()),
       builder.getNamedAttr(
           "indexElemType",
           TypeAttr::get(ctx.convertElementType(onnx::TensorProto::INT64)))});
  if (failed(argmax)) {
    return failure();
  }
  onnx::TensorProto indices;
  indices.set_name(node.output(0) + "/indices");
  indices.set_data_type(onnx::TensorProto::INT64);
  for (int64_t d = 0; d < rank; ++d) {
    indices.add_dims(d == dim ? type.getDimSize(d) : 1);
  }
  for (int64_t i = 0; i < type.getDimSize(dim); ++i) {
    indices.add_int64_data(i);
  }
  FailureOr<Value> iota = ctx.createConstant(
      indices, ctx.getNodeLoc(node),
      "Hardmax node '" + ImportContext::getNodeDisplayName(node) + "'");
  if (failed(iota)) {
    return failure();
  }
  FailureOr<Value> equal = buildOp<IE::EqualOp>(ctx, node, {*argmax, *iota});
  if (failed(equal)) {
    return failure();
  }
  FailureOr<Value> result = buildOp<IE::ConvertOp>(
      ctx, node, {*equal},
      {builder.getNamedAttr("dstElemType",
                            TypeAttr::get(type.getElementType()))});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {*result});
}

llvm::ArrayRef<OpHandlerInfo> getExpansionHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"Size", 9, 17, importSize, "const.Declare"},
      {"ConstantOfShape", 9, 17, importConstantOfShape, "const.Declare"},
      {"Reciprocal", 9, 17, importReciprocal, "IE.Divide"},
      {"Sum", 9, 17, importSumOrMean, "IE.Add"},
      {"Mean", 9, 17, importSumOrMean, "IE.Add, IE.Divide"},
      {"Xor", 9, 17, importXor, "IE.Equal, IE.LogicalNot"},
      {"Selu", 9, 17, importSelu, "IE.Elu, IE.Multiply"},
      {"Softsign", 9, 17, importSoftsign, "IE.Abs, IE.Add, IE.Divide"},
      {"ThresholdedRelu", 10, 17, importThresholdedRelu,
       "IE.Greater, IE.Select"},
      {"Shrink", 9, 17, importShrink,
       "IE.Less, IE.Greater, IE.Add, IE.Subtract, IE.Select"},
      {"Trilu", 14, 17, importTrilu, "IE.Select"},
      {"EyeLike", 9, 17, importEyeLike, "const.Declare"},
      {"IsNaN", 9, 17, importIsNaN, "IE.Equal, IE.LogicalNot"},
      {"IsInf", 10, 17, importIsInf, "IE.Equal, IE.LogicalOr"},
      {"Sign", 9, 17, importSign,
       "IE.Greater, IE.Less, IE.Convert, IE.Subtract"},
      {"Hardmax", 13, 17, importHardmax, "IE.ArgMax, IE.Equal, IE.Convert"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
