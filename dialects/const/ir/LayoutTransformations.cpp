//===- LayoutTransformations.cpp - Shape and layout transformations -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the transformations that move elements: Reshape, Reorder,
// Transpose, PadWithZero, SubView and Broadcast. Logical parameters are
// permuted into memory order and the data is moved with one strided copy, so
// any memory order and rank work. Splats stay splat except through padding
// with a different value.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/ConstAttributes.h"

#include <cstring>

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "core/shape/StrideReqs.h"
#include "core/shape/StridedCopy.h"
#include "mlir/Dialect/Quant/QuantTypes.h"

namespace mlir::vpuc::Const {

using shape::Bit;
using shape::Byte;
using shape::Dim;
using shape::DimsOrder;
using shape::MemDim;
using shape::MemShape;
using shape::MemStrides;

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
  return llvm::dyn_cast<quant::UniformQuantizedPerAxisType>(
      type.getElementType());
}

/// The memory order of `type`, which a verified constant type always has.
static DimsOrder getMemoryOrder(ShapedType type) {
  FailureOr<DimsOrder> order = shape::getOrder(type);
  assert(succeeded(order) && "constant types have a supported memory order");
  return *order;
}

/// `values` (one per logical dimension) in memory order `order`.
static MemShape toMemory(DimsOrder order, ArrayRef<int64_t> values) {
  return order.toMemoryOrder(shape::Shape(values));
}

/// The size of one storage element of `content`.
static Bit getStorageElementSize(const Content &content) {
  return Byte(static_cast<int64_t>(content.getElementByteSize())).toBits();
}

/// The offset in bytes of memory index `index` with strides `strides`.
static int64_t getByteOffset(const MemShape &index, const MemStrides &strides) {
  int64_t offset = 0;
  for (int64_t i = 0, e = index.rank(); i < e; ++i) {
    offset += index[MemDim(i)] * strides[MemDim(i)];
  }
  return Bit(offset).toBytes().count();
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
  FailureOr<DimsOrder> order = shape::getOrder(input);
  if (failed(order) || !order->isIdentity()) {
    return emitError() << "Reshape requires an input in identity memory "
                          "order, got "
                       << input;
  }
  if (getShape().size() > DimsOrder::kMaxRank) {
    return emitError() << "Reshape to " << formatList(getShape())
                       << " has rank " << getShape().size()
                       << ", more than the " << DimsOrder::kMaxRank
                       << " dimensions a memory order supports";
  }
  int64_t count = shape::Shape(getShape()).totalSize();
  if (count != input.getNumElements()) {
    return emitError() << "Reshape to " << formatList(getShape()) << " has "
                       << count << " elements, but the input " << input
                       << " has " << input.getNumElements();
  }
  Type elemType = input.getElementType();
  if (auto perAxis = getPerAxis(input)) {
    // The quantized dim survives where the new shape keeps it whole after the
    // same number of elements (e.g. [M, K] -> [M, K, 1, 1]): every element
    // keeps its channel.
    const int32_t axis = perAxis.getQuantizedDimension();
    const int64_t before =
        shape::Shape(input.getShape().take_front(axis)).totalSize();
    std::optional<int32_t> newAxis;
    int64_t prefix = 1;
    for (auto [index, size] : llvm::enumerate(getShape())) {
      if (prefix == before && size == input.getDimSize(axis)) {
        newAxis = static_cast<int32_t>(index);
        break;
      }
      prefix *= size;
    }
    if (!newAxis) {
      return emitError() << "Reshape to " << formatList(getShape())
                         << " splits or merges the quantized dimension " << axis
                         << " of " << input;
    }
    elemType = shape::withPerAxisParams(perAxis, perAxis.getScales(),
                                        perAxis.getZeroPoints(), *newAxis);
  }
  return llvm::cast<ShapedType>(RankedTensorType::get(getShape(), elemType));
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
    return emitError() << "Reorder order " << order << " is not a permutation";
  }
  if (failed(DimsOrder::fromAffineMap(order.getValue()))) {
    return emitError() << "Reorder order " << order << " has "
                       << order.getValue().getNumDims()
                       << " dimensions, more than the " << DimsOrder::kMaxRank
                       << " a memory order supports";
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
  return llvm::cast<ShapedType>(shape::withOrder(
      llvm::cast<RankedTensorType>(input), *DimsOrder::fromAffineMap(order)));
}

