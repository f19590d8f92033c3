//===- Parallel.cpp - Data-parallel loops of the reference kernels --------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Parallel.h"

namespace mlir::vpuc::kernels {

/// The runner of the kernels the thread calls (ScopedParallelRunner).
static thread_local ParallelRunner *currentRunner = nullptr;

ScopedParallelRunner::ScopedParallelRunner(ParallelRunner *runner)
    : previous(currentRunner) {
  currentRunner = runner;
}

ScopedParallelRunner::~ScopedParallelRunner() { currentRunner = previous; }

ParallelRunner *getParallelRunner() { return currentRunner; }

void parallelFor(int64_t n, int64_t grain,
                 const std::function<void(int64_t, int64_t)> &body) {
  if (n <= 0) {
    return;
  }
  if (currentRunner) {
    currentRunner->parallelFor(n, grain, body);
  } else {
    body(0, n);
  }
}

} // namespace mlir::vpuc::kernels
