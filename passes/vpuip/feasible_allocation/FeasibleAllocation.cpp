//===- FeasibleAllocation.cpp - CMX feasible scheduling ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FeasibleAllocationPass: builds a sched::feasible::Graph from the
// tasks of a function (buffers and accesses from TaskAccesses, costs from
// estimateTaskCost), schedules it, and rewrites the function
// in the schedule's order with static CMX placements, spill DMAs and reloads.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/feasible_allocation/FeasibleAllocation.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

#include "core/cost/CostModel.h"
#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "passes/vpuip/feasible_allocation/ScheduleEstimate.h"
#include "passes/vpuip/utils/BufferBoxes.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "passes/vpuip/utils/TaskAccesses.h"
#include "passes/vpuip/utils/TaskCost.h"
#include "scheduler/feasible/FeasibleScheduler.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_FEASIBLEALLOCATIONPASS
#include "passes/vpuip/feasible_allocation/Passes.h.inc" // IWYU pragma: keep

namespace {

namespace feasible = sched::feasible;

/// The bytes `value` spans (0 if it is not a VPUIP buffer).
static uint64_t getBytes(Value value) {
  FailureOr<BufferType> type = BufferType::get(value.getType());
  return succeeded(type) ? type->getTotalAllocSize().count() : 0;
}

/// The buffer `value` stands for: task results become their tied output
/// buffers and concatenations their output buffer, repeatedly.
static Value getUnderlyingBuffer(Value value) {
  while (auto result = llvm::dyn_cast<OpResult>(value)) {
    Operation *def = result.getOwner();
    if (auto concat = llvm::dyn_cast<ConcatViewOp>(def)) {
      value = concat.getOutputBuff();
      continue;
    }
    auto dps = llvm::dyn_cast<DestinationStyleOpInterface>(def);
    if (!dps || !llvm::isa<TaskOpInterface>(def)) {
      break;
    }
    OpOperand *tied = dps.getTiedOpOperand(result);
    if (!tied) {
      break;
    }
    value = tied->get();
  }
  return value;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct FeasibleAllocationPass
    : public impl::FeasibleAllocationPassBase<FeasibleAllocationPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(run(getOperation()))) {
      signalPassFailure();
    }
  }

  /// The graph of a function and what its indices stand for.
  struct Problem {
    feasible::Graph graph;
    /// Per graph task: the op and its accesses.
    SmallVector<Operation *> taskOps;
    SmallVector<TaskAccesses> taskAccesses;
    /// Per graph task: its operands before the rewrite (for reload clones).
    SmallVector<SmallVector<Value>> taskOperands;
    /// Per graph buffer: its root value.
    SmallVector<Value> roots;
    DenseMap<Value, unsigned> bufferOfRoot;
  };

  LogicalResult run(func::FuncOp func);
  /// Checks the shape of the function and detaches the SSA uses of task
  /// results and concatenations (every use reads the buffer instead).
  LogicalResult prepare(func::FuncOp func);
  FailureOr<Problem> buildGraph(func::FuncOp func, ResourcesAttr resources,
                                const cost::CostModel &costModel,
                                int64_t capacity);
  void rewrite(func::FuncOp func, Problem &problem,
               const feasible::Schedule &schedule,
               SmallVectorImpl<Operation *> &stepOps);
  LogicalResult verifyDependencies(func::FuncOp func,
                                   const feasible::Schedule &schedule,
                                   ArrayRef<Operation *> stepOps);
};