Content ReorderAttr::transform(Content &input, ShapedType outputType) const {
  DimsOrder inOrder = getMemoryOrder(input.getType());
  DimsOrder outOrder = getMemoryOrder(outputType);
  if (input.isSplat() || inOrder == outOrder) {
    return std::move(input).withType(outputType);
  }
  Bit elemSize = getStorageElementSize(input);
  shape::Shape logicalShape(outputType.getShape());
  // The input's compact strides, per logical dimension, then listed in the
  // output's memory order.
  shape::Strides inStrides =
      inOrder.toLogicalOrder(shape::computeCompactStrides(
          inOrder.toMemoryOrder(logicalShape), elemSize));
  MemStrides srcStrides = outOrder.toMemoryOrder(inStrides);
  MemShape outMemShape = outOrder.toMemoryOrder(logicalShape);
  Content output = Content::allocate(outputType, /*isSplat=*/false);
  shape::stridedCopy(input.getRawStorage().data(), srcStrides,
                     output.getMutableRawStorage().data(),
                     shape::computeCompactStrides(outMemShape, elemSize),
                     outMemShape, elemSize);
  return output;
}

//===----------------------------------------------------------------------===//
// Transpose
//===----------------------------------------------------------------------===//

LogicalResult
TransposeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<int64_t> perm) {
  SmallVector<bool, 8> seen(perm.size(), false);
  for (int64_t p : perm) {
    if (p < 0 || p >= static_cast<int64_t>(perm.size()) || seen[p]) {
      return emitError() << "Transpose perm " << formatList(perm)
                         << " is not a permutation";
    }
    seen[p] = true;
  }
  if (perm.size() > DimsOrder::kMaxRank) {
    return emitError() << "Transpose perm " << formatList(perm) << " has "
                       << perm.size() << " dimensions, more than the "
                       << DimsOrder::kMaxRank << " a memory order supports";
  }
  return success();
}

FailureOr<ShapedType> TransposeAttr::inferOutputType(
    ShapedType input, function_ref<InFlightDiagnostic()> emitError) const {
  ArrayRef<int64_t> perm = getPerm();
  if (perm.size() != static_cast<size_t>(input.getRank())) {
    return emitError() << "Transpose perm " << formatList(perm) << " has "
                       << perm.size() << " dimensions, but the input " << input
                       << " has rank " << input.getRank();
  }
  SmallVector<int64_t> shape;
  for (int64_t p : perm) {
    shape.push_back(input.getDimSize(p));
  }
  Type elemType = input.getElementType();
  if (auto perAxis = getPerAxis(input)) {
    int32_t axis = perAxis.getQuantizedDimension();
    int32_t newAxis =
        static_cast<int32_t>(llvm::find(perm, axis) - perm.begin());
    elemType = shape::withPerAxisParams(perAxis, perAxis.getScales(),
                                        perAxis.getZeroPoints(), newAxis);
  }
  return llvm::cast<ShapedType>(RankedTensorType::get(shape, elemType));
}

