//===- ScheduleEstimate.h - Makespan estimate of a CMX schedule -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The estimate vpuc-vpuip-feasible-allocation compares its candidate
// schedules with: the makespan vpuc-vpuip-list-schedule would estimate for
// the function once the passes after the feasible allocation have run.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_SCHEDULEESTIMATE_H_
#define VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_SCHEDULEESTIMATE_H_

#include <cstdint>

#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LogicalResult.h"
#include "passes/vpuip/utils/TaskAccesses.h"
#include "scheduler/feasible/FeasibleScheduler.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::vpuc::cost {
class CostModel;
} // namespace mlir::vpuc::cost

namespace mlir::vpuc::VPUIP {

/// The scheduling problem of a function, as the feasible allocation built it.
struct EstimateInput {
  /// The graph scheduled.
  const sched::feasible::Graph &graph;
  /// Per graph task: the task op (before the rewrite) and its accesses.
  ArrayRef<Operation *> taskOps;
  ArrayRef<TaskAccesses> taskAccesses;
  /// Per root buffer value: its buffer in the graph.
  const DenseMap<Value, unsigned> &bufferOfRoot;
  /// The target's resources (the DMA ports).
  ResourcesAttr resources;
  /// The target's cost model.
  const cost::CostModel &costModel;
  /// Per graph task: its estimateDdrCycles.
  ArrayRef<uint64_t> ddrCycles;
  /// The most bytes a DMA moves once vpuc-vpuip-split-dmas has cut it (0: no
  /// cut).
  int64_t dmaPartBytes = 0;
};

/// The estimated makespan of `schedule` once the passes after the feasible
/// allocation have run: the DMAs cut into parts (vpuc-vpuip-split-dmas: part
/// k of n covers bytes [k size / n, (k + 1) size / n) of each CMX buffer of
/// its DMA), spread over the ports as vpuc-vpuip-assign-dma-ports balances
/// them (here by their cycles), the parts of the loads of twin constants
/// folded as vpuc-vpuip-broadcast-dmas does; then list-scheduled over the
/// target's executors (sched::list, the model of vpuc-vpuip-list-schedule),
/// each task or part after the earlier ones it conflicts with in the
/// rewritten function (common bytes, one writing: reused CMX addresses,
/// moved instances, spill slots, the tasks' own accesses). An error (on
/// `func`) if the estimate's graph is malformed.
FailureOr<uint64_t>
estimateListScheduledMakespan(func::FuncOp func, const EstimateInput &input,
                              const sched::feasible::Schedule &schedule);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_PASSES_VPUIP_FEASIBLE_ALLOCATION_SCHEDULEESTIMATE_H_
