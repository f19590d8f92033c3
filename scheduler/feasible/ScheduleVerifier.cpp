//===- ScheduleVerifier.cpp - Independent check of a schedule ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// verifySchedule: checks a schedule from first principles, without trusting
// the scheduler's bookkeeping: it recomputes the happens-before relation from
// the dependencies, the accesses of every physical location, the lifetimes
// of the instances, and replays the steps tracking which version of which
// buffer every location holds.
//
//===----------------------------------------------------------------------===//

#include "scheduler/feasible/FeasibleScheduler.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::sched::feasible {

namespace {

/// A physical location: a CMX instance, a DDR buffer of the graph or the
/// spill slot of a buffer.
enum class Space : uint8_t { Instance, Ddr, SpillSlot };
using Location = std::pair<Space, unsigned>;

/// What a location holds: version `version` of buffer `buffer`, written by
/// step `writer`; `reloaded` if it came from a reload.
struct Content {
  unsigned buffer = 0;
  unsigned version = 0;
  unsigned writer = 0;
  bool reloaded = false;
};

class Verifier {
public:
  Verifier(const Graph &graph, const Schedule &schedule,
           const SchedulerOptions &options)
      : graph(graph), schedule(schedule), options(options) {}

  llvm::Error run();

private:
  template <typename... Args>
  llvm::Error fail(const char *format, Args &&...args) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv(format, std::forward<Args>(args)...).str());
  }
  std::string describeStep(unsigned step) const;
  bool precedes(unsigned a, unsigned b) const {
    return a < b && ancestors[b].test(a);
  }
  /// Whether buffers `a` and `b` hold the same bytes once loaded.
  bool sameContent(unsigned a, unsigned b) const {
    return areCopies(graph.buffers[a], graph.buffers[b]);
  }
  /// Whether task `t` may have no step: a DMA loading reloadable data into
  /// one CMX buffer that has a Buffer::content (its readers use a copy;
  /// replay checks what they find).
  bool maySkip(unsigned t) const;

  llvm::Error checkTasksAndDeps();
  llvm::Error checkStepShapes();
  llvm::Error checkInstances();
  llvm::Error checkRaces();
  llvm::Error checkAddressReuse();
  llvm::Error replay();
  llvm::Error checkStats();

  const Graph &graph;
  const Schedule &schedule;
  const SchedulerOptions &options;
  std::vector<llvm::BitVector> ancestors;
  /// Accesses (step, read, write) of each location, in step order.
  std::map<Location, std::vector<std::tuple<unsigned, bool, bool>>> accesses;
  /// Steps using each instance, in order.
  std::vector<std::vector<unsigned>> instanceSteps;
};

} // namespace

bool Verifier::maySkip(unsigned t) const {
  const Task &task = graph.tasks[t];
  return task.executor == ExecutorKind::DMA && task.writes.size() == 1 &&
         graph.buffers[task.writes.front()].content != 0 &&
         graph.buffers[task.writes.front()].memory == MemoryKind::CMX &&
         !task.reads.empty() && llvm::all_of(task.reads, [&](unsigned b) {
           return graph.buffers[b].reloadable;
         });
}

std::string Verifier::describeStep(unsigned step) const {
  const Step &s = schedule.steps[step];
  std::string what = stringifyStepKind(s.kind).str();
  if (s.task < graph.tasks.size()) {
    what += llvm::formatv(" of task '{0}'", graph.tasks[s.task].name).str();
  }
  if (s.buffer < graph.buffers.size()) {
    what +=
        llvm::formatv(" of buffer '{0}'", graph.buffers[s.buffer].name).str();
  }
  return llvm::formatv("step #{0} ({1})", step, what).str();
}

