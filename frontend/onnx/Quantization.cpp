//===- Quantization.cpp - ONNX QuantizeLinear and DequantizeLinear -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// QuantizeLinear becomes IE.Quantize to a `!quant.uniform` type built from the
// constant scale and zero point (per tensor for a scalar scale, per axis for a
// 1-D one; the storage type is the zero point's, uint8 when it is absent).
// DequantizeLinear becomes IE.Dequantize of:
// * the IE.Quantize of a QuantizeLinear with the same quantisation, or
// * a constant integer tensor (weights, biases), re-declared with
// `#const.QuantCast` to the
//   quant type.
// Other inputs (integer graph inputs, mismatched parameters) are rejected.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEOps.h"
#include "frontend/onnx/HandlerUtils.h"
#include "frontend/onnx/ImportContext.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "onnx/onnx_pb.h"

namespace mlir::vpuc::onnx_frontend {

namespace {

/// Builds the quant type of a QuantizeLinear / DequantizeLinear node: scale
/// (input 1) and zero point (input 2, optional) must be constants;
/// `storageType` is the integer type of the quantized tensor (null: the zero
/// point's, uint8 when absent); `rank` is the rank of the quantized tensor.
FailureOr<Type>
buildQuantType(ImportContext &ctx, const onnx::NodeProto &node,
               IntegerType storageType, int64_t rank, int scaleIndex = 1,
               std::optional<int64_t> fixedAxis = std::nullopt) {
  FailureOr<Value> scaleValue = ctx.getInput(node, scaleIndex);
  FailureOr<Value> zeroPointValue = ctx.getOptionalInput(node, scaleIndex + 1);
  if (failed(scaleValue) || failed(zeroPointValue)) {
    return failure();
  }
  FailureOr<std::optional<SmallVector<double>>> scales =
      getConstantInput(ctx, node, scaleIndex, "scale");
  FailureOr<std::optional<SmallVector<double>>> zeroPoints = getConstantInput(
      ctx, node, scaleIndex + 1, "zero_point", /*optional=*/true);
  if (failed(scales) || failed(zeroPoints)) {
    return failure();
  }
  MLIRContext *context = ctx.getContext();
  if (!storageType) {
    storageType = *zeroPointValue
                      ? llvm::dyn_cast<IntegerType>(
                            llvm::cast<ShapedType>(zeroPointValue->getType())
                                .getElementType())
                      : IntegerType::get(context, 8, IntegerType::Unsigned);
  }
  if (!storageType ||
      (storageType.getWidth() != 8 && storageType.getWidth() != 32) ||
      (storageType.getWidth() == 32 && !storageType.isSigned())) {
    return ctx.emitNodeError(node)
           << "quantized element type must be int8, uint8 or int32";
  }
  auto scaleType = llvm::cast<ShapedType>(scaleValue->getType());
  Type expressedType = scaleType.getElementType();
  if (!llvm::isa<FloatType>(expressedType)) {
    return ctx.emitNodeError(node) << "input 'scale' must be a float tensor";
  }
  SmallVector<double> scaleValues = **scales;
  SmallVector<double> zeroValues =
      *zeroPoints ? **zeroPoints : SmallVector<double>(scaleValues.size(), 0.0);
  if (zeroValues.size() != scaleValues.size()) {
    return ctx.emitNodeError(node)
           << "inputs 'scale' and 'zero_point' have " << scaleValues.size()
           << " and " << zeroValues.size() << " values";
  }
  for (double scale : scaleValues) {
    if (!(scale > 0.0) || !std::isfinite(scale)) {
      return ctx.emitNodeError(node)
             << "scale " << scale << " must be finite and positive";
    }
  }
  const bool isSigned = storageType.isSigned();
  const unsigned width = storageType.getWidth();
  const unsigned flags = isSigned ? quant::QuantizationFlags::Signed : 0;
  Type storage = IntegerType::get(context, width);
  const int64_t storageMin =
      quant::QuantizedType::getDefaultMinimumForInteger(isSigned, width);
  const int64_t storageMax =
      quant::QuantizedType::getDefaultMaximumForInteger(isSigned, width);
  for (double zeroPoint : zeroValues) {
    if (zeroPoint < storageMin || zeroPoint > storageMax) {
      return ctx.emitNodeError(node)
             << "zero point " << zeroPoint << " is outside the storage range";
    }
  }
  if (scaleType.getRank() == 0 ||
      (scaleType.getRank() == 1 && scaleValues.size() == 1)) {
    return Type(quant::UniformQuantizedType::get(
        flags, storage, expressedType, scaleValues[0],
        static_cast<int64_t>(zeroValues[0]), storageMin, storageMax));
  }
  if (scaleType.getRank() != 1) {
    return ctx.emitNodeError(node) << "input 'scale' must be a scalar or 1-D";
  }
  FailureOr<int64_t> axis = fixedAxis ? FailureOr<int64_t>(*fixedAxis)
                                      : ctx.getIntAttr(node, "axis", 1);
  if (failed(axis)) {
    return failure();
  }
  if (*axis < -rank || *axis >= rank) {
    return ctx.emitNodeError(node)
           << "axis " << *axis << " is out of range for rank " << rank;
  }
  SmallVector<int64_t> zeroInts(zeroValues.begin(), zeroValues.end());
  return Type(quant::UniformQuantizedPerAxisType::get(
      flags, storage, expressedType, scaleValues, zeroInts,
      static_cast<int32_t>(*axis < 0 ? *axis + rank : *axis), storageMin,
      storageMax));
}

/// The storage type of a quantized or integer tensor type (null for others):
/// signed or unsigned, as the ONNX tensor's element type.
IntegerType getStorageType(Type type) {
  Type element = llvm::cast<ShapedType>(type).getElementType();
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(element)) {
    return IntegerType::get(
        element.getContext(), quantized.getStorageTypeIntegralWidth(),
        quantized.isSigned() ? IntegerType::Signed : IntegerType::Unsigned);
  }
  return llvm::dyn_cast<IntegerType>(element);
}

/// `value` with the quant type `quantType`: itself if it already has it, a
/// `#const.QuantCast` of an integer constant; else an error naming `what`.
FailureOr<Value> asQuantized(ImportContext &ctx, const onnx::NodeProto &node,
                             Value value, Type quantType,
                             llvm::StringRef what) {
  Type element = llvm::cast<ShapedType>(value.getType()).getElementType();
  if (element == quantType) {
    return value;
  }
  if (llvm::isa<quant::QuantizedType>(element)) {
    return ctx.emitNodeError(node)
           << "input '" << what << "' is quantized as " << element
           << ", but the node's scale and zero point give " << quantType;
  }
  auto declare = value.getDefiningOp<Const::DeclareOp>();
  if (!declare) {
    return ctx.emitNodeError(node)
           << "input '" << what
           << "' must be a constant or a quantized tensor (the output of a "
              "QuantizeLinear or of another QLinear op)";
  }
  return ctx.getBuilder()
      .create<Const::DeclareOp>(declare.getLoc(),
                                declare.getContent().quantCast(quantType))
      .getResult();
}

/// QuantizeLinear(x, y_scale, y_zero_point) -> IE.Quantize.
LogicalResult importQuantizeLinear(ImportContext &ctx,
                                   const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  FailureOr<Type> quantType = buildQuantType(
      ctx, node, nullptr, llvm::cast<ShapedType>(input->getType()).getRank());
  if (failed(quantType)) {
    return failure();
  }
  FailureOr<IE::QuantizeOp> op = ctx.create<IE::QuantizeOp>(
      ctx.getNodeLoc(node), {*input},
      {ctx.getBuilder().getNamedAttr("dstElemType",
                                     TypeAttr::get(*quantType))});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// DequantizeLinear(x, x_scale, x_zero_point) -> IE.Dequantize.
LogicalResult importDequantizeLinear(ImportContext &ctx,
                                     const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  if (failed(input)) {
    return failure();
  }
  auto inputType = llvm::cast<RankedTensorType>(input->getType());
  IntegerType storageType = getStorageType(inputType);
  if (!storageType) {
    return ctx.emitNodeError(node) << "input 'x' must be an integer tensor";
  }
  FailureOr<Type> quantType =
      buildQuantType(ctx, node, storageType, inputType.getRank());
  if (failed(quantType)) {
    return failure();
  }
  FailureOr<Value> quantized = asQuantized(ctx, node, *input, *quantType, "x");
  if (failed(quantized)) {
    return failure();
  }
  Type expressed =
      llvm::cast<quant::QuantizedType>(*quantType).getExpressedType();
  FailureOr<IE::DequantizeOp> op = ctx.create<IE::DequantizeOp>(
      ctx.getNodeLoc(node), {*quantized},
      {ctx.getBuilder().getNamedAttr("dstElemType", TypeAttr::get(expressed))});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

/// QLinearConv(x, x_scale, x_zero_point, w, w_scale, w_zero_point, y_scale,
/// y_zero_point, B) -> IE.Convolution / IE.GroupConvolution on quantized
/// types: x per tensor, w per tensor or per output channel, the i32 bias with
/// the scales x_scale x w_scale and zero points 0, y per tensor.
LogicalResult importQLinearConv(ImportContext &ctx,
                                const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> filter = ctx.getInput(node, 3);
  FailureOr<Value> bias = ctx.getOptionalInput(node, 8);
  if (failed(input) || failed(filter) || failed(bias)) {
    return failure();
  }
  IntegerType inputStorage = getStorageType(input->getType());
  IntegerType filterStorage = getStorageType(filter->getType());
  if (!inputStorage || !filterStorage) {
    return ctx.emitNodeError(node)
           << "inputs 'x' and 'w' must be quantized or integer tensors";
  }
  const int64_t rank = llvm::cast<ShapedType>(input->getType()).getRank();
  FailureOr<Type> inputType = buildQuantType(ctx, node, inputStorage, rank, 1);
  FailureOr<Type> filterType =
      buildQuantType(ctx, node, filterStorage, rank, 4, /*fixedAxis=*/0);
  FailureOr<Type> outputType = buildQuantType(ctx, node, nullptr, rank, 6);
  if (failed(inputType) || failed(filterType) || failed(outputType)) {
    return failure();
  }
  FailureOr<Value> quantInput = asQuantized(ctx, node, *input, *inputType, "x");
  FailureOr<Value> quantFilter =
      asQuantized(ctx, node, *filter, *filterType, "w");
  if (failed(quantInput) || failed(quantFilter)) {
    return failure();
  }
  Value quantBias;
  if (*bias) {
    IntegerType biasStorage = getStorageType(bias->getType());
    if (!biasStorage || biasStorage.getWidth() != 32) {
      return ctx.emitNodeError(node) << "input 'B' must be an int32 tensor";
    }
    // The bias is in accumulator units: scale x_scale x w_scale, zero point 0.
    auto inputQuant = llvm::cast<quant::UniformQuantizedType>(*inputType);
    MLIRContext *context = ctx.getContext();
    Type storage = IntegerType::get(context, 32);
    const int64_t lo = std::numeric_limits<int32_t>::min();
    const int64_t hi = std::numeric_limits<int32_t>::max();
    Type biasType;
    if (auto perTensor =
            llvm::dyn_cast<quant::UniformQuantizedType>(*filterType)) {
      biasType = quant::UniformQuantizedType::get(
          quant::QuantizationFlags::Signed, storage,
          inputQuant.getExpressedType(),
          inputQuant.getScale() * perTensor.getScale(), 0, lo, hi);
    } else {
      auto perAxis =
          llvm::cast<quant::UniformQuantizedPerAxisType>(*filterType);
      SmallVector<double> scales;
      for (double scale : perAxis.getScales()) {
        scales.push_back(inputQuant.getScale() * scale);
      }
      biasType = quant::UniformQuantizedPerAxisType::get(
          quant::QuantizationFlags::Signed, storage,
          inputQuant.getExpressedType(), scales,
          SmallVector<int64_t>(scales.size(), 0), 0, lo, hi);
    }
    FailureOr<Value> value = asQuantized(ctx, node, *bias, biasType, "B");
    if (failed(value)) {
      return failure();
    }
    quantBias = *value;
  }
  FailureOr<Value> result =
      importConvolution(ctx, node, *quantInput, *quantFilter, quantBias);
  if (failed(result)) {
    return failure();
  }
  // The convolution was built with the input's quantisation (the inferred
  // type); its result has y's.
  auto resultType = llvm::cast<RankedTensorType>(result->getType());
  result->setType(RankedTensorType::get(resultType.getShape(), *outputType,
                                        resultType.getEncoding()));
  std::string reason;
  Operation *conv = result->getDefiningOp();
  if (failed(IE::detail::checkConvElementTypes(
          conv->getOperand(0).getType(), conv->getOperand(1).getType(),
          conv->getNumOperands() > 2 ? conv->getOperand(2).getType() : Type(),
          result->getType(), reason))) {
    return ctx.emitNodeError(node) << reason;
  }
  return ctx.setOutputs(node, {*result});
}

/// QLinearMatMul(a, a_scale, a_zero_point, b, b_scale, b_zero_point, y_scale,
/// y_zero_point) with a [N, K] and a constant b [K, M] (quantized per tensor
/// or per column) -> IE.Reshape(IE.Convolution(IE.Reshape(a) [N, K, 1, 1],
/// b^T as [M, K, 1, 1])) [N, M] on quantized types: the rows' 1x1
/// convolution, the form the compiler gives fully connected layers.
LogicalResult importQLinearMatMul(ImportContext &ctx,
                                  const onnx::NodeProto &node) {
  FailureOr<Value> input = ctx.getInput(node, 0);
  FailureOr<Value> weights = ctx.getInput(node, 3);
  if (failed(input) || failed(weights)) {
    return failure();
  }
  auto inputType = llvm::cast<RankedTensorType>(input->getType());
  auto weightsType = llvm::cast<RankedTensorType>(weights->getType());
  if (inputType.getRank() != 2 || weightsType.getRank() != 2 ||
      !inputType.hasStaticShape() || !weightsType.hasStaticShape() ||
      inputType.getDimSize(1) != weightsType.getDimSize(0) ||
      !weights->getDefiningOp<Const::DeclareOp>()) {
    return ctx.emitNodeError(node)
           << "supports a static [N, K] input 'a' and a constant [K, M] input "
              "'b' (got "
           << inputType << " and " << weightsType << ")";
  }
  IntegerType inputStorage = getStorageType(inputType);
  IntegerType weightsStorage = getStorageType(weightsType);
  if (!inputStorage || !weightsStorage) {
    return ctx.emitNodeError(node)
           << "inputs 'a' and 'b' must be quantized or integer tensors";
  }
  FailureOr<Type> aType = buildQuantType(ctx, node, inputStorage, 2, 1);
  FailureOr<Type> bType =
      buildQuantType(ctx, node, weightsStorage, 2, 4, /*fixedAxis=*/1);
  FailureOr<Type> yType = buildQuantType(ctx, node, nullptr, 2, 6);
  if (failed(aType) || failed(bType) || failed(yType)) {
    return failure();
  }
  FailureOr<Value> quantInput = asQuantized(ctx, node, *input, *aType, "a");
  FailureOr<Value> quantWeights = asQuantized(ctx, node, *weights, *bType, "b");
  if (failed(quantInput) || failed(quantWeights)) {
    return failure();
  }
  const int64_t rows = inputType.getDimSize(0);
  const int64_t depth = inputType.getDimSize(1);
  const int64_t outputs = weightsType.getDimSize(1);
  OpBuilder &builder = ctx.getBuilder();
  Location loc = ctx.getNodeLoc(node);
  // b^T [M, K, 1, 1]: its per-column scales become per output channel.
  Const::ContentAttr filterContent =
      quantWeights->getDefiningOp<Const::DeclareOp>()
          .getContent()
          .transpose({1, 0})
          .reshape({outputs, depth, 1, 1});
  Value filter = builder.create<Const::DeclareOp>(loc, filterContent);
  FailureOr<IE::ReshapeOp> rows4D = ctx.create<IE::ReshapeOp>(
      loc, {*quantInput},
      {builder.getNamedAttr(
          "shape", builder.getDenseI64ArrayAttr({rows, depth, 1, 1}))});
  if (failed(rows4D)) {
    return failure();
  }
  const SmallVector<int64_t, 2> ones = {1, 1};
  const SmallVector<int64_t, 2> zeros = {0, 0};
  FailureOr<IE::ConvolutionOp> conv = ctx.create<IE::ConvolutionOp>(
      loc, {rows4D->getResult(), filter},
      {builder.getNamedAttr("strides", builder.getDenseI64ArrayAttr(ones)),
       builder.getNamedAttr("pads_begin", builder.getDenseI64ArrayAttr(zeros)),
       builder.getNamedAttr("pads_end", builder.getDenseI64ArrayAttr(zeros)),
       builder.getNamedAttr("dilations", builder.getDenseI64ArrayAttr(ones))});
  if (failed(conv)) {
    return failure();
  }
  // The convolution was built with a's quantisation (the inferred type); its
  // result has y's.
  conv->getResult().setType(
      RankedTensorType::get({rows, outputs, 1, 1}, *yType));
  std::string reason;
  if (failed(IE::detail::checkConvElementTypes(
          rows4D->getResult().getType(), filter.getType(), Type(),
          conv->getResult().getType(), reason))) {
    return ctx.emitNodeError(node) << reason;
  }
  FailureOr<IE::ReshapeOp> result = ctx.create<IE::ReshapeOp>(
      loc, {conv->getResult()},
      {builder.getNamedAttr("shape",
                            builder.getDenseI64ArrayAttr({rows, outputs}))});
  if (failed(result)) {
    return failure();
  }
  return ctx.setOutputs(node, {result->getResult()});
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getQuantizationHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"QuantizeLinear", 10, 17, importQuantizeLinear, "IE.Quantize"},
      {"DequantizeLinear", 10, 17, importDequantizeLinear, "IE.Dequantize"},
      {"QLinearConv", 10, 17, importQLinearConv,
       "IE.Convolution, IE.GroupConvolution"},
      {"QLinearMatMul", 10, 17, importQLinearMatMul,
       "IE.Reshape, IE.Convolution"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
