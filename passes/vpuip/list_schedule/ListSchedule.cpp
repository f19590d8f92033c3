//===- ListSchedule.cpp - Reorder tasks by list scheduling ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ListSchedulePass: the dependencies between the tasks of a
// function (buffer conflicts from TaskAccesses, SSA uses), a list scheduling
// over simulated in-order executors with the costs of TaskCost, and the
// rewrite of the function body in the new order.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/list_schedule/ListSchedule.h"

#include <algorithm>
#include <functional>
#include <utility>

#include "core/cost/CostModel.h"
#include "core/support/Logger.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "passes/vpuip/utils/TaskAccesses.h"
#include "passes/vpuip/utils/TaskCost.h"
#include "scheduler/dependencies/TaskDependencies.h"
#include "scheduler/list/ListScheduler.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_LISTSCHEDULEPASS
#include "passes/vpuip/list_schedule/Passes.h.inc" // IWYU pragma: keep

namespace {

/// Calls `fn` on every value `op` or an op nested in it uses that is
/// defined by an op of `block`.
static void forEachUseFrom(Operation *op, Block &block,
                           llvm::function_ref<void(Operation *)> fn) {
  op->walk([&](Operation *nested) {
    for (Value value : nested->getOperands()) {
      Operation *def = value.getDefiningOp();
      if (def && def->getBlock() == &block) {
        fn(def);
      }
    }
  });
}

/// The tasks of a function with their costs, executors and dependencies.
struct TaskGraph {
  SmallVector<Operation *> tasks;
  /// Per task (same index): its cost, DDR cycles, executor and the tasks it
  /// must follow (the transitive reduction of its conflicts).
  sched::list::Graph graph;
};

struct ListSchedulePass : public impl::ListSchedulePassBase<ListSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(run(getOperation()))) {
      signalPassFailure();
    }
  }

  LogicalResult run(func::FuncOp func);
  /// The tasks of `block` and their dependencies; fails on an op the pass
  /// cannot order.
  FailureOr<TaskGraph> buildGraph(Block &block, ResourcesAttr resources);
  /// Moves the ops of `block` into the task order `order`.
  void rewrite(Block &block, const TaskGraph &graph, ArrayRef<unsigned> order);
};

FailureOr<TaskGraph> ListSchedulePass::buildGraph(Block &block,
                                                  ResourcesAttr resources) {
  llvm::Expected<cost::CostModel> costModel = loadCostModel(resources);
  if (!costModel) {
    return block.getParentOp()->emitOpError()
           << llvm::toString(costModel.takeError());
  }
  TaskGraph graph;
  sched::list::ExecutorNumbering executors(graph.graph);
  sched::DependencyGraph dependencies;
  DenseMap<Operation *, unsigned> taskIndex;
  // Per non-task op: the tasks whose results it uses, directly or through
  // other non-task ops.
  DenseMap<Operation *, SmallVector<unsigned, 2>> taskAncestors;
  SmallVector<TaskAccesses> accesses;

  for (Operation &op : block) {
    if (llvm::isa<async::AsyncDialect>(op.getDialect())) {
      return op.emitOpError()
             << "is already in the function: its tasks are already wrapped "
                "into async regions, so the list scheduling cannot reorder "
                "them; run it before vpuc-vpuip-wrap-into-async-regions";
    }
    // The tasks `op` uses results of.
    llvm::SmallSetVector<unsigned, 4> uses;
    forEachUseFrom(&op, block, [&](Operation *def) {
      auto it = taskIndex.find(def);
      if (it != taskIndex.end()) {
        uses.insert(it->second);
        return;
      }
      auto ancestors = taskAncestors.find(def);
      if (ancestors != taskAncestors.end()) {
        uses.insert(ancestors->second.begin(), ancestors->second.end());
      }
    });

    auto task = llvm::dyn_cast<TaskOpInterface>(op);
    if (!task) {
      if (!op.hasTrait<OpTrait::IsTerminator>() && !isAllocationOrPure(&op)) {
        return op.emitOpError()
               << "accesses memory but is not a VPUIP task "
                  "(VPUIP_TaskOpInterface); the list scheduling cannot order "
                  "it";
      }
      if (!uses.empty()) {
        taskAncestors[&op].assign(uses.begin(), uses.end());
      }
      continue;
    }

    auto current = static_cast<unsigned>(graph.tasks.size());
    taskIndex[&op] = current;
    graph.tasks.push_back(&op);
    accesses.push_back(getTaskAccesses(&op));
    sched::list::Task &t = graph.graph.tasks.emplace_back();
    SmallVector<unsigned> preds =
        dependencies.addTaskIf({}, [&](unsigned earlier) {
          return uses.contains(earlier) ||
                 conflict(accesses[earlier], accesses[current]);
        });
    t.preds.assign(preds.begin(), preds.end());
    t.cost = estimateTaskCost(task, resources, *costModel);
    t.ddrCycles = estimateDdrCycles(task, *costModel);
    t.executor = executors.get(static_cast<unsigned>(task.getExecutorKind()),
                               task.getExecutorInstance());
  }
  return graph;
}

