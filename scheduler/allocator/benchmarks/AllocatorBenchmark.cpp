//===- AllocatorBenchmark.cpp - Benchmarks of the static allocator -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Linear-scan allocation of one buffer per task over schedules of 1k and 10k
// tasks (short-lived activations plus some long-lived buffers).
//
//===----------------------------------------------------------------------===//

#include <random>

#include "benchmark/benchmark.h"
#include "scheduler/allocator/LinearScanAllocator.h"

namespace mlir::vpuc::sched {
namespace {

std::vector<BufferRequest> makeBuffers(unsigned numTasks) {
  std::mt19937 rng(42);
  std::vector<BufferRequest> buffers(numTasks);
  for (unsigned i = 0; i < numTasks; ++i) {
    BufferRequest &request = buffers[i];
    request.id = i;
    request.start = i;
    request.end = i + 1 + (rng() % 10 < 9 ? rng() % 8 : rng() % 200);
    request.size = 64 + rng() % (64 * 1024);
    request.alignment = 64;
  }
  return buffers;
}

void BM_LinearScanAllocation(benchmark::State &state) {
  std::vector<BufferRequest> buffers = makeBuffers(state.range(0));
  uint64_t peak = 0;
  for (auto _ : state) {
    llvm::Expected<Allocation> result = allocateLinearScan(buffers);
    if (!result) {
      state.SkipWithError(llvm::toString(result.takeError()).c_str());
      return;
    }
    peak = result->peakSize;
    benchmark::DoNotOptimize(peak);
  }
  state.counters["peak/bound"] =
      static_cast<double>(peak) / maxLiveBytes(buffers);
  state.SetItemsProcessed(state.iterations() * buffers.size());
}
BENCHMARK(BM_LinearScanAllocation)->Arg(1000)->Arg(10000);

} // namespace
} // namespace mlir::vpuc::sched
