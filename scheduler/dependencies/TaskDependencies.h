//===- TaskDependencies.h - Reduced task dependencies -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The IR-independent dependency graph the scheduling passes share: tasks are
// added one at a time in a topological order (a task depends only on earlier
// ones), and only the dependencies that no other path implies are kept (the
// transitive reduction). A task may also have "implicit" predecessors that
// order it for free, e.g. the previous task of its executor, which runs its
// tasks one after the other: they count as paths but are never reported as
// dependencies. `groupIntoBarriers` turns the kept dependencies into the
// virtual barriers of a BarrierProgram.
//
// Reachability is kept as one bit set per task (its ancestors), so adding a
// task with k candidate predecessors costs O(k * T / 64) and the graph takes
// T^2 / 2 bits (12.5 MB for 10k tasks).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_SCHEDULER_DEPENDENCIES_TASKDEPENDENCIES_H_
#define VPUC_SCHEDULER_DEPENDENCIES_TASKDEPENDENCIES_H_

#include <vector>

#include "scheduler/barriers/BarrierProgram.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::sched {

/// A DAG of tasks 0, 1, ..., added in that order, with reduced dependencies.
class DependencyGraph {
public:
  /// The number of tasks added so far.
  unsigned numTasks() const { return ancestors.size(); }

  /// Adds the next task (index `numTasks()`), which must follow every task of
  /// `explicitPreds` and follows every task of `implicitPreds` anyway. Both
  /// hold earlier tasks only (duplicates are allowed). Returns the explicit
  /// predecessors that are not implied by another predecessor (explicit or
  /// implicit) or its ancestors, ascending; they are the task's dependencies.
  llvm::SmallVector<unsigned> addTask(llvm::ArrayRef<unsigned> implicitPreds,
                                      llvm::ArrayRef<unsigned> explicitPreds);

  /// Adds the next task whose explicit predecessors are the earlier tasks for
  /// which `mustFollow` returns true. `mustFollow` is asked about the earlier
  /// tasks from the latest to the earliest, and only about those the task is
  /// not already ordered after (through the predecessors found so far and
  /// `implicitPreds`), so a task that depends on its direct predecessor in a
  /// chain costs one call. Returns the dependencies as addTask.
  llvm::SmallVector<unsigned>
  addTaskIf(llvm::ArrayRef<unsigned> implicitPreds,
            llvm::function_ref<bool(unsigned)> mustFollow);

  /// True if task `a` happens before task `b` (through dependencies and
  /// implicit predecessors); false for `a == b`.
  bool precedes(unsigned a, unsigned b) const {
    return a < b && ancestors[b].test(a);
  }

  /// The dependencies kept for `task`, ascending.
  llvm::ArrayRef<unsigned> getDependencies(unsigned task) const {
    return dependencies[task];
  }

private:
  /// Adds a task from its candidate predecessors: pairs (task, explicit?),
  /// sorted by decreasing task.
  llvm::SmallVector<unsigned>
  addSorted(llvm::ArrayRef<std::pair<unsigned, bool>> candidates);
  /// Marks `task` and its ancestors in `reach`.
  void include(llvm::BitVector &reach, unsigned task) const;

  std::vector<llvm::BitVector> ancestors;
  std::vector<llvm::SmallVector<unsigned>> dependencies;
};

/// Virtual barriers for the dependencies of `graph`: the consumers that
/// depend on the same set of tasks share one barrier whose producers are that
/// set, so every task waits on at most one barrier. Barriers are ordered by
/// their first consumer; producers and consumers are ascending.
std::vector<VirtualBarrier> groupIntoBarriers(const DependencyGraph &graph);

} // namespace mlir::vpuc::sched

#endif // VPUC_SCHEDULER_DEPENDENCIES_TASKDEPENDENCIES_H_
