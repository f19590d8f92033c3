//===- ScheduleEstimate.cpp - Makespan estimate of a CMX schedule ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/feasible_allocation/ScheduleEstimate.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/cost/CostModel.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "passes/vpuip/utils/DmaParts.h"
#include "passes/vpuip/utils/TaskAccesses.h"
#include "scheduler/dependencies/TaskDependencies.h"
#include "scheduler/list/ListScheduler.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::VPUIP {

namespace feasible = sched::feasible;

FailureOr<uint64_t>
estimateListScheduledMakespan(func::FuncOp func, const EstimateInput &input,
                              const feasible::Schedule &schedule) {
  const feasible::Graph &problemGraph = input.graph;
  const cost::CostModel &costModel = input.costModel;
  const int64_t dmaPartBytes = input.dmaPartBytes;
  // The units of the estimate: each step, or each part of a DMA step that
  // vpuc-vpuip-split-dmas cuts (part k of n of every CMX buffer the step
  // uses: bytes [k * size / n, (k + 1) * size / n) of its instance).
  struct Unit {
    unsigned step;
    unsigned part;
    unsigned parts;
  };
  const auto dmaKind = static_cast<unsigned>(ExecutorKind::DMA_NN);
  auto latency = static_cast<uint64_t>(costModel.getDmaLatencyCycles());
  SmallVector<Unit> units;
  SmallVector<uint64_t> unitDdr;
  for (auto [index, step] : llvm::enumerate(schedule.steps)) {
    uint64_t parts = 1;
    uint64_t ddr = 0;
    if (step.task != ~0u) {
      ddr = input.ddrCycles[step.task];
    }
    if (step.executor == feasible::ExecutorKind::DMA) {
      uint64_t bytes = 0;
      if (step.task == ~0u) {
        // A spill or a move within CMX (through no DDR).
        bytes = problemGraph.buffers[step.buffer].size;
        if (step.kind != feasible::StepKind::Move) {
          ddr = static_cast<uint64_t>(std::ceil(
              static_cast<double>(bytes) / costModel.getDdrBytesPerCycle()));
        }
      } else if (auto dma = llvm::dyn_cast<NNDMAOp>(input.taskOps[step.task])) {
        bytes = getDmaBytes(dma.getInput());
      }
      if (dmaPartBytes > 0 && bytes > static_cast<uint64_t>(dmaPartBytes)) {
        parts = llvm::divideCeil(bytes, dmaPartBytes);
      }
    }
    for (uint64_t part = 0; part < parts; ++part) {
      units.push_back({static_cast<unsigned>(index),
                       static_cast<unsigned>(part),
                       static_cast<unsigned>(parts)});
      unitDdr.push_back(llvm::divideCeil(ddr, parts));
    }
  }

  // Two units conflict in the rewritten function (vpuc-vpuip-list-schedule
  // derives the dependencies from it) when they touch common bytes, one of
  // them writing: a reused CMX address, an instance a spill or a reload
  // moves, a spill slot, or the tasks' own accesses (TaskAccesses), except
  // for a CMX buffer the two use at different instances (evicted in
  // between). The schedule's own dependencies order whole buffers: the
  // tasks writing two parts of one buffer, or every part of a load and
  // every earlier user of any of its bytes.
  auto getRange = [&](const Unit &unit, const feasible::InstanceUse &use) {
    const feasible::Instance &instance = schedule.instances[use.instance];
    uint64_t begin = instance.offset + instance.size * unit.part / unit.parts;
    uint64_t end =
        instance.offset + instance.size * (unit.part + 1) / unit.parts;
    return std::make_pair(begin, end);
  };
  auto getInstance = [](const feasible::Step &step, unsigned buffer) {
    for (const feasible::InstanceUse &use : step.cmx) {
      if (use.buffer == buffer) {
        return use.instance;
      }
    }
    return ~0u;
  };
  auto conflicts = [&](const Unit &u, const Unit &v) {
    if (u.step == v.step) {
      return false;
    }
    const feasible::Step &a = schedule.steps[u.step];
    const feasible::Step &b = schedule.steps[v.step];
    bool moves = a.task == ~0u || b.task == ~0u ||
                 a.kind == feasible::StepKind::Reload ||
                 b.kind == feasible::StepKind::Reload;
    for (const feasible::InstanceUse &x : a.cmx) {
      for (const feasible::InstanceUse &y : b.cmx) {
        if (x.instance == y.instance && !moves) {
          continue;
        }
        if (schedule.instances[x.instance].arena !=
            schedule.instances[y.instance].arena) {
          continue;
        }
        auto [xBegin, xEnd] = getRange(u, x);
        auto [yBegin, yEnd] = getRange(v, y);
        if (xBegin < yEnd && yBegin < xEnd) {
          return true;
        }
      }
    }
    if (a.task == ~0u || b.task == ~0u) {
      // The spill slot of a buffer.
      return a.task == ~0u && b.task == ~0u && a.buffer == b.buffer;
    }
    // Not through a CMX buffer the two use at different instances.
    return conflict(input.taskAccesses[a.task], input.taskAccesses[b.task],
                    [&](const BufferAccess &p, const BufferAccess &q) {
                      auto it = input.bufferOfRoot.find(p.location.root);
                      if (p.location.root != q.location.root ||
                          it == input.bufferOfRoot.end()) {
                        return false;
                      }
                      unsigned i = getInstance(a, it->second);
                      unsigned j = getInstance(b, it->second);
                      return i != ~0u && j != ~0u && i != j;
                    });
  };

  sched::list::Graph graph;
  sched::list::ExecutorNumbering executors(graph);
  SmallVector<uint64_t> portCycles(
      std::max<int64_t>(1, input.resources.getDmaPorts()), 0);
  // The last load of each twin constant (by Buffer::twin): its first unit,
  // offset and the arenas it writes.
  struct TwinLoad {
    unsigned unit;
    unsigned parts;
    uint64_t offset;
    uint64_t arenas;
  };
  DenseMap<uint64_t, TwinLoad> twinLoads;
  sched::DependencyGraph dependencies;
  for (auto [index, unit] : llvm::enumerate(units)) {
    const feasible::Step &step = schedule.steps[unit.step];
    SmallVector<unsigned> preds =
        dependencies.addTaskIf({}, [&, &unit = unit](unsigned earlier) {
          return conflicts(units[earlier], unit);
        });
    sched::list::Task &t = graph.tasks.emplace_back();
    t.preds.assign(preds.begin(), preds.end());
    t.ddrCycles = unitDdr[index];
    if (step.executor != feasible::ExecutorKind::DMA) {
      auto task = llvm::cast<TaskOpInterface>(input.taskOps[step.task]);
      t.cost = std::max<uint64_t>(1, step.cost);
      t.executor = executors.get(static_cast<unsigned>(task.getExecutorKind()),
                                 task.getExecutorInstance());
      continue;
    }
    // Each part pays the latency.
    uint64_t body = step.cost > latency ? step.cost - latency : step.cost;
    t.cost = std::max<uint64_t>(
        1, unit.parts == 1 ? step.cost : latency + body / unit.parts);
    // On a target that broadcasts, the load of a twin at the offset of the
    // last load of its twins, into another cluster, with no dependency after
    // that load, folds into it part by part (vpuc-vpuip-broadcast-dmas): it
    // moves nothing of its own, and the load waits for its dependencies too.
    if (costModel.getDmaBroadcasts() && step.task != ~0u &&
        step.cmx.size() == 1 &&
        problemGraph.buffers[step.cmx.front().buffer].twin != 0) {
      const feasible::Instance &instance =
          schedule.instances[step.cmx.front().instance];
      uint64_t id = problemGraph.buffers[instance.buffer].twin;
      uint64_t arena = uint64_t(1) << std::min(instance.arena, 63u);
      auto it = twinLoads.find(id);
      if (it != twinLoads.end() && it->second.offset == instance.offset &&
          it->second.parts == unit.parts && !(it->second.arenas & arena) &&
          llvm::all_of(preds,
                       [&](unsigned pred) { return pred < it->second.unit; })) {
        unsigned into = it->second.unit + unit.part;
        graph.tasks[into].preds.append(preds.begin(), preds.end());
        t.preds.assign({into});
        t.cost = 1;
        t.ddrCycles = 0;
        t.executor = graph.tasks[into].executor;
        if (unit.part + 1 == unit.parts) {
          it->second.arenas |= arena;
        }
        continue;
      }
      if (unit.part == 0) {
        twinLoads[id] = {static_cast<unsigned>(index), unit.parts,
                         instance.offset, arena};
      }
    }
    auto port = std::min_element(portCycles.begin(), portCycles.end());
    *port += t.cost;
    t.executor = executors.get(dmaKind, port - portCycles.begin());
  }
  if (llvm::Error error = sched::list::verifyGraph(graph)) {
    return func.emitOpError() << "cannot estimate its schedule: "
                              << llvm::toString(std::move(error));
  }
  return sched::list::listSchedule(graph).makespan;
}

} // namespace mlir::vpuc::VPUIP
