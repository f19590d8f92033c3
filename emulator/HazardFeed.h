//===- HazardFeed.h - The hazard detector's calls during a run --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The accesses of a run reach the hazard detector through a feed. A direct
// feed calls the detector at once; a concurrent one queues the calls for a
// thread of its own, which makes them in the same order while the run goes
// on with the tasks' arithmetic. The detector's state depends only on the
// sequence of calls it gets (none of its results is read during the run), so
// both find the same problems; `finish` returns once every call is made.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_HAZARDFEED_H_
#define VPUC_EMULATOR_HAZARDFEED_H_

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "core/shape/Shape.h"
#include "emulator/VectorClock.h"

namespace mlir::vpuc::emu {

class HazardDetector;

/// Passes a run's accesses to a HazardDetector (see the file comment). The
/// detector must not be used otherwise until `finish` has returned.
class HazardFeed {
public:
  /// A feed into `detector`: on a thread of its own when `concurrent`.
  HazardFeed(HazardDetector &detector, bool concurrent);
  /// Finishes the feed.
  ~HazardFeed();
  HazardFeed(const HazardFeed &) = delete;
  HazardFeed &operator=(const HazardFeed &) = delete;

  /// HazardDetector::beginTask.
  void beginTask(uint32_t task, const VectorClock &clock);
  /// HazardDetector::access.
  void access(uint32_t region, uint64_t begin, uint64_t end, bool write);
  /// HazardDetector::accessLayout.
  void accessLayout(uint32_t region, uint64_t offset,
                    const shape::MemShape &dims,
                    const shape::MemStrides &strides, int64_t elemBits,
                    bool write);

  /// Returns when the detector has made every call fed so far, and stops the
  /// thread; later calls go straight to the detector.
  void finish();

private:
  /// A call to the detector, queued.
  struct Call {
    enum class Kind : uint8_t { BeginTask, Access, AccessLayout };
    Kind kind;
    bool write = false;
    /// The region, or the task of BeginTask.
    uint32_t region = 0;
    /// [begin, end) of Access; the offset of AccessLayout in `begin`; the
    /// clock of BeginTask at [begin, end) of the clocks of the batch.
    uint64_t begin = 0, end = 0;
    int64_t elemBits = 0;
    shape::MemShape dims;
    shape::MemStrides strides;
  };
  /// Calls and the clocks they refer to.
  struct Batch {
    std::vector<Call> calls;
    std::vector<uint32_t> clocks;
  };

  /// Adds `call` to the caller's batch, queued once it is full.
  void enqueue(Call call);
  /// Queues the caller's batch for the thread and takes a spare one.
  void flush();
  /// The thread's loop.
  void work();
  /// Makes the calls of `batch`.
  void run(const Batch &batch);

  HazardDetector &detector;
  bool concurrent;
  /// The calls not yet queued (the caller's).
  Batch pending;
  /// Guards the fields below.
  std::mutex mutex;
  std::condition_variable wake, idle;
  /// The batches queued for the thread, in order.
  std::deque<Batch> queued;
  /// Batches whose calls the thread has made, emptied, for the caller to
  /// reuse: their buffers keep their capacity, so a run that keeps the
  /// thread busy does not allocate (and fault in) ever larger queues.
  std::vector<Batch> spare;
  bool working = false;
  bool stopping = false;
  std::thread thread;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_HAZARDFEED_H_
