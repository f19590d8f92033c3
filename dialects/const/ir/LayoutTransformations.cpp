//===- LayoutTransformations.cpp - Shape and layout transformations -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the transformations that move elements: Reshape, Reorder,
// PadWithZero, SubView and Broadcast. Logical parameters are permuted into
// memory order and the data is moved with one strided copy, so any memory
// order and rank work. Splats stay splat except through padding with a
// different value.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstAttributes.h"

#include <cstring>

#include "dialects/const/ir/Layout.h"
#include "mlir/Dialect/Quant/QuantTypes.h"

namespace mlir::vpuc::Const {

/// Formats a list of integers as `[a, b, c]`.
static std::string formatList(ArrayRef<int64_t> values) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(values, os);
  os << "]";
  return os.str();
}

/// Returns `input` with shape `shape` (element type and encoding kept).
static ShapedType withShape(ShapedType input, ArrayRef<int64_t> shape) {
  auto tensorType = llvm::cast<RankedTensorType>(input);
  return RankedTensorType::get(shape, tensorType.getElementType(),
                               tensorType.getEncoding());
}

/// The per-axis quantized type of `type`, if any.
static quant::UniformQuantizedPerAxisType getPerAxis(ShapedType type) {
  return llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(type.getElementType());
}

/// Memory position of logical dimension `dim` in `perm`.
static unsigned memoryPosition(ArrayRef<unsigned> perm, unsigned dim) {
  for (unsigned i = 0, e = perm.size(); i < e; ++i) {
    if (perm[i] == dim) {
      return i;
    }
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// Reshape
//===----------------------------------------------------------------------===//

LogicalResult ReshapeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape) {
  for (int64_t dim : shape) {
    if (dim <= 0) {
      return emitError() << "Reshape shape " << formatList(shape)
                         << " must have positive dimensions";
    }
  }
  return success();
}

FailureOr<ShapedType> ReshapeAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  if (!layout::hasIdentityOrder(input)) {
    return emitError() << "Reshape requires an input in identity memory "
                          "order, got "
                       << input;
  }
  if (getPerAxis(input)) {
    return emitError() << "Reshape of the per-axis quantized type " << input
                       << " is not supported";
  }
  int64_t count = 1;
  for (int64_t dim : getShape()) {
    count *= dim;
  }
  if (count != input.getNumElements()) {
    return emitError() << "Reshape to " << formatList(getShape()) << " has "
                       << count << " elements, but the input " << input
                       << " has " << input.getNumElements();
  }
  return llvm::cast<ShapedType>(
      RankedTensorType::get(getShape(), input.getElementType()));
}

Content ReshapeAttr::transform(Content &input, ShapedType outputType) const {
  return std::move(input).withType(outputType);
}

//===----------------------------------------------------------------------===//
// Reorder
//===----------------------------------------------------------------------===//

LogicalResult ReorderAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  AffineMapAttr order) {
  if (!order || !order.getValue().isPermutation()) {
    return emitError() << "Reorder order " << order
                       << " is not a permutation";
  }
  return success();
}

FailureOr<ShapedType> ReorderAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  AffineMap order = getOrder().getValue();
  if (order.getNumDims() != static_cast<unsigned>(input.getRank())) {
    return emitError() << "Reorder order " << getOrder() << " has "
                       << order.getNumDims() << " dimensions, but the input "
                       << input << " has rank " << input.getRank();
  }
  return llvm::cast<ShapedType>(
      layout::withOrder(llvm::cast<RankedTensorType>(input), order));
}

Content ReorderAttr::transform(Content &input, ShapedType outputType) const {
  SmallVector<unsigned> inPerm = layout::getMemoryPermutation(input.getType());
  SmallVector<unsigned> outPerm = layout::getMemoryPermutation(outputType);
  if (input.isSplat() || inPerm == outPerm) {
    return std::move(input).withType(outputType);
  }
  ArrayRef<int64_t> shape = outputType.getShape();
  SmallVector<int64_t> inStrides =
      layout::getRowMajorStrides(layout::toMemory(shape, inPerm));
  SmallVector<int64_t> outMemShape = layout::toMemory(shape, outPerm);
  // Output memory dimension j holds logical dimension outPerm[j], which the
  // input stores at memory position memoryPosition(inPerm, outPerm[j]).
  SmallVector<int64_t> srcStrides;
  for (unsigned dim : outPerm) {
    srcStrides.push_back(inStrides[memoryPosition(inPerm, dim)]);
  }
  Content output = Content::allocate(outputType, /*isSplat=*/false);
  MutableArrayRef<char> dst = output.getMutableRawStorage();
  layout::stridedCopy(input.getRawStorage().data(), srcStrides, dst.data(),
                      layout::getRowMajorStrides(outMemShape), outMemShape,
                      output.getElementByteSize());
  return output;
}

//===----------------------------------------------------------------------===//
// PadWithZero
//===----------------------------------------------------------------------===//

