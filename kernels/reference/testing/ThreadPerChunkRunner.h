//===- ThreadPerChunkRunner.h - A ParallelRunner for tests ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A ParallelRunner that runs every chunk of a loop on a std::thread of its
// own, so that the kernels' tests see each chunk on another thread than the
// caller's.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_TESTING_THREADPERCHUNKRUNNER_H_
#define VPUC_KERNELS_REFERENCE_TESTING_THREADPERCHUNKRUNNER_H_

#include <algorithm>
#include <thread>
#include <vector>

#include "kernels/reference/Parallel.h"

namespace mlir::vpuc::kernels {

/// Runs every chunk of a loop on its own std::thread, in chunks of the grain.
class ThreadPerChunkRunner : public ParallelRunner {
public:
  void parallelFor(int64_t n, int64_t grain,
                   const std::function<void(int64_t, int64_t)> &body) override {
    ++loops;
    std::vector<std::thread> threads;
    for (int64_t begin = 0; begin < n; begin += grain) {
      int64_t end = std::min(n, begin + grain);
      threads.emplace_back([&body, begin, end] { body(begin, end); });
    }
    for (std::thread &thread : threads) {
      thread.join();
    }
  }
  /// The loops run.
  int loops = 0;
};

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_TESTING_THREADPERCHUNKRUNNER_H_
