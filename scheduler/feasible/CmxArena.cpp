//===- CmxArena.cpp - Online best-fit allocator with coalescing -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implementation of the free-range map of CmxArena.
//
//===----------------------------------------------------------------------===//

#include "scheduler/feasible/CmxArena.h"

#include <algorithm>
#include <cassert>
#include <iterator>

#include "llvm/ADT/STLExtras.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::sched::feasible {

CmxArena::CmxArena(uint64_t capacity, size_t avoidRecent)
    : avoidRecent(avoidRecent), capacity(capacity) {
  if (capacity > 0) {
    freeRanges.emplace(0, capacity);
  }
}

std::map<uint64_t, uint64_t>::const_iterator
CmxArena::findBestFit(uint64_t size, uint64_t alignment,
                      bool skipRecent) const {
  auto best = freeRanges.end();
  uint64_t bestSlack = 0;
  for (auto it = freeRanges.begin(), e = freeRanges.end(); it != e; ++it) {
    if (skipRecent &&
        llvm::any_of(recent, [&](const std::pair<uint64_t, uint64_t> &r) {
          return r.first < it->second && it->first < r.second;
        })) {
      continue;
    }
    uint64_t start = llvm::alignTo(it->first, alignment);
    if (start >= it->second || it->second - start < size) {
      continue;
    }
    uint64_t slack = (it->second - it->first) - size;
    if (best == freeRanges.end() || slack < bestSlack) {
      best = it;
      bestSlack = slack;
      if (slack == 0) {
        break;
      }
    }
  }
  return best;
}

bool CmxArena::canAllocate(uint64_t size, uint64_t alignment) const {
  return size == 0 || findBestFit(size, alignment) != freeRanges.end();
}

std::optional<uint64_t> CmxArena::allocate(uint64_t size, uint64_t alignment) {
  assert(llvm::isPowerOf2_64(alignment) && "alignment must be a power of 2");
  if (size == 0) {
    return 0;
  }
  std::map<uint64_t, uint64_t>::const_iterator best = freeRanges.end();
  if (!recent.empty()) {
    best = findBestFit(size, alignment, /*skipRecent=*/true);
  }
  if (best == freeRanges.end()) {
    best = findBestFit(size, alignment);
  }
  if (best == freeRanges.end()) {
    return std::nullopt;
  }
  uint64_t rangeStart = best->first;
  uint64_t rangeEnd = best->second;
  uint64_t start = llvm::alignTo(rangeStart, alignment);
  uint64_t end = start + size;
  freeRanges.erase(rangeStart);
  if (rangeStart < start) {
    freeRanges.emplace(rangeStart, start);
  }
  if (end < rangeEnd) {
    freeRanges.emplace(end, rangeEnd);
  }
  used += size;
  return start;
}

bool CmxArena::allocateAt(uint64_t offset, uint64_t size, uint64_t alignment) {
  assert(llvm::isPowerOf2_64(alignment) && "alignment must be a power of 2");
  if (size == 0) {
    return offset == 0;
  }
  if (offset % alignment != 0 || offset + size > capacity) {
    return false;
  }
  // The free range holding `offset`: the last one starting at or before it.
  auto it = freeRanges.upper_bound(offset);
  if (it == freeRanges.begin()) {
    return false;
  }
  --it;
  const uint64_t rangeStart = it->first;
  const uint64_t rangeEnd = it->second;
  if (offset + size > rangeEnd) {
    return false;
  }
  freeRanges.erase(it);
  if (rangeStart < offset) {
    freeRanges.emplace(rangeStart, offset);
  }
  if (offset + size < rangeEnd) {
    freeRanges.emplace(offset + size, rangeEnd);
  }
  used += size;
  return true;
}

std::optional<uint64_t> CmxArena::allocateFreeIn(const CmxArena &other,
                                                 uint64_t size,
                                                 uint64_t alignment) {
  assert(llvm::isPowerOf2_64(alignment) && "alignment must be a power of 2");
  if (size == 0) {
    return 0;
  }
  std::optional<uint64_t> best;
  uint64_t bestSlack = 0;
  for (auto [start, end] : freeRanges) {
    // The free ranges of `other` overlapping [start, end).
    auto it = other.freeRanges.upper_bound(start);
    if (it != other.freeRanges.begin()) {
      --it;
    }
    for (; it != other.freeRanges.end() && it->first < end; ++it) {
      uint64_t from = llvm::alignTo(std::max(start, it->first), alignment);
      uint64_t to = std::min(end, it->second);
      if (from >= to || to - from < size) {
        continue;
      }
      uint64_t slack = (end - start) - size;
      if (!best || slack < bestSlack) {
        best = from;
        bestSlack = slack;
      }
      break;
    }
  }
  if (best && !allocateAt(*best, size, alignment)) {
    return std::nullopt;
  }
  return best;
}

void CmxArena::release(uint64_t offset, uint64_t size) {
  if (size == 0) {
    return;
  }
  uint64_t start = offset;
  uint64_t end = offset + size;
  assert(end <= capacity && used >= size && "release of a foreign range");
  if (avoidRecent > 0) {
    recent.emplace_back(start, end);
    if (recent.size() > avoidRecent) {
      recent.pop_front();
    }
  }
  auto next = freeRanges.lower_bound(start);
  assert((next == freeRanges.end() || next->first >= end) &&
         "release of a range that is partly free");
  if (next != freeRanges.end() && next->first == end) {
    end = next->second;
    next = freeRanges.erase(next);
  }
  if (next != freeRanges.begin()) {
    auto prev = std::prev(next);
    assert(prev->second <= start && "release of a range that is partly free");
    if (prev->second == start) {
      start = prev->first;
      freeRanges.erase(prev);
    }
  }
  freeRanges.emplace(start, end);
  used -= size;
}

bool CmxArena::fitsIfReleased(uint64_t offset, uint64_t size,
                              uint64_t requestSize,
                              uint64_t requestAlignment) const {
  uint64_t start = offset;
  uint64_t end = offset + size;
  auto next = freeRanges.lower_bound(start);
  if (next != freeRanges.end() && next->first == end) {
    end = next->second;
  }
  if (next != freeRanges.begin()) {
    auto prev = std::prev(next);
    if (prev->second == start) {
      start = prev->first;
    }
  }
  uint64_t alignedStart = llvm::alignTo(start, requestAlignment);
  return alignedStart <= end && end - alignedStart >= requestSize;
}

uint64_t CmxArena::getLargestFreeRange() const {
  uint64_t largest = 0;
  for (auto [start, end] : freeRanges) {
    largest = std::max(largest, end - start);
  }
  return largest;
}

} // namespace mlir::vpuc::sched::feasible
