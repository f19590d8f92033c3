//===- LinearScanAllocator.cpp - Static allocation over live ranges -------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Best-fit linear scan over live ranges, its independent verifier and the
// max-live-bytes lower bound. See LinearScanAllocator.h for the policy.
//
//===----------------------------------------------------------------------===//

#include "scheduler/allocator/LinearScanAllocator.h"

#include <algorithm>
#include <numeric>
#include <queue>
#include <set>
#include <tuple>
#include <utility>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::sched {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// "buffer 'name' (id 3, 64 bytes, align 16, live [2, 5))".
static std::string describe(const BufferRequest &buffer) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "buffer ";
  if (!buffer.name.empty()) {
    os << "'" << buffer.name << "' ";
  }
  os << "(id " << buffer.id << ", " << buffer.size << " bytes, align "
     << buffer.alignment << ", live [" << buffer.start << ", " << buffer.end
     << "))";
  return text;
}

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static bool liveRangesOverlap(const BufferRequest &a, const BufferRequest &b) {
  return a.start < b.end && b.start < a.end;
}

static bool bytesOverlap(uint64_t offsetA, uint64_t sizeA, uint64_t offsetB,
                         uint64_t sizeB) {
  return sizeA != 0 && sizeB != 0 && offsetA < offsetB + sizeB &&
         offsetB < offsetA + sizeA;
}

