//===- BufferBoxes.h - Boxes of allocations and their writers ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The element-level view of the buffers of a function body that the passes
// rewriting copies between them share: the rectangular part (box) of a
// `memref.alloc` a buffer value is, in the allocation's logical dims, and the
// ops of a block writing each root buffer. A box is exact where
// BufferLocation's byte ranges are spans: two channel slices of an NHWC
// buffer are disjoint boxes but overlapping byte spans.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_UTILS_BUFFERBOXES_H_
#define VPUC_PASSES_VPUIP_UTILS_BUFFERBOXES_H_

#include <cstdint>
#include <optional>

#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::VPUIP {

/// The whole `memref.alloc` (static shape, no symbols) that `buffer` is, in
/// memory `kind`, or null.
memref::AllocOp getWholeAllocation(Value buffer, MemoryKind kind);

/// True if `value` is a VPUIP buffer in memory `kind`.
bool isInMemory(Value value, MemoryKind kind);

/// A rectangular part of a root buffer: the elements `offsets[i] + k`,
/// `0 <= k < sizes[i]`, in the logical dimensions of `root`.
struct Box {
  Value root;
  llvm::SmallVector<int64_t, 4> offsets;
  llvm::SmallVector<int64_t, 4> sizes;

  int64_t getNumElements() const;

  /// The elements of both boxes (of one root), or nullopt when none.
  std::optional<Box> intersect(const Box &other) const;
};

/// The box `buffer` covers in the `memref.alloc` it is a view of, following
/// unit-step `VPUIP.SubView`s, `VPUIP.ConcatView`s and the results of
/// destination-style ops (their output buffers, of the result's type);
/// nullopt through any other view (a reshape, a strided step) or to another
/// root.
std::optional<Box> getBox(Value buffer);

/// The one box that `boxes` (of one root, at least one) fill when they are
/// pairwise disjoint and their elements are all of their bounding box;
/// nullopt otherwise (some overlap, or the bounding box has holes).
std::optional<Box> getFilledBox(llvm::ArrayRef<Box> boxes);

/// True if `sizes` at `offsets` is all of `buffer`.
bool isWhole(Value buffer, llvm::ArrayRef<int64_t> offsets,
             llvm::ArrayRef<int64_t> sizes);

/// True if `writer` writes nothing of `box` (of the root buffer `box.root`):
/// it is a destination-style op whose every output buffer in that root is a
/// box (getBox) disjoint from `box`.
bool writesOutside(Operation *writer, const Box &box);

/// The ops of one block writing each root buffer (see BufferLocation.h), in
/// program order.
class WriterMap {
public:
  /// Records the writes of the ops of `block`: the write effects of ops with
  /// memory effects, every buffer operand of ops without. Fails when an op
  /// writes memory that cannot be located.
  LogicalResult build(Block &block);

  /// The ops writing `root`.
  llvm::ArrayRef<Operation *> getWriters(Value root) const;

  /// Records that `newWriters` write what `oldWriter` wrote in `root`.
  void replaceWriter(Value root, Operation *oldWriter,
                     llvm::ArrayRef<Operation *> newWriters);

private:
  LogicalResult addWriter(Value buffer, Operation *op);

  llvm::DenseMap<Value, llvm::SmallVector<Operation *, 2>> writers;
};

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_UTILS_BUFFERBOXES_H_
