//===- BufferType.cpp - Shape, layout and memory of a buffer ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// BufferType: queries delegate to core/shape/ShapedTypeUtils (which cannot
// fail on a valid buffer type); the `with*` builders produce compact types in
// the project's single spelling (no layout for the identity order, an
// AffineMapAttr permutation otherwise).
//
//===----------------------------------------------------------------------===//

#include "dialects/vpuip/ir/BufferType.h"

#include <cassert>

#include "core/shape/ShapedTypeUtils.h"

namespace mlir::vpuc::VPUIP {

using shape::Bit;
using shape::Byte;
using shape::Dim;
using shape::DimsOrder;

/// The value of a query that cannot fail on a buffer type.
template <typename T> static T checked(FailureOr<T> value) {
  assert(succeeded(value) && "BufferType: query failed on a buffer type");
  return *value;
}

FailureOr<BufferType> BufferType::get(Type type) {
  if (!isBufferType(type)) {
    return failure();
  }
  return BufferType(llvm::cast<MemRefType>(type));
}

BufferType::BufferType(MemRefType type) : type(type) {
  assert(isBufferType(type) && "BufferType: not a VPUIP buffer type");
}

BufferType BufferType::getCompact(const shape::Shape &shape, Type elementType,
                                  DimsOrder order, MemorySpaceAttr space) {
  auto type = MemRefType::get(shape.raw(), elementType,
                              MemRefLayoutAttrInterface(), space);
  return BufferType(shape::withOrder(type, order));
}

shape::Shape BufferType::getShape() const { return shape::getShape(type); }

shape::MemShape BufferType::getMemShape() const {
  return checked(shape::getMemShape(type));
}

Bit BufferType::getElemTypeSize() const {
  return checked(shape::getElemTypeSize(type.getElementType()));
}

DimsOrder BufferType::getOrder() const {
  return checked(shape::getOrder(type));
}

MemorySpaceAttr BufferType::getMemorySpace() const {
  return checked(VPUIP::getMemorySpace(type));
}

MemoryKind BufferType::getMemoryKind() const {
  return getMemorySpace().getKind();
}

std::optional<int64_t> BufferType::getClusterIndex() const {
  return getMemorySpace().getIndex();
}

shape::Strides BufferType::getStrides() const {
  return checked(shape::getStrides(type));
}

shape::MemStrides BufferType::getMemStrides() const {
  return checked(shape::getMemStrides(type));
}

bool BufferType::isCompact() const {
  shape::Strides strides = getStrides();
  shape::Strides compact = checked(shape::getCompactStrides(type));
  shape::Shape shape = getShape();
  for (int64_t i = 0, e = shape.rank(); i < e; ++i) {
    if (shape[Dim(i)] != 1 && strides[Dim(i)] != compact[Dim(i)]) {
      return false;
    }
  }
  return true;
}

Bit BufferType::getDataSize() const {
  return getElemTypeSize() * getNumElements();
}

Byte BufferType::getTotalAllocSize() const {
  return checked(shape::getTotalAllocSize(type));
}

BufferType BufferType::withShape(const shape::Shape &shape) const {
  return getCompact(
      shape, getElementType(), getOrder(),
      llvm::cast_if_present<MemorySpaceAttr>(type.getMemorySpace()));
}

BufferType BufferType::withOrder(DimsOrder order) const {
  return getCompact(
      getShape(), getElementType(), order,
      llvm::cast_if_present<MemorySpaceAttr>(type.getMemorySpace()));
}

BufferType BufferType::withMemorySpace(MemorySpaceAttr space) const {
  return BufferType(VPUIP::withMemorySpace(type, space));
}

BufferType BufferType::withElementType(Type elementType) const {
  return getCompact(
      getShape(), elementType, getOrder(),
      llvm::cast_if_present<MemorySpaceAttr>(type.getMemorySpace()));
}

} // namespace mlir::vpuc::VPUIP