/// Checks the requests that do not depend on the placement.
static llvm::Error validateRequests(llvm::ArrayRef<BufferRequest> buffers,
                                    const AllocatorOptions &options) {
  for (const BufferRequest &buffer : buffers) {
    if (buffer.start >= buffer.end) {
      return makeError(describe(buffer) + " has an empty live range");
    }
    if (buffer.alignment == 0 || !llvm::isPowerOf2_64(buffer.alignment)) {
      return makeError(describe(buffer) +
                       " has an alignment that is not a power of two");
    }
    if (!buffer.fixedOffset) {
      continue;
    }
    uint64_t offset = *buffer.fixedOffset;
    if (offset % buffer.alignment != 0) {
      return makeError(describe(buffer) + " has fixed offset " +
                       llvm::Twine(offset) + " that is not aligned");
    }
    if (offset + buffer.size < offset) {
      return makeError(describe(buffer) + " has fixed offset " +
                       llvm::Twine(offset) + " that overflows");
    }
    if (options.capacity && offset + buffer.size > *options.capacity) {
      return makeError(describe(buffer) + " at fixed offset " +
                       llvm::Twine(offset) + " ends beyond the capacity of " +
                       llvm::Twine(*options.capacity) + " bytes");
    }
  }
  // Two fixed buffers that are live together must not share bytes.
  llvm::SmallVector<unsigned> fixed;
  for (unsigned i = 0, e = buffers.size(); i < e; ++i) {
    if (buffers[i].fixedOffset) {
      fixed.push_back(i);
    }
  }
  llvm::sort(fixed, [&](unsigned a, unsigned b) {
    return std::make_pair(buffers[a].start, a) <
           std::make_pair(buffers[b].start, b);
  });
  for (unsigned i = 0, e = fixed.size(); i < e; ++i) {
    const BufferRequest &a = buffers[fixed[i]];
    for (unsigned j = i + 1; j < e && buffers[fixed[j]].start < a.end; ++j) {
      const BufferRequest &b = buffers[fixed[j]];
      if (bytesOverlap(*a.fixedOffset, a.size, *b.fixedOffset, b.size)) {
        return makeError("fixed offsets conflict: " + describe(a) + " at " +
                         llvm::Twine(*a.fixedOffset) + " and " + describe(b) +
                         " at " + llvm::Twine(*b.fixedOffset) +
                         " are live together and share bytes");
      }
    }
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

namespace {
/// An occupied byte range [begin, end) and the buffer holding it.
struct Occupied {
  uint64_t begin;
  uint64_t end;
  unsigned buffer;
};
} // namespace

/// The capacity failure: names the buffer, the live set and the largest gap.
static llvm::Error capacityError(llvm::ArrayRef<BufferRequest> buffers,
                                 unsigned index,
                                 llvm::ArrayRef<Occupied> occupied,
                                 uint64_t largestGap, uint64_t capacity) {
  const BufferRequest &buffer = buffers[index];
  std::string text;
  llvm::raw_string_ostream os(text);
  uint64_t liveBytes = 0;
  for (const Occupied &range : occupied) {
    liveBytes += range.end - range.begin;
  }
  os << describe(buffer) << " does not fit in the capacity of " << capacity
     << " bytes: at task " << buffer.start << " the " << occupied.size()
     << " buffers in its way occupy " << liveBytes
     << " bytes and the largest free gap is " << largestGap << " bytes; live:";
  constexpr unsigned kMaxListed = 16;
  for (unsigned i = 0, e = occupied.size(); i < e && i < kMaxListed; ++i) {
    os << (i ? ", " : " ") << describe(buffers[occupied[i].buffer]) << " at ["
       << occupied[i].begin << ", " << occupied[i].end << ")";
  }
  if (occupied.size() > kMaxListed) {
    os << " and " << occupied.size() - kMaxListed << " more";
  }
  return makeError(text);
}

namespace {
/// The outcome of a best-fit search among occupied ranges sorted by offset.
struct Placement {
  uint64_t offset;
  /// Highest occupied byte (the top of the stack of ranges).
  uint64_t top;
  uint64_t largestGap;
};
} // namespace

/// Best fit: the smallest gap holding `buffer` once aligned (ties: lowest
/// offset), else right above the highest occupied byte.
static Placement bestFit(const BufferRequest &buffer,
                         llvm::ArrayRef<Occupied> occupied) {
  uint64_t cursor = 0;
  uint64_t largestGap = 0;
  std::optional<uint64_t> bestOffset;
  uint64_t bestGap = 0;
  for (const Occupied &range : occupied) {
    if (range.begin > cursor) {
      uint64_t gap = range.begin - cursor;
      largestGap = std::max(largestGap, gap);
      uint64_t aligned = llvm::alignTo(cursor, buffer.alignment);
      if (aligned + buffer.size <= range.begin &&
          (!bestOffset || gap < bestGap)) {
        bestOffset = aligned;
        bestGap = gap;
      }
    }
    cursor = std::max(cursor, range.end);
  }
  return {bestOffset ? *bestOffset : llvm::alignTo(cursor, buffer.alignment),
          cursor, largestGap};
}

static void sortByOffset(std::vector<Occupied> &occupied) {
  llvm::sort(occupied, [](const Occupied &a, const Occupied &b) {
    return std::make_tuple(a.begin, a.end, a.buffer) <
           std::make_tuple(b.begin, b.end, b.buffer);
  });
}

/// Places `index` at `placement` unless that crosses the capacity.
static llvm::Error checkCapacity(llvm::ArrayRef<BufferRequest> buffers,
                                 unsigned index, const Placement &placement,
                                 llvm::ArrayRef<Occupied> occupied,
                                 const AllocatorOptions &options) {
  const BufferRequest &buffer = buffers[index];
  if (!options.capacity ||
      placement.offset + buffer.size <= *options.capacity) {
    return llvm::Error::success();
  }
  uint64_t largestGap = placement.largestGap;
  if (placement.top < *options.capacity) {
    largestGap = std::max(largestGap, *options.capacity - placement.top);
  }
  return capacityError(buffers, index, occupied, largestGap, *options.capacity);
}

/// Linear scan in start order (see the header).
static llvm::Error placeLinearScan(llvm::ArrayRef<BufferRequest> buffers,
                                   llvm::ArrayRef<unsigned> fixed,
                                   llvm::ArrayRef<unsigned> movable,
                                   const AllocatorOptions &options,
                                   std::vector<uint64_t> &offsets) {
  std::vector<unsigned> order(movable.begin(), movable.end());
  llvm::sort(order, [&](unsigned a, unsigned b) {
    const BufferRequest &x = buffers[a];
    const BufferRequest &y = buffers[b];
    return std::make_tuple(x.start, ~x.size, a) <
           std::make_tuple(y.start, ~y.size, b);
  });
  // Placed movable buffers still live: by offset, and by end for expiry.
  std::set<std::pair<uint64_t, unsigned>> activeByOffset;
  using EndEntry = std::pair<uint64_t, unsigned>;
  std::priority_queue<EndEntry, std::vector<EndEntry>, std::greater<EndEntry>>
      activeByEnd;
  std::vector<Occupied> occupied;
  for (unsigned index : order) {
    const BufferRequest &buffer = buffers[index];
    while (!activeByEnd.empty() && activeByEnd.top().first <= buffer.start) {
      unsigned done = activeByEnd.top().second;
      activeByEnd.pop();
      activeByOffset.erase({offsets[done], done});
    }
    occupied.clear();
    for (const auto &[offset, other] : activeByOffset) {
      occupied.push_back({offset, offset + buffers[other].size, other});
    }
    bool hasFixed = false;
    for (unsigned other : fixed) {
      const BufferRequest &f = buffers[other];
      if (f.size != 0 && liveRangesOverlap(f, buffer)) {
        occupied.push_back({*f.fixedOffset, *f.fixedOffset + f.size, other});
        hasFixed = true;
      }
    }
    if (hasFixed) {
      sortByOffset(occupied);
    }
    Placement placement = bestFit(buffer, occupied);
    if (llvm::Error error =
            checkCapacity(buffers, index, placement, occupied, options)) {
      return error;
    }
    offsets[index] = placement.offset;
    activeByOffset.insert({placement.offset, index});
    activeByEnd.push({buffer.end, index});
  }
  return llvm::Error::success();
}

/// Greedy by size: largest first, each best-fit against every placed buffer
/// (fixed ones included) whose live range overlaps its own.
static llvm::Error placeGreedyBySize(llvm::ArrayRef<BufferRequest> buffers,
                                     llvm::ArrayRef<unsigned> fixed,
                                     llvm::ArrayRef<unsigned> movable,
                                     const AllocatorOptions &options,
                                     std::vector<uint64_t> &offsets) {
  std::vector<unsigned> order(movable.begin(), movable.end());
  llvm::sort(order, [&](unsigned a, unsigned b) {
    const BufferRequest &x = buffers[a];
    const BufferRequest &y = buffers[b];
    return std::make_tuple(~x.size, x.start, a) <
           std::make_tuple(~y.size, y.start, b);
  });
  std::vector<unsigned> placed;
  for (unsigned index : fixed) {
    if (buffers[index].size != 0) {
      placed.push_back(index);
    }
  }
  std::vector<Occupied> occupied;
  for (unsigned index : order) {
    const BufferRequest &buffer = buffers[index];
    occupied.clear();
    for (unsigned other : placed) {
      if (liveRangesOverlap(buffers[other], buffer)) {
        occupied.push_back(
            {offsets[other], offsets[other] + buffers[other].size, other});
      }
    }
    sortByOffset(occupied);
    Placement placement = bestFit(buffer, occupied);
    if (llvm::Error error =
            checkCapacity(buffers, index, placement, occupied, options)) {
      return error;
    }
    offsets[index] = placement.offset;
    placed.push_back(index);
  }
  return llvm::Error::success();
}

static uint64_t peakOf(llvm::ArrayRef<BufferRequest> buffers,
                       llvm::ArrayRef<uint64_t> offsets) {
  uint64_t peak = 0;
  for (unsigned i = 0, e = buffers.size(); i < e; ++i) {
    peak = std::max(peak, offsets[i] + buffers[i].size);
  }
  return peak;
}

llvm::Expected<Allocation>
allocateLinearScan(llvm::ArrayRef<BufferRequest> buffers,
                   const AllocatorOptions &options) {
  if (llvm::Error error = validateRequests(buffers, options)) {
    return std::move(error);
  }
  std::vector<uint64_t> offsets(buffers.size(), 0);
  llvm::SmallVector<unsigned> fixed;
  llvm::SmallVector<unsigned> movable;
  for (unsigned i = 0, e = buffers.size(); i < e; ++i) {
    if (buffers[i].fixedOffset) {
      fixed.push_back(i);
      offsets[i] = *buffers[i].fixedOffset;
    } else if (buffers[i].size != 0) {
      movable.push_back(i);
    }
  }
  Allocation result;
  llvm::Error scanError =
      placeLinearScan(buffers, fixed, movable, options, offsets);
  if (!scanError) {
    result.offsets = offsets;
    result.peakSize = peakOf(buffers, offsets);
  }
  if (options.strategy == AllocationStrategy::LinearScan) {
    if (scanError) {
      return std::move(scanError);
    }
    return result;
  }
  llvm::Error greedyError =
      placeGreedyBySize(buffers, fixed, movable, options, offsets);
  if (greedyError) {
    if (!scanError) {
      llvm::consumeError(std::move(greedyError));
      return result;
    }
    // Both failed: report the linear scan's reason, which names the live set
    // at a point of the schedule.
    llvm::consumeError(std::move(greedyError));
    return std::move(scanError);
  }
  llvm::consumeError(std::move(scanError));
  uint64_t greedyPeak = peakOf(buffers, offsets);
  if (result.offsets.empty() || greedyPeak < result.peakSize) {
    result.offsets = std::move(offsets);
    result.peakSize = greedyPeak;
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Verification and bounds
//===----------------------------------------------------------------------===//

llvm::Error verifyAllocation(llvm::ArrayRef<BufferRequest> buffers,
                             const Allocation &allocation,
                             const AllocatorOptions &options) {
  if (allocation.offsets.size() != buffers.size()) {
    return makeError("allocation has " +
                     llvm::Twine(allocation.offsets.size()) + " offsets for " +
                     llvm::Twine(buffers.size()) + " buffers");
  }
  uint64_t peak = 0;
  for (unsigned i = 0, e = buffers.size(); i < e; ++i) {
    const BufferRequest &buffer = buffers[i];
    uint64_t offset = allocation.offsets[i];
    if (buffer.alignment == 0 || offset % buffer.alignment != 0) {
      return makeError(describe(buffer) + " is at misaligned offset " +
                       llvm::Twine(offset));
    }
    if (buffer.fixedOffset && *buffer.fixedOffset != offset) {
      return makeError(describe(buffer) + " is at offset " +
                       llvm::Twine(offset) + " instead of its fixed offset " +
                       llvm::Twine(*buffer.fixedOffset));
    }
    if (options.capacity && offset + buffer.size > *options.capacity) {
      return makeError(describe(buffer) + " at offset " + llvm::Twine(offset) +
                       " ends beyond the capacity of " +
                       llvm::Twine(*options.capacity) + " bytes");
    }
    peak = std::max(peak, offset + buffer.size);
  }
  if (peak != allocation.peakSize) {
    return makeError("allocation reports a peak of " +
                     llvm::Twine(allocation.peakSize) +
                     " bytes but its buffers end at " + llvm::Twine(peak));
  }
  std::vector<unsigned> byStart(buffers.size());
  std::iota(byStart.begin(), byStart.end(), 0u);
  llvm::sort(byStart, [&](unsigned a, unsigned b) {
    return std::make_pair(buffers[a].start, a) <
           std::make_pair(buffers[b].start, b);
  });
  for (unsigned i = 0, e = byStart.size(); i < e; ++i) {
    const BufferRequest &a = buffers[byStart[i]];
    uint64_t offsetA = allocation.offsets[byStart[i]];
    for (unsigned j = i + 1; j < e && buffers[byStart[j]].start < a.end; ++j) {
      const BufferRequest &b = buffers[byStart[j]];
      uint64_t offsetB = allocation.offsets[byStart[j]];
      if (bytesOverlap(offsetA, a.size, offsetB, b.size)) {
        return makeError(describe(a) + " at " + llvm::Twine(offsetA) + " and " +
                         describe(b) + " at " + llvm::Twine(offsetB) +
                         " are live together and share bytes");
      }
    }
  }
  return llvm::Error::success();
}

uint64_t maxLiveBytes(llvm::ArrayRef<BufferRequest> buffers) {
  // (time, isStart, size): at equal times the ends (isStart = 0) come first,
  // as live ranges are half-open.
  std::vector<std::tuple<uint64_t, bool, uint64_t>> events;
  events.reserve(buffers.size() * 2);
  for (const BufferRequest &buffer : buffers) {
    events.emplace_back(buffer.start, true, buffer.size);
    events.emplace_back(buffer.end, false, buffer.size);
  }
  llvm::sort(events);
  uint64_t live = 0;
  uint64_t best = 0;
  for (const auto &[time, isStart, size] : events) {
    if (isStart) {
      live += size;
      best = std::max(best, live);
    } else {
      live -= size;
    }
  }
  return best;
}

} // namespace mlir::vpuc::sched
