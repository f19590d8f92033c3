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
FailureOr<Type> buildQuantType(ImportContext &ctx, const onnx::NodeProto &node,
                               IntegerType storageType, int64_t rank) {
  FailureOr<Value> scaleValue = ctx.getInput(node, 1);
  FailureOr<Value> zeroPointValue = ctx.getOptionalInput(node, 2);
  if (failed(scaleValue) || failed(zeroPointValue)) {
    return failure();
  }
  FailureOr<std::optional<SmallVector<double>>> scales =
      getConstantInput(ctx, node, 1, "scale");
  FailureOr<std::optional<SmallVector<double>>> zeroPoints =
      getConstantInput(ctx, node, 2, "zero_point", /*optional=*/true);
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
  FailureOr<int64_t> axis = ctx.getIntAttr(node, "axis", 1);
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
  Value quantized = *input;
  IntegerType storageType;
  if (auto quantize = input->getDefiningOp<IE::QuantizeOp>()) {
    auto storage = llvm::cast<quant::QuantizedType>(quantize.getDstElemType());
    storageType = IntegerType::get(
        ctx.getContext(), storage.getStorageTypeIntegralWidth(),
        storage.isSigned() ? IntegerType::Signed : IntegerType::Unsigned);
  } else {
    storageType = llvm::dyn_cast<IntegerType>(inputType.getElementType());
    if (!storageType) {
      return ctx.emitNodeError(node) << "input 'x' must be an integer tensor";
    }
  }
  FailureOr<Type> quantType =
      buildQuantType(ctx, node, storageType, inputType.getRank());
  if (failed(quantType)) {
    return failure();
  }
  if (auto quantize = input->getDefiningOp<IE::QuantizeOp>()) {
    if (quantize.getDstElemType() != *quantType) {
      return ctx.emitNodeError(node)
             << "dequantizes a QuantizeLinear output with other parameters ("
             << *quantType << " vs " << quantize.getDstElemType() << ")";
    }
  } else if (auto declare = input->getDefiningOp<Const::DeclareOp>()) {
    OpBuilder &builder = ctx.getBuilder();
    quantized = builder.create<Const::DeclareOp>(
        declare.getLoc(), declare.getContent().quantCast(*quantType));
  } else {
    return ctx.emitNodeError(node)
           << "input 'x' must be a constant or the output of a QuantizeLinear";
  }
  Type expressed =
      llvm::cast<quant::QuantizedType>(*quantType).getExpressedType();
  FailureOr<IE::DequantizeOp> op = ctx.create<IE::DequantizeOp>(
      ctx.getNodeLoc(node), {quantized},
      {ctx.getBuilder().getNamedAttr("dstElemType", TypeAttr::get(expressed))});
  if (failed(op)) {
    return failure();
  }
  return ctx.setOutputs(node, {op->getResult()});
}

} // namespace

llvm::ArrayRef<OpHandlerInfo> getQuantizationHandlers() {
  static const OpHandlerInfo handlers[] = {
      {"QuantizeLinear", 10, 17, importQuantizeLinear, "IE.Quantize"},
      {"DequantizeLinear", 10, 17, importDequantizeLinear, "IE.Dequantize"},
  };
  return handlers;
}

} // namespace mlir::vpuc::onnx_frontend
