//===- CmxArena.h - Online best-fit allocator with coalescing ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The online allocator the feasible memory scheduler uses for CMX: ranges are
// allocated and released one at a time while the schedule is being built, so
// the live ranges of the buffers are not known in advance (which is what the
// offline allocator of scheduler/allocator needs).
//
// The free space is a set of disjoint free ranges ordered by offset. An
// allocation takes the best fitting range: the free range that leaves the
// least space after the aligned block (ties: the lowest offset); the padding
// before the aligned start and the tail stay free. An arena that avoids its
// last N releases first looks only at the free ranges that meet none of the
// last N released ranges, and at all of them when none of those holds the
// block: a buffer placed where one that was just released lived must wait for
// that buffer's last reader (the dependency derived from the shared
// addresses), so two tasks that the schedule puts one after the other but the
// hardware could run together (two software kernels on two SHAVEs) would be
// serialised. A release merges the range with its free neighbours
// (coalescing), so the free ranges are always maximal. Allocation is O(F * N)
// in the number F of free ranges, release O(log F).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_SCHEDULER_FEASIBLE_CMXARENA_H_
#define VPUC_SCHEDULER_FEASIBLE_CMXARENA_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>

namespace mlir::vpuc::sched::feasible {

/// A contiguous memory of `capacity` bytes handing out aligned ranges.
class CmxArena {
public:
  /// An empty arena of `capacity` bytes starting at offset 0, which avoids
  /// its last `avoidRecent` released ranges while other free space holds a
  /// block (0: plain best fit).
  explicit CmxArena(uint64_t capacity, size_t avoidRecent = 0);

  /// Allocates `size` bytes at an offset that is a multiple of `alignment`
  /// (a power of two), best fit. Returns std::nullopt when no free range
  /// holds the block. A zero-size request always succeeds at offset 0 and
  /// occupies nothing (it must not be released).
  std::optional<uint64_t> allocate(uint64_t size, uint64_t alignment);

  /// Allocates exactly [offset, offset + size) if that range is free and
  /// `offset` a multiple of `alignment`; returns false (and changes nothing)
  /// otherwise. A zero-size request succeeds only at offset 0, as allocate.
  bool allocateAt(uint64_t offset, uint64_t size, uint64_t alignment);
  /// Allocates `size` bytes at an offset that is a multiple of `alignment`
  /// and whose range is free in `other` too (another cluster's CMX, for a
  /// copy of the same data there), best fit in this arena. Returns
  /// std::nullopt (and changes nothing) when no such range exists. A
  /// zero-size request succeeds at offset 0, as allocate.
  std::optional<uint64_t> allocateFreeIn(const CmxArena &other, uint64_t size,
                                         uint64_t alignment);
  /// Returns true if `allocate(size, alignment)` would succeed.
  bool canAllocate(uint64_t size, uint64_t alignment) const;

  /// Releases the range [offset, offset + size), which must have been
  /// returned by `allocate` with this size and not released since.
  void release(uint64_t offset, uint64_t size);

  /// Returns true if, once the allocated range [offset, offset + size) is
  /// released and merged with its free neighbours, that hole alone would hold
  /// `requestSize` bytes aligned to `requestAlignment`.
  bool fitsIfReleased(uint64_t offset, uint64_t size, uint64_t requestSize,
                      uint64_t requestAlignment) const;

  /// The arena size.
  uint64_t getCapacity() const { return capacity; }

  /// The number of bytes currently allocated.
  uint64_t getUsedBytes() const { return used; }

  /// The number of disjoint free ranges (a fragmentation measure).
  size_t getNumFreeRanges() const { return freeRanges.size(); }

  /// The size of the largest free range.
  uint64_t getLargestFreeRange() const;

private:
  /// Finds the best free range for the request (with `skipRecent`, among
  /// those meeting none of the `recent` releases): its start, or end() if
  /// none.
  std::map<uint64_t, uint64_t>::const_iterator
  findBestFit(uint64_t size, uint64_t alignment, bool skipRecent = false) const;
  /// How many of the last released ranges allocations avoid.
  size_t avoidRecent;
  /// The ranges released last, oldest first (at most avoidRecent).
  std::deque<std::pair<uint64_t, uint64_t>> recent;

  uint64_t capacity;
  uint64_t used = 0;
  /// Free ranges: start offset -> end offset (exclusive), disjoint, never
  /// adjacent (adjacent ranges are merged).
  std::map<uint64_t, uint64_t> freeRanges;
};

} // namespace mlir::vpuc::sched::feasible

#endif // VPUC_SCHEDULER_FEASIBLE_CMXARENA_H_
