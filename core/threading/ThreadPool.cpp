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

/// A hint to the core that the thread is spinning.
inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

/// Spins until `ready()` holds or ThreadPool::kSpinMicroseconds have passed.
template <typename Ready> void spinUntil(Ready ready) {
  const auto deadline =
      std::chrono::steady_clock::now() +
      std::chrono::microseconds(ThreadPool::kSpinMicroseconds);
  for (unsigned i = 1; !ready(); ++i) {
    if (i % 64 == 0 && std::chrono::steady_clock::now() >= deadline) {
      return;
    }
    cpuRelax();
  }
}

} // namespace

/// True on a thread while it runs a chunk of a loop: a loop it starts then
/// runs serially.
static thread_local bool insideLoop = false;

unsigned getDefaultThreadCount() {
  return std::max(1u, std::thread::hardware_concurrency());
}

ThreadPool::ThreadPool(unsigned threads)
    : threadCount(threads == 0 ? getDefaultThreadCount() : threads) {
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

int64_t ThreadPool::runChunks() {
  int64_t ran = 0;
  std::unique_lock<std::mutex> lock(mutex);
  while (body && nextChunk < chunks) {
    int64_t index = nextChunk++;
    const std::function<void(int64_t, int64_t)> &fn = *body;
    int64_t begin = index * chunk;
    int64_t end = std::min(total, begin + chunk);
    lock.unlock();
    insideLoop = true;
    fn(begin, end);
    insideLoop = false;
    ++ran;
    lock.lock();
    if (++finishedChunks == chunks) {
      done.notify_all();
    }
  }
  return ran;
}

void ThreadPool::work() {
  uint64_t seen = 0;
  while (true) {
    // The next loop often follows within microseconds (the rows of the next
    // NCE box): watch for it before sleeping.
    spinUntil(
        [&] { return generation.load(std::memory_order_acquire) != seen; });
    std::unique_lock<std::mutex> lock(mutex);
    wake.wait(lock, [&] { return stopping || generation != seen; });
    if (stopping) {
      return;
    }
    seen = generation;
    lock.unlock();
    runChunks();
  }
}

void ThreadPool::parallelFor(int64_t n, int64_t grain,
                             const std::function<void(int64_t, int64_t)> &fn) {
  if (n <= 0) {
    return;
  }
  grain = std::max<int64_t>(1, grain);
  if (workers.empty() || insideLoop || n <= grain) {
    fn(0, n);
    return;
  }
  std::lock_guard<std::mutex> loopLock(loopMutex);
  {
    std::lock_guard<std::mutex> lock(mutex);
    // About four chunks per thread balance uneven chunks without making
    // them small.
    int64_t wanted = static_cast<int64_t>(threadCount) * 4;
    chunk = std::max(grain, (n + wanted - 1) / wanted);
    chunks = (n + chunk - 1) / chunk;
    total = n;
    nextChunk = 0;
    finishedChunks = 0;
    body = &fn;
    ++generation;
  }
  wake.notify_all();
  runChunks();
  // The other threads' last chunks: spin while they finish, then sleep.
  const int64_t all = chunks;
  spinUntil(
      [&] { return finishedChunks.load(std::memory_order_acquire) == all; });
  std::unique_lock<std::mutex> lock(mutex);
  done.wait(lock, [&] { return finishedChunks == chunks; });
  body = nullptr;
}

} // namespace mlir::vpuc::threading