LogicalResult
PadWithZeroAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        ArrayRef<int64_t> padBefore,
                        ArrayRef<int64_t> padAfter) {
  if (padBefore.size() != padAfter.size()) {
    return emitError() << "PadWithZero padBefore " << formatList(padBefore)
                       << " and padAfter " << formatList(padAfter)
                       << " have different ranks";
  }
  for (int64_t pad : llvm::concat<const int64_t>(padBefore, padAfter)) {
    if (pad < 0) {
      return emitError() << "PadWithZero pads must be non-negative, got "
                         << formatList(padBefore) << " and "
                         << formatList(padAfter);
    }
  }
  return success();
}

FailureOr<ShapedType> PadWithZeroAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  ArrayRef<int64_t> before = getPadBefore();
  ArrayRef<int64_t> after = getPadAfter();
  if (before.size() != static_cast<size_t>(input.getRank())) {
    return emitError() << "PadWithZero has " << before.size()
                       << " dimensions, but the input " << input
                       << " has rank " << input.getRank();
  }
  if (auto perAxis = getPerAxis(input)) {
    int32_t axis = perAxis.getQuantizedDimension();
    if (before[axis] != 0 || after[axis] != 0) {
      return emitError() << "PadWithZero cannot pad the quantized dimension "
                         << axis << " of " << input;
    }
  }
  SmallVector<int64_t> shape;
  for (int64_t i = 0, e = input.getRank(); i < e; ++i) {
    shape.push_back(input.getDimSize(i) + before[i] + after[i]);
  }
  return withShape(input, shape);
}

Content PadWithZeroAttr::transform(Content &input,
                                   ShapedType outputType) const {
  if (input.getType().getShape() == outputType.getShape()) {
    return std::move(input).withType(outputType);
  }
  size_t elemBytes = input.getElementByteSize();
  Type elemType = outputType.getElementType();
  SmallVector<unsigned> perm = layout::getMemoryPermutation(outputType);
  SmallVector<int64_t> outMemShape =
      layout::toMemory(outputType.getShape(), perm);
  SmallVector<int64_t> outStrides = layout::getRowMajorStrides(outMemShape);

  // The padding value: zero, the zero point, or one zero point per channel.
  Content padValue = Content::allocate(
      RankedTensorType::get({1}, elemType), /*isSplat=*/false);
  auto perAxis = getPerAxis(outputType);
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(elemType)) {
    padValue.setInt(0, perTensor.getZeroPoint());
  }
  if (!perAxis && input.isSplat() &&
      std::memcmp(input.getRawStorage().data(),
                  padValue.getRawStorage().data(), elemBytes) == 0) {
    return std::move(input).withType(outputType);
  }

  Content output = Content::allocate(outputType, /*isSplat=*/false);
  char *dst = output.getMutableRawStorage().data();
  if (perAxis) {
    unsigned axis = perAxis.getQuantizedDimension();
    ArrayRef<int64_t> zeroPoints = perAxis.getZeroPoints();
    Content channels = Content::allocate(
        RankedTensorType::get({static_cast<int64_t>(zeroPoints.size())},
                              elemType),
        /*isSplat=*/false);
    for (size_t c = 0; c < zeroPoints.size(); ++c) {
      channels.setInt(c, zeroPoints[c]);
    }
    SmallVector<int64_t> srcStrides(outMemShape.size(), 0);
    srcStrides[memoryPosition(perm, axis)] = 1;
    layout::stridedCopy(channels.getRawStorage().data(), srcStrides, dst,
                        outStrides, outMemShape, elemBytes);
  } else {
    bool zeroBytes = llvm::all_of(padValue.getRawStorage(),
                                  [](char byte) { return byte == 0; });
    if (!zeroBytes) {
      for (int64_t i = 0, e = output.getNumElements(); i < e; ++i) {
        std::memcpy(dst + i * elemBytes, padValue.getRawStorage().data(),
                    elemBytes);
      }
    }
  }

  // Copy the input into the interior (a splat input is read with stride 0).
  SmallVector<int64_t> inMemShape =
      layout::toMemory(input.getType().getShape(), perm);
  SmallVector<int64_t> memBefore = layout::toMemory(getPadBefore(), perm);
  int64_t offset = 0;
  for (size_t i = 0; i < memBefore.size(); ++i) {
    offset += memBefore[i] * outStrides[i];
  }
  SmallVector<int64_t> srcStrides =
      input.isSplat() ? SmallVector<int64_t>(inMemShape.size(), 0)
                      : layout::getRowMajorStrides(inMemShape);
  layout::stridedCopy(input.getRawStorage().data(), srcStrides,
                      dst + offset * elemBytes, outStrides, inMemShape,
                      elemBytes);
  return output;
}

//===----------------------------------------------------------------------===//
// SubView
//===----------------------------------------------------------------------===//

