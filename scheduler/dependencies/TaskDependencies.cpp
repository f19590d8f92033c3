//===- TaskDependencies.cpp - Reduced task dependencies ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements DependencyGraph (transitive reduction over ancestor bit sets)
// and groupIntoBarriers.
//
//===----------------------------------------------------------------------===//

#include "scheduler/dependencies/TaskDependencies.h"

#include <algorithm>
#include <cassert>
#include <map>

#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::sched {

void DependencyGraph::include(llvm::BitVector &reach, unsigned task) const {
  // `reach` is sized for the new task, the ancestors of `task` for an
  // earlier one: |= ORs the shorter set in.
  reach |= ancestors[task];
  reach.set(task);
}

llvm::SmallVector<unsigned> DependencyGraph::addSorted(
    llvm::ArrayRef<std::pair<unsigned, bool>> candidates) {
  unsigned task = numTasks();
  llvm::BitVector reach(task);
  llvm::SmallVector<unsigned> kept;
  // A candidate can only be reached from later tasks, so scanning from the
  // latest keeps exactly the candidates no other candidate reaches.
  for (auto [pred, isExplicit] : candidates) {
    assert(pred < task && "a task depends on earlier tasks only");
    if (reach.test(pred)) {
      continue;
    }
    if (isExplicit) {
      kept.push_back(pred);
    }
    include(reach, pred);
  }
  std::reverse(kept.begin(), kept.end());
  ancestors.push_back(std::move(reach));
  dependencies.push_back(kept);
  return kept;
}

llvm::SmallVector<unsigned>
DependencyGraph::addTask(llvm::ArrayRef<unsigned> implicitPreds,
                         llvm::ArrayRef<unsigned> explicitPreds) {
  // Implicit first so that a task listed in both counts as implicit.
  llvm::SmallVector<std::pair<unsigned, bool>> candidates;
  for (unsigned pred : implicitPreds) {
    candidates.emplace_back(pred, false);
  }
  for (unsigned pred : explicitPreds) {
    candidates.emplace_back(pred, true);
  }
  llvm::stable_sort(candidates, [](const auto &a, const auto &b) {
    return a.first > b.first;
  });
  // Keep the first (implicit if any) of equal tasks.
  candidates.erase(std::unique(candidates.begin(), candidates.end(),
                               [](const auto &a, const auto &b) {
                                 return a.first == b.first;
                               }),
                   candidates.end());
  return addSorted(candidates);
}

llvm::SmallVector<unsigned>
DependencyGraph::addTaskIf(llvm::ArrayRef<unsigned> implicitPreds,
                           llvm::function_ref<bool(unsigned)> mustFollow) {
  unsigned task = numTasks();
  llvm::BitVector isImplicit(task);
  for (unsigned pred : implicitPreds) {
    assert(pred < task && "a task depends on earlier tasks only");
    isImplicit.set(pred);
  }
  llvm::BitVector reach(task);
  llvm::SmallVector<unsigned> kept;
  for (unsigned pred = task; pred-- > 0;) {
    if (reach.test(pred)) {
      continue;
    }
    if (isImplicit.test(pred)) {
      include(reach, pred);
      continue;
    }
    if (mustFollow(pred)) {
      kept.push_back(pred);
      include(reach, pred);
    }
  }
  std::reverse(kept.begin(), kept.end());
  ancestors.push_back(std::move(reach));
  dependencies.push_back(kept);
  return kept;
}

std::vector<VirtualBarrier> groupIntoBarriers(const DependencyGraph &graph) {
  std::vector<VirtualBarrier> barriers;
  std::map<llvm::SmallVector<unsigned>, unsigned> byProducers;
  for (unsigned task = 0, e = graph.numTasks(); task < e; ++task) {
    llvm::ArrayRef<unsigned> preds = graph.getDependencies(task);
    if (preds.empty()) {
      continue;
    }
    llvm::SmallVector<unsigned> key(preds.begin(), preds.end());
    auto [it, inserted] = byProducers.try_emplace(key, barriers.size());
    if (inserted) {
      barriers.emplace_back();
      barriers.back().producers.assign(preds.begin(), preds.end());
    }
    barriers[it->second].consumers.push_back(task);
  }
  return barriers;
}

} // namespace mlir::vpuc::sched