LogicalResult FeasibleAllocationPass::prepare(func::FuncOp func) {
  Region &body = func.getBody();
  if (!body.hasOneBlock()) {
    return func.emitOpError()
           << "has " << body.getBlocks().size()
           << " blocks; the feasible allocation needs a body of one block "
              "in program order";
  }
  Block &block = body.front();
  for (Operation &op : block) {
    if (llvm::isa<async::AsyncDialect>(op.getDialect())) {
      return op.emitOpError()
             << "is not supported by the feasible allocation, which runs "
                "before tasks are wrapped into async regions";
    }
    if (auto alloc = llvm::dyn_cast<StaticAllocOp>(op)) {
      if (BufferType(alloc.getType()).getMemoryKind() == MemoryKind::CMX_NN) {
        return alloc.emitOpError()
               << "places a CMX buffer before the feasible allocation, which "
                  "owns the whole CMX; run it before any CMX allocation";
      }
      continue;
    }
    if (llvm::isa<TaskOpInterface>(op) ||
        op.hasTrait<OpTrait::IsTerminator>() || isAllocationOrPure(&op)) {
      continue;
    }
    return op.emitOpError() << "accesses memory but is not a VPUIP task "
                               "(VPUIP_TaskOpInterface); the feasible "
                               "allocation cannot schedule it";
  }
  for (Operation &op : block) {
    for (OpOperand &operand : op.getOpOperands()) {
      if (llvm::isa<BaseMemRefType>(operand.get().getType())) {
        operand.set(getUnderlyingBuffer(operand.get()));
      }
    }
  }
  return success();
}

