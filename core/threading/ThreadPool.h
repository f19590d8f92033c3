//===- ThreadPool.h - A fixed pool of threads for data-parallel loops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A pool of worker threads that runs one data-parallel loop at a time: the
// range [0, n) is cut into contiguous chunks whose bounds depend only on n,
// the grain and the pool's size, and the calling thread works on the chunks
// together with the workers. A loop whose chunks write disjoint data therefore
// produces the same bytes whatever the number of threads. A loop started from
// inside a chunk (a nested loop) runs serially on the thread that started it,
// so nesting never deadlocks. Plain C++ (no MLIR or LLVM).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_THREADING_THREADPOOL_H_
#define VPUC_CORE_THREADING_THREADPOOL_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mlir::vpuc::threading {

/// The number of threads `--threads 0` means: the hardware's (at least 1).
unsigned getDefaultThreadCount();

/// A fixed set of threads running data-parallel loops (see the file comment).
/// A pool of 1 thread has no workers: every loop runs on the caller.
///
/// Between loops a worker spins for a short while (kSpinMicroseconds) before
/// it sleeps, and the caller spins while the last chunks finish: waking a
/// sleeping thread costs tens of microseconds on virtual machines (an idle
/// vCPU is halted), more than a whole loop over a small NCE box.
class ThreadPool {
public:
  /// A pool of `threads` threads, the caller included (0: the hardware's).
  explicit ThreadPool(unsigned threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// How long a thread spins for the next loop or the end of the current one
  /// before it blocks.
  static constexpr int64_t kSpinMicroseconds = 50;

  /// The threads a loop runs on, the caller included.
  unsigned getThreadCount() const { return threadCount; }

  /// Calls `body(begin, end)` for consecutive chunks covering [0, n), each of
  /// at least `grain` iterations (the last may be shorter), concurrently on
  /// the pool's threads, and returns when all have run. Only one loop runs at
  /// a time: a second caller waits, and a loop started from inside `body`
  /// runs serially. `body` must not throw.
  void parallelFor(int64_t n, int64_t grain,
                   const std::function<void(int64_t, int64_t)> &body);

private:
  /// The worker threads' loop.
  void work();
  /// Runs chunks of the current loop until none is left; returns the number
  /// run.
  int64_t runChunks();

  unsigned threadCount;
  std::vector<std::thread> workers;
  /// Serialises the loops of different callers.
  std::mutex loopMutex;
  /// Guards the fields below.
  std::mutex mutex;
  std::condition_variable wake, done;
  bool stopping = false;
  /// Incremented for every loop, so that a worker joins each loop once
  /// (atomic so that a spinning worker can watch it without the mutex).
  std::atomic<uint64_t> generation{0};
  /// The current loop.
  const std::function<void(int64_t, int64_t)> *body = nullptr;
  int64_t total = 0, chunk = 0, chunks = 0;
  int64_t nextChunk = 0;
  /// Atomic so that the caller can watch it without the mutex.
  std::atomic<int64_t> finishedChunks{0};
};

} // namespace mlir::vpuc::threading

#endif // VPUC_CORE_THREADING_THREADPOOL_H_