llvm::Error Verifier::checkTasksAndDeps() {
  unsigned numTasks = graph.tasks.size();
  unsigned numSteps = schedule.steps.size();
  if (schedule.stepOfTask.size() != numTasks) {
    return fail("stepOfTask has {0} entries for {1} tasks",
                schedule.stepOfTask.size(), numTasks);
  }
  std::vector<unsigned> seen(numTasks, 0);
  ancestors.resize(numSteps);
  for (unsigned s = 0; s < numSteps; ++s) {
    const Step &step = schedule.steps[s];
    if (step.kind == StepKind::Task) {
      if (step.task >= numTasks) {
        return fail("{0} runs task #{1}, which does not exist", describeStep(s),
                    step.task);
      }
      if (++seen[step.task] > 1) {
        return fail("task '{0}' is scheduled twice",
                    graph.tasks[step.task].name);
      }
      if (schedule.stepOfTask[step.task] != s) {
        return fail("stepOfTask of task '{0}' is not {1}",
                    graph.tasks[step.task].name, describeStep(s));
      }
    }
    llvm::BitVector reach(numSteps);
    for (unsigned i = 0, e = step.deps.size(); i < e; ++i) {
      unsigned dep = step.deps[i];
      if (dep >= s) {
        return fail("{0} depends on step #{1}, which does not come before it "
                    "(possible deadlock)",
                    describeStep(s), dep);
      }
      if (i > 0 && dep <= step.deps[i - 1]) {
        return fail("the dependencies of {0} are not strictly ascending",
                    describeStep(s));
      }
      reach |= ancestors[dep];
      reach.set(dep);
    }
    ancestors[s] = std::move(reach);
    if (options.serial && s > 0 && !precedes(s - 1, s)) {
      return fail("serial schedule: {0} does not follow the previous step",
                  describeStep(s));
    }
  }
  for (unsigned t = 0; t < numTasks; ++t) {
    if (seen[t] == 0 && maySkip(t) && schedule.stepOfTask[t] == ~0u) {
      continue;
    }
    if (seen[t] != 1) {
      return fail("task '{0}' (#{1}) is not scheduled", graph.tasks[t].name, t);
    }
    for (unsigned dep : graph.tasks[t].deps) {
      if (seen[dep] != 1 ||
          !precedes(schedule.stepOfTask[dep], schedule.stepOfTask[t])) {
        return fail("task '{0}' does not wait for its explicit dependency "
                    "'{1}'",
                    graph.tasks[t].name, graph.tasks[dep].name);
      }
    }
  }
  return llvm::Error::success();
}

