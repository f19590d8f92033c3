//===- BarrierQueries.cpp - Barrier uses and task lists ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Barrier users are found through the barrier value's use list (never by
// walking the function), classified by the operand segment they use, and
// put in function order.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpurt/ir/BarrierQueries.h"

#include <map>

#include "dialects/vpurt/ir/VPURTOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::vpuc::VPURT {

FailureOr<Executor> getExecutor(TaskOp task) {
  VPUIP::TaskOpInterface inner = task.getInnerTaskOp();
  if (!inner) {
    return failure();
  }
  return Executor{inner.getExecutorKind(), inner.getExecutorInstance()};
}

/// Sorts `tasks` into function order (blocks in region order, ops in block
/// order).
static void sortInFunctionOrder(SmallVectorImpl<TaskOp> &tasks) {
  llvm::DenseMap<Block *, unsigned> blockIndex;
  auto indexOf = [&](Block *block) {
    auto it = blockIndex.find(block);
    if (it != blockIndex.end()) {
      return it->second;
    }
    unsigned index = 0;
    for (Block &other : *block->getParent()) {
      blockIndex[&other] = index++;
    }
    return blockIndex[block];
  };
  llvm::stable_sort(tasks, [&](TaskOp a, TaskOp b) {
    Block *blockA = a->getBlock();
    Block *blockB = b->getBlock();
    if (blockA == blockB) {
      return a->isBeforeInBlock(b);
    }
    return indexOf(blockA) < indexOf(blockB);
  });
}

/// The tasks using `barrier` in their waits (`updates` false) or updates.
static SmallVector<TaskOp> getBarrierUsers(Value barrier, bool updates) {
  llvm::SetVector<Operation *> users;
  for (OpOperand &use : barrier.getUses()) {
    auto task = llvm::dyn_cast<TaskOp>(use.getOwner());
    if (!task) {
      continue;
    }
    OperandRange range =
        updates ? task.getUpdateBarriers() : task.getWaitBarriers();
    if (range.empty()) {
      continue;
    }
    unsigned begin = range.getBeginOperandIndex();
    unsigned number = use.getOperandNumber();
    if (number >= begin && number < begin + range.size()) {
      users.insert(task);
    }
  }
  SmallVector<TaskOp> tasks;
  for (Operation *user : users) {
    tasks.push_back(llvm::cast<TaskOp>(user));
  }
  sortInFunctionOrder(tasks);
  return tasks;
}

SmallVector<TaskOp> getBarrierProducers(Value barrier) {
  return getBarrierUsers(barrier, /*updates=*/true);
}

SmallVector<TaskOp> getBarrierConsumers(Value barrier) {
  return getBarrierUsers(barrier, /*updates=*/false);
}

BarrierCounts getBarrierCounts(Value barrier) {
  BarrierCounts counts;
  for (TaskOp task : getBarrierProducers(barrier)) {
    counts.producers += task.getBarrierCount();
  }
  for (TaskOp task : getBarrierConsumers(barrier)) {
    counts.consumers += task.getBarrierCount();
  }
  return counts;
}

SmallVector<TaskList> getTaskLists(func::FuncOp func) {
  std::map<Executor, SmallVector<TaskOp>> lists;
  for (Block &block : func.getBody()) {
    for (auto task : block.getOps<TaskOp>()) {
      FailureOr<Executor> executor = getExecutor(task);
      if (succeeded(executor)) {
        lists[*executor].push_back(task);
      }
    }
  }
  SmallVector<TaskList> result;
  for (auto &[executor, tasks] : lists) {
    result.push_back(TaskList{executor, std::move(tasks)});
  }
  return result;
}

} // namespace mlir::vpuc::VPURT