Content TransposeAttr::transform(Content &input, ShapedType outputType) const {
  if (input.isSplat()) {
    return std::move(input).withType(outputType);
  }
  DimsOrder inOrder = getMemoryOrder(input.getType());
  Bit elemSize = getStorageElementSize(input);
  // The input's compact strides per logical dimension; output dimension i
  // (stored in identity order) reads input dimension perm[i].
  shape::Strides inStrides =
      inOrder.toLogicalOrder(shape::computeCompactStrides(
          toMemory(inOrder, input.getType().getShape()), elemSize));
  ArrayRef<int64_t> perm = getPerm();
  MemStrides srcStrides(perm.size(), 0);
  for (size_t i = 0; i < perm.size(); ++i) {
    srcStrides[MemDim(i)] = inStrides[Dim(perm[i])];
  }
  MemShape outMemShape(outputType.getShape());
  Content output = Content::allocate(outputType, /*isSplat=*/false);
  shape::stridedCopy(input.getRawStorage().data(), srcStrides,
                     output.getMutableRawStorage().data(),
                     shape::computeCompactStrides(outMemShape, elemSize),
                     outMemShape, elemSize);
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
                       << " dimensions, but the input " << input << " has rank "
                       << input.getRank();
  }
  SmallVector<int64_t> shape;
  for (int64_t i = 0, e = input.getRank(); i < e; ++i) {
    shape.push_back(input.getDimSize(i) + before[i] + after[i]);
  }
  ShapedType output = withShape(input, shape);
  auto perAxis = getPerAxis(input);
  if (!perAxis) {
    return output;
  }
  // Padding the quantized dimension adds channels with the scale and zero
  // point of the nearest existing channel (the first one before, the last one
  // after), so that the padding is a real zero and the new channels keep the
  // relations between the scales of related tensors (e.g. a bias scale equal
  // to input scale x filter scale per channel).
  const int32_t axis = perAxis.getQuantizedDimension();
  if (before[axis] == 0 && after[axis] == 0) {
    return output;
  }
  ArrayRef<double> scales = perAxis.getScales();
  ArrayRef<int64_t> zeroPoints = perAxis.getZeroPoints();
  SmallVector<double> newScales(before[axis], scales.front());
  SmallVector<int64_t> newZeroPoints(before[axis], zeroPoints.front());
  newScales.append(scales.begin(), scales.end());
  newZeroPoints.append(zeroPoints.begin(), zeroPoints.end());
  newScales.append(after[axis], scales.back());
  newZeroPoints.append(after[axis], zeroPoints.back());
  return llvm::cast<ShapedType>(output.clone(
      shape::withPerAxisParams(perAxis, newScales, newZeroPoints, axis)));
}

Content PadWithZeroAttr::transform(Content &input,
                                   ShapedType outputType) const {
  if (input.getType().getShape() == outputType.getShape()) {
    return std::move(input).withType(outputType);
  }
  size_t elemBytes = input.getElementByteSize();
  Bit elemSize = getStorageElementSize(input);
  Type elemType = outputType.getElementType();
  DimsOrder order = getMemoryOrder(outputType);
  MemShape outMemShape = toMemory(order, outputType.getShape());
  MemStrides outStrides = shape::computeCompactStrides(outMemShape, elemSize);

  // The padding value: zero, the zero point, or one zero point per channel.
  Content padValue = Content::allocate(RankedTensorType::get({1}, elemType),
                                       /*isSplat=*/false);
  auto perAxis = getPerAxis(outputType);
  if (auto perTensor = llvm::dyn_cast<quant::UniformQuantizedType>(elemType)) {
    padValue.setInt(0, perTensor.getZeroPoint());
  }
  if (!perAxis && input.isSplat() &&
      std::memcmp(input.getRawStorage().data(), padValue.getRawStorage().data(),
                  elemBytes) == 0) {
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
    MemStrides srcStrides(outMemShape.size(), 0);
    srcStrides[order.dimPos(Dim(axis))] = elemSize.count();
    shape::stridedCopy(channels.getRawStorage().data(), srcStrides, dst,
                       outStrides, outMemShape, elemSize);
  } else {
    bool zeroBytes = llvm::all_of(padValue.getRawStorage(),
                                  [](char byte) { return byte == 0; });
    if (!zeroBytes) {
      shape::stridedCopy(padValue.getRawStorage().data(),
                         MemStrides(outMemShape.size(), 0), dst, outStrides,
                         outMemShape, elemSize);
    }
  }

  // Copy the input into the interior (a splat input is read with stride 0).
  MemShape inMemShape = toMemory(order, input.getType().getShape());
  int64_t offset = getByteOffset(toMemory(order, getPadBefore()), outStrides);
  MemStrides srcStrides =
      input.isSplat() ? MemStrides(inMemShape.size(), 0)
                      : shape::computeCompactStrides(inMemShape, elemSize);
  shape::stridedCopy(input.getRawStorage().data(), srcStrides, dst + offset,
                     outStrides, inMemShape, elemSize);
  return output;
}