LogicalResult SubViewAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> offset,
                                  ArrayRef<int64_t> shape) {
  if (offset.size() != shape.size()) {
    return emitError() << "SubView offset " << formatList(offset)
                       << " and shape " << formatList(shape)
                       << " have different ranks";
  }
  for (size_t i = 0; i < offset.size(); ++i) {
    if (offset[i] < 0 || shape[i] <= 0) {
      return emitError() << "SubView offsets must be non-negative and sizes "
                            "positive, got "
                         << formatList(offset) << " and "
                         << formatList(shape);
    }
  }
  return success();
}

FailureOr<ShapedType> SubViewAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  ArrayRef<int64_t> offset = getOffset();
  ArrayRef<int64_t> shape = getShape();
  if (offset.size() != static_cast<size_t>(input.getRank())) {
    return emitError() << "SubView has " << offset.size()
                       << " dimensions, but the input " << input
                       << " has rank " << input.getRank();
  }
  for (size_t i = 0; i < offset.size(); ++i) {
    if (offset[i] + shape[i] > input.getDimSize(i)) {
      return emitError() << "SubView " << formatList(offset) << " + "
                         << formatList(shape) << " is out of bounds of "
                         << input;
    }
  }
  ShapedType output = withShape(input, shape);
  if (auto perAxis = getPerAxis(input)) {
    int32_t axis = perAxis.getQuantizedDimension();
    if (shape[axis] != input.getDimSize(axis)) {
      auto sliced = quant::UniformQuantizedPerAxisType::get(
          perAxis.getFlags(), perAxis.getStorageType(),
          perAxis.getExpressedType(),
          perAxis.getScales().slice(offset[axis], shape[axis]),
          perAxis.getZeroPoints().slice(offset[axis], shape[axis]), axis,
          perAxis.getStorageTypeMin(), perAxis.getStorageTypeMax());
      output = llvm::cast<ShapedType>(output.clone(sliced));
    }
  }
  return output;
}

Content SubViewAttr::transform(Content &input, ShapedType outputType) const {
  if (input.isSplat() ||
      input.getType().getShape() == outputType.getShape()) {
    return std::move(input).withType(outputType);
  }
  SmallVector<unsigned> perm = layout::getMemoryPermutation(outputType);
  SmallVector<int64_t> inStrides = layout::getRowMajorStrides(
      layout::toMemory(input.getType().getShape(), perm));
  SmallVector<int64_t> outMemShape =
      layout::toMemory(outputType.getShape(), perm);
  SmallVector<int64_t> memOffset = layout::toMemory(getOffset(), perm);
  int64_t offset = 0;
  for (size_t i = 0; i < memOffset.size(); ++i) {
    offset += memOffset[i] * inStrides[i];
  }
  Content output = Content::allocate(outputType, /*isSplat=*/false);
  size_t elemBytes = output.getElementByteSize();
  layout::stridedCopy(input.getRawStorage().data() + offset * elemBytes,
                      inStrides, output.getMutableRawStorage().data(),
                      layout::getRowMajorStrides(outMemShape), outMemShape,
                      elemBytes);
  return output;
}

//===----------------------------------------------------------------------===//
// Broadcast
//===----------------------------------------------------------------------===//

LogicalResult
BroadcastAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t axis, int64_t value) {
  if (axis < 0 || value < 1) {
    return emitError() << "Broadcast axis must be non-negative and the size "
                          "positive, got axis "
                       << axis << " and size " << value;
  }
  return success();
}

FailureOr<ShapedType> BroadcastAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  int64_t axis = getAxis();
  if (axis >= input.getRank()) {
    return emitError() << "Broadcast axis " << axis
                       << " is out of range for " << input;
  }
  if (input.getDimSize(axis) != 1) {
    return emitError() << "Broadcast axis " << axis << " of " << input
                       << " has size " << input.getDimSize(axis)
                       << ", expected 1";
  }
  if (auto perAxis = getPerAxis(input)) {
    if (perAxis.getQuantizedDimension() == axis && getValue() != 1) {
      return emitError() << "Broadcast cannot expand the quantized dimension "
                         << axis << " of " << input;
    }
  }
  SmallVector<int64_t> shape(input.getShape());
  shape[axis] = getValue();
  return withShape(input, shape);
}

Content BroadcastAttr::transform(Content &input, ShapedType outputType) const {
  if (input.isSplat() ||
      input.getType().getShape() == outputType.getShape()) {
    return std::move(input).withType(outputType);
  }
  SmallVector<unsigned> perm = layout::getMemoryPermutation(outputType);
  SmallVector<int64_t> srcStrides = layout::getRowMajorStrides(
      layout::toMemory(input.getType().getShape(), perm));
  srcStrides[memoryPosition(perm, getAxis())] = 0;
  SmallVector<int64_t> outMemShape =
      layout::toMemory(outputType.getShape(), perm);
  Content output = Content::allocate(outputType, /*isSplat=*/false);
  layout::stridedCopy(input.getRawStorage().data(), srcStrides,
                      output.getMutableRawStorage().data(),
                      layout::getRowMajorStrides(outMemShape), outMemShape,
                      output.getElementByteSize());
  return output;
}

} // namespace mlir::vpuc::Const
