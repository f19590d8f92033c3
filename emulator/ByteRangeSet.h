//===- ByteRangeSet.h - A set of byte ranges -------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The union of half-open byte ranges, kept as disjoint, non-adjacent
// intervals, so marking a range costs in the number of intervals it touches,
// not in its bytes (the emulator records which constant bytes tasks read).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_BYTERANGESET_H_
#define VPUC_EMULATOR_BYTERANGESET_H_

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>

namespace mlir::vpuc::emu {

class ByteRangeSet {
public:
  /// Adds [begin, end); an empty range adds nothing.
  void insert(uint64_t begin, uint64_t end) {
    if (begin >= end) {
      return;
    }
    // The first interval that ends at or after `begin` may join the new one.
    auto it = intervals.upper_bound(begin);
    if (it != intervals.begin() && std::prev(it)->second >= begin) {
      --it;
    }
    while (it != intervals.end() && it->first <= end) {
      begin = std::min(begin, it->first);
      end = std::max(end, it->second);
      coveredBytes -= it->second - it->first;
      it = intervals.erase(it);
    }
    intervals.emplace_hint(it, begin, end);
    coveredBytes += end - begin;
  }

  /// The number of bytes in the union.
  uint64_t bytes() const { return coveredBytes; }

  /// The disjoint intervals, begin -> end, in order.
  const std::map<uint64_t, uint64_t> &getIntervals() const { return intervals; }

private:
  std::map<uint64_t, uint64_t> intervals;
  uint64_t coveredBytes = 0;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_BYTERANGESET_H_
