//===- GraphAnalysis.h - Facts about a scheduling graph ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Derived facts the scheduler and the schedule verifier share: which tasks
// are data tasks, the distinct CMX and DDR buffers of each task, the users of
// each buffer and the order in which compute tasks are scheduled. Internal to
// scheduler/feasible.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_SCHEDULER_FEASIBLE_GRAPHANALYSIS_H_
#define VPUC_SCHEDULER_FEASIBLE_GRAPHANALYSIS_H_

#include <vector>

#include "scheduler/feasible/FeasibleScheduler.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::sched::feasible {

/// Facts derived from a verified graph.
struct GraphAnalysis {
  /// Per task: whether it is a data task (see FeasibleScheduler.h).
  std::vector<bool> isDataTask;
  /// Per buffer: the data task writing it, or ~0u.
  std::vector<unsigned> dataTaskOf;
  /// Per task: its distinct CMX buffers, in order of first mention.
  std::vector<llvm::SmallVector<unsigned, 4>> cmxBuffers;
  /// Per task: its distinct DDR buffers, in order of first mention.
  std::vector<llvm::SmallVector<unsigned, 4>> ddrBuffers;
  /// Per task: its CMX buffers in placement order (sortForPlacement).
  std::vector<llvm::SmallVector<unsigned, 4>> placementOrder;
  /// Per buffer: the tasks reading or writing it, except its data task,
  /// ascending.
  std::vector<llvm::SmallVector<unsigned, 4>> users;
  /// Per task: the data tasks writing the CMX buffers it reads.
  std::vector<llvm::SmallVector<unsigned, 2>> dataPreds;
  /// The compute tasks, ascending.
  std::vector<unsigned> computeOrder;
  /// Per task: its position in computeOrder (~0u for data tasks).
  std::vector<unsigned> computePosition;
};

/// Analyses `graph`, which must pass verifyGraph.
GraphAnalysis analyzeGraph(const Graph &graph);

/// The distinct CMX buffers of `task`, in order of first mention.
llvm::SmallVector<unsigned, 4> getDistinctCmxBuffers(const Graph &graph,
                                                     unsigned task);

/// Sorts buffers for placement: decreasing alignment, then decreasing size,
/// then increasing index.
void sortForPlacement(const Graph &graph,
                      llvm::SmallVectorImpl<unsigned> &buffers);

} // namespace mlir::vpuc::sched::feasible

#endif // VPUC_SCHEDULER_FEASIBLE_GRAPHANALYSIS_H_