llvm::Error Verifier::checkStepShapes() {
  unsigned numBuffers = graph.buffers.size();
  unsigned numInstances = schedule.instances.size();
  instanceSteps.assign(numInstances, {});
  for (unsigned s = 0, e = schedule.steps.size(); s < e; ++s) {
    const Step &step = schedule.steps[s];
    for (const InstanceUse &use : step.cmx) {
      if (use.instance >= numInstances || use.buffer >= numBuffers ||
          (schedule.instances[use.instance].buffer != use.buffer &&
           !sameContent(schedule.instances[use.instance].buffer, use.buffer))) {
        return fail("{0} maps buffer #{1} to instance #{2}, which does not "
                    "hold it",
                    describeStep(s), use.buffer, use.instance);
      }
      if (graph.buffers[use.buffer].memory != MemoryKind::CMX) {
        return fail("{0} has a CMX instance for DDR buffer '{1}'",
                    describeStep(s), graph.buffers[use.buffer].name);
      }
      instanceSteps[use.instance].push_back(s);
    }
    auto addAccess = [&](Location location, bool read, bool write) {
      accesses[location].emplace_back(s, read, write);
    };
    if (step.kind == StepKind::Task) {
      const Task &task = graph.tasks[step.task];
      if (step.executor != task.executor || step.cost != task.cost) {
        return fail("{0} does not have its task's executor and cost",
                    describeStep(s));
      }
      llvm::SmallVector<unsigned> cmx;
      for (unsigned buffer :
           llvm::concat<const unsigned>(task.reads, task.writes)) {
        if (graph.buffers[buffer].memory == MemoryKind::CMX &&
            !llvm::is_contained(cmx, buffer)) {
          cmx.push_back(buffer);
        }
      }
      if (cmx.size() != step.cmx.size()) {
        return fail("{0} has {1} CMX instances for {2} CMX buffers",
                    describeStep(s), step.cmx.size(), cmx.size());
      }
      for (const InstanceUse &use : step.cmx) {
        if (!llvm::is_contained(cmx, use.buffer)) {
          return fail("{0} maps buffer '{1}', which its task does not use",
                      describeStep(s), graph.buffers[use.buffer].name);
        }
      }
      for (const InstanceUse &use : step.cmx) {
        addAccess({Space::Instance, use.instance},
                  llvm::is_contained(task.reads, use.buffer),
                  llvm::is_contained(task.writes, use.buffer));
      }
      llvm::SmallVector<unsigned> ddr;
      for (unsigned buffer :
           llvm::concat<const unsigned>(task.reads, task.writes)) {
        if (graph.buffers[buffer].memory == MemoryKind::DDR &&
            !llvm::is_contained(ddr, buffer)) {
          ddr.push_back(buffer);
          addAccess({Space::Ddr, buffer},
                    llvm::is_contained(task.reads, buffer),
                    llvm::is_contained(task.writes, buffer));
        }
      }
      continue;
    }
    if (step.kind == StepKind::Move) {
      if (step.buffer >= numBuffers || step.cmx.size() != 2 ||
          step.cmx[0].buffer != step.buffer ||
          step.cmx[1].buffer != step.buffer ||
          step.cmx[0].instance == step.cmx[1].instance ||
          schedule.instances[step.cmx[0].instance].arena !=
              schedule.instances[step.cmx[1].instance].arena ||
          step.executor != ExecutorKind::DMA) {
        return fail("{0} must be a DMA from one CMX instance of the buffer "
                    "it moves to another in the same arena",
                    describeStep(s));
      }
      addAccess({Space::Instance, step.cmx[0].instance}, true, false);
      addAccess({Space::Instance, step.cmx[1].instance}, false, true);
      continue;
    }
    if (step.buffer >= numBuffers || step.cmx.size() != 1 ||
        step.cmx.front().buffer != step.buffer ||
        step.executor != ExecutorKind::DMA) {
      return fail("{0} must be a DMA with exactly one CMX instance, of the "
                  "buffer it moves",
                  describeStep(s));
    }
    unsigned instance = step.cmx.front().instance;
    switch (step.kind) {
    case StepKind::SpillWrite:
      addAccess({Space::Instance, instance}, true, false);
      addAccess({Space::SpillSlot, step.buffer}, false, true);
      break;
    case StepKind::SpillRead:
      addAccess({Space::SpillSlot, step.buffer}, true, false);
      addAccess({Space::Instance, instance}, false, true);
      break;
    case StepKind::Reload: {
      if (step.task >= graph.tasks.size()) {
        return fail("{0} reloads with task #{1}, which does not exist",
                    describeStep(s), step.task);
      }
      const Task &task = graph.tasks[step.task];
      bool onlyWritesBuffer = llvm::all_of(
          task.writes, [&](unsigned b) { return b == step.buffer; });
      bool readsReloadable =
          !task.reads.empty() && llvm::all_of(task.reads, [&](unsigned b) {
            return graph.buffers[b].reloadable;
          });
      bool soleWriter =
          llvm::none_of(llvm::enumerate(graph.tasks), [&](const auto &other) {
            return other.index() != step.task &&
                   llvm::is_contained(other.value().writes, step.buffer);
          });
      if (task.executor != ExecutorKind::DMA || task.writes.empty() ||
          !onlyWritesBuffer || !readsReloadable || !soleWriter ||
          step.cost != task.cost) {
        return fail("{0} re-runs a task that is not the only writer of the "
                    "buffer, a DMA from reloadable data, with its cost",
                    describeStep(s));
      }
      for (unsigned buffer : task.reads) {
        addAccess({Space::Ddr, buffer}, true, false);
      }
      addAccess({Space::Instance, instance}, false, true);
      break;
    }
    case StepKind::Task:
    case StepKind::Move:
      break;
    }
  }
  return llvm::Error::success();
}

