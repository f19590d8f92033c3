//===- BufferLocation.h - Where the bytes of a buffer value are -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The alias analysis of the level-2 scheduling passes. A buffer value is a
// view of a root buffer: following `VPUIP.SubView` (which adds its byte
// offset), `VPUIP.ConcatView` (its output buffer), `VPUIP.GenericReshape`
// (the same bytes from offset 0) and the results of
// destination-style ops (the output buffer each result is tied to) leads to
// the value that owns the memory, and gives the byte range of the value
// within it. Two buffer values may share bytes when their ranges overlap in
// the same root, or, for two static allocations of the same memory, at the
// same absolute offsets. The DDR allocation uses it for the live ranges of
// allocations, the async wrapping for the dependencies between tasks and the
// conversion to VPURT for the byte offsets of declared buffers.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_BUFFERLOCATION_H_
#define VPUC_PASSES_VPUIP_UTILS_BUFFERLOCATION_H_

#include <cstdint>
#include <optional>

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"
#include "mlir/IR/Value.h"

namespace mlir::vpuc::VPUIP {

/// What owns the memory of a buffer.
enum class BufferRootKind {
  /// An argument of a function's entry block (a network input or output):
  /// distinct arguments never share memory.
  Argument,
  /// A `memref.alloc`: memory of its own until it is allocated.
  Allocation,
  /// A `VPUIP.StaticAlloc`: bytes [offset, offset + size) of its memory,
  /// which other static allocations of the same memory may share.
  StaticAllocation,
  /// A constant buffer (a ConstantLike op of memref type, e.g. a
  /// `const.Declare` buffer): read-only data of its own, which no other root
  /// shares.
  Constant,
  /// Anything else (an op the analysis does not see through, a block
  /// argument of a nested region): may share memory with any buffer.
  Unknown,
};

/// The bytes a buffer value spans: `[offset, offset + size)` of `root`.
struct BufferLocation {
  /// The value owning the memory.
  Value root;
  /// What `root` is.
  BufferRootKind kind = BufferRootKind::Unknown;
  /// Byte offset of the value's first byte from the first byte of `root`.
  int64_t offset = 0;
  /// The bytes the value spans, from its first to its last byte (so a
  /// strided view covers the gaps between its elements too).
  int64_t size = 0;
  /// False when a view on the way from the value to its root has an offset
  /// the analysis does not know (a view op other than `VPUIP.SubView`,
  /// `VPUIP.ConcatView` and `VPUIP.GenericReshape`): the location is then all
  /// of `root`.
  bool exact = true;

  /// For a static allocation, the offset of the value in its memory
  /// (the allocation's offset plus `offset`); nullopt otherwise.
  std::optional<int64_t> getAbsoluteOffset() const;

  /// True if the two values may share a byte: both non-empty and either in
  /// one root with overlapping ranges, or static allocations of the same
  /// memory with overlapping absolute ranges, or one of them of unknown
  /// root. Distinct arguments, distinct `memref.alloc`s and distinct
  /// constants never do, nor does a constant with another root.
  bool mayOverlap(const BufferLocation &other) const;
};

/// The location of the memref value `buffer` (see the file comment). The
/// size of a value whose type is not a VPUIP buffer (e.g. unranked) is
/// unknown and taken as unbounded.
BufferLocation getBufferLocation(Value buffer);

/// What a copy of a constant holds wherever it is: the constant buffer's
/// value (the attribute its ConstantLike op folds to, a const.Declare's
/// content) and the copy's type outside its memory space. Copies with equal
/// keys hold the same bytes.
struct ConstantCopyKey {
  Attribute content;
  Type type;

  bool operator==(const ConstantCopyKey &other) const {
    return content == other.content && type == other.type;
  }
  bool operator!=(const ConstantCopyKey &other) const {
    return !(*this == other);
  }
};

/// The key of the copy `destination` holds once a DMA copied the constant
/// buffer `source` into it; nothing when `source` is not a constant buffer
/// (the result of a ConstantLike op) or `destination` not a VPUIP buffer.
std::optional<ConstantCopyKey> getConstantCopyKey(Value source,
                                                  Value destination);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_BUFFERLOCATION_H_
