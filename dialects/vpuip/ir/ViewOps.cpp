//===- ViewOps.cpp - VPUIP buffers and views --------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// VPUIP.StaticAlloc, VPUIP.SubView (result type inference, byte offset),
// VPUIP.ConcatView and VPUIP.GenericReshape: verifiers, folders and view
// interfaces.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/VPUIPOps.h"

#include "dialects/vpuip/ir/BufferType.h"

namespace mlir::vpuc::VPUIP {

using shape::Bit;
using shape::Byte;
using shape::Dim;

//===----------------------------------------------------------------------===//
// StaticAllocOp
//===----------------------------------------------------------------------===//

LogicalResult StaticAllocOp::verify() {
  ResourcesAttr resources = getResources(*this);
  if (!resources) {
    return success();
  }
  BufferType type(getType());
  auto offset = static_cast<int64_t>(getOffset());
  MemoryKind kind = type.getMemoryKind();
  int64_t alignment = getAlignment(resources, kind);
  if (offset % alignment != 0) {
    return emitOpError() << "offset " << offset << " is not a multiple of the "
                         << stringifyEnum(kind) << " alignment of the target ("
                         << alignment << " bytes)";
  }
  if (kind == MemoryKind::CMX_NN) {
    int64_t end = offset + type.getTotalAllocSize().count();
    if (end > resources.getCmxSize()) {
      return emitOpError() << "buffer ends at byte " << end
                           << ", beyond the usable CMX of the target ("
                           << resources.getCmxSize() << " bytes)";
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SubViewOp
//===----------------------------------------------------------------------===//

/// The offset in bits of element `offsets` of a buffer with `strides`.
static Bit getBitOffset(const shape::Strides &strides,
                        ArrayRef<int64_t> offsets) {
  int64_t bits = 0;
  for (auto [index, offset] : llvm::enumerate(offsets)) {
    bits += offset * strides[Dim(index)];
  }
  return Bit(bits);
}

FailureOr<MemRefType>
SubViewOp::inferResultType(function_ref<InFlightDiagnostic()> emitError,
                           MemRefType source, ArrayRef<int64_t> offsets,
                           ArrayRef<int64_t> sizes, ArrayRef<int64_t> steps) {
  FailureOr<BufferType> maybeSource = BufferType::get(source);
  if (failed(maybeSource)) {
    return emitError() << "source " << source << " is not a buffer";
  }
  BufferType src = *maybeSource;
  int64_t rank = src.getRank();
  if (static_cast<int64_t>(offsets.size()) != rank ||
      static_cast<int64_t>(sizes.size()) != rank) {
    return emitError() << "has " << offsets.size() << " offsets and "
                       << sizes.size() << " sizes for a source of rank "
                       << rank;
  }
  if (!steps.empty() && static_cast<int64_t>(steps.size()) != rank) {
    return emitError() << "has " << steps.size()
                       << " steps for a source of rank " << rank;
  }
  auto stepOf = [&](int64_t i) { return steps.empty() ? 1 : steps[i]; };
  shape::Shape srcShape = src.getShape();
  for (int64_t i = 0; i < rank; ++i) {
    if (stepOf(i) < 1) {
      return emitError() << "step " << stepOf(i) << " of dimension " << i
                         << " is not positive";
    }
  }
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dimSize = srcShape[Dim(i)];
    // The last element taken, offsets[i] + (sizes[i] - 1) * step, must be in
    // the dimension (checked without overflow).
    if (offsets[i] < 0 || sizes[i] < 1 || offsets[i] >= dimSize ||
        (sizes[i] - 1) > (dimSize - 1 - offsets[i]) / stepOf(i)) {
      InFlightDiagnostic diag = emitError();
      diag << "offset " << offsets[i] << " and size " << sizes[i];
      if (stepOf(i) != 1) {
        diag << " with step " << stepOf(i);
      }
      return diag << " of dimension " << i
                  << " are out of range for a source dimension of " << dimSize;
    }
  }
  shape::Strides strides = src.getStrides();
  Bit offset = getBitOffset(strides, offsets);
  if (offset.count() % 8 != 0) {
    return emitError() << "starts at bit " << offset.count()
                       << " of the source, not on a byte boundary";
  }
  for (int64_t i = 0; i < rank; ++i) {
    strides[Dim(i)] *= stepOf(i);
  }

  auto space = llvm::cast_if_present<MemorySpaceAttr>(source.getMemorySpace());
  shape::Shape shape(sizes);
  BufferType compact = BufferType::getCompact(shape, src.getElementType(),
                                              src.getOrder(), space);
  shape::Strides compactStrides = compact.getStrides();
  bool isCompact = true;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] != 1 && strides[Dim(i)] != compactStrides[Dim(i)]) {
      isCompact = false;
      break;
    }
  }
  if (isCompact) {
    return compact.getType();
  }
  int64_t elemBits = src.getElemTypeSize().count();
  SmallVector<int64_t> elemStrides;
  for (int64_t stride : strides) {
    elemStrides.push_back(stride / elemBits);
  }
  return MemRefType::get(
      sizes, src.getElementType(),
      StridedLayoutAttr::get(source.getContext(), /*offset=*/0, elemStrides),
      source.getMemorySpace());
}

