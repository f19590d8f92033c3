//===- BarrierBenchmark.cpp - Benchmarks of barrier assignment -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Physical barrier assignment and simulation on random programs of 1k and 10k
// tasks over 4 executors with barriers between nearby tasks, with 32 physical
// barriers (the greedy) and 4 (mostly the segment-walk fallback).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <random>
#include <set>

#include "benchmark/benchmark.h"
#include "scheduler/barriers/BarrierProgram.h"

namespace mlir::vpuc::sched {
namespace {

BarrierProgram makeProgram(unsigned numTasks) {
  std::mt19937 rng(7);
  BarrierProgram program;
  program.numExecutors = 4;
  for (unsigned t = 0; t < numTasks; ++t) {
    program.taskExecutor.push_back(rng() % 4);
  }
  for (unsigned b = 0; b < numTasks / 3; ++b) {
    unsigned cut = 1 + rng() % (numTasks - 1);
    unsigned low = cut > 6 ? cut - 6 : 0;
    unsigned high = std::min(numTasks, cut + 6);
    std::set<unsigned> producers, consumers;
    for (unsigned i = 0, n = 1 + rng() % 3; i < n; ++i) {
      producers.insert(low + rng() % (cut - low));
    }
    for (unsigned i = 0, n = 1 + rng() % 3; i < n; ++i) {
      consumers.insert(cut + rng() % (high - cut));
    }
    VirtualBarrier barrier;
    barrier.producers.assign(producers.begin(), producers.end());
    barrier.consumers.assign(consumers.begin(), consumers.end());
    program.barriers.push_back(std::move(barrier));
  }
  return program;
}

BarrierLimits benchmarkLimits(unsigned numPhysical) {
  BarrierLimits limits;
  limits.numPhysicalBarriers = numPhysical;
  limits.maxProducers = 64;
  limits.maxConsumers = 64;
  return limits;
}

void BM_AssignPhysicalBarriers(benchmark::State &state) {
  const BarrierProgram original = makeProgram(state.range(0));
  for (auto _ : state) {
    state.PauseTiming();
    BarrierProgram program = original;
    state.ResumeTiming();
    llvm::Expected<BarrierAssignment> result =
        assignPhysicalBarriers(program, benchmarkLimits(state.range(1)));
    if (!result) {
      state.SkipWithError(llvm::toString(result.takeError()).c_str());
      return;
    }
    benchmark::DoNotOptimize(result->order.data());
  }
  state.SetItemsProcessed(state.iterations() * original.numTasks());
}
BENCHMARK(BM_AssignPhysicalBarriers)
    ->Args({1000, 32})
    ->Args({10000, 32})
    ->Args({1000, 4})
    ->Args({10000, 4});

void BM_SimulateBarriers(benchmark::State &state) {
  BarrierProgram program = makeProgram(state.range(0));
  const BarrierProgram original = program;
  llvm::Expected<BarrierAssignment> result =
      assignPhysicalBarriers(program, benchmarkLimits(state.range(1)));
  if (!result) {
    state.SkipWithError(llvm::toString(result.takeError()).c_str());
    return;
  }
  for (auto _ : state) {
    if (llvm::Error error = simulateBarriers(
            program, *result, benchmarkLimits(state.range(1)), &original)) {
      state.SkipWithError(llvm::toString(std::move(error)).c_str());
      return;
    }
  }
  state.SetItemsProcessed(state.iterations() * program.numTasks());
}
BENCHMARK(BM_SimulateBarriers)
    ->Args({1000, 32})
    ->Args({10000, 32})
    ->Args({1000, 4})
    ->Args({10000, 4});

} // namespace
} // namespace mlir::vpuc::sched