llvm::Error Verifier::checkInstances() {
  for (unsigned i = 0, e = schedule.instances.size(); i < e; ++i) {
    const Instance &instance = schedule.instances[i];
    if (instance.buffer >= graph.buffers.size()) {
      return fail("instance #{0} holds buffer #{1}, which does not exist", i,
                  instance.buffer);
    }
    const Buffer &buffer = graph.buffers[instance.buffer];
    if (instance.size != buffer.size) {
      return fail("instance #{0} of '{1}' has size {2}, not {3}", i,
                  buffer.name, instance.size, buffer.size);
    }
    if (instance.arena != buffer.arena) {
      return fail("instance #{0} of '{1}' is in arena {2}, not the buffer's "
                  "arena {3}",
                  i, buffer.name, instance.arena, buffer.arena);
    }
    if (instance.size != 0 && (instance.offset % buffer.alignment != 0 ||
                               instance.offset + instance.size >
                                   graph.getArenaCapacity(instance.arena))) {
      return fail("instance #{0} of '{1}' at offset {2} is misaligned or "
                  "exceeds the capacity of CMX arena {3} ({4} bytes)",
                  i, buffer.name, instance.offset, instance.arena,
                  graph.getArenaCapacity(instance.arena));
    }
    const std::vector<unsigned> &steps = instanceSteps[i];
    if (steps.empty()) {
      return fail("instance #{0} of '{1}' is never used", i, buffer.name);
    }
    if (instance.firstStep != steps.front() ||
        instance.lastStep != steps.back()) {
      return fail("instance #{0} of '{1}' claims steps {2}..{3}, used by "
                  "{4}..{5}",
                  i, buffer.name, instance.firstStep, instance.lastStep,
                  steps.front(), steps.back());
    }
    const auto &first = accesses[{Space::Instance, i}].front();
    if (!std::get<2>(first) || std::get<1>(first)) {
      return fail("instance #{0} of '{1}' is not first written by {2}", i,
                  buffer.name, describeStep(std::get<0>(first)));
    }
  }
  return llvm::Error::success();
}

llvm::Error Verifier::checkRaces() {
  for (const auto &[location, list] : accesses) {
    std::optional<unsigned> lastWrite;
    std::vector<unsigned> readsSinceWrite;
    for (auto [step, read, write] : list) {
      bool ordered =
          !lastWrite || *lastWrite == step || precedes(*lastWrite, step);
      if (ordered && write) {
        ordered = llvm::all_of(readsSinceWrite, [&, s = step](unsigned r) {
          return r == s || precedes(r, s);
        });
      }
      if (!ordered) {
        std::string where =
            location.first == Space::Instance
                ? llvm::formatv("CMX instance #{0}", location.second).str()
            : location.first == Space::Ddr
                ? llvm::formatv("DDR buffer '{0}'",
                                graph.buffers[location.second].name)
                      .str()
                : llvm::formatv("the spill slot of '{0}'",
                                graph.buffers[location.second].name)
                      .str();
        return fail("{0} accesses {1} unordered with a conflicting access",
                    describeStep(step), where);
      }
      if (write) {
        lastWrite = step;
        readsSinceWrite.clear();
      } else if (read) {
        readsSinceWrite.push_back(step);
      }
    }
  }
  return llvm::Error::success();
}

llvm::Error Verifier::checkAddressReuse() {
  std::vector<unsigned> order;
  for (unsigned i = 0, e = schedule.instances.size(); i < e; ++i) {
    if (schedule.instances[i].size != 0) {
      order.push_back(i);
    }
  }
  llvm::sort(order, [&](unsigned a, unsigned b) {
    const Instance &x = schedule.instances[a];
    const Instance &y = schedule.instances[b];
    return std::make_pair(x.arena, x.offset) <
           std::make_pair(y.arena, y.offset);
  });
  for (unsigned x = 0, e = order.size(); x < e; ++x) {
    const Instance &a = schedule.instances[order[x]];
    for (unsigned y = x + 1; y < e; ++y) {
      const Instance &b = schedule.instances[order[y]];
      if (b.arena != a.arena || b.offset >= a.offset + a.size) {
        break;
      }
      unsigned before = order[x];
      unsigned after = order[y];
      if (schedule.instances[after].firstStep <
          schedule.instances[before].firstStep) {
        std::swap(before, after);
      }
      unsigned firstWrite = schedule.instances[after].firstStep;
      for (unsigned step : instanceSteps[before]) {
        if (!precedes(step, firstWrite)) {
          return fail(
              "instances #{0} ('{1}') and #{2} ('{3}') share CMX bytes but "
              "{4} is not ordered before {5}",
              before, graph.buffers[schedule.instances[before].buffer].name,
              after, graph.buffers[schedule.instances[after].buffer].name,
              describeStep(step), describeStep(firstWrite));
        }
      }
    }
  }
  return llvm::Error::success();
}