FailureOr<FeasibleAllocationPass::Problem>
FeasibleAllocationPass::buildGraph(func::FuncOp func, ResourcesAttr resources,
                                   const cost::CostModel &costModel,
                                   int64_t capacity) {
  Problem problem;
  feasible::Graph &graph = problem.graph;
  const int64_t clusters = resources.getClusters();
  graph.arenaCapacities.assign(clusters, capacity);
  Block &block = func.getBody().front();

  // Buffers written by some task (arguments written are outputs).
  SmallVector<std::pair<Operation *, TaskAccesses>> tasks;
  DenseSet<Value> writtenRoots;
  for (Operation &op : block) {
    if (!llvm::isa<TaskOpInterface>(op)) {
      continue;
    }
    TaskAccesses accesses = getTaskAccesses(&op);
    if (accesses.touchesAll) {
      return op.emitOpError() << "has a memory effect on an unknown buffer; "
                                 "the feasible allocation cannot locate it";
    }
    for (const BufferAccess &access : accesses.accesses) {
      if (access.write) {
        writtenRoots.insert(access.location.root);
      }
    }
    tasks.emplace_back(&op, std::move(accesses));
  }

  const int64_t cmxAlignment = resources.getCmxAlignment();
  // Names the SSA values once for the whole function (printing one value on
  // its own would number the function again each time).
  AsmState asmState(func);
  auto getBuffer = [&](Operation *user, Value value) -> FailureOr<unsigned> {
    BufferLocation location = getBufferLocation(value);
    Value root = location.root;
    auto it = problem.bufferOfRoot.find(root);
    if (it != problem.bufferOfRoot.end()) {
      return it->second;
    }
    feasible::Buffer buffer;
    std::string name;
    llvm::raw_string_ostream os(name);
    root.printAsOperand(os, asmState);
    buffer.name = name;
    buffer.size = getBytes(root);
    switch (location.kind) {
    case BufferRootKind::Argument:
      buffer.memory = feasible::MemoryKind::DDR;
      buffer.reloadable = !writtenRoots.contains(root);
      break;
    case BufferRootKind::Constant:
      buffer.memory = feasible::MemoryKind::DDR;
      buffer.reloadable = !writtenRoots.contains(root);
      break;
    case BufferRootKind::StaticAllocation:
      buffer.memory = feasible::MemoryKind::DDR;
      break;
    case BufferRootKind::Allocation: {
      auto alloc = llvm::cast<memref::AllocOp>(root.getDefiningOp());
      FailureOr<BufferType> type = BufferType::get(alloc.getType());
      if (failed(type)) {
        return alloc.emitOpError() << "allocates " << alloc.getType()
                                   << ", which is not a static VPUIP buffer";
      }
      if (type->getMemoryKind() != MemoryKind::CMX_NN) {
        buffer.memory = feasible::MemoryKind::DDR;
        break;
      }
      // The VPUIP verifiers keep CMX buffers within the target's clusters.
      int64_t cluster = type->getClusterIndex().value_or(0);
      assert(cluster < clusters && "a CMX buffer beyond the clusters");
      int64_t elemBytes =
          std::max<int64_t>(1, type->getElemTypeSize().count() / 8);
      buffer.memory = feasible::MemoryKind::CMX;
      buffer.arena = cluster;
      buffer.alignment = std::max<uint64_t>(
          {static_cast<uint64_t>(cmxAlignment), llvm::PowerOf2Ceil(elemBytes),
           alloc.getAlignment().value_or(1)});
      break;
    }
    case BufferRootKind::Unknown:
      return user->emitOpError()
             << "uses a buffer whose memory the feasible allocation cannot "
                "locate (defined by "
             << (root.getDefiningOp()
                     ? root.getDefiningOp()->getName().getStringRef()
                     : StringRef("a block argument"))
             << ")";
    }
    unsigned index = graph.addBuffer(std::move(buffer));
    problem.bufferOfRoot[root] = index;
    problem.roots.push_back(root);
    return index;
  };

  for (auto &[op, accesses] : tasks) {
    auto task = llvm::cast<TaskOpInterface>(op);
    feasible::Task t;
    std::string name;
    llvm::raw_string_ostream os(name);
    os << op->getName() << " at " << op->getLoc();
    t.name = name;
    switch (task.getExecutorKind()) {
    case ExecutorKind::DMA_NN:
      t.executor = feasible::ExecutorKind::DMA;
      break;
    case ExecutorKind::DPU:
      t.executor = feasible::ExecutorKind::DPU;
      break;
    case ExecutorKind::SHAVE_ACT:
    case ExecutorKind::SHAVE_UPA:
      t.executor = feasible::ExecutorKind::Shave;
      break;
    }
    t.cost = estimateTaskCost(task, resources, costModel);
    for (const BufferAccess &access : accesses.accesses) {
      FailureOr<unsigned> buffer = getBuffer(op, access.value);
      if (failed(buffer)) {
        return failure();
      }
      if (access.read && !llvm::is_contained(t.reads, *buffer)) {
        t.reads.push_back(*buffer);
      }
      if (access.write && !llvm::is_contained(t.writes, *buffer)) {
        t.writes.push_back(*buffer);
      }
    }
    // A CMX buffer read before any write holds garbage: the program reads
    // an uninitialised buffer, which the scheduler cannot preserve.
    graph.addTask(std::move(t));
    problem.taskOps.push_back(op);
    problem.taskAccesses.push_back(accesses);
    problem.taskOperands.emplace_back(op->getOperands());
  }

  // The CMX copies of one constant (loads of equal constants into buffers
  // of one type in several clusters) are twins: placed at one offset, one
  // broadcast DMA can fill them (vpuc-vpuip-broadcast-dmas). Those of one
  // type in one cluster have one content: the scheduler may let one copy
  // stand for another (share-copies).
  DenseMap<std::pair<Attribute, Type>, uint64_t> twins;
  DenseMap<std::pair<Attribute, Type>, uint64_t> contents;
  for (auto &[op, accesses] : tasks) {
    auto dma = llvm::dyn_cast<NNDMAOp>(op);
    std::optional<ConstantCopyKey> key =
        dma ? getConstantCopyKey(dma.getInput(), dma.getOutputBuff())
            : std::nullopt;
    if (!key) {
      continue;
    }
    auto it =
        problem.bufferOfRoot.find(getBufferLocation(dma.getOutputBuff()).root);
    if (it == problem.bufferOfRoot.end() ||
        graph.buffers[it->second].memory != feasible::MemoryKind::CMX ||
        dma.getOutputBuff() != problem.roots[it->second]) {
      continue;
    }
    graph.buffers[it->second].twin =
        twins.try_emplace({key->content, key->type}, twins.size() + 1)
            .first->second;
    graph.buffers[it->second].content =
        contents
            .try_emplace({key->content, dma.getOutputBuff().getType()},
                         contents.size() + 1)
            .first->second;
  }

  // The return must not hand out CMX buffers.
  Operation *terminator = block.getTerminator();
  for (Value operand : terminator->getOperands()) {
    if (!llvm::isa<BaseMemRefType>(operand.getType())) {
      continue;
    }
    auto it = problem.bufferOfRoot.find(getBufferLocation(operand).root);
    if (it != problem.bufferOfRoot.end() &&
        graph.buffers[it->second].memory == feasible::MemoryKind::CMX) {
      return terminator->emitOpError()
             << "returns a CMX buffer; the results of a function are in DDR";
    }
  }
  return problem;
}

