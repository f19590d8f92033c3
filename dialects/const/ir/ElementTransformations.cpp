//===- ElementTransformations.cpp - Element-wise transformations -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the element-wise transformations: ConvertElemType, Rescale, Add,
// QuantCast and Dequantize. They keep splats splat (except per-axis
// dequantisation) and never look at the memory order.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstAttributes.h"

#include <cmath>

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "mlir/Dialect/Quant/QuantTypes.h"

namespace mlir::vpuc::Const {

/// Returns `input` with element type `elemType` (shape and encoding kept).
static ShapedType withElementType(ShapedType input, Type elemType) {
  return llvm::cast<ShapedType>(input.clone(elemType));
}

/// Applies `fn(in, out, index)` to every stored element of `input`, producing
/// owned content of `outputType` (splat if `input` is).
template <typename Fn>
static Content mapElements(const Content &input, ShapedType outputType, Fn fn) {
  Content output = Content::allocate(outputType, input.isSplat());
  int64_t count = input.isSplat() ? 1 : input.getNumElements();
  for (int64_t i = 0; i < count; ++i) {
    fn(input, output, i);
  }
  return output;
}

//===----------------------------------------------------------------------===//
// ConvertElemType
//===----------------------------------------------------------------------===//

LogicalResult
ConvertElemTypeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            Type elemType) {
  if (llvm::isa<quant::QuantizedType>(elemType) ||
      !Content::isSupportedElementType(elemType)) {
    return emitError() << "ConvertElemType target " << elemType
                       << " is not a supported integer or float type";
  }
  return success();
}

FailureOr<ShapedType> ConvertElemTypeAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  if (llvm::isa<quant::QuantizedType>(input.getElementType())) {
    return emitError() << "ConvertElemType cannot convert the quantized type "
                       << input.getElementType()
                       << "; use QuantCast or Dequantize";
  }
  return withElementType(input, getElemType());
}

Content ConvertElemTypeAttr::transform(Content &input,
                                       ShapedType outputType) const {
  if (input.getElementType() == outputType.getElementType()) {
    return std::move(input).withType(outputType);
  }
  // One typed pass over the stored elements (Content::convertElements).
  return input.convertElements(outputType);
}

//===----------------------------------------------------------------------===//
// Rescale and Add
//===----------------------------------------------------------------------===//

/// Checks that `input` has float elements for `name`.
static LogicalResult
verifyFloatInput(StringRef name, ShapedType input,
                 function_ref<InFlightDiagnostic()> emitError) {
  Type elemType = input.getElementType();
  if (!llvm::isa<FloatType>(elemType)) {
    return emitError() << name << " requires a float element type, got "
                       << elemType;
  }
  return success();
}

LogicalResult RescaleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  APFloat scale) {
  if (&scale.getSemantics() != &APFloat::IEEEdouble() || !scale.isFinite()) {
    return emitError() << "Rescale scale must be finite";
  }
  return success();
}

FailureOr<ShapedType> RescaleAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyFloatInput("Rescale", input, emitError))) {
    return failure();
  }
  return input;
}

Content RescaleAttr::transform(Content &input, ShapedType outputType) const {
  double scale = getScaleValue();
  return mapElements(input, outputType,
                     [scale](const Content &in, Content &out, int64_t i) {
                       out.setDouble(i, in.getDouble(i) * scale);
                     });
}

LogicalResult AddAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              APFloat bias) {
  if (&bias.getSemantics() != &APFloat::IEEEdouble() || !bias.isFinite()) {
    return emitError() << "Add bias must be finite";
  }
  return success();
}

FailureOr<ShapedType>
AddAttr::inferOutputType(ShapedType input,
                         function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyFloatInput("Add", input, emitError))) {
    return failure();
  }
  return input;
}

Content AddAttr::transform(Content &input, ShapedType outputType) const {
  double bias = getBiasValue();
  return mapElements(input, outputType,
                     [bias](const Content &in, Content &out, int64_t i) {
                       out.setDouble(i, in.getDouble(i) + bias);
                     });
}

//===----------------------------------------------------------------------===//
// QuantCast
//===----------------------------------------------------------------------===//

/// The storage of an element type: (width, signedness or none for signless).
struct StorageKind {
  unsigned width;
  std::optional<bool> isSigned;
};

static std::optional<StorageKind> getStorageKind(Type elemType) {
  if (auto quantType = llvm::dyn_cast<quant::QuantizedType>(elemType)) {
    return StorageKind{quantType.getStorageTypeIntegralWidth(),
                       quantType.isSigned()};
  }
  if (auto intType = llvm::dyn_cast<IntegerType>(elemType)) {
    if (intType.isSignless()) {
      return StorageKind{intType.getWidth(), std::nullopt};
    }
    return StorageKind{intType.getWidth(), intType.isSigned()};
  }
  return std::nullopt;
}

