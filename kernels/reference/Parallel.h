//===- Parallel.h - Data-parallel loops of the reference kernels -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The kernels split their large loops (GEMM column panels, depthwise channel
// planes) with parallelFor, which runs them on the ParallelRunner installed on
// the calling thread by a ScopedParallelRunner (the emulator and the IE
// interpreter install one over their thread pool for the length of a run), and
// serially without one. Every chunk writes its own outputs with the same
// operations as a serial loop, so the results are the same bytes for any
// number of threads. Plain C++: the runner is an interface, so that the
// kernels stay free of project dependencies.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_KERNELS_REFERENCE_PARALLEL_H_
#define VPUC_KERNELS_REFERENCE_PARALLEL_H_

#include <cstdint>
#include <functional>

namespace mlir::vpuc::kernels {

/// Runs data-parallel loops on some threads (a thread pool's adapter).
class ParallelRunner {
public:
  virtual ~ParallelRunner() = default;
  /// Calls `body(begin, end)` over chunks of at least `grain` iterations
  /// covering [0, n) exactly once, possibly concurrently, and returns when
  /// all have run.
  virtual void
  parallelFor(int64_t n, int64_t grain,
              const std::function<void(int64_t, int64_t)> &body) = 0;
};

/// Installs `runner` (may be null: serial) for the kernels the current
/// thread calls while this object lives; restores the previous one after.
class ScopedParallelRunner {
public:
  explicit ScopedParallelRunner(ParallelRunner *runner);
  ~ScopedParallelRunner();
  ScopedParallelRunner(const ScopedParallelRunner &) = delete;
  ScopedParallelRunner &operator=(const ScopedParallelRunner &) = delete;

private:
  ParallelRunner *previous;
};

/// The runner of the current thread, or null.
ParallelRunner *getParallelRunner();

/// `body(begin, end)` over [0, n) on the current thread's runner, or as one
/// serial call without one.
void parallelFor(int64_t n, int64_t grain,
                 const std::function<void(int64_t, int64_t)> &body);

} // namespace mlir::vpuc::kernels

#endif // VPUC_KERNELS_REFERENCE_PARALLEL_H_
