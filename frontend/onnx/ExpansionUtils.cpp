//===- ExpansionUtils.cpp - Building IE expansions of ONNX ops -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// See ExpansionUtils.h.
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ExpansionUtils.h"

#include <cmath>

#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "onnx/onnx_pb.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

namespace mlir::vpuc::onnx_frontend {

Value createValuesConstant(ImportContext &ctx, const onnx::NodeProto &node,
                           Type elemType, llvm::ArrayRef<int64_t> shape,
                           llvm::ArrayRef<double> values) {
  auto type = RankedTensorType::get(shape, elemType);
  DenseElementsAttr elements;
  if (auto floatType = llvm::dyn_cast<FloatType>(elemType)) {
    llvm::SmallVector<llvm::APFloat> floats;
    floats.reserve(values.size());
    for (double value : values) {
      llvm::APFloat converted(value);
      bool losesInfo = false;
      converted.convert(floatType.getFloatSemantics(),
                        llvm::APFloat::rmNearestTiesToEven, &losesInfo);
      floats.push_back(converted);
    }
    elements = DenseElementsAttr::get(type, floats);
  } else {
    auto intType = llvm::cast<IntegerType>(elemType);
    llvm::SmallVector<llvm::APInt> ints;
    ints.reserve(values.size());
    for (double value : values) {
      if (intType.getWidth() == 1) {
        ints.emplace_back(1, value != 0.0 ? 1 : 0);
        continue;
      }
      ints.emplace_back(
          intType.getWidth(),
          static_cast<uint64_t>(static_cast<int64_t>(std::trunc(value))),
          /*isSigned=*/!intType.isUnsigned());
    }
    elements = DenseElementsAttr::get(type, ints);
  }
  return ctx.getBuilder()
      .create<Const::DeclareOp>(ctx.getNodeLoc(node),
                                Const::ContentAttr::get(elements))
      .getResult();
}

Value createIndexConstant(ImportContext &ctx, const onnx::NodeProto &node,
                          llvm::ArrayRef<int64_t> shape,
                          llvm::ArrayRef<int64_t> values) {
  auto elemType = ctx.convertElementType(onnx::TensorProto::INT64);
  auto type = RankedTensorType::get(shape, elemType);
  llvm::SmallVector<llvm::APInt> ints;
  ints.reserve(values.size());
  for (int64_t value : values) {
    ints.emplace_back(64, static_cast<uint64_t>(value), /*isSigned=*/true);
  }
  return ctx.getBuilder()
      .create<Const::DeclareOp>(
          ctx.getNodeLoc(node),
          Const::ContentAttr::get(DenseElementsAttr::get(type, ints)))
      .getResult();
}

FailureOr<Value> buildReshape(ImportContext &ctx, const onnx::NodeProto &node,
                              Value input, llvm::ArrayRef<int64_t> shape) {
  if (getTensorType(input).getShape() == shape) {
    return input;
  }
  OpBuilder &builder = ctx.getBuilder();
  return buildOp<IE::ReshapeOp>(
      ctx, node, {input},
      {builder.getNamedAttr("shape", builder.getDenseI64ArrayAttr(shape))});
}

FailureOr<Value> buildTranspose(ImportContext &ctx, const onnx::NodeProto &node,
                                Value input, llvm::ArrayRef<int64_t> perm) {
  bool identity = true;
  for (auto [index, dim] : llvm::enumerate(perm)) {
    identity &= static_cast<int64_t>(index) == dim;
  }
  if (identity) {
    return input;
  }
  OpBuilder &builder = ctx.getBuilder();
  return buildOp<IE::TransposeOp>(
      ctx, node, {input},
      {builder.getNamedAttr("perm", builder.getDenseI64ArrayAttr(perm))});
}

FailureOr<Value> buildConvert(ImportContext &ctx, const onnx::NodeProto &node,
                              Value input, Type elemType) {
  if (getTensorType(input).getElementType() == elemType) {
    return input;
  }
  OpBuilder &builder = ctx.getBuilder();
  return buildOp<IE::ConvertOp>(
      ctx, node, {input},
      {builder.getNamedAttr("dstElemType", TypeAttr::get(elemType))});
}

FailureOr<Type> getDataTypeAttr(ImportContext &ctx, const onnx::NodeProto &node,
                                llvm::StringRef name, int64_t defaultType) {
  FailureOr<int64_t> dataType = ctx.getIntAttr(node, name, defaultType);
  if (failed(dataType)) {
    return failure();
  }
  Type elemType = ctx.convertElementType(static_cast<int32_t>(*dataType));
  if (!elemType ||
      !(llvm::isa<FloatType>(elemType) || llvm::isa<IntegerType>(elemType))) {
    return ctx.emitNodeError(node)
           << "attribute '" << name << "' names the unsupported element type "
           << ImportContext::getDataTypeName(static_cast<int32_t>(*dataType));
  }
  return elemType;
}

FailureOr<int64_t> getConstantIntScalar(ImportContext &ctx,
                                        const onnx::NodeProto &node, int index,
                                        llvm::StringRef what) {
  FailureOr<llvm::SmallVector<int64_t>> values =
      ctx.getConstantInts(node, index, what);
  if (failed(values)) {
    return failure();
  }
  if (values->size() != 1) {
    return ctx.emitNodeError(node)
           << "input '" << what << "' must hold one value, got "
           << values->size();
  }
  return values->front();
}

} // namespace mlir::vpuc::onnx_frontend