llvm::Error Verifier::replay() {
  unsigned numBuffers = graph.buffers.size();
  unsigned numTasks = graph.tasks.size();
  // versionBefore[t][b]: writes of b by tasks before t, for t's buffers.
  std::vector<unsigned> writes(numBuffers, 0);
  std::vector<llvm::SmallVector<std::pair<unsigned, unsigned>, 4>> before(
      numTasks);
  std::vector<unsigned> lastWriter(numBuffers, ~0u);
  std::vector<llvm::SmallVector<std::pair<unsigned, unsigned>, 4>> producers(
      numTasks);
  for (unsigned t = 0; t < numTasks; ++t) {
    const Task &task = graph.tasks[t];
    for (unsigned buffer :
         llvm::concat<const unsigned>(task.reads, task.writes)) {
      if (!llvm::is_contained(llvm::make_first_range(before[t]), buffer)) {
        before[t].emplace_back(buffer, writes[buffer]);
      }
    }
    for (unsigned buffer : task.reads) {
      if (lastWriter[buffer] != ~0u &&
          !llvm::is_contained(llvm::make_first_range(producers[t]), buffer)) {
        producers[t].emplace_back(buffer, lastWriter[buffer]);
      }
    }
    for (unsigned buffer : task.writes) {
      if (lastWriter[buffer] != t) {
        ++writes[buffer];
        lastWriter[buffer] = t;
      }
    }
  }
  auto versionBefore = [&](unsigned task, unsigned buffer) {
    for (auto [b, v] : before[task]) {
      if (b == buffer) {
        return v;
      }
    }
    llvm_unreachable("buffer not used by the task");
  };

  // DDR buffers exist from the start (graph inputs, or not yet written);
  // CMX instances and spill slots hold nothing until written.
  std::map<Location, Content> contents;
  for (unsigned buffer = 0; buffer < numBuffers; ++buffer) {
    if (graph.buffers[buffer].memory == MemoryKind::DDR) {
      contents[{Space::Ddr, buffer}] = {buffer, 0, ~0u, false};
    }
  }
  for (unsigned s = 0, e = schedule.steps.size(); s < e; ++s) {
    const Step &step = schedule.steps[s];
    auto locationOf = [&](unsigned buffer) -> Location {
      if (graph.buffers[buffer].memory == MemoryKind::DDR) {
        return {Space::Ddr, buffer};
      }
      for (const InstanceUse &use : step.cmx) {
        if (use.buffer == buffer) {
          return {Space::Instance, use.instance};
        }
      }
      llvm_unreachable("CMX buffer without an instance");
    };
    auto expect = [&](Location location, unsigned buffer,
                      unsigned version) -> llvm::Error {
      if (graph.buffers[buffer].reloadable) {
        return llvm::Error::success();
      }
      auto it = contents.find(location);
      if (it == contents.end() ||
          (it->second.buffer != buffer &&
           !sameContent(it->second.buffer, buffer)) ||
          it->second.version != version) {
        std::string found =
            it == contents.end()
                ? std::string("nothing")
                : llvm::formatv("version {0} of '{1}'", it->second.version,
                                graph.buffers[it->second.buffer].name)
                      .str();
        return fail("{0} expects version {1} of '{2}' but finds {3}",
                    describeStep(s), version, graph.buffers[buffer].name,
                    found);
      }
      return llvm::Error::success();
    };
    switch (step.kind) {
    case StepKind::Task: {
      const Task &task = graph.tasks[step.task];
      for (auto [buffer, version] : before[step.task]) {
        bool isRead = llvm::is_contained(task.reads, buffer);
        // A write keeps the rest of a partially written buffer: the earlier
        // version must be there too.
        if (isRead || version > 0) {
          if (llvm::Error error = expect(locationOf(buffer), buffer, version)) {
            return error;
          }
        }
      }
      for (auto [buffer, producer] : producers[step.task]) {
        auto it = contents.find(locationOf(buffer));
        bool reloaded = it != contents.end() && it->second.reloaded;
        // A copy of another buffer: its writer (checked equal by expect).
        if (it != contents.end() && it->second.buffer != buffer) {
          if (!precedes(it->second.writer, s)) {
            return fail("{0} reads '{1}' in a copy of '{2}' but does not "
                        "wait for the step writing it",
                        describeStep(s), graph.buffers[buffer].name,
                        graph.buffers[it->second.buffer].name);
          }
          continue;
        }
        if (!reloaded && !precedes(schedule.stepOfTask[producer], s)) {
          return fail("{0} reads '{1}' but does not wait for its producer "
                      "'{2}'",
                      describeStep(s), graph.buffers[buffer].name,
                      graph.tasks[producer].name);
        }
      }
      for (auto [buffer, version] : before[step.task]) {
        if (llvm::is_contained(task.writes, buffer)) {
          contents[locationOf(buffer)] = {buffer, version + 1, s, false};
        }
      }
      break;
    }
    case StepKind::SpillWrite: {
      auto it = contents.find({Space::Instance, step.cmx.front().instance});
      if (it == contents.end() || it->second.buffer != step.buffer) {
        return fail("{0} spills an instance that does not hold the buffer",
                    describeStep(s));
      }
      contents[{Space::SpillSlot, step.buffer}] = {
          step.buffer, it->second.version, s, false};
      break;
    }
    case StepKind::SpillRead: {
      auto it = contents.find({Space::SpillSlot, step.buffer});
      if (it == contents.end()) {
        return fail("{0} reads a spill slot that was never written",
                    describeStep(s));
      }
      contents[{Space::Instance, step.cmx.front().instance}] = {
          step.buffer, it->second.version, s, false};
      break;
    }
    case StepKind::Reload:
      contents[{Space::Instance, step.cmx.front().instance}] = {
          step.buffer, versionBefore(step.task, step.buffer) + 1, s, true};
      break;
    case StepKind::Move: {
      auto it = contents.find({Space::Instance, step.cmx[0].instance});
      if (it == contents.end() ||
          (it->second.buffer != step.buffer &&
           !sameContent(it->second.buffer, step.buffer))) {
        return fail("{0} moves an instance that does not hold the buffer",
                    describeStep(s));
      }
      Content moved = it->second;
      moved.writer = s;
      contents[{Space::Instance, step.cmx[1].instance}] = moved;
      break;
    }
    }
  }
  return llvm::Error::success();
}

