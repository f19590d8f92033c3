//===- FeasibleSchedulerBenchmark.cpp - Scheduler scaling -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Scheduling time of random layered graphs of about 1k and 10k tasks, with
// as much CMX as the unconstrained schedule uses (cmx% = 100) and with half
// of it (cmx% = 50: spills and reloads), prefetching on; plus the verifier.
//
//===----------------------------------------------------------------------===//

#include <algorithm>

#include "benchmark/benchmark.h"
#include "scheduler/feasible/FeasibleScheduler.h"
#include "scheduler/feasible/testing/RandomGraphs.h"

namespace mlir::vpuc::sched::feasible {
namespace {

/// A graph of about `numTasks` tasks (compute tasks bring ~0.8 DMAs each)
/// whose CMX capacity is `percent`% of the peak the scheduler reaches with
/// unlimited CMX (but at least the largest task footprint).
Graph makeGraph(unsigned numTasks, unsigned percent) {
  RandomGraphOptions options;
  options.numComputeTasks = numTasks * 10 / 18;
  options.maxLayerWidth = 6;
  options.maxReadDistance = 4;
  options.pressure = 0.0;
  Graph graph = makeRandomGraph(42, options);
  uint64_t largest = 0;
  for (unsigned t = 0, e = graph.tasks.size(); t < e; ++t) {
    largest = std::max(largest, getTaskCmxFootprint(graph, t));
  }
  llvm::Expected<Schedule> unlimited = scheduleGraph(graph);
  if (!unlimited) {
    llvm::consumeError(unlimited.takeError());
    return graph;
  }
  graph.cmxCapacity =
      std::max(largest, unlimited->stats.peakCmx * percent / 100);
  return graph;
}

void reportCounters(benchmark::State &state, const Graph &graph,
                    const Schedule &schedule) {
  state.counters["tasks"] = graph.tasks.size();
  state.counters["steps"] = schedule.steps.size();
  state.counters["spillWrites"] = schedule.stats.numSpillWrites;
  state.counters["reloads"] = schedule.stats.numReloads;
  state.counters["prefetched"] = schedule.stats.numPrefetched;
  state.counters["deps"] = schedule.stats.numDependencies;
  state.counters["peak/cap"] =
      static_cast<double>(schedule.stats.peakCmx) / graph.cmxCapacity;
}

void BM_Schedule(benchmark::State &state) {
  Graph graph = makeGraph(state.range(0), state.range(1));
  Schedule last;
  for (auto _ : state) {
    llvm::Expected<Schedule> schedule = scheduleGraph(graph);
    if (!schedule) {
      state.SkipWithError(llvm::toString(schedule.takeError()).c_str());
      return;
    }
    last = std::move(*schedule);
    benchmark::DoNotOptimize(last.steps.data());
  }
  reportCounters(state, graph, last);
  state.SetItemsProcessed(state.iterations() * graph.tasks.size());
}
BENCHMARK(BM_Schedule)
    ->ArgNames({"tasks", "cmx%"})
    ->Args({1000, 100})
    ->Args({1000, 50})
    ->Args({10000, 100})
    ->Args({10000, 50})
    ->Unit(benchmark::kMillisecond);

void BM_Verify(benchmark::State &state) {
  Graph graph = makeGraph(state.range(0), state.range(1));
  llvm::Expected<Schedule> schedule = scheduleGraph(graph);
  if (!schedule) {
    state.SkipWithError(llvm::toString(schedule.takeError()).c_str());
    return;
  }
  for (auto _ : state) {
    llvm::Error error = verifySchedule(graph, *schedule);
    if (error) {
      state.SkipWithError(llvm::toString(std::move(error)).c_str());
      return;
    }
  }
  reportCounters(state, graph, *schedule);
}
BENCHMARK(BM_Verify)
    ->ArgNames({"tasks", "cmx%"})
    ->Args({1000, 50})
    ->Args({10000, 50})
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace mlir::vpuc::sched::feasible
