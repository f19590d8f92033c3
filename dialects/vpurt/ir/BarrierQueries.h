//===- BarrierQueries.h - Barrier uses and task lists of VPURT --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Queries over VPURT IR that the verifiers, the barrier passes, the blob
// writer and the emulator share: which tasks update or wait on a barrier,
// the counts the runtime programs for it, and the task list of each executor
// (the implicit per-executor order of the dialect description).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPURT_IR_BARRIERQUERIES_H_
#define VPUC_DIALECTS_VPURT_IR_BARRIERQUERIES_H_

#include <cstdint>

#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpurt/ir/VPURTOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::VPURT {

/// An executor of the device: the kind and instance a task runs on.
struct Executor {
  VPUIP::ExecutorKind kind;
  int64_t instance;

  friend bool operator==(const Executor &a, const Executor &b) {
    return a.kind == b.kind && a.instance == b.instance;
  }
  friend bool operator!=(const Executor &a, const Executor &b) {
    return !(a == b);
  }
  /// Orders by kind, then instance.
  friend bool operator<(const Executor &a, const Executor &b) {
    if (a.kind != b.kind) {
      return a.kind < b.kind;
    }
    return a.instance < b.instance;
  }
};

/// The executor of `task`; fails when its body holds no VPUIP task op.
FailureOr<Executor> getExecutor(TaskOp task);

/// The tasks that list `barrier` in their `updates`, in function order
/// (each task once).
llvm::SmallVector<TaskOp> getBarrierProducers(Value barrier);

/// The tasks that list `barrier` in their `waits`, in function order (each
/// task once).
llvm::SmallVector<TaskOp> getBarrierConsumers(Value barrier);

/// The counts the runtime programs for a barrier: each producer (consumer)
/// task counts `getBarrierCount()` times.
struct BarrierCounts {
  int64_t producers = 0;
  int64_t consumers = 0;
};

/// The counts of `barrier` from the tasks that use it.
BarrierCounts getBarrierCounts(Value barrier);

/// The tasks one executor runs, in order.
struct TaskList {
  Executor executor;
  llvm::SmallVector<TaskOp> tasks;
};

/// The task lists of `func`: one per executor that runs at least one task,
/// ordered by executor; each holds the executor's `VPURT.Task` ops in the
/// order they appear in the function. Tasks without a VPUIP task op (invalid
/// IR) are left out.
llvm::SmallVector<TaskList> getTaskLists(func::FuncOp func);

} // namespace mlir::vpuc::VPURT

#endif // VPUC_DIALECTS_VPURT_IR_BARRIERQUERIES_H_