llvm::Error Verifier::checkStats() {
  ScheduleStats expected;
  uint64_t executorFree[kNumExecutorKinds] = {};
  for (unsigned s = 0, e = schedule.steps.size(); s < e; ++s) {
    const Step &step = schedule.steps[s];
    uint64_t start = executorFree[static_cast<unsigned>(step.executor)];
    for (unsigned dep : step.deps) {
      start = std::max(start, schedule.steps[dep].end);
    }
    if (step.start != start || step.end != start + step.cost) {
      return fail("{0} has estimated cycles {1}..{2}, expected {3}..{4}",
                  describeStep(s), step.start, step.end, start,
                  start + step.cost);
    }
    executorFree[static_cast<unsigned>(step.executor)] = step.end;
    expected.makespan = std::max(expected.makespan, step.end);
    expected.numDependencies += step.deps.size();
    uint64_t size = step.buffer < graph.buffers.size()
                        ? graph.buffers[step.buffer].size
                        : 0;
    uint64_t spillCost = options.getSpillCycles(size);
    switch (step.kind) {
    case StepKind::Task:
      break;
    case StepKind::SpillWrite:
      ++expected.numSpillWrites;
      expected.spillWriteBytes += size;
      if (step.cost != spillCost) {
        return fail("{0} costs {1} cycles, expected {2}", describeStep(s),
                    step.cost, spillCost);
      }
      break;
    case StepKind::SpillRead:
      ++expected.numSpillReads;
      expected.spillReadBytes += size;
      if (step.cost != spillCost) {
        return fail("{0} costs {1} cycles, expected {2}", describeStep(s),
                    step.cost, spillCost);
      }
      break;
    case StepKind::Reload:
      ++expected.numReloads;
      expected.reloadBytes += size;
      break;
    case StepKind::Move:
      ++expected.numMoves;
      expected.moveBytes += size;
      if (step.cost != options.getMoveCycles(size)) {
        return fail("{0} costs {1} cycles, expected {2}", describeStep(s),
                    step.cost, options.getMoveCycles(size));
      }
      break;
    }
  }
  std::tie(expected.numShared, expected.sharedBytes) =
      countSharedUses(graph, schedule);
  expected.peakCmxPerArena.assign(graph.getNumArenas(), 0);
  for (const Instance &instance : schedule.instances) {
    if (instance.size != 0) {
      uint64_t end = instance.offset + instance.size;
      expected.peakCmx = std::max(expected.peakCmx, end);
      if (instance.arena < expected.peakCmxPerArena.size()) {
        uint64_t &peak = expected.peakCmxPerArena[instance.arena];
        peak = std::max(peak, end);
      }
    }
  }
  const ScheduleStats &actual = schedule.stats;
  if (actual.peakCmx != expected.peakCmx ||
      actual.peakCmxPerArena != expected.peakCmxPerArena ||
      actual.numSpillWrites != expected.numSpillWrites ||
      actual.spillWriteBytes != expected.spillWriteBytes ||
      actual.numSpillReads != expected.numSpillReads ||
      actual.spillReadBytes != expected.spillReadBytes ||
      actual.numReloads != expected.numReloads ||
      actual.reloadBytes != expected.reloadBytes ||
      actual.numMoves != expected.numMoves ||
      actual.moveBytes != expected.moveBytes ||
      actual.numDependencies != expected.numDependencies ||
      actual.makespan != expected.makespan ||
      actual.numShared != expected.numShared ||
      actual.sharedBytes != expected.sharedBytes) {
    return fail("the statistics do not match the schedule (peak {0} vs {1}, "
                "spill writes {2} vs {3}, spill reads {4} vs {5}, reloads {6} "
                "vs {7}, dependencies {8} vs {9}, makespan {10} vs {11}, "
                "shared {12} vs {13}, moves {14} vs {15})",
                actual.peakCmx, expected.peakCmx, actual.numSpillWrites,
                expected.numSpillWrites, actual.numSpillReads,
                expected.numSpillReads, actual.numReloads, expected.numReloads,
                actual.numDependencies, expected.numDependencies,
                actual.makespan, expected.makespan, actual.numShared,
                expected.numShared, actual.numMoves, expected.numMoves);
  }
  return llvm::Error::success();
}

llvm::Error Verifier::run() {
  if (llvm::Error error = checkTasksAndDeps()) {
    return error;
  }
  if (llvm::Error error = checkStepShapes()) {
    return error;
  }
  if (llvm::Error error = checkInstances()) {
    return error;
  }
  if (llvm::Error error = checkRaces()) {
    return error;
  }
  if (llvm::Error error = checkAddressReuse()) {
    return error;
  }
  if (llvm::Error error = replay()) {
    return error;
  }
  return checkStats();
}

llvm::Error verifySchedule(const Graph &graph, const Schedule &schedule,
                           const SchedulerOptions &options) {
  return Verifier(graph, schedule, options).run();
}

} // namespace mlir::vpuc::sched::feasible
