//===- ListScheduler.cpp - List scheduling over in-order executors -------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "scheduler/list/ListScheduler.h"

#include <algorithm>
#include <cassert>
#include <string>
#include <utility>

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::vpuc::sched::list {

llvm::Error verifyGraph(const Graph &graph) {
  for (auto [index, task] : llvm::enumerate(graph.tasks)) {
    auto fail = [&, index = index](const std::string &what) {
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          llvm::formatv("task #{0} {1}", index, what).str());
    };
    if (task.cost == 0) {
      return fail("has cost 0 (every task takes at least one cycle)");
    }
    if (task.executor >= graph.numExecutors) {
      return fail(llvm::formatv("runs on executor {0}, but the graph has {1}",
                                task.executor, graph.numExecutors)
                      .str());
    }
    for (unsigned pred : task.preds) {
      if (pred >= index) {
        return fail(
            llvm::formatv("follows task #{0}, which is not earlier", pred)
                .str());
      }
    }
  }
  return llvm::Error::success();
}

unsigned ExecutorNumbering::get(unsigned kind, int64_t instance) {
  auto [it, inserted] =
      numbers.try_emplace({kind, instance}, graph.numExecutors);
  if (inserted) {
    ++graph.numExecutors;
  }
  return it->second;
}

Result listSchedule(const Graph &graph, unsigned window, TieBreak tieBreak) {
  const unsigned n = graph.tasks.size();
  llvm::SmallVector<llvm::SmallVector<unsigned>> successors(n);
  llvm::SmallVector<unsigned> pending(n, 0);
  for (unsigned task = 0; task < n; ++task) {
    for (unsigned pred : graph.tasks[task].preds) {
      successors[pred].push_back(task);
      ++pending[task];
    }
  }
  // Per task: the estimated cycles of the longest path from its start to
  // the end of the program (its own cost included), the tie-break between
  // tasks of one start: an urgent transfer goes before a part of a prefetch.
  llvm::SmallVector<uint64_t> remaining(n);
  for (unsigned task = n; task-- > 0;) {
    remaining[task] = graph.tasks[task].cost;
    for (unsigned succ : successors[task]) {
      remaining[task] =
          std::max(remaining[task], graph.tasks[task].cost + remaining[succ]);
    }
  }
  llvm::SmallVector<uint64_t> readyAt(n, 0);
  llvm::SmallVector<uint64_t> executorFree(graph.numExecutors, 0);
  // The DDR, which the tasks moving bytes through it use one at a time.
  uint64_t ddrFree = 0;
  auto getStart = [&](unsigned task) {
    const Task &t = graph.tasks[task];
    uint64_t start = std::max(readyAt[task], executorFree[t.executor]);
    return t.ddrCycles > 0 ? std::max(start, ddrFree) : start;
  };
  // Whether `task`, starting at `start`, is the last unplaced predecessor of
  // a task with others, all ending by then (TieBreak::JoinsFirst).
  auto completesWaitingJoin = [&](unsigned task, uint64_t start) {
    for (unsigned succ : successors[task]) {
      if (pending[succ] == 1 && graph.tasks[succ].preds.size() >= 2 &&
          readyAt[succ] <= start) {
        return true;
      }
    }
    return false;
  };
  llvm::SmallVector<bool> placed(n, false);
  llvm::SmallVector<unsigned> ready;
  for (unsigned task = 0; task < n; ++task) {
    if (pending[task] == 0) {
      ready.push_back(task);
    }
  }
  Result result;
  result.starts.assign(n, 0);
  unsigned lowest = 0;
  while (result.order.size() < n) {
    // The lowest unplaced task is always ready: its predecessors are
    // earlier, so placed.
    while (placed[lowest]) {
      ++lowest;
    }
    size_t bestSlot = ready.size();
    uint64_t bestStart = 0;
    bool bestCompletes = false;
    for (auto [slot, task] : llvm::enumerate(ready)) {
      if (window != 0 && task >= lowest + window) {
        continue;
      }
      uint64_t start = getStart(task);
      if (bestSlot != ready.size() && start > bestStart) {
        continue;
      }
      // (Only a task that starts no later than the best so far needs it.)
      bool completes =
          tieBreak == TieBreak::JoinsFirst && completesWaitingJoin(task, start);
      unsigned best = bestSlot == ready.size() ? 0 : ready[bestSlot];
      if (bestSlot == ready.size() || start < bestStart ||
          (start == bestStart &&
           (completes != bestCompletes
                ? completes
                : (remaining[task] > remaining[best] ||
                   (remaining[task] == remaining[best] && task < best))))) {
        bestSlot = slot;
        bestStart = start;
        bestCompletes = completes;
      }
    }
    assert(bestSlot < ready.size() && "the lowest unplaced task is ready");
    unsigned task = ready[bestSlot];
    ready.erase(ready.begin() + bestSlot);
    placed[task] = true;
    const Task &t = graph.tasks[task];
    uint64_t end = bestStart + t.cost;
    executorFree[t.executor] = end;
    if (t.ddrCycles > 0) {
      ddrFree = bestStart + std::min(t.cost, t.ddrCycles);
    }
    result.starts[task] = bestStart;
    result.makespan = std::max(result.makespan, end);
    result.order.push_back(task);
    for (unsigned succ : successors[task]) {
      readyAt[succ] = std::max(readyAt[succ], end);
      if (--pending[succ] == 0) {
        ready.push_back(succ);
      }
    }
  }
  return result;
}

Result listScheduleBest(const Graph &graph, unsigned window, TieBreak *chosen) {
  Result longest = listSchedule(graph, window, TieBreak::LongestPath);
  Result joins = listSchedule(graph, window, TieBreak::JoinsFirst);
  const bool takeJoins = joins.makespan < longest.makespan;
  if (chosen) {
    *chosen = takeJoins ? TieBreak::JoinsFirst : TieBreak::LongestPath;
  }
  return takeJoins ? std::move(joins) : std::move(longest);
}

} // namespace mlir::vpuc::sched::list
