//===- PoolRunner.h - The kernels' loops on a thread pool -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A kernels::ParallelRunner (kernels/reference/Parallel.h) over a
// threading::ThreadPool (core/threading/ThreadPool.h): what the emulator and
// the IE interpreter install for the length of a run so that the reference
// kernels split their large loops over the pool's threads.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_POOL_POOLRUNNER_H_
#define VPUC_KERNELS_POOL_POOLRUNNER_H_

#include "core/threading/ThreadPool.h"
#include "kernels/reference/Parallel.h"

namespace mlir::vpuc::kernels {

/// Runs the kernels' loops on `pool` (which must outlive the runner).
class PoolRunner : public ParallelRunner {
public:
  explicit PoolRunner(threading::ThreadPool &pool) : pool(pool) {}

  void parallelFor(int64_t n, int64_t grain,
                   const std::function<void(int64_t, int64_t)> &body) override {
    pool.parallelFor(n, grain, body);
  }

private:
  threading::ThreadPool &pool;
};

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_POOL_POOLRUNNER_H_