/// Rebuilds `value`, a view chain over `oldRoot`, over `newRoot` before the
/// builder's insertion point.
static Value rebuildView(OpBuilder &builder, Value value, Value oldRoot,
                         Value newRoot,
                         DenseMap<std::pair<Value, Value>, Value> &cache) {
  if (value == oldRoot) {
    return newRoot;
  }
  auto key = std::make_pair(value, newRoot);
  if (Value cached = cache.lookup(key)) {
    return cached;
  }
  Operation *def = value.getDefiningOp();
  assert(def && "a view chain ends at its root");
  IRMapping mapping;
  for (Value operand : def->getOperands()) {
    if (llvm::isa<BaseMemRefType>(operand.getType()) &&
        getBufferLocation(operand).root == oldRoot) {
      mapping.map(operand,
                  rebuildView(builder, operand, oldRoot, newRoot, cache));
    }
  }
  Operation *clone = builder.clone(*def, mapping);
  Value result =
      clone->getResult(llvm::cast<OpResult>(value).getResultNumber());
  cache[key] = result;
  return result;
}

void FeasibleAllocationPass::rewrite(func::FuncOp func, Problem &problem,
                                     const feasible::Schedule &schedule,
                                     SmallVectorImpl<Operation *> &stepOps) {
  Block &block = func.getBody().front();
  Operation *terminator = block.getTerminator();
  OpBuilder builder(func.getContext());
  const feasible::Graph &graph = problem.graph;

  // The instances, at the top of the body.
  builder.setInsertionPointToStart(&block);
  SmallVector<Value> instances;
  for (const feasible::Instance &instance : schedule.instances) {
    Value root = problem.roots[instance.buffer];
    auto placed = builder.create<StaticAllocOp>(
        root.getLoc(), root.getType(), static_cast<int64_t>(instance.offset));
    instances.push_back(placed.getResult());
  }
  // One DDR spill buffer per spilled buffer.
  DenseMap<unsigned, Value> spillBuffers;
  auto getSpillBuffer = [&](unsigned buffer) {
    Value &slot = spillBuffers[buffer];
    if (!slot) {
      Value root = problem.roots[buffer];
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointToStart(&block);
      auto type = withMemorySpace(llvm::cast<MemRefType>(root.getType()),
                                  MemorySpaceAttr());
      slot = builder.create<memref::AllocOp>(root.getLoc(), type);
    }
    return slot;
  };

  // Points the CMX operands of `op` (original operands `operands`) at the
  // instances of `step`.
  DenseMap<std::pair<Value, Value>, Value> views;
  auto retarget = [&](Operation *op, ArrayRef<Value> operands,
                      const feasible::Step &step) {
    builder.setInsertionPoint(op);
    for (auto [index, operand] : llvm::enumerate(operands)) {
      Value value = operand;
      if (llvm::isa<BaseMemRefType>(value.getType())) {
        Value root = getBufferLocation(value).root;
        auto it = problem.bufferOfRoot.find(root);
        if (it != problem.bufferOfRoot.end() &&
            graph.buffers[it->second].memory == feasible::MemoryKind::CMX) {
          const feasible::InstanceUse *use =
              llvm::find_if(step.cmx, [&](const feasible::InstanceUse &use) {
                return use.buffer == it->second;
              });
          assert(use != step.cmx.end() && "every CMX buffer has an instance");
          value = rebuildView(builder, value, root, instances[use->instance],
                              views);
        }
      }
      op->setOperand(index, value);
    }
  };

  // Per CMX buffer: the boxes of it that the tasks scheduled so far wrote
  // (an entry without boxes: a write that is not a box of it, so all of it
  // counts as written). A spill copies only the written part when that is
  // one box: the bytes of a concatenation whose other parts are still to be
  // written hold no data yet, and a copy of them reads memory no task wrote.
  DenseMap<unsigned, std::optional<SmallVector<Box, 2>>> written;
  auto recordWrites = [&](unsigned task) {
    Operation *op = problem.taskOps[task];
    auto dps = llvm::dyn_cast<DestinationStyleOpInterface>(op);
    for (unsigned buffer : graph.tasks[task].writes) {
      if (graph.buffers[buffer].memory != feasible::MemoryKind::CMX) {
        continue;
      }
      auto [it, inserted] = written.try_emplace(buffer, SmallVector<Box, 2>());
      std::optional<SmallVector<Box, 2>> &boxes = it->second;
      bool located = false;
      if (dps && boxes) {
        for (OpOperand &init : dps.getDpsInitsMutable()) {
          Value original = problem.taskOperands[task][init.getOperandNumber()];
          if (getBufferLocation(original).root != problem.roots[buffer]) {
            continue;
          }
          std::optional<Box> box = getBox(original);
          if (!box || box->root != problem.roots[buffer]) {
            located = false;
            break;
          }
          boxes->push_back(*box);
          located = true;
        }
      }
      if (!located) {
        boxes.reset();
      }
    }
  };
  // The written part of `buffer` as one box when it is not all of it;
  // nullopt: all of it.
  auto writtenBox = [&](unsigned buffer) -> std::optional<Box> {
    auto it = written.find(buffer);
    if (it == written.end() || !it->second || it->second->empty()) {
      return std::nullopt;
    }
    std::optional<Box> box = getFilledBox(*it->second);
    if (!box || isWhole(problem.roots[buffer], box->offsets, box->sizes)) {
      return std::nullopt;
    }
    return box;
  };

  for (const feasible::Step &step : schedule.steps) {
    switch (step.kind) {
    case feasible::StepKind::Task: {
      Operation *op = problem.taskOps[step.task];
      op->moveBefore(terminator);
      recordWrites(step.task);
      retarget(op, problem.taskOperands[step.task], step);
      stepOps.push_back(op);
      break;
    }
    case feasible::StepKind::Reload: {
      builder.setInsertionPoint(terminator);
      Operation *op = builder.clone(*problem.taskOps[step.task]);
      retarget(op, problem.taskOperands[step.task], step);
      stepOps.push_back(op);
      break;
    }
    case feasible::StepKind::SpillWrite:
    case feasible::StepKind::SpillRead:
    case feasible::StepKind::Move: {
      // A DMA of the written part of the buffer: between its instance and
      // its spill slot, or from its old instance to its new one.
      builder.setInsertionPoint(terminator);
      Value instance = instances[step.cmx.front().instance];
      Value other = step.kind == feasible::StepKind::Move
                        ? instances[step.cmx[1].instance]
                        : getSpillBuffer(step.buffer);
      Location loc = problem.roots[step.buffer].getLoc();
      if (std::optional<Box> part = writtenBox(step.buffer)) {
        other =
            builder.create<SubViewOp>(loc, other, part->offsets, part->sizes);
        instance = builder.create<SubViewOp>(loc, instance, part->offsets,
                                             part->sizes);
      }
      bool read = step.kind == feasible::StepKind::SpillRead;
      Value from = read ? other : instance;
      Value to = read ? instance : other;
      auto dma = builder.create<NNDMAOp>(loc, to.getType(), from, to,
                                         static_cast<uint64_t>(0));
      stepOps.push_back(dma);
      break;
    }
    }
  }

  // The loads the scheduler did not run (their buffers used an equal copy)
  // go, then the old CMX allocations, their views and other dead pure ops.
  for (auto [task, op] : llvm::enumerate(problem.taskOps)) {
    if (schedule.stepOfTask[task] == ~0u) {
      op->erase();
    }
  }
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
    if (!op.hasTrait<OpTrait::IsTerminator>() &&
        !llvm::isa<TaskOpInterface>(op) && op.use_empty() &&
        isAllocationOrPure(&op)) {
      op.erase();
    }
  }
}

