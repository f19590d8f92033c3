//===- LinearScanAllocator.h - Static allocation over live ranges -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// An IR-independent static memory allocator. Each buffer has a size, an
// alignment and a live range in a schedule of task indices; the allocator
// gives every buffer a byte offset so that two buffers whose live ranges
// overlap never share a byte. Memory of buffers that are dead is reused.
//
// Live ranges are half-open: a buffer with `start = s, end = e` is live while
// tasks s, s+1, ..., e-1 run and is free again at task e. Two buffers conflict
// iff `a.start < b.end && b.start < a.end`.
//
// Placement policy (linear scan, best fit):
//  - Buffers with a fixed offset are placed first, as given (and checked).
//  - The other buffers are processed by increasing start, larger size first on
//    equal starts, then by input position (deterministic).
//  - For each buffer, the occupied ranges are those of the already placed
//    buffers still live at its start plus every fixed buffer whose live range
//    overlaps its own (fixed buffers cannot move, so future ones count too).
//    The free gaps between them (ordered by offset) are scanned and the
//    buffer goes into the smallest gap that holds it after alignment (ties:
//    lowest offset); if no gap holds it, it goes right above the highest
//    occupied byte.
//  Cost: O(n log n) to sort plus O(n * (A + F)) to place, where A is the
//  number of buffers live at a time and F the number of fixed buffers.
//
// With AllocationStrategy::Best (the default) a second, offline placement is
// also run and the lower peak kept: greedy by size (buffers by decreasing
// size, each best-fit among the already placed buffers whose live ranges
// overlap its own; after Pisarchyk & Lee, "Efficient Memory Management for
// Deep Neural Net Inference", 2020). It costs O(n * P), P the number of
// placed buffers, and is usually a few percent closer to the max-live-bytes
// lower bound. If either strategy fits under the capacity the allocation
// succeeds; otherwise the linear scan's failure (which names the live set at
// the failing task) is returned.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_SCHEDULER_ALLOCATOR_LINEARSCANALLOCATOR_H_
#define VPUC_SCHEDULER_ALLOCATOR_LINEARSCANALLOCATOR_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::sched {

/// One buffer to place.
struct BufferRequest {
  /// Caller's identifier, used only in messages.
  uint64_t id = 0;
  /// Optional readable name (e.g. the defining op), used in messages.
  std::string name;
  /// Size in bytes (0 is allowed: such a buffer occupies nothing).
  uint64_t size = 0;
  /// Required alignment of the offset, a power of two.
  uint64_t alignment = 1;
  /// First task index at which the buffer is live (inclusive).
  uint64_t start = 0;
  /// First task index at which the buffer is dead again (exclusive).
  uint64_t end = 0;
  /// If set, the buffer must be placed exactly at this offset.
  std::optional<uint64_t> fixedOffset;
};

/// Which placement strategies to run.
enum class AllocationStrategy {
  /// Linear scan in start order with best fit (single pass).
  LinearScan,
  /// Linear scan and greedy-by-size, keeping the lower peak.
  Best,
};

/// Options of the allocator.
struct AllocatorOptions {
  /// Strategies to run.
  AllocationStrategy strategy = AllocationStrategy::Best;
  /// If set, every buffer must end at or below this many bytes.
  std::optional<uint64_t> capacity;
};

/// The result of an allocation.
struct Allocation {
  /// Offset of each buffer, in the order of the requests.
  std::vector<uint64_t> offsets;
  /// Size of the arena needed: the highest `offset + size` over all buffers.
  uint64_t peakSize = 0;
};

/// Places every buffer. Fails, with a message naming the buffer, its live
/// range and the set of buffers live at that point, when the requests are
/// malformed (empty live range, alignment not a power of two, misaligned or
/// conflicting fixed offsets) or when a buffer does not fit below the
/// capacity.
llvm::Expected<Allocation>
allocateLinearScan(llvm::ArrayRef<BufferRequest> buffers,
                   const AllocatorOptions &options = {});

/// Independently checks an allocation: one offset per buffer, alignment,
/// fixed offsets honoured, capacity respected, `peakSize` equal to the highest
/// end, and no shared byte between two buffers with overlapping live ranges.
/// The first violation found is returned as an error.
llvm::Error verifyAllocation(llvm::ArrayRef<BufferRequest> buffers,
                             const Allocation &allocation,
                             const AllocatorOptions &options = {});

/// The lower bound of any allocation's peak: the maximum, over task indices,
/// of the summed sizes of the buffers live at that index.
uint64_t maxLiveBytes(llvm::ArrayRef<BufferRequest> buffers);

} // namespace mlir::vpuc::sched

#endif // VPUC_SCHEDULER_ALLOCATOR_LINEARSCANALLOCATOR_H_
