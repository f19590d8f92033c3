//===- NceRows.h - Output rows of an NCE box over threads -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The split of an NCE output box into chunks of output rows that the FP16
// and the INT8 arithmetic (NceF16.cpp, NceInt8.cpp) share, internal to the
// :nce library.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_NCEROWS_H_
#define VPUC_EMULATOR_NCEROWS_H_

#include <algorithm>
#include <cstdint>

#include "core/threading/ThreadPool.h"
#include "emulator/NceExecution.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::vpuc::emu {

/// The MACs of an NCE box below which a part of it is not given to another
/// thread: about 10 us of the vectorised tiles, against the futex wake and
/// the latency of a sleeping worker (at 64K MACs, 3 us of work, the wakes of
/// the small boxes of ppocr and transformer_enc cost more than they gave).
/// The parts write disjoint outputs, so the bytes do not depend on it.
constexpr int64_t kNceMacsPerChunk = int64_t(1) << 18;
/// The same for INT8 boxes, whose tiles run 4 to 8 times the MACs per
/// second of the FP16 ones (AVX-512 VNNI): at 256K MACs the small networks'
/// boxes split into parts of a few microseconds, and resnet_tiny_qdq and
/// regnet_tiny_qdq ran slower on two threads than on one.
constexpr int64_t kNceInt8MacsPerChunk = int64_t(1) << 21;

/// Calls `computeRows(y0, y1)` (inclusive output rows) over the rows of
/// `box`: once for the whole box without `pool`, with one thread or for one
/// row; else in chunks of about `macsPerChunk` MACs (`outChannels` channels
/// of `inChannels` inputs each) on `pool`'s threads, which makes the threads
/// worth their start. Each call computes its rows alone (its own scratch).
inline void
forEachNceRowChunk(const NceInvariantDesc &desc, int64_t inChannels,
                   int64_t outChannels, const NceBox &box,
                   threading::ThreadPool *pool,
                   llvm::function_ref<void(int64_t y0, int64_t y1)> computeRows,
                   int64_t macsPerChunk = kNceMacsPerChunk) {
  int64_t rows = box.y1 - box.y0 + 1;
  if (!pool || pool->getThreadCount() == 1 || rows == 1) {
    computeRows(box.y0, box.y1);
    return;
  }
  int64_t macsPerRow = (box.x1 - box.x0 + 1) * outChannels *
                       getNceMacsPerOutput(desc, inChannels);
  int64_t grain =
      std::max<int64_t>(1, macsPerChunk / std::max<int64_t>(1, macsPerRow));
  pool->parallelFor(rows, grain, [&](int64_t begin, int64_t end) {
    computeRows(box.y0 + begin, box.y0 + end - 1);
  });
}

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_NCEROWS_H_
