//===- VectorClock.h - Happens-before between executors ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The vector clocks by which the emulator orders tasks (HazardDetector.h,
// "Ordering"): per executor, how many of its tasks happen before a point of
// the run.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_VECTORCLOCK_H_
#define VPUC_EMULATOR_VECTORCLOCK_H_

#include <algorithm>
#include <cstdint>
#include <vector>

namespace mlir::vpuc::emu {

/// Per executor, how many of its tasks happen before a point of the run.
using VectorClock = std::vector<uint32_t>;

/// Makes `into` the entry-wise maximum of itself and `other` (of the same
/// size): what happens before either happens before the result.
inline void joinClock(VectorClock &into, const VectorClock &other) {
  for (size_t i = 0; i < into.size(); ++i) {
    into[i] = std::max(into[i], other[i]);
  }
}

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_VECTORCLOCK_H_