LogicalResult
QuantCastAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      Type elemType) {
  if (!Content::isSupportedElementType(elemType) ||
      !llvm::isa<IntegerType, quant::UniformQuantizedType,
                 quant::UniformQuantizedPerAxisType>(elemType)) {
    return emitError() << "QuantCast target " << elemType
                       << " is not an integer or uniform quantized type";
  }
  return success();
}

/// Returns true if the storage of `from` and `to` is the same.
static bool haveSameStorage(Type from, Type to) {
  std::optional<StorageKind> fromKind = getStorageKind(from);
  std::optional<StorageKind> toKind = getStorageKind(to);
  return fromKind && toKind && fromKind->width == toKind->width &&
         (!fromKind->isSigned || !toKind->isSigned ||
          *fromKind->isSigned == *toKind->isSigned);
}

bool QuantCastAttr::isValidCast(Type from, Type to) {
  return (llvm::isa<quant::QuantizedType>(from) ||
          llvm::isa<quant::QuantizedType>(to)) &&
         haveSameStorage(from, to);
}

FailureOr<ShapedType> QuantCastAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  Type from = input.getElementType();
  Type to = getElemType();
  if (!llvm::isa<quant::QuantizedType>(from) &&
      !llvm::isa<quant::QuantizedType>(to)) {
    return emitError() << "QuantCast from " << from << " to " << to
                       << " needs a quantized type on one side";
  }
  if (!haveSameStorage(from, to)) {
    return emitError() << "QuantCast from " << from << " to " << to
                       << ": storage types do not match";
  }
  if (auto perAxis = llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(to)) {
    int32_t axis = perAxis.getQuantizedDimension();
    if (axis >= input.getRank() ||
        input.getDimSize(axis) !=
            static_cast<int64_t>(perAxis.getScales().size())) {
      return emitError() << "QuantCast to " << to
                         << ": quantized dimension does not match the shape "
                            "of "
                         << input;
    }
  }
  return withElementType(input, to);
}

Content QuantCastAttr::transform(Content &input, ShapedType outputType) const {
  return std::move(input).withType(outputType);
}

//===----------------------------------------------------------------------===//
// Dequantize
//===----------------------------------------------------------------------===//

FailureOr<ShapedType> DequantizeAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  Type elemType = input.getElementType();
  if (!llvm::isa<quant::UniformQuantizedType,
                 quant::UniformQuantizedPerAxisType>(elemType)) {
    return emitError()
           << "Dequantize requires a uniform quantized element type, got "
           << elemType;
  }
  Type expressed =
      llvm::cast<quant::QuantizedType>(elemType).getExpressedType();
  if (!llvm::isa<FloatType>(expressed) ||
      !Content::isSupportedElementType(expressed)) {
    return emitError() << "Dequantize expressed type " << expressed
                       << " is not f16, bf16, f32 or f64";
  }
  return withElementType(input, expressed);
}

Content DequantizeAttr::transform(Content &input, ShapedType outputType) const {
  Type elemType = input.getElementType();
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(elemType)) {
    double scale = perTensor.getScale();
    int64_t zeroPoint = perTensor.getZeroPoint();
    return mapElements(
        input, outputType,
        [scale, zeroPoint](const Content &in, Content &out, int64_t i) {
          out.setDouble(i,
                        static_cast<double>(in.getInt(i) - zeroPoint) * scale);
        });
  }
  auto perAxis = llvm::cast<quant::UniformQuantizedPerAxisType>(elemType);
  ArrayRef<double> scales = perAxis.getScales();
  ArrayRef<int64_t> zeroPoints = perAxis.getZeroPoints();
  // The channel of the element at memory position i: the channel dimension
  // repeats every `stride` elements (the product of the inner memory
  // dimensions) and has `size` values.
  FailureOr<shape::DimsOrder> order = shape::getOrder(input.getType());
  FailureOr<shape::MemShape> memShape = shape::getMemShape(input.getType());
  assert(succeeded(order) && succeeded(memShape) &&
         "constant types have a supported memory order");
  int64_t memAxis =
      order->dimPos(shape::Dim(perAxis.getQuantizedDimension())).ind();
  int64_t stride =
      shape::MemShape(memShape->raw().drop_front(memAxis + 1)).totalSize();
  int64_t size = (*memShape)[shape::MemDim(memAxis)];
  Content dense = std::move(input).expandSplat();
  Content output = Content::allocate(outputType, /*isSplat=*/false);
  for (int64_t i = 0, e = dense.getNumElements(); i < e; ++i) {
    int64_t channel = (i / stride) % size;
    output.setDouble(
        i, static_cast<double>(dense.getInt(i) - zeroPoints[channel]) *
               scales[channel]);
  }
  return output;
}

} // namespace mlir::vpuc::Const
