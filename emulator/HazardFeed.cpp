//===- HazardFeed.cpp - The hazard detector's calls during a run ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The queue of a concurrent feed: the caller collects calls into a batch and
// appends it to the queue every kBatchCalls calls; the thread takes the whole
// queue at a time, makes its calls in order and hands the emptied batches
// back for the caller to fill again.
//
//===----------------------------------------------------------------------===//

#include "emulator/HazardFeed.h"

#include <utility>

#include "emulator/HazardDetector.h"

namespace mlir::vpuc::emu {

/// Calls per hand-over: enough that the queue's lock is rare, few enough that
/// the thread starts early.
static constexpr size_t kBatchCalls = 64;

HazardFeed::HazardFeed(HazardDetector &detector, bool concurrent)
    : detector(detector), concurrent(concurrent) {
  if (concurrent) {
    thread = std::thread([this] { work(); });
  }
}

HazardFeed::~HazardFeed() { finish(); }

void HazardFeed::beginTask(uint32_t task, const VectorClock &clock) {
  if (!concurrent) {
    detector.beginTask(task, clock);
    return;
  }
  Call call{Call::Kind::BeginTask};
  call.region = task;
  call.begin = pending.clocks.size();
  pending.clocks.insert(pending.clocks.end(), clock.begin(), clock.end());
  call.end = pending.clocks.size();
  enqueue(std::move(call));
}

void HazardFeed::access(uint32_t region, uint64_t begin, uint64_t end,
                        bool write) {
  if (!concurrent) {
    detector.access(region, begin, end, write);
    return;
  }
  enqueue({Call::Kind::Access, write, region, begin, end});
}

void HazardFeed::accessLayout(uint32_t region, uint64_t offset,
                              const shape::MemShape &dims,
                              const shape::MemStrides &strides,
                              int64_t elemBits, bool write) {
  if (!concurrent) {
    detector.accessLayout(region, offset, dims, strides, elemBits, write);
    return;
  }
  enqueue({Call::Kind::AccessLayout, write, region, offset, /*end=*/0, elemBits,
           dims, strides});
}

void HazardFeed::enqueue(Call call) {
  pending.calls.push_back(std::move(call));
  if (pending.calls.size() >= kBatchCalls) {
    flush();
  }
}

void HazardFeed::finish() {
  if (!concurrent) {
    return;
  }
  flush();
  {
    std::unique_lock<std::mutex> lock(mutex);
    idle.wait(lock, [this] { return queued.empty() && !working; });
    stopping = true;
  }
  wake.notify_one();
  thread.join();
  concurrent = false;
}

void HazardFeed::flush() {
  if (pending.calls.empty()) {
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    queued.push_back(std::move(pending));
    if (spare.empty()) {
      pending = Batch();
    } else {
      pending = std::move(spare.back());
      spare.pop_back();
    }
  }
  wake.notify_one();
}

void HazardFeed::work() {
  std::deque<Batch> batches;
  while (true) {
    {
      std::unique_lock<std::mutex> lock(mutex);
      for (Batch &batch : batches) {
        spare.push_back(std::move(batch));
      }
      batches.clear();
      working = false;
      if (queued.empty()) {
        idle.notify_all();
      }
      wake.wait(lock, [this] { return stopping || !queued.empty(); });
      if (queued.empty()) {
        return;
      }
      std::swap(batches, queued);
      working = true;
    }
    for (Batch &batch : batches) {
      run(batch);
      batch.calls.clear();
      batch.clocks.clear();
    }
  }
}

void HazardFeed::run(const Batch &batch) {
  VectorClock clock;
  for (const Call &call : batch.calls) {
    switch (call.kind) {
    case Call::Kind::BeginTask:
      clock.assign(batch.clocks.begin() + call.begin,
                   batch.clocks.begin() + call.end);
      detector.beginTask(call.region, clock);
      break;
    case Call::Kind::Access:
      detector.access(call.region, call.begin, call.end, call.write);
      break;
    case Call::Kind::AccessLayout:
      detector.accessLayout(call.region, call.begin, call.dims, call.strides,
                            call.elemBits, call.write);
      break;
    }
  }
}

} // namespace mlir::vpuc::emu
