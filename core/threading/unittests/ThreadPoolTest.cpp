//===- ThreadPoolTest.cpp - Tests of the thread pool ----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/threading/ThreadPool.h"

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

#include "gtest/gtest.h"

namespace mlir::vpuc::threading {
namespace {

/// Every index of [0, n) is visited exactly once, in chunks of at least the
/// grain, for pools of 1 to 4 threads.
TEST(ThreadPoolTest, coversTheRangeOnce) {
  for (unsigned threads : {1u, 2u, 3u, 4u}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.getThreadCount(), threads);
    for (int64_t n : {0, 1, 7, 100, 1001}) {
      std::vector<std::atomic<int>> visits(n);
      std::atomic<int64_t> shortChunks{0};
      pool.parallelFor(n, 5, [&](int64_t begin, int64_t end) {
        EXPECT_LT(begin, end);
        if (end - begin < 5 && end != n) {
          ++shortChunks;
        }
        for (int64_t i = begin; i < end; ++i) {
          ++visits[i];
        }
      });
      for (int64_t i = 0; i < n; ++i) {
        EXPECT_EQ(visits[i].load(), 1) << "index " << i << " of " << n;
      }
      EXPECT_EQ(shortChunks.load(), 0);
    }
  }
}

/// A large loop runs on more than one thread when the pool has several.
TEST(ThreadPoolTest, runsOnSeveralThreads) {
  ThreadPool pool(4);
  std::mutex mutex;
  std::set<std::thread::id> ids;
  // Enough chunks, each slow enough, that the workers take some.
  pool.parallelFor(64, 1, [&](int64_t, int64_t) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::lock_guard<std::mutex> lock(mutex);
    ids.insert(std::this_thread::get_id());
  });
  EXPECT_GT(ids.size(), 1u);
}

/// A loop started inside a chunk runs serially on that thread and completes.
TEST(ThreadPoolTest, nestedLoopsRunSerially) {
  ThreadPool pool(3);
  std::atomic<int64_t> sum{0};
  pool.parallelFor(10, 1, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      std::thread::id outer = std::this_thread::get_id();
      pool.parallelFor(10, 1, [&](int64_t b, int64_t e) {
        EXPECT_EQ(std::this_thread::get_id(), outer);
        for (int64_t j = b; j < e; ++j) {
          sum += i * 10 + j;
        }
      });
    }
  });
  EXPECT_EQ(sum.load(), 99 * 100 / 2);
}

/// Loops from several threads at once are serialised and all complete.
TEST(ThreadPoolTest, concurrentCallers) {
  ThreadPool pool(2);
  std::atomic<int64_t> sum{0};
  std::vector<std::thread> callers;
  for (int c = 0; c < 3; ++c) {
    callers.emplace_back([&] {
      for (int repeat = 0; repeat < 20; ++repeat) {
        pool.parallelFor(
            100, 3, [&](int64_t begin, int64_t end) { sum += end - begin; });
      }
    });
  }
  for (std::thread &caller : callers) {
    caller.join();
  }
  EXPECT_EQ(sum.load(), 3 * 20 * 100);
}

/// Thousands of short loops back to back, the workers catching most of
/// them while they spin and, after the pauses, the others once woken: each
/// loop covers its range once. The pools are destroyed right after their
/// last loop, while the workers spin.
TEST(ThreadPoolTest, shortLoopsBackToBack) {
  for (unsigned threads : {2u, 3u}) {
    ThreadPool pool(threads);
    for (int loop = 0; loop < 3000; ++loop) {
      std::atomic<int64_t> sum{0};
      pool.parallelFor(64, 1, [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
          sum += i;
        }
      });
      ASSERT_EQ(sum.load(), 63 * 64 / 2) << "loop " << loop;
      if (loop % 500 == 499) {
        // Past the spin: the workers sleep until the next loop wakes them.
        std::this_thread::sleep_for(
            std::chrono::microseconds(4 * ThreadPool::kSpinMicroseconds));
      }
    }
  }
}

TEST(ThreadPoolTest, defaultIsTheHardwareThreadCount) {
  ThreadPool pool;
  EXPECT_EQ(pool.getThreadCount(), getDefaultThreadCount());
  EXPECT_GE(getDefaultThreadCount(), 1u);
}

} // namespace
} // namespace mlir::vpuc::threading