LogicalResult
FeasibleAllocationPass::verifyDependencies(func::FuncOp func,
                                           const feasible::Schedule &schedule,
                                           ArrayRef<Operation *> stepOps) {
  SmallVector<SmallVector<std::pair<BufferLocation, bool>>> accesses;
  for (Operation *op : stepOps) {
    auto &list = accesses.emplace_back();
    for (const BufferAccess &access : getTaskAccesses(op).accesses) {
      list.emplace_back(access.location, access.write);
    }
  }
  for (auto [index, step] : llvm::enumerate(schedule.steps)) {
    for (unsigned dep : step.deps) {
      // A conflict the wrapping sees, or a write to another part of a
      // buffer the other task uses, or to CMX addresses of a placement the
      // other task uses a part of (an address reuse): the scheduler sees
      // whole buffers, the wrapping the parts, which need no order.
      bool covered = false;
      for (const auto &[a, aWrite] : accesses[dep]) {
        for (const auto &[b, bWrite] : accesses[index]) {
          covered |=
              (aWrite || bWrite) &&
              (a.mayOverlap(b) || (a.root == b.root && a.exact && b.exact) ||
               (a.kind == BufferRootKind::StaticAllocation &&
                b.kind == BufferRootKind::StaticAllocation &&
                getBufferLocation(a.root).mayOverlap(
                    getBufferLocation(b.root))));
        }
      }
      if (!covered) {
        InFlightDiagnostic diag =
            stepOps[index]->emitOpError()
            << "depends on an earlier task in the schedule, but the two "
               "access no common bytes one of them writes, so the async "
               "wrapping would not order them";
        diag.attachNote(stepOps[dep]->getLoc()) << "the earlier task";
        return failure();
      }
    }
  }
  return success();
}

