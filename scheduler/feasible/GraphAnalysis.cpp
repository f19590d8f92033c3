//===- GraphAnalysis.cpp - Facts about a scheduling graph -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Classification of data tasks and the per-task / per-buffer tables.
//
//===----------------------------------------------------------------------===//

#include "scheduler/feasible/GraphAnalysis.h"

#include <algorithm>

#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::sched::feasible {

llvm::SmallVector<unsigned, 4> getDistinctCmxBuffers(const Graph &graph,
                                                     unsigned task) {
  llvm::SmallVector<unsigned, 4> result;
  const Task &t = graph.tasks[task];
  for (unsigned buffer : llvm::concat<const unsigned>(t.reads, t.writes)) {
    if (graph.buffers[buffer].memory == MemoryKind::CMX &&
        !llvm::is_contained(result, buffer)) {
      result.push_back(buffer);
    }
  }
  return result;
}

void sortForPlacement(const Graph &graph,
                      llvm::SmallVectorImpl<unsigned> &buffers) {
  llvm::sort(buffers, [&](unsigned a, unsigned b) {
    const Buffer &x = graph.buffers[a];
    const Buffer &y = graph.buffers[b];
    if (x.alignment != y.alignment) {
      return x.alignment > y.alignment;
    }
    if (x.size != y.size) {
      return x.size > y.size;
    }
    return a < b;
  });
}

GraphAnalysis analyzeGraph(const Graph &graph) {
  unsigned numTasks = graph.tasks.size();
  unsigned numBuffers = graph.buffers.size();
  GraphAnalysis result;
  result.isDataTask.assign(numTasks, false);
  result.dataTaskOf.assign(numBuffers, ~0u);
  result.cmxBuffers.resize(numTasks);
  result.ddrBuffers.resize(numTasks);
  result.placementOrder.resize(numTasks);
  result.users.resize(numBuffers);
  result.dataPreds.resize(numTasks);
  result.computePosition.assign(numTasks, ~0u);

  std::vector<unsigned> numWriters(numBuffers, 0);
  std::vector<unsigned> numReaders(numBuffers, 0);
  std::vector<bool> isDepTarget(numTasks, false);
  for (unsigned t = 0; t < numTasks; ++t) {
    const Task &task = graph.tasks[t];
    result.cmxBuffers[t] = getDistinctCmxBuffers(graph, t);
    for (unsigned buffer :
         llvm::concat<const unsigned>(task.reads, task.writes)) {
      if (graph.buffers[buffer].memory == MemoryKind::DDR &&
          !llvm::is_contained(result.ddrBuffers[t], buffer)) {
        result.ddrBuffers[t].push_back(buffer);
      }
    }
    for (unsigned buffer : result.cmxBuffers[t]) {
      if (llvm::is_contained(task.writes, buffer)) {
        ++numWriters[buffer];
      }
      if (llvm::is_contained(task.reads, buffer)) {
        ++numReaders[buffer];
      }
    }
    for (unsigned dep : task.deps) {
      isDepTarget[dep] = true;
    }
  }

  for (unsigned t = 0; t < numTasks; ++t) {
    const Task &task = graph.tasks[t];
    if (task.executor != ExecutorKind::DMA || !task.deps.empty() ||
        isDepTarget[t] || task.reads.empty() || task.writes.empty()) {
      continue;
    }
    unsigned target = task.writes.front();
    bool isData =
        graph.buffers[target].memory == MemoryKind::CMX &&
        llvm::all_of(task.writes, [&](unsigned b) { return b == target; }) &&
        numWriters[target] == 1 && numReaders[target] > 0 &&
        llvm::all_of(task.reads,
                     [&](unsigned b) { return graph.buffers[b].reloadable; });
    if (isData) {
      result.isDataTask[t] = true;
      result.dataTaskOf[target] = t;
    }
  }

  for (unsigned t = 0; t < numTasks; ++t) {
    result.placementOrder[t] = result.cmxBuffers[t];
    sortForPlacement(graph, result.placementOrder[t]);
    for (unsigned buffer : result.cmxBuffers[t]) {
      unsigned dataTask = result.dataTaskOf[buffer];
      if (dataTask == t) {
        continue;
      }
      result.users[buffer].push_back(t);
      if (dataTask != ~0u) {
        result.dataPreds[t].push_back(dataTask);
      }
    }
    if (!result.isDataTask[t]) {
      result.computePosition[t] = result.computeOrder.size();
      result.computeOrder.push_back(t);
    }
  }
  return result;
}

} // namespace mlir::vpuc::sched::feasible