//===----------------------------------------------------------------------===//
// SubView
//===----------------------------------------------------------------------===//

/// Returns true if a slice of shape `slice` of a compact tensor of shape
/// `full` (both in memory order) is one run of consecutive elements: every
/// dimension after the outermost one the slice cuts is whole, and every
/// dimension before it has size 1 in the slice.
static bool isContiguousSlice(const MemShape &full, const MemShape &slice) {
  int64_t rank = full.rank();
  int64_t cut = 0;
  while (cut < rank && slice[MemDim(cut)] == 1) {
    ++cut;
  }
  for (int64_t i = cut + 1; i < rank; ++i) {
    if (slice[MemDim(i)] != full[MemDim(i)]) {
      return false;
    }
  }
  return true;
}

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
                         << formatList(offset) << " and " << formatList(shape);
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
                       << " dimensions, but the input " << input << " has rank "
                       << input.getRank();
  }
  for (size_t i = 0; i < offset.size(); ++i) {
    if (offset[i] + shape[i] > input.getDimSize(i)) {
      return emitError() << "SubView " << formatList(offset) << " + "
                         << formatList(shape) << " is out of bounds of "
                         << input;
    }
  }
  ShapedType output = withShape(input, shape);
  if (getPerAxis(input)) {
    output = llvm::cast<ShapedType>(output.clone(
        shape::getSlicedElementType(input.getElementType(), offset, shape)));
  }
  return output;
}

Content SubViewAttr::transform(Content &input, ShapedType outputType) const {
  if (input.isSplat() || input.getType().getShape() == outputType.getShape()) {
    return std::move(input).withType(outputType);
  }
  DimsOrder order = getMemoryOrder(outputType);
  Bit elemSize = getStorageElementSize(input);
  MemStrides inStrides = shape::computeCompactStrides(
      toMemory(order, input.getType().getShape()), elemSize);
  MemShape outMemShape = toMemory(order, outputType.getShape());
  int64_t offset = getByteOffset(toMemory(order, getOffset()), inStrides);
  if (!input.isOwned() &&
      isContiguousSlice(toMemory(order, input.getType().getShape()),
                        outMemShape)) {
    // One run of the borrowed bytes (e.g. some output channels of weights
    // read straight from the model): borrow it too.
    return Content::fromBorrowed(
        outputType,
        input.getRawStorage().slice(offset, outputType.getNumElements() *
                                                input.getElementByteSize()),
        /*isSplat=*/false);
  }
  Content output = Content::allocate(outputType, /*isSplat=*/false);
  shape::stridedCopy(input.getRawStorage().data() + offset, inStrides,
                     output.getMutableRawStorage().data(),
                     shape::computeCompactStrides(outMemShape, elemSize),
                     outMemShape, elemSize);
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
    return emitError() << "Broadcast axis " << axis << " is out of range for "
                       << input;
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
  if (input.isSplat() || input.getType().getShape() == outputType.getShape()) {
    return std::move(input).withType(outputType);
  }
  DimsOrder order = getMemoryOrder(outputType);
  Bit elemSize = getStorageElementSize(input);
  MemStrides srcStrides = shape::computeCompactStrides(
      toMemory(order, input.getType().getShape()), elemSize);
  srcStrides[order.dimPos(Dim(getAxis()))] = 0;
  MemShape outMemShape = toMemory(order, outputType.getShape());
  Content output = Content::allocate(outputType, /*isSplat=*/false);
  shape::stridedCopy(input.getRawStorage().data(), srcStrides,
                     output.getMutableRawStorage().data(),
                     shape::computeCompactStrides(outMemShape, elemSize),
                     outMemShape, elemSize);
  return output;
}

} // namespace mlir::vpuc::Const
