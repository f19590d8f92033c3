//===- ListScheduler.h - List scheduling over in-order executors -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The IR-independent list scheduling of vpuc-vpuip-list-schedule, also the
// estimate of a schedule's makespan the feasible memory scheduler's choices
// are compared with: tasks with estimated cycles, each on one in-order
// executor (a DMA port, the DPUs of a cluster, a SHAVE), the tasks moving
// bytes through DDR taking turns on it (two DMA ports streaming from DDR share
// its bandwidth), and dependencies between the tasks.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_SCHEDULER_LIST_LISTSCHEDULER_H_
#define VPUC_SCHEDULER_LIST_LISTSCHEDULER_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::sched::list {

/// A task of the graph.
struct Task {
  /// Estimated cycles, at least 1.
  uint64_t cost = 1;
  /// The cycles of its DDR bytes at the DDR bandwidth (0: it moves nothing
  /// through DDR). The DDR is busy for min(cost, ddrCycles) from the start.
  uint64_t ddrCycles = 0;
  /// The executor (< Graph::numExecutors), which runs its tasks in the order
  /// they are placed, one at a time.
  unsigned executor = 0;
  /// The earlier tasks it must follow (indices below its own).
  llvm::SmallVector<unsigned, 4> preds;
};

/// The tasks in a topological (program) order.
struct Graph {
  std::vector<Task> tasks;
  unsigned numExecutors = 0;
};

/// Numbers the executors of `graph` named by a kind and an instance (a DMA
/// port, a cluster's DPUs, a SHAVE), in the order they are first named,
/// counting them in Graph::numExecutors.
class ExecutorNumbering {
public:
  explicit ExecutorNumbering(Graph &graph) : graph(graph) {}
  /// The executor of instance `instance` of kind `kind`.
  unsigned get(unsigned kind, int64_t instance);

private:
  Graph &graph;
  llvm::DenseMap<std::pair<unsigned, int64_t>, unsigned> numbers;
};

/// A list schedule.
struct Result {
  /// The task indices in the order they are placed.
  llvm::SmallVector<unsigned> order;
  /// Per task: the estimated start cycle.
  llvm::SmallVector<uint64_t> starts;
  /// The estimated cycle the last task ends.
  uint64_t makespan = 0;
};

/// Checks that every executor and predecessor index is in range, every
/// predecessor earlier than its task and every cost positive; the error
/// names the task.
llvm::Error verifyGraph(const Graph &graph);

/// How listSchedule chooses between ready tasks of one estimated start.
enum class TieBreak {
  /// The task with the longest estimated path from its start to the end of
  /// the program, then the earliest in program order.
  LongestPath,
  /// First a task that is the last unplaced predecessor of a task with other
  /// predecessors, all of which end by this task's start (that task then
  /// waits for this one alone: a layer's weights load behind the loads of
  /// the next layers' inputs), then as LongestPath.
  JoinsFirst,
};

/// List-schedules `graph` (which must pass verifyGraph): repeatedly, among the
/// tasks whose predecessors are all placed, the one with the earliest
/// estimated start (its predecessors' latest end, its executor's free time,
/// and the DDR's for a task that moves bytes through it); on a tie the one
/// `tieBreak` prefers. With `window` = N > 0 a task may be placed only while
/// it is among the N earliest unplaced tasks in program order: 1 keeps the
/// program order (and so estimates it), 0 sets no bound.
Result listSchedule(const Graph &graph, unsigned window = 0,
                    TieBreak tieBreak = TieBreak::LongestPath);

/// The list schedule of `graph` with the lower makespan of the two
/// tie-breaks (LongestPath on a tie), and in `chosen` (if given) its
/// tie-break. Neither rule is better on every graph (docs/cost_model.md).
Result listScheduleBest(const Graph &graph, unsigned window = 0,
                        TieBreak *chosen = nullptr);

} // namespace mlir::vpuc::sched::list

#endif // VPUC_SCHEDULER_LIST_LISTSCHEDULER_H_
