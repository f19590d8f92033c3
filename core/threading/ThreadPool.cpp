//===- ThreadPool.cpp - A fixed pool of threads for data-parallel loops ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/threading/ThreadPool.h"

#include <algorithm>

namespace mlir::vpuc::threading {

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
  std::unique_lock<std::mutex> lock(mutex);
  while (true) {
    wake.wait(lock, [&] { return stopping || generation != seen; });
    if (stopping) {
      return;
    }
    seen = generation;
    lock.unlock();
    runChunks();
    lock.lock();
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
  std::unique_lock<std::mutex> lock(mutex);
  done.wait(lock, [&] { return finishedChunks == chunks; });
  body = nullptr;
}

} // namespace mlir::vpuc::threading
