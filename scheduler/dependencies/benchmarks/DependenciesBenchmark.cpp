//===- DependenciesBenchmark.cpp - DependencyGraph benchmarks ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Building reduced dependency graphs of 1k and 10k tasks over 4 executors,
// each task depending on a few recent tasks, with addTask and addTaskIf, then
// grouping them into barriers.
//
//===----------------------------------------------------------------------===//

#include <random>

#include "benchmark/benchmark.h"
#include "scheduler/dependencies/TaskDependencies.h"

namespace mlir::vpuc::sched {
namespace {

void BM_ExplicitPredecessors(benchmark::State &state) {
  auto numTasks = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    std::mt19937 rng(3);
    DependencyGraph graph;
    std::vector<int> last(4, -1);
    for (unsigned t = 0; t < numTasks; ++t) {
      unsigned exec = rng() % 4;
      llvm::SmallVector<unsigned> implicit, preds;
      if (last[exec] >= 0) {
        implicit.push_back(last[exec]);
      }
      last[exec] = t;
      for (unsigned i = 0, n = t ? 1 + rng() % 3 : 0; i < n; ++i) {
        preds.push_back(t - 1 - rng() % std::min(t, 8u));
      }
      graph.addTask(implicit, preds);
    }
    benchmark::DoNotOptimize(groupIntoBarriers(graph));
  }
}
BENCHMARK(BM_ExplicitPredecessors)->Arg(1000)->Arg(10000);

void BM_PredicateWithIndependentTasks(benchmark::State &state) {
  auto numTasks = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    DependencyGraph graph;
    // Every 16th task joins the previous 16: the predicate is asked about
    // every task since the last join.
    for (unsigned t = 0; t < numTasks; ++t) {
      graph.addTaskIf({},
                      [&](unsigned p) { return t % 16 == 0 && p + 16 >= t; });
    }
    benchmark::DoNotOptimize(graph.numTasks());
  }
}
BENCHMARK(BM_PredicateWithIndependentTasks)->Arg(1000)->Arg(10000);

} // namespace
} // namespace mlir::vpuc::sched
