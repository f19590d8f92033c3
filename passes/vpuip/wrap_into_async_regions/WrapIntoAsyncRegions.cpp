//===- WrapIntoAsyncRegions.cpp - Tasks into async regions ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements WrapIntoAsyncRegionsPass: the buffer accesses of every task, the
// reduced dependencies between them (sched::DependencyGraph), and the
// rewrite into async.execute regions joined by tokens.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/wrap_into_async_regions/WrapIntoAsyncRegions.h"

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "passes/vpuip/utils/TaskAccesses.h"
#include "scheduler/dependencies/TaskDependencies.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_WRAPINTOASYNCREGIONSPASS
#include "passes/vpuip/wrap_into_async_regions/Passes.h.inc" // IWYU pragma: keep

namespace {

struct WrapIntoAsyncRegionsPass
    : public impl::WrapIntoAsyncRegionsPassBase<WrapIntoAsyncRegionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(wrap(getOperation()))) {
      signalPassFailure();
    }
  }

  LogicalResult wrap(func::FuncOp func) {
    if (func.isExternal()) {
      return success();
    }
    Region &body = func.getBody();
    if (!body.hasOneBlock()) {
      return func.emitOpError()
             << "has " << body.getBlocks().size()
             << " blocks; wrapping tasks into async regions needs a body of "
                "one block";
    }
    Block &block = body.front();

    // Classify the ops.
    SmallVector<TaskOpInterface> tasks;
    SmallVector<ConcatViewOp> concats;
    for (Operation &op : block) {
      if (llvm::isa<async::AsyncDialect>(op.getDialect())) {
        return op.emitOpError()
               << "is already in the function: its tasks are already "
                  "wrapped into async regions";
      }
      if (auto task = llvm::dyn_cast<TaskOpInterface>(op)) {
        tasks.push_back(task);
        continue;
      }
      if (llvm::isa<CopyOp>(op)) {
        return op.emitOpError()
               << "has no executor yet; convert it into a DMA task "
                  "(VPUIP.NNDMA) before wrapping tasks into async regions";
      }
      if (auto concat = llvm::dyn_cast<ConcatViewOp>(op)) {
        concats.push_back(concat);
        continue;
      }
      if (op.hasTrait<OpTrait::IsTerminator>() || isAllocationOrPure(&op)) {
        continue;
      }
      return op.emitOpError()
             << "accesses memory but is not a VPUIP task "
                "(VPUIP_TaskOpInterface), so it cannot run in an async region";
    }
    for (TaskOpInterface task : tasks) {
      for (OpResult result : task->getResults()) {
        auto dps =
            llvm::dyn_cast<DestinationStyleOpInterface>(task.getOperation());
        if (!dps || !dps.getTiedOpOperand(result)) {
          return task->emitOpError()
                 << "result #" << result.getResultNumber()
                 << " is not tied to an output buffer, so its uses cannot "
                    "read the buffer instead";
        }
      }
    }

    // Dependencies, on the accesses of the original IR.
    sched::DependencyGraph graph;
    SmallVector<TaskAccesses> accesses;
    size_t numDependencies = 0;
    for (auto [index, task] : llvm::enumerate(tasks)) {
      auto current = static_cast<unsigned>(index);
      if (linear) {
        SmallVector<unsigned, 1> previous;
        if (current > 0) {
          previous.push_back(current - 1);
        }
        numDependencies += graph.addTask({}, previous).size();
        continue;
      }
      accesses.push_back(getTaskAccesses(task));
      numDependencies += graph
                             .addTaskIf({},
                                        [&](unsigned earlier) {
                                          return conflict(accesses[earlier],
                                                          accesses[current]);
                                        })
                             .size();
    }

    // Task results and concatenations become the buffers they stand for.
    for (TaskOpInterface task : tasks) {
      auto dps = llvm::cast<DestinationStyleOpInterface>(task.getOperation());
      for (OpResult result : task->getResults()) {
        result.replaceAllUsesWith(dps.getTiedOpOperand(result)->get());
      }
    }
    for (ConcatViewOp concat : concats) {
      concat.getOutput().replaceAllUsesWith(concat.getOutputBuff());
      concat.erase();
    }

    // The regions.
    OpBuilder builder(func.getContext());
    SmallVector<Value> tokens;
    SmallVector<bool> hasSuccessor(tasks.size(), false);
    for (auto [index, task] : llvm::enumerate(tasks)) {
      SmallVector<Value> dependencies;
      for (unsigned pred : graph.getDependencies(index)) {
        dependencies.push_back(tokens[pred]);
        hasSuccessor[pred] = true;
      }
      builder.setInsertionPoint(task);
      auto execute = builder.create<async::ExecuteOp>(
          task.getLoc(), TypeRange(), dependencies, ValueRange(),
          [](OpBuilder &nested, Location loc, ValueRange) {
            nested.create<async::YieldOp>(loc, ValueRange());
          });
      execute->setAttr("executor", builder.getStringAttr(stringifyExecutorKind(
                                       task.getExecutorKind())));
      execute->setAttr("executor_instance",
                       builder.getI64IntegerAttr(task.getExecutorInstance()));
      Block &inner = execute.getBodyRegion().front();
      task->moveBefore(inner.getTerminator());
      tokens.push_back(execute.getToken());
    }
    builder.setInsertionPoint(block.getTerminator());
    for (auto [token, used] : llvm::zip(tokens, hasSuccessor)) {
      if (!used) {
        builder.create<async::AwaitOp>(func.getLoc(), token);
      }
    }

    support::Logger(getArgument())
        .info("@{0}: {1} task(s) in async regions with {2} token "
              "dependencies",
              func.getSymName(), tasks.size(), numDependencies);
    return success();
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
