//===- ThreadPool.cpp - A fixed pool of threads for data-parallel loops ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/threading/ThreadPool.h"

#include <algorithm>
#include <chrono>

namespace mlir::vpuc::threading {

namespace {

/// Waits without blocking until `ready()` holds or
/// ThreadPool::kSpinMicroseconds have passed: a hint to the core between
/// looks for the first ThreadPool::kPauseMicroseconds, then a yield, so that
/// another thread that wants the core (the hazard detector's) gets it.
template <typename Ready> void spinUntil(Ready ready) {
  const auto start = std::chrono::steady_clock::now();
  const auto yieldFrom =
      start + std::chrono::microseconds(ThreadPool::kPauseMicroseconds);
  const auto deadline =
      start + std::chrono::microseconds(ThreadPool::kSpinMicroseconds);
  bool yielding = false;
  for (unsigned i = 1; !ready(); ++i) {
    if (yielding || i % 64 == 0) {
      auto now = std::chrono::steady_clock::now();
      if (now >= deadline) {
        return;
      }
      yielding = now >= yieldFrom;
    }
    if (yielding) {
      std::this_thread::yield();
    } else {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
  }
}

/// The chunk index of a closed loop (ThreadPool::cursor).
constexpr uint64_t kClosed = 0xffffffffu;

/// The cursor of `generation` at chunk `index`.
constexpr uint64_t makeCursor(uint32_t generation, uint64_t index) {
  return (uint64_t(generation) << 32) | index;
}
constexpr uint32_t generationOf(uint64_t cursor) {
  return static_cast<uint32_t>(cursor >> 32);
}

} // namespace

/// True on a thread while it runs a chunk of a loop: a loop it starts then
/// runs serially.
static thread_local bool insideLoop = false;

unsigned getDefaultThreadCount() {
  return std::max(1u, std::thread::hardware_concurrency());
}

ThreadPool::ThreadPool(unsigned threads)
    : threadCount(threads == 0 ? getDefaultThreadCount() : threads),
      cursor(makeCursor(0, kClosed)) {
  workers.reserve(threadCount - 1);
  for (unsigned i = 1; i < threadCount; ++i) {
    workers.emplace_back([this] { work(); });
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex);
    stopping = true;
  }
  wake.notify_all();
  for (std::thread &worker : workers) {
    worker.join();
  }
}

void ThreadPool::runChunks(uint32_t generation) {
  uint64_t current = cursor.load(std::memory_order_acquire);
  while (generationOf(current) == generation) {
    uint64_t index = current & kClosed;
    if (index >=
        static_cast<uint64_t>(chunks.load(std::memory_order_relaxed))) {
      return;
    }
    // A failed exchange reloads `current`: another thread claimed the chunk,
    // or the loop closed (and its fields may since have changed).
    if (!cursor.compare_exchange_weak(current, current + 1,
                                      std::memory_order_acq_rel,
                                      std::memory_order_acquire)) {
      continue;
    }
    int64_t size = chunk.load(std::memory_order_relaxed);
    int64_t begin = static_cast<int64_t>(index) * size;
    int64_t end = std::min(total.load(std::memory_order_relaxed), begin + size);
    insideLoop = true;
    (*body.load(std::memory_order_relaxed))(begin, end);
    insideLoop = false;
    if (finishedChunks.fetch_add(1) + 1 ==
            chunks.load(std::memory_order_relaxed) &&
        callerSleeps.load()) {
      std::lock_guard<std::mutex> lock(mutex);
      done.notify_all();
    }
    current = cursor.load(std::memory_order_acquire);
  }
}

void ThreadPool::work() {
  uint32_t seen = 0;
  auto ready = [&] {
    // Sequentially consistent: see the sleepers count below.
    return stopping.load() || generationOf(cursor.load()) != seen;
  };
  while (true) {
    // The next loop often follows within microseconds (the rows of the next
    // NCE box): watch for it before sleeping.
    spinUntil(ready);
    if (!ready()) {
      std::unique_lock<std::mutex> lock(mutex);
      // Counted before the last look at the cursor, so that a caller that
      // moved it after that look sees a sleeper to wake.
      ++sleepers;
      wake.wait(lock, ready);
      --sleepers;
    }
    if (stopping) {
      return;
    }
    seen = generationOf(cursor.load(std::memory_order_acquire));
    runChunks(seen);
  }
}

void ThreadPool::parallelFor(int64_t n, int64_t grain, const Body &fn) {
  if (n <= 0) {
    return;
  }
  grain = std::max<int64_t>(1, grain);
  if (workers.empty() || insideLoop || n <= grain) {
    fn(0, n);
    return;
  }
  std::lock_guard<std::mutex> loopLock(loopMutex);
  // About four chunks per thread balance uneven chunks without making them
  // small (and keep the count far below kClosed).
  int64_t wanted = static_cast<int64_t>(threadCount) * 4;
  int64_t size = std::max(grain, (n + wanted - 1) / wanted);
  int64_t count = (n + size - 1) / size;
  // The previous loop is closed: no thread reads these fields until the
  // cursor below opens the new one.
  body.store(&fn, std::memory_order_relaxed);
  total.store(n, std::memory_order_relaxed);
  chunk.store(size, std::memory_order_relaxed);
  chunks.store(count, std::memory_order_relaxed);
  finishedChunks.store(0, std::memory_order_relaxed);
  uint32_t generation = ++lastGeneration;
  cursor.store(makeCursor(generation, 0));
  if (sleepers.load() > 0) {
    std::lock_guard<std::mutex> lock(mutex);
    wake.notify_all();
  }
  runChunks(generation);
  // The other threads' last chunks: spin while they finish, then sleep.
  auto finished = [&] { return finishedChunks.load() == count; };
  spinUntil(finished);
  if (!finished()) {
    std::unique_lock<std::mutex> lock(mutex);
    // Set before the last look at the count, so that the thread finishing
    // the last chunk after that look sees a sleeper to wake.
    callerSleeps = true;
    done.wait(lock, finished);
    callerSleeps = false;
  }
  cursor.store(makeCursor(generation, kClosed), std::memory_order_release);
}

} // namespace mlir::vpuc::threading
