//===- AssignPhysicalBarriers.cpp - Physical barriers -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements AssignPhysicalBarriersPass: the VPURT function as a
// sched::BarrierProgram, splitting, assignment and simulation by
// scheduler/barriers, the rewrite to VPURT.ConfigureBarrier, and a second
// simulation of the program the rewritten function describes.
//
//===----------------------------------------------------------------------===//

#include "passes/vpurt/assign_physical_barriers/AssignPhysicalBarriers.h"

#include <algorithm>
#include <limits>
#include <map>

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpurt/ir/BarrierQueries.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "dialects/vpurt/ir/VPURTOps.h"
#include "dialects/vpurt/ir/VPURTTypes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "scheduler/barriers/BarrierProgram.h"

namespace mlir::vpuc::VPURT {

#define GEN_PASS_DEF_ASSIGNPHYSICALBARRIERSPASS
#include "passes/vpurt/assign_physical_barriers/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The tasks of a function in order, with dense executor ids.
struct TaskNumbering {
  SmallVector<TaskOp> tasks;
  DenseMap<Operation *, unsigned> indexOf;
  std::vector<unsigned> executorOf;
  unsigned numExecutors = 0;
};

static FailureOr<TaskNumbering> numberTasks(Block &block) {
  TaskNumbering numbering;
  std::map<Executor, unsigned> executorIds;
  for (auto task : block.getOps<TaskOp>()) {
    FailureOr<Executor> executor = getExecutor(task);
    if (failed(executor)) {
      return task.emitOpError() << "holds no VPUIP task";
    }
    auto [it, inserted] =
        executorIds.try_emplace(*executor, executorIds.size());
    numbering.indexOf[task] = numbering.tasks.size();
    numbering.tasks.push_back(task);
    numbering.executorOf.push_back(it->second);
  }
  numbering.numExecutors = executorIds.size();
  return numbering;
}

/// The program of `barriers` over the numbered tasks.
static sched::BarrierProgram buildProgram(const TaskNumbering &numbering,
                                          ArrayRef<Value> barriers) {
  sched::BarrierProgram program;
  program.numExecutors = numbering.numExecutors;
  program.taskExecutor = numbering.executorOf;
  for (Value barrier : barriers) {
    sched::VirtualBarrier entry;
    for (TaskOp task : getBarrierProducers(barrier)) {
      entry.producers.push_back(numbering.indexOf.lookup(task));
    }
    for (TaskOp task : getBarrierConsumers(barrier)) {
      entry.consumers.push_back(numbering.indexOf.lookup(task));
    }
    program.barriers.push_back(std::move(entry));
  }
  return program;
}

/// A limit option: the option if set, else the target's value, else
/// `fallback`; fails (emitting at `func`) on a negative option.
static FailureOr<int64_t> resolveLimit(func::FuncOp func, StringRef name,
                                       int64_t option,
                                       std::optional<int64_t> target,
                                       std::optional<int64_t> fallback) {
  if (option < 0) {
    return func.emitOpError() << "option " << name << "=" << option
                              << " of vpuc-vpurt-assign-physical-barriers "
                                 "is negative";
  }
  if (option != 0) {
    return option;
  }
  if (target) {
    return *target;
  }
  if (fallback) {
    return *fallback;
  }
  return func.emitOpError()
         << "needs the number of hardware barriers: set " << name
         << " of vpuc-vpurt-assign-physical-barriers or give the module "
            "target resources (#VPUIP.resources)";
}

struct AssignPhysicalBarriersPass
    : public impl::AssignPhysicalBarriersPassBase<AssignPhysicalBarriersPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(assign(getOperation()))) {
      signalPassFailure();
    }
  }

  LogicalResult assign(func::FuncOp func) {
    if (func.isExternal()) {
      return success();
    }
    if (!func.getBody().hasOneBlock()) {
      return func.emitOpError() << "has " << func.getBody().getBlocks().size()
                                << " blocks; a VPURT function has one";
    }
    Block &block = func.getBody().front();

    // The virtual barriers (unused ones are dead and go).
    SmallVector<DeclareVirtualBarrierOp> virtuals;
    for (auto barrier :
         llvm::make_early_inc_range(block.getOps<DeclareVirtualBarrierOp>())) {
      if (barrier.getBarrier().use_empty()) {
        barrier.erase();
        continue;
      }
      virtuals.push_back(barrier);
    }
    if (virtuals.empty()) {
      return success();
    }
    if (auto configured = block.getOps<ConfigureBarrierOp>();
        !configured.empty()) {
      return (*configured.begin()).emitOpError()
             << "is mixed with virtual barriers; physical barriers are "
                "assigned to all barriers of a function at once";
    }

    // Limits.
    VPUIP::ResourcesAttr resources = VPUIP::getResources(func);
    auto fromTarget = [&](int64_t (VPUIP::ResourcesAttr::*get)()
                              const) -> std::optional<int64_t> {
      if (!resources) {
        return std::nullopt;
      }
      return (resources.*get)();
    };
    constexpr int64_t kUnlimited = std::numeric_limits<unsigned>::max();
    FailureOr<int64_t> count = resolveLimit(
        func, "num-barriers", numBarriers,
        fromTarget(&VPUIP::ResourcesAttr::getBarriers), std::nullopt);
    FailureOr<int64_t> producers = resolveLimit(
        func, "max-producers", maxProducers,
        fromTarget(&VPUIP::ResourcesAttr::getMaxProducers), kUnlimited);
    FailureOr<int64_t> consumers = resolveLimit(
        func, "max-consumers", maxConsumers,
        fromTarget(&VPUIP::ResourcesAttr::getMaxConsumers), kUnlimited);
    if (failed(count) || failed(producers) || failed(consumers)) {
      return failure();
    }
    if (resources && *count > resources.getBarriers()) {
      return func.emitOpError()
             << "num-barriers=" << *count << " exceeds the "
             << resources.getBarriers() << " usable barrier(s) of the target "
             << resources.getArch();
    }

    FailureOr<TaskNumbering> numbering = numberTasks(block);
    if (failed(numbering)) {
      return failure();
    }
    // Per-barrier limits in tasks: counts are weighted by barrier counts.
    int64_t weight = 1;
    for (TaskOp task : numbering->tasks) {
      weight = std::max(weight, task.getBarrierCount());
    }
    if (weight > *producers || weight > *consumers) {
      return func.emitOpError()
             << "has a task counting " << weight
             << " times on its barriers, more than a barrier takes ("
             << *producers << " producers, " << *consumers << " consumers)";
    }
    sched::BarrierLimits limits;
    limits.numPhysicalBarriers =
        static_cast<unsigned>(std::min<int64_t>(*count, kUnlimited));
    limits.maxProducers = static_cast<unsigned>(*producers / weight);
    limits.maxConsumers = static_cast<unsigned>(*consumers / weight);

    SmallVector<Value> barrierValues;
    for (DeclareVirtualBarrierOp barrier : virtuals) {
      barrierValues.push_back(barrier.getBarrier());
    }
    sched::BarrierProgram original = buildProgram(*numbering, barrierValues);
    sched::BarrierProgram program = original;
    auto describeNumbering = [](InFlightDiagnostic &diag) {
      diag.attachNote() << "tasks and virtual barriers are numbered from 0 in "
                           "the order of the function";
    };
    llvm::Expected<std::vector<unsigned>> split = sched::splitOversizedBarriers(
        program, limits.maxProducers, limits.maxConsumers);
    if (!split) {
      return func.emitOpError() << "cannot split its barriers: "
                                << llvm::toString(split.takeError());
    }
    llvm::Expected<sched::BarrierAssignment> assignment =
        sched::assignPhysicalBarriers(program, limits);
    if (!assignment) {
      InFlightDiagnostic diag =
          func.emitOpError()
          << "cannot assign physical barriers within "
          << limits.numPhysicalBarriers
          << " hardware barrier(s): " << llvm::toString(assignment.takeError());
      describeNumbering(diag);
      return diag;
    }
    if (llvm::Error error =
            sched::simulateBarriers(program, *assignment, limits, &original)) {
      InFlightDiagnostic diag =
          func.emitOpError()
          << "internal error: the barrier assignment fails its simulation: "
          << llvm::toString(std::move(error));
      describeNumbering(diag);
      return diag;
    }

    // The configured barriers, in the order of the uses; uses without
    // producers or consumers order nothing and are dropped.
    OpBuilder builder(func.getContext());
    Operation *first = virtuals.front();
    for (Operation &op : block) {
      if (llvm::isa<TaskOp, DeclareVirtualBarrierOp>(op)) {
        first = &op;
        break;
      }
    }
    builder.setInsertionPoint(first);
    std::vector<Value> configured(program.barriers.size());
    SmallVector<Value> configuredInOrder;
    for (unsigned v : assignment->order) {
      const sched::VirtualBarrier &barrier = program.barriers[v];
      if (barrier.producers.empty() || barrier.consumers.empty()) {
        continue;
      }
      configured[v] = builder.create<ConfigureBarrierOp>(
          func.getLoc(), BarrierType::get(func.getContext()),
          assignment->physicalId[v], IntegerAttr(), IntegerAttr());
      configuredInOrder.push_back(configured[v]);
    }
    size_t numTasks = numbering->tasks.size();
    SmallVector<SmallVector<Value, 2>> waits(numTasks), updates(numTasks);
    for (unsigned v = 0, e = program.barriers.size(); v < e; ++v) {
      if (!configured[v]) {
        continue;
      }
      for (unsigned task : program.barriers[v].producers) {
        updates[task].push_back(configured[v]);
      }
      for (unsigned task : program.barriers[v].consumers) {
        waits[task].push_back(configured[v]);
      }
    }
    for (auto [index, task] : llvm::enumerate(numbering->tasks)) {
      task.getWaitBarriersMutable().assign(waits[index]);
      task.getUpdateBarriersMutable().assign(updates[index]);
    }
    for (DeclareVirtualBarrierOp barrier : virtuals) {
      barrier.erase();
    }

    // Prove the function as rewritten: its own program and uses.
    if (failed(checkRewritten(func, *numbering, configuredInOrder, limits,
                              original))) {
      return failure();
    }

    unsigned used = 0;
    for (const auto &uses : assignment->physicalUses) {
      used += !uses.empty();
    }
    support::Logger(getArgument())
        .info("@{0}: {1} virtual barrier(s) -> {2} use(s) of {3} hardware "
              "barrier(s) (limit {4}), {5} sync barrier(s) added",
              func.getSymName(), virtuals.size(), configuredInOrder.size(),
              used, limits.numPhysicalBarriers,
              assignment->syncBarriers.size());
    return success();
  }

  /// Simulates the program the rewritten function describes: each
  /// ConfigureBarrier is a use of its id, in function order.
  LogicalResult checkRewritten(func::FuncOp func,
                               const TaskNumbering &numbering,
                               ArrayRef<Value> barriers,
                               const sched::BarrierLimits &limits,
                               const sched::BarrierProgram &original) {
    sched::BarrierProgram program = buildProgram(numbering, barriers);
    sched::BarrierAssignment uses;
    for (auto [index, barrier] : llvm::enumerate(barriers)) {
      auto id = static_cast<unsigned>(
          barrier.getDefiningOp<ConfigureBarrierOp>().getId());
      if (uses.physicalUses.size() <= id) {
        uses.physicalUses.resize(id + 1);
      }
      uses.physicalId.push_back(id);
      uses.physicalUses[id].push_back(index);
      uses.order.push_back(index);
    }
    if (llvm::Error error =
            sched::simulateBarriers(program, uses, limits, &original)) {
      return func.emitOpError()
             << "internal error: the function with physical barriers fails "
                "the barrier simulation: "
             << llvm::toString(std::move(error));
    }
    return success();
  }
};

} // namespace
} // namespace mlir::vpuc::VPURT
