//===- AsyncToVPURT.cpp - Async regions to VPURT tasks ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements AsyncToVPURTPass: checks the async form, maps every buffer a
// task uses to a runtime section, reduces and groups the token dependencies
// into virtual barriers, and rewrites the function into VPURT form.
//
//===----------------------------------------------------------------------===//

#include "passes/vpurt/async_to_vpurt/AsyncToVPURT.h"

#include <map>
#include <tuple>

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "dialects/vpurt/ir/VPURTOps.h"
#include "dialects/vpurt/ir/VPURTTypes.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "scheduler/dependencies/TaskDependencies.h"

namespace mlir::vpuc::VPURT {

#define GEN_PASS_DEF_ASYNCTOVPURTPASS
#include "passes/vpurt/async_to_vpurt/Passes.h.inc" // IWYU pragma: keep

namespace {

using VPUIP::BufferLocation;
using VPUIP::BufferRootKind;

/// Where a declared buffer is: section, section index, byte offset, type.
struct Placement {
  BufferSection section;
  std::optional<int64_t> index;
  int64_t offset;
  Type type;

  /// A key ordering placements (types by their opaque pointer).
  auto key() const {
    return std::make_tuple(static_cast<int>(section), index.value_or(-1),
                           offset, type.getAsOpaquePointer());
  }
};

/// One task to create: the region, its task op and the buffers to declare
/// for the operands of the task (and of ops nested in it) defined outside.
struct PendingTask {
  async::ExecuteOp execute;
  VPUIP::TaskOpInterface task;
  SmallVector<std::pair<OpOperand *, Placement>> buffers;
};

/// The runtime section of a buffer `value` used by `user`, or an error
/// emitted at `user`.
static FailureOr<Placement> place(Value value, Operation *user,
                                  unsigned numInputs) {
  auto fail = [&]() {
    InFlightDiagnostic diag = user->emitOpError();
    diag << "uses a buffer of type " << value.getType() << " ";
    return diag;
  };
  if (!VPUIP::isBufferType(value.getType())) {
    return fail() << "that is not a VPUIP buffer, so it has no VPURT form";
  }
  BufferLocation location = VPUIP::getBufferLocation(value);
  if (!location.exact) {
    Operation *view = value.getDefiningOp();
    return fail() << "through a view whose byte offset is unknown ('"
                  << (view ? view->getName().getStringRef() : "?") << "')";
  }
  Placement placement{BufferSection::DDR, std::nullopt, location.offset,
                      value.getType()};
  switch (location.kind) {
  case BufferRootKind::Argument: {
    unsigned argNo = llvm::cast<BlockArgument>(location.root).getArgNumber();
    FailureOr<VPUIP::MemorySpaceAttr> space =
        VPUIP::getMemorySpace(location.root.getType());
    if (failed(space) || space->getKind() != VPUIP::MemoryKind::DDR) {
      return fail() << "of function argument #" << argNo
                    << ", which is not in DDR; network inputs and outputs "
                       "live in DDR";
    }
    if (argNo < numInputs) {
      placement.section = BufferSection::NetworkInput;
      placement.index = argNo;
    } else {
      placement.section = BufferSection::NetworkOutput;
      placement.index = argNo - numInputs;
    }
    return placement;
  }
  case BufferRootKind::StaticAllocation: {
    FailureOr<VPUIP::MemorySpaceAttr> space =
        VPUIP::getMemorySpace(location.root.getType());
    placement.offset = *location.getAbsoluteOffset();
    if (space->getKind() == VPUIP::MemoryKind::CMX_NN) {
      placement.section = BufferSection::CMX_NN;
      placement.index = space->getIndex().value_or(0);
    }
    return placement;
  }
  case BufferRootKind::Allocation:
    return fail() << "that is not placed yet (memref.alloc); run the memory "
                     "allocation (e.g. vpuc-vpuip-ddr-static-allocation) "
                     "first";
  case BufferRootKind::Constant:
    // Constant buffers used directly are kept (see isConstantBuffer); a view
    // of one would need a declared buffer of the constant section, which the
    // blob writer lays out itself.
    return fail() << "through a view of a constant buffer ('"
                  << location.root.getDefiningOp()->getName()
                  << "'); tasks read constant buffers directly";
  case BufferRootKind::Unknown:
    break;
  }
  Operation *def = location.root.getDefiningOp();
  if (!def) {
    return fail() << "rooted in a block argument that is not a function "
                     "argument, so it has no runtime section";
  }
  return fail() << "defined by '" << def->getName()
                << "', which has no runtime section (only function "
                   "arguments and VPUIP.StaticAlloc buffers have one)";
}

/// True if `value` is a constant buffer (the result of a ConstantLike op of
/// memref type, e.g. `const.Declare`): tasks keep reading it directly.
static bool isConstantBuffer(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->hasTrait<OpTrait::ConstantLike>() &&
         llvm::isa<MemRefType>(value.getType());
}

struct AsyncToVPURTPass : public impl::AsyncToVPURTPassBase<AsyncToVPURTPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(convert(getOperation()))) {
      signalPassFailure();
    }
  }

  /// Checks the signature and the return of `func`.
  LogicalResult checkSignature(func::FuncOp func, func::ReturnOp ret) {
    unsigned numArgs = func.getNumArguments();
    unsigned numResults = func.getNumResults();
    if (numResults > numArgs) {
      return func.emitOpError()
             << "has " << numResults << " results but " << numArgs
             << " arguments; the arguments must be the network inputs then "
                "the network outputs (run "
                "vpuc-vpuip-add-buffers-for-net-results first)";
    }
    unsigned numInputs = numArgs - numResults;
    for (auto [index, value] : llvm::enumerate(ret.getOperands())) {
      if (value != func.getArgument(numInputs + index)) {
        return ret.emitOpError()
               << "returns something else than output argument #"
               << numInputs + index << " as result #" << index
               << "; the function must return its output arguments in order "
                  "(run vpuc-vpuip-add-buffers-for-net-results first)";
      }
    }
    return success();
  }

  /// Checks that `execute` holds exactly one VPUIP task and uses tokens
  /// only; returns the task.
  FailureOr<VPUIP::TaskOpInterface> getTask(async::ExecuteOp execute) {
    if (!execute.getBodyOperands().empty() ||
        !execute.getBodyResults().empty()) {
      return execute.emitOpError()
             << "passes async values; only token dependencies can become "
                "barriers (buffers are used directly in the regions)";
    }
    Block &body = execute.getBodyRegion().front();
    auto task = llvm::dyn_cast<VPUIP::TaskOpInterface>(body.front());
    if (!task || std::next(body.begin()) != std::prev(body.end())) {
      return execute.emitOpError()
             << "must hold exactly one VPUIP task (VPUIP_TaskOpInterface) "
                "and its yield";
    }
    for (OpOperand &use : execute.getToken().getUses()) {
      if (!llvm::isa<async::ExecuteOp, async::AwaitOp>(use.getOwner())) {
        return use.getOwner()->emitOpError()
               << "uses the token of an async region; only async.execute "
                  "dependencies and async.await can";
      }
    }
    return task;
  }

  LogicalResult convert(func::FuncOp func) {
    if (func.isExternal()) {
      return success();
    }
    Region &region = func.getBody();
    if (!region.hasOneBlock()) {
      return func.emitOpError()
             << "has " << region.getBlocks().size()
             << " blocks; the VPURT form has a body of one block";
    }
    Block &block = region.front();
    auto ret = llvm::dyn_cast<func::ReturnOp>(block.getTerminator());
    if (!ret || failed(checkSignature(func, ret))) {
      return failure();
    }
    unsigned numInputs = func.getNumArguments() - func.getNumResults();

    // Check the async form and plan the buffers, without changing anything.
    SmallVector<PendingTask> pending;
    SmallVector<async::AwaitOp> awaits;
    for (Operation &op : block) {
      if (auto execute = llvm::dyn_cast<async::ExecuteOp>(op)) {
        FailureOr<VPUIP::TaskOpInterface> task = getTask(execute);
        if (failed(task)) {
          return failure();
        }
        PendingTask entry{execute, *task, {}};
        bool ok = true;
        (*task)->walk([&](Operation *nested) {
          for (OpOperand &operand : nested->getOpOperands()) {
            Value value = operand.get();
            if (task->getOperation()->isAncestor(
                    value.getParentRegion()->getParentOp()) ||
                isConstantBuffer(value)) {
              continue;
            }
            FailureOr<Placement> placement = place(value, nested, numInputs);
            if (failed(placement)) {
              ok = false;
              return WalkResult::interrupt();
            }
            entry.buffers.emplace_back(&operand, *placement);
          }
          return WalkResult::advance();
        });
        if (!ok) {
          return failure();
        }
        pending.push_back(std::move(entry));
        continue;
      }
      if (auto await = llvm::dyn_cast<async::AwaitOp>(op)) {
        if (!llvm::isa<async::TokenType>(await.getOperand().getType())) {
          return await.emitOpError()
                 << "awaits an async value; only tokens are supported";
        }
        awaits.push_back(await);
        continue;
      }
      if (llvm::isa<async::AsyncDialect>(op.getDialect())) {
        return op.emitOpError() << "has no VPURT form; only async.execute "
                                   "and async.await are supported";
      }
      if (llvm::isa<TaskOp>(op)) {
        if (llvm::any_of(block, [](Operation &other) {
              return llvm::isa<async::ExecuteOp>(other);
            })) {
          return op.emitOpError() << "is mixed with async regions";
        }
        return success(); // Already in VPURT form.
      }
    }

    // Dependencies: token edges, reduced with the task-list order.
    DenseMap<Operation *, unsigned> indexOf;
    std::map<std::pair<VPUIP::ExecutorKind, int64_t>, unsigned> lastOnExecutor;
    sched::DependencyGraph graph;
    size_t numTokenEdges = 0;
    for (auto [index, entry] : llvm::enumerate(pending)) {
      indexOf[entry.execute] = index;
      SmallVector<unsigned> explicitPreds, implicitPreds;
      for (Value token : entry.execute.getDependencies()) {
        auto producer = token.getDefiningOp<async::ExecuteOp>();
        if (!producer) {
          return entry.execute.emitOpError()
                 << "depends on a token that is not the token of an "
                    "async.execute";
        }
        explicitPreds.push_back(indexOf.lookup(producer));
        ++numTokenEdges;
      }
      auto executor = std::make_pair(entry.task.getExecutorKind(),
                                     entry.task.getExecutorInstance());
      if (auto it = lastOnExecutor.find(executor); it != lastOnExecutor.end()) {
        implicitPreds.push_back(it->second);
      }
      lastOnExecutor[executor] = index;
      graph.addTask(implicitPreds, explicitPreds);
    }
    std::vector<sched::VirtualBarrier> barriers =
        sched::groupIntoBarriers(graph);

    // Rewrite: declared buffers and barriers at the top, then the tasks.
    OpBuilder builder(func.getContext());
    builder.setInsertionPointToStart(&block);
    std::map<decltype(std::declval<Placement>().key()), Value> declared;
    for (PendingTask &entry : pending) {
      for (auto &[operand, placement] : entry.buffers) {
        auto [it, inserted] = declared.try_emplace(placement.key());
        if (inserted) {
          IntegerAttr index;
          if (placement.index) {
            index = builder.getI64IntegerAttr(*placement.index);
          }
          it->second = builder.create<DeclareBufferOp>(
              func.getLoc(), placement.type, placement.section, index,
              static_cast<uint64_t>(placement.offset));
        }
        operand->set(it->second);
      }
    }
    SmallVector<Value> barrierValues;
    for (size_t i = 0, e = barriers.size(); i < e; ++i) {
      barrierValues.push_back(builder.create<DeclareVirtualBarrierOp>(
          func.getLoc(), BarrierType::get(func.getContext())));
    }
    SmallVector<SmallVector<Value, 2>> waits(pending.size()),
        updates(pending.size());
    for (auto [barrier, value] : llvm::zip(barriers, barrierValues)) {
      for (unsigned producer : barrier.producers) {
        updates[producer].push_back(value);
      }
      for (unsigned consumer : barrier.consumers) {
        waits[consumer].push_back(value);
      }
    }
    for (auto [index, entry] : llvm::enumerate(pending)) {
      builder.setInsertionPoint(entry.execute);
      auto task = builder.create<TaskOp>(entry.execute.getLoc(), waits[index],
                                         updates[index]);
      entry.task->moveBefore(&task.getBody().front(),
                             task.getBody().front().end());
    }
    for (async::AwaitOp await : awaits) {
      await.erase();
    }
    for (PendingTask &entry : llvm::reverse(pending)) {
      entry.execute.erase();
    }

    // What is left besides the VPURT ops and the constant buffers tasks read
    // must be dead buffers and views.
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
      if (llvm::isa<DeclareBufferOp, DeclareVirtualBarrierOp,
                    ConfigureBarrierOp, TaskOp, func::ReturnOp>(op)) {
        continue;
      }
      if (!op.use_empty() && op.getNumResults() == 1 &&
          isConstantBuffer(op.getResult(0))) {
        continue; // A constant buffer tasks read.
      }
      bool removable = isMemoryEffectFree(&op);
      if (auto effects = llvm::dyn_cast<MemoryEffectOpInterface>(op)) {
        removable |= effects.onlyHasEffect<MemoryEffects::Allocate>();
      }
      if (!op.use_empty() || !removable) {
        return op.emitOpError()
               << "has no VPURT form: only buffers, barriers, tasks and the "
                  "return remain after the conversion";
      }
      op.erase();
    }

    support::Logger(getArgument())
        .info("@{0}: {1} task(s) on {2} executor(s), {3} token "
              "dependencies -> {4} virtual barrier(s), {5} buffer(s) "
              "declared",
              func.getSymName(), pending.size(), lastOnExecutor.size(),
              numTokenEdges, barriers.size(), declared.size());
    return success();
  }
};

} // namespace
} // namespace mlir::vpuc::VPURT
