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
/// Threads claim chunks with an atomic compare-and-swap and take the mutex
/// only to sleep or to wake a sleeper: on virtual machines a contended mutex
/// costs a futex wait and wake, tens to hundreds of microseconds each, more
/// than a chunk of a small NCE box. Between loops a worker waits without
/// blocking for a while (kSpinMicroseconds) before it sleeps, and the caller
/// likewise while the last chunks finish, for the same reason (an idle vCPU
/// is halted).
class ThreadPool {
public:
  /// A pool of `threads` threads, the caller included (0: the hardware's).
  explicit ThreadPool(unsigned threads = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// How long a thread waits without blocking for the next loop or the end
  /// of the current one before it sleeps: long enough for the serial work
  /// between the NCE tasks of a network (DMA copies, SHAVE kernels, small
  /// boxes), since on virtual machines waking a thread costs the waker 20 to
  /// 300 microseconds.
  static constexpr int64_t kSpinMicroseconds = 1000;
  /// For how much of kSpinMicroseconds the thread only spins; after that it
  /// yields its core between looks.
  static constexpr int64_t kPauseMicroseconds = 50;

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
  using Body = std::function<void(int64_t, int64_t)>;

  /// The worker threads' loop.
  void work();
  /// Claims and runs chunks of loop `generation` until none is left.
  void runChunks(uint32_t generation);

  unsigned threadCount;
  std::vector<std::thread> workers;
  /// Serialises the loops of different callers.
  std::mutex loopMutex;
  /// The generation of the last loop started (under loopMutex).
  uint32_t lastGeneration = 0;
  /// Guards sleeping on `wake` and `done` only.
  std::mutex mutex;
  std::condition_variable wake, done;
  std::atomic<bool> stopping{false};
  /// The generation of the current loop (upper 32 bits) and the index of
  /// its next unclaimed chunk (lower 32 bits), kClosed once the loop has
  /// finished. A thread claims a chunk by advancing the index with a
  /// compare-and-swap, which fails once the loop has closed: the loop's
  /// fields below change only while it is closed, so a successful claim saw
  /// them whole.
  std::atomic<uint64_t> cursor;
  std::atomic<const Body *> body{nullptr};
  std::atomic<int64_t> total{0}, chunk{0}, chunks{0};
  std::atomic<int64_t> finishedChunks{0};
  /// Workers asleep on `wake`; whether the caller sleeps on `done`.
  std::atomic<unsigned> sleepers{0};
  std::atomic<bool> callerSleeps{false};
};

} // namespace mlir::vpuc::threading

#endif // VPUC_CORE_THREADING_THREADPOOL_H_
