//===- BufferType.h - Shape, layout and memory of a buffer type -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `BufferType` wraps a VPUIP buffer type (a memref accepted by
// `VPUIP::isBufferType`) and answers the questions passes ask about it in the
// core/shape vocabulary: logical and memory shape, element type and size,
// order, strides (in bits), memory, sizes in bytes. It delegates the layout
// rules to core/shape/ShapedTypeUtils.h; because the wrapped type is known to
// be a valid buffer, the queries cannot fail.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_BUFFERTYPE_H_
#define VPUC_DIALECTS_VPUIP_IR_BUFFERTYPE_H_

#include <cstdint>
#include <optional>

#include "core/shape/DimsOrder.h"
#include "core/shape/Shape.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::vpuc::VPUIP {

/// A VPUIP buffer type with shape, layout and memory queries.
class BufferType {
public:
  /// Wraps `type`; fails unless `isBufferType(type)`.
  static FailureOr<BufferType> get(Type type);
  /// Wraps `type`, which must be a buffer type.
  explicit BufferType(MemRefType type);

  /// The compact buffer of `shape` and `elementType` in `order`, in `space`
  /// (null: no memory space, i.e. DDR).
  static BufferType getCompact(const shape::Shape &shape, Type elementType,
                               shape::DimsOrder order,
                               MemorySpaceAttr space = {});

  /// The wrapped memref type.
  MemRefType getType() const { return type; }
  /// Converts to the wrapped memref type.
  operator MemRefType() const { return type; }

  /// The logical shape.
  shape::Shape getShape() const;
  /// The shape in memory order.
  shape::MemShape getMemShape() const;
  /// The rank.
  int64_t getRank() const { return type.getRank(); }
  /// The number of elements.
  int64_t getNumElements() const { return type.getNumElements(); }
  /// The element type.
  Type getElementType() const { return type.getElementType(); }
  /// The storage size of one element.
  shape::Bit getElemTypeSize() const;
  /// The order of the dimensions in memory.
  shape::DimsOrder getOrder() const;

  /// The memory (DDR when the type has no memory space).
  MemorySpaceAttr getMemorySpace() const;
  /// The kind of memory.
  MemoryKind getMemoryKind() const;
  /// The cluster of a CMX buffer; nullopt in DDR.
  std::optional<int64_t> getClusterIndex() const;

  /// The strides in bits, in logical order.
  shape::Strides getStrides() const;
  /// The strides in bits, in memory order.
  shape::MemStrides getMemStrides() const;
  /// True if the buffer is compact in its order (strides of size-1
  /// dimensions are ignored, as they never advance an address).
  bool isCompact() const;

  /// The bits of data the buffer holds (elements x element size).
  shape::Bit getDataSize() const;
  /// The bytes the buffer spans in memory, from its first to its last byte
  /// (the compact size for compact buffers).
  shape::Byte getTotalAllocSize() const;

  /// The compact buffer with this element type and memory, of shape `shape`
  /// in this order.
  BufferType withShape(const shape::Shape &shape) const;
  /// The compact buffer with this shape, element type and memory in `order`.
  BufferType withOrder(shape::DimsOrder order) const;
  /// This buffer (same layout) in memory `space` (null: no memory space).
  BufferType withMemorySpace(MemorySpaceAttr space) const;
  /// This buffer with element type `elementType`, compact in this order.
  BufferType withElementType(Type elementType) const;

  friend bool operator==(const BufferType &a, const BufferType &b) {
    return a.type == b.type;
  }
  friend bool operator!=(const BufferType &a, const BufferType &b) {
    return a.type != b.type;
  }

private:
  MemRefType type;
};

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_DIALECTS_VPUIP_IR_BUFFERTYPE_H_