void ListSchedulePass::rewrite(Block &block, const TaskGraph &graph,
                               ArrayRef<unsigned> order) {
  Operation *terminator = block.getTerminator();
  DenseSet<Operation *> tasks(graph.tasks.begin(), graph.tasks.end());
  DenseSet<Operation *> emitted;
  // Moves `op` before the terminator, after the non-task ops it uses.
  std::function<void(Operation *)> emit = [&](Operation *op) {
    if (!emitted.insert(op).second) {
      return;
    }
    forEachUseFrom(op, block, [&](Operation *def) {
      if (!tasks.contains(def)) {
        emit(def);
      }
      assert(emitted.contains(def) && "a task is placed after its users");
    });
    op->moveBefore(terminator);
  };

  // The non-task ops that use no task result stay in front of the tasks.
  SmallVector<Operation *> original;
  for (Operation &op : block.without_terminator()) {
    original.push_back(&op);
  }
  DenseSet<Operation *> afterTasks;
  for (Operation *op : original) {
    if (tasks.contains(op)) {
      continue;
    }
    bool usesTask = false;
    forEachUseFrom(op, block, [&](Operation *def) {
      usesTask |= tasks.contains(def) || afterTasks.contains(def);
    });
    if (usesTask) {
      afterTasks.insert(op);
    } else {
      emit(op);
    }
  }
  for (unsigned task : order) {
    emit(graph.tasks[task]);
  }
  for (Operation *op : original) {
    emit(op);
  }
}

LogicalResult ListSchedulePass::run(func::FuncOp func) {
  if (func.isExternal()) {
    return success();
  }
  Region &body = func.getBody();
  if (!body.hasOneBlock()) {
    return func.emitOpError() << "has " << body.getBlocks().size()
                              << " blocks; the list scheduling needs a body "
                                 "of one block in program order";
  }
  ResourcesAttr resources = getResources(func);
  if (!resources) {
    return func.emitOpError()
           << "has no target resources (#VPUIP.resources on the module); the "
              "list scheduling needs them for the cost of the tasks";
  }
  Block &block = body.front();
  FailureOr<TaskGraph> graph = buildGraph(block, resources);
  if (failed(graph)) {
    return failure();
  }

  sched::list::Result programOrder =
      sched::list::listSchedule(graph->graph, /*window=*/1);
  sched::list::TieBreak tieBreak = sched::list::TieBreak::LongestPath;
  sched::list::Result scheduled =
      compareTieBreaks
          ? sched::list::listScheduleBest(graph->graph, window, &tieBreak)
          : sched::list::listSchedule(graph->graph, window);
  size_t moved = 0;
  for (auto [position, task] : llvm::enumerate(scheduled.order)) {
    moved += position != task;
  }
  rewrite(block, *graph, scheduled.order);

  std::string text = llvm::formatv(
      "{0} task(s), {1} moved; estimated makespan {2} cycles in program "
      "order, {3} cycles list-scheduled ({4} first on ties)",
      graph->tasks.size(), moved, programOrder.makespan, scheduled.makespan,
      tieBreak == sched::list::TieBreak::JoinsFirst ? "joins"
                                                    : "longest paths");
  support::Logger(getArgument()).info("@{0}: {1}", func.getSymName(), text);
  if (summary) {
    func.emitRemark() << text;
  }
  return success();
}

} // namespace
} // namespace mlir::vpuc::VPUIP