LogicalResult FeasibleAllocationPass::run(func::FuncOp func) {
  if (func.isExternal()) {
    return success();
  }
  ResourcesAttr resources = getResources(func);
  if (!resources) {
    return func.emitOpError()
           << "has no target resources (#VPUIP.resources on the module); the "
              "feasible allocation needs the CMX size and the clusters";
  }
  int64_t capacity = cmxBytes;
  if (capacity < 0 || capacity > resources.getCmxSize()) {
    return func.emitOpError()
           << "cmx-bytes " << capacity << " of " << getArgument()
           << " is not between 0 and the target's cmx_size ("
           << resources.getCmxSize() << ")";
  }
  if (capacity == 0) {
    capacity = resources.getCmxSize();
  }
  if (!(shareMargin >= 0.0 && shareMargin < 1.0)) {
    std::ostringstream margin;
    margin << shareMargin;
    return func.emitOpError() << "share-margin " << margin.str() << " of "
                              << getArgument() << " is not in [0, 1)";
  }
  if (dmaPartBytes < 0) {
    return func.emitOpError()
           << "dma-part-bytes " << static_cast<int64_t>(dmaPartBytes) << " of "
           << getArgument() << " is negative";
  }
  llvm::Expected<cost::CostModel> costModel = loadCostModel(resources);
  if (!costModel) {
    return func.emitOpError() << llvm::toString(costModel.takeError());
  }
  if (failed(prepare(func))) {
    return failure();
  }
  FailureOr<Problem> problem =
      buildGraph(func, resources, *costModel, capacity);
  if (failed(problem)) {
    return failure();
  }

  feasible::SchedulerOptions options;
  options.prefetchLookahead = prefetchLookahead;
  options.prefetchLeavesRoom = prefetchLeavesRoom;
  options.prefetchIdleLookahead = prefetchIdleLookahead;
  options.avoidRecentReleases = avoidRecentReleases;
  options.spillCycles = [model = *costModel](uint64_t bytes) {
    return static_cast<uint64_t>(
        std::ceil(model.getDmaCycles(bytes, /*ddr=*/true)));
  };
  options.moveCycles = [model = *costModel](uint64_t bytes) {
    return static_cast<uint64_t>(
        std::ceil(model.getDmaCycles(bytes, /*ddr=*/false)));
  };
  // The candidate schedules: with each prefetch lookahead (the option's
  // first, then the extra ones), the schedule without idle prefetching and
  // the one with it when they are compared. The one with the lowest estimate
  // is kept, the first of them on a tie.
  SmallVector<unsigned> lookaheads{prefetchLookahead};
  for (unsigned lookahead : extraPrefetchLookaheads) {
    if (!llvm::is_contained(lookaheads, lookahead)) {
      lookaheads.push_back(lookahead);
    }
  }
  SmallVector<feasible::SchedulerOptions> candidates;
  for (unsigned lookahead : lookaheads) {
    feasible::SchedulerOptions candidate = options;
    candidate.prefetchLookahead = lookahead;
    if (prefetchIdleLookahead > 0 && compareIdlePrefetch) {
      candidate.prefetchIdleLookahead = 0;
      candidates.push_back(candidate);
      candidate.prefetchIdleLookahead = prefetchIdleLookahead;
    }
    candidates.push_back(candidate);
  }
  // Each candidate also with `flag` set, right after it.
  auto addVariants = [&](bool feasible::SchedulerOptions::*flag) {
    for (size_t index = candidates.size(); index-- > 0;) {
      feasible::SchedulerOptions variant = candidates[index];
      variant.*flag = true;
      candidates.insert(candidates.begin() + index + 1, variant);
    }
  };
  if (jointTwins) {
    addVariants(&feasible::SchedulerOptions::jointTwins);
  }
  if (shareCopies) {
    addVariants(&feasible::SchedulerOptions::shareCopies);
  }
  llvm::Expected<feasible::Schedule> schedule =
      feasible::scheduleGraph(problem->graph, candidates.front());
  std::string choice;
  if (schedule && (candidates.size() > 1 || moveToFit)) {
    SmallVector<uint64_t> ddrCycles;
    for (Operation *op : problem->taskOps) {
      ddrCycles.push_back(
          estimateDdrCycles(llvm::cast<TaskOpInterface>(op), *costModel));
    }
    auto describe = [](const feasible::SchedulerOptions &candidate) {
      return llvm::formatv("lookahead {0}{1}{2}{3}{4}",
                           candidate.prefetchLookahead,
                           candidate.prefetchIdleLookahead > 0 ? " idle" : "",
                           candidate.jointTwins ? " joint" : "",
                           candidate.shareCopies ? " shared" : "",
                           candidate.moveToFit ? " moves" : "")
          .str();
    };
    EstimateInput input{problem->graph,
                        problem->taskOps,
                        problem->taskAccesses,
                        problem->bufferOfRoot,
                        resources,
                        *costModel,
                        ddrCycles,
                        dmaPartBytes};
    FailureOr<uint64_t> first =
        estimateListScheduledMakespan(func, input, *schedule);
    if (failed(first)) {
      return failure();
    }
    // The best schedule of each kind: plain, with shared copies, with joint
    // twins, with both (the first on a tie).
    struct Kept {
      std::optional<feasible::Schedule> schedule;
      uint64_t estimate = 0;
      size_t index = 0;
    };
    auto kindOf = [](const feasible::SchedulerOptions &candidate) {
      return (candidate.shareCopies ? 1 : 0) + (candidate.jointTwins ? 2 : 0);
    };
    Kept kept[4];
    kept[kindOf(candidates.front())] = {std::move(*schedule), *first, 0};
    std::string estimates =
        describe(candidates.front()) + " " + std::to_string(*first);
    // Schedules `candidate` (the one at `index`) and lists its estimate:
    // without a schedule when it cannot be scheduled (the error is left in
    // `schedule`), failure when it cannot be estimated.
    auto evaluate = [&](const feasible::SchedulerOptions &candidate,
                        size_t index) -> FailureOr<Kept> {
      llvm::Expected<feasible::Schedule> other =
          feasible::scheduleGraph(problem->graph, candidate);
      if (!other) {
        schedule = other.takeError();
        return Kept{};
      }
      FailureOr<uint64_t> estimate =
          estimateListScheduledMakespan(func, input, *other);
      if (failed(estimate)) {
        return failure();
      }
      estimates += ", " + describe(candidate) + " " + std::to_string(*estimate);
      return Kept{std::move(*other), *estimate, index};
    };
    for (size_t index = 1; index < candidates.size(); ++index) {
      FailureOr<Kept> other = evaluate(candidates[index], index);
      if (failed(other)) {
        return failure();
      }
      if (!other->schedule) {
        break;
      }
      Kept &best = kept[kindOf(candidates[index])];
      if (!best.schedule || other->estimate < best.estimate) {
        best = std::move(*other);
      }
    }
    // Shared copies and joint twins must win over the plain schedule by the
    // margin; the lowest estimate of those that do is kept.
    Kept *chosen = &kept[0];
    const double bar =
        static_cast<double>(kept[0].estimate) * (1.0 - shareMargin);
    for (Kept &variant : llvm::drop_begin(kept)) {
      if (variant.schedule && static_cast<double>(variant.estimate) < bar &&
          variant.estimate < chosen->estimate) {
        chosen = &variant;
      }
    }
    // The schedule kept so far, again with moves within CMX: kept if it
    // beats that one by the margin too.
    feasible::SchedulerOptions keptOptions = candidates[chosen->index];
    if (schedule && moveToFit) {
      feasible::SchedulerOptions moved = keptOptions;
      moved.moveToFit = true;
      FailureOr<Kept> other = evaluate(moved, chosen->index);
      if (failed(other)) {
        return failure();
      }
      if (other->schedule &&
          static_cast<double>(other->estimate) <
              static_cast<double>(chosen->estimate) * (1.0 - shareMargin)) {
        *chosen = std::move(*other);
        keptOptions = moved;
      }
    }
    if (schedule) {
      schedule = std::move(*chosen->schedule);
    }
    choice = "; kept " + describe(keptOptions) +
             " of the list-scheduled estimates (cycles) " + estimates;
  }
  if (!schedule) {
    // Name the task when the message is about one.
    std::string message = llvm::toString(schedule.takeError());
    Operation *at = func;
    for (auto [index, op] : llvm::enumerate(problem->taskOps)) {
      if (StringRef(message).starts_with(
              "task '" + problem->graph.tasks[index].name + "' (#" +
              std::to_string(index) + ")")) {
        at = op;
        break;
      }
    }
    return at->emitError() << "cannot be scheduled in CMX: " << message;
  }

  SmallVector<Operation *> stepOps;
  rewrite(func, *problem, *schedule, stepOps);
  if (checkDependencies &&
      failed(verifyDependencies(func, *schedule, stepOps))) {
    return failure();
  }

  const feasible::ScheduleStats &stats = schedule->stats;
  std::string peaks;
  for (auto [cluster, peak] : llvm::enumerate(stats.peakCmxPerArena)) {
    peaks += (cluster == 0 ? "" : ", ") + std::string("CMX_NN[") +
             std::to_string(cluster) + "] " + std::to_string(peak);
  }
  std::string text = llvm::formatv(
      "{0} task(s), {1} step(s); {2} spill write(s) ({3} bytes), {4} spill "
      "read(s), {5} reload(s) ({6} bytes), {7} prefetched, {8} shared ({9} "
      "bytes), {10} move(s) ({11} bytes); CMX peak per cluster (of {12} "
      "bytes): {13}; estimated makespan {14} cycles",
      problem->graph.tasks.size(), schedule->steps.size(), stats.numSpillWrites,
      stats.spillWriteBytes, stats.numSpillReads, stats.numReloads,
      stats.reloadBytes, stats.numPrefetched, stats.numShared,
      stats.sharedBytes, stats.numMoves, stats.moveBytes, capacity, peaks,
      stats.makespan);
  text += choice;
  support::Logger(getArgument()).info("@{0}: {1}", func.getSymName(), text);
  if (summary) {
    func.emitRemark() << text;
  }
  return success();
}

} // namespace
} // namespace mlir::vpuc::VPUIP