void SubViewOp::build(OpBuilder &builder, OperationState &state, Value source,
                      ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes,
                      ArrayRef<int64_t> steps) {
  FailureOr<MemRefType> type = inferResultType(
      [] { return InFlightDiagnostic(); },
      llvm::cast<MemRefType>(source.getType()), offsets, sizes, steps);
  assert(succeeded(type) && "SubViewOp::build: invalid sub-view");
  DenseI64ArrayAttr stepsAttr;
  if (llvm::any_of(steps, [](int64_t step) { return step != 1; })) {
    stepsAttr = builder.getDenseI64ArrayAttr(steps);
  }
  build(builder, state, *type, source, builder.getDenseI64ArrayAttr(offsets),
        builder.getDenseI64ArrayAttr(sizes), stepsAttr);
}

SmallVector<int64_t> SubViewOp::getSteps() {
  if (std::optional<ArrayRef<int64_t>> steps = getStaticStrides()) {
    return SmallVector<int64_t>(*steps);
  }
  return SmallVector<int64_t>(getStaticOffsets().size(), 1);
}

LogicalResult SubViewOp::verify() {
  ArrayRef<int64_t> steps;
  if (std::optional<ArrayRef<int64_t>> given = getStaticStrides()) {
    steps = *given;
    if (llvm::all_of(steps, [](int64_t step) { return step == 1; })) {
      return emitOpError() << "has steps that are all 1: leave "
                              "'static_strides' out instead";
    }
  }
  FailureOr<MemRefType> inferred =
      inferResultType([this] { return emitOpError(); }, getSource().getType(),
                      getStaticOffsets(), getStaticSizes(), steps);
  if (failed(inferred)) {
    return failure();
  }
  if (*inferred != getResult().getType()) {
    return emitOpError() << "result type " << getResult().getType()
                         << " differs from the inferred type " << *inferred;
  }
  return success();
}

int64_t SubViewOp::getByteOffset() {
  BufferType src(getSource().getType());
  return getBitOffset(src.getStrides(), getStaticOffsets()).toBytes().count();
}

Value SubViewOp::getViewSource() { return getSource(); }

//===----------------------------------------------------------------------===//
// ConcatViewOp
//===----------------------------------------------------------------------===//

LogicalResult ConcatViewOp::verify() {
  if (getInputs().empty()) {
    return emitOpError() << "needs at least one input";
  }
  BufferType output(getOutputBuff().getType());
  shape::Shape outShape = output.getShape();
  int64_t elements = 0;
  for (auto [index, value] : llvm::enumerate(getInputs())) {
    BufferType input(llvm::cast<MemRefType>(value.getType()));
    if (input.getElementType() != output.getElementType()) {
      return emitOpError() << "input #" << index << " has element type "
                           << input.getElementType()
                           << ", but the output buffer has "
                           << output.getElementType();
    }
    if (input.getRank() != output.getRank()) {
      return emitOpError() << "input #" << index << " has rank "
                           << input.getRank() << ", but the output buffer has "
                           << output.getRank();
    }
    if (input.getMemorySpace() != output.getMemorySpace()) {
      return emitOpError() << "input #" << index << " is in "
                           << input.getMemorySpace()
                           << ", but the output buffer is in "
                           << output.getMemorySpace();
    }
    shape::Shape inShape = input.getShape();
    for (int64_t i = 0, e = inShape.rank(); i < e; ++i) {
      if (inShape[Dim(i)] > outShape[Dim(i)]) {
        return emitOpError()
               << "input #" << index << " of shape [" << inShape.raw()
               << "] does not fit in the output buffer of shape ["
               << outShape.raw() << "]";
      }
    }
    elements += input.getNumElements();
  }
  if (elements != output.getNumElements()) {
    return emitOpError() << "inputs hold " << elements
                         << " elements, but the output buffer holds "
                         << output.getNumElements();
  }
  return success();
}

Value ConcatViewOp::getViewSource() { return getOutputBuff(); }

//===----------------------------------------------------------------------===//
// GenericReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult GenericReshapeOp::verify() {
  BufferType input(getInput().getType());
  BufferType output(getOutput().getType());
  if (input.getElementType() != output.getElementType()) {
    return emitOpError() << "changes the element type from "
                         << input.getElementType() << " to "
                         << output.getElementType()
                         << ": a reshape keeps the elements";
  }
  if (!isSameMemory(input.getType(), output.getType())) {
    return emitOpError() << "moves the buffer from " << input.getMemorySpace()
                         << " to " << output.getMemorySpace()
                         << ": a reshape is a view of the same memory";
  }
  if (!input.isCompact()) {
    return emitOpError() << "input " << input.getType()
                         << " is not compact: only the bytes of a compact "
                            "buffer can be seen with another shape";
  }
  if (!output.isCompact()) {
    return emitOpError() << "result " << output.getType()
                         << " is not compact: a reshape is a compact buffer";
  }
  if (input.getDataSize() != output.getDataSize()) {
    return emitOpError() << "input of " << input.getDataSize().count()
                         << " bits and result of "
                         << output.getDataSize().count()
                         << " bits differ in size: a reshape keeps every byte";
  }
  return success();
}

OpFoldResult GenericReshapeOp::fold(FoldAdaptor) {
  if (getInput().getType() == getOutput().getType()) {
    return getInput();
  }
  // A reshape of a reshape sees the first input's bytes.
  if (auto producer = getInput().getDefiningOp<GenericReshapeOp>()) {
    getInputMutable().assign(producer.getInput());
    return getResult();
  }
  return {};
}

Value GenericReshapeOp::getViewSource() { return getInput(); }

} // namespace mlir::vpuc::VPUIP
