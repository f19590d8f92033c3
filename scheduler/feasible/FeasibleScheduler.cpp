//===- FeasibleScheduler.cpp - CMX-feasible scheduling ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Graph verification and the scheduler: compute tasks in the given order,
// data tasks just in time or prefetched, eviction (spill or drop) when the
// buffers of the next compute task do not fit, online best-fit placement in
// a CmxArena, and dependencies from physical locations and address reuse.
//
//===----------------------------------------------------------------------===//

#include "scheduler/feasible/FeasibleScheduler.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "scheduler/dependencies/TaskDependencies.h"
#include "scheduler/feasible/CmxArena.h"
#include "scheduler/feasible/GraphAnalysis.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::sched::feasible {

llvm::StringRef stringifyExecutorKind(ExecutorKind kind) {
  switch (kind) {
  case ExecutorKind::DMA:
    return "DMA";
  case ExecutorKind::DPU:
    return "DPU";
  case ExecutorKind::Shave:
    return "SHAVE";
  }
  return "unknown";
}

llvm::StringRef stringifyStepKind(StepKind kind) {
  switch (kind) {
  case StepKind::Task:
    return "task";
  case StepKind::SpillWrite:
    return "spill-write";
  case StepKind::SpillRead:
    return "spill-read";
  case StepKind::Reload:
    return "reload";
  case StepKind::Move:
    return "move";
  }
  return "unknown";
}

unsigned Graph::addBuffer(Buffer buffer) {
  buffers.push_back(std::move(buffer));
  return buffers.size() - 1;
}

unsigned Graph::addTask(Task task) {
  tasks.push_back(std::move(task));
  return tasks.size() - 1;
}

//===----------------------------------------------------------------------===//
// Graph verification
//===----------------------------------------------------------------------===//

static std::string describeTask(const Graph &graph, unsigned task) {
  return llvm::formatv("task '{0}' (#{1})", graph.tasks[task].name, task);
}

static std::string describeBuffer(const Graph &graph, unsigned buffer) {
  return llvm::formatv("buffer '{0}' (#{1})", graph.buffers[buffer].name,
                       buffer);
}

std::pair<unsigned, uint64_t> countSharedUses(const Graph &graph,
                                              const Schedule &schedule) {
  llvm::DenseSet<std::pair<unsigned, unsigned>> shared;
  uint64_t bytes = 0;
  for (const Step &step : schedule.steps) {
    for (const InstanceUse &use : step.cmx) {
      if (schedule.instances[use.instance].buffer != use.buffer &&
          shared.insert({use.buffer, use.instance}).second) {
        bytes += graph.buffers[use.buffer].size;
      }
    }
  }
  return {static_cast<unsigned>(shared.size()), bytes};
}

uint64_t getTaskCmxFootprint(const Graph &graph, unsigned task,
                             unsigned arena) {
  llvm::SmallVector<unsigned> cmx = getDistinctCmxBuffers(graph, task);
  sortForPlacement(graph, cmx);
  uint64_t end = 0;
  for (unsigned buffer : cmx) {
    const Buffer &b = graph.buffers[buffer];
    if (b.size == 0 || b.arena != arena) {
      continue;
    }
    end = llvm::alignTo(end, b.alignment) + b.size;
  }
  return end;
}

llvm::Error verifyGraph(const Graph &graph) {
  auto error = [](const std::string &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  for (unsigned i = 0, e = graph.buffers.size(); i < e; ++i) {
    const Buffer &buffer = graph.buffers[i];
    if (!llvm::isPowerOf2_64(buffer.alignment)) {
      return error(llvm::formatv("{0} has alignment {1}, not a power of two",
                                 describeBuffer(graph, i), buffer.alignment));
    }
    if (buffer.reloadable && buffer.memory != MemoryKind::DDR) {
      return error(llvm::formatv("{0} is reloadable but lives in CMX; only "
                                 "DDR buffers can be reloadable",
                                 describeBuffer(graph, i)));
    }
    if (buffer.memory == MemoryKind::CMX &&
        buffer.arena >= graph.getNumArenas()) {
      return error(llvm::formatv("{0} lives in CMX arena {1}, but there are "
                                 "only {2} arenas",
                                 describeBuffer(graph, i), buffer.arena,
                                 graph.getNumArenas()));
    }
  }
  unsigned numBuffers = graph.buffers.size();
  // Whether each CMX buffer has been written by an earlier task.
  std::vector<bool> written(numBuffers, false);
  for (unsigned t = 0, e = graph.tasks.size(); t < e; ++t) {
    const Task &task = graph.tasks[t];
    if (task.cost == 0) {
      return error(llvm::formatv("{0} has cost 0; a task costs at least one "
                                 "cycle",
                                 describeTask(graph, t)));
    }
    for (unsigned dep : task.deps) {
      if (dep >= t) {
        return error(llvm::formatv(
            "{0} depends on task #{1}, which does not come before it; the "
            "tasks must be in a topological order",
            describeTask(graph, t), dep));
      }
    }
    for (unsigned buffer :
         llvm::concat<const unsigned>(task.reads, task.writes)) {
      if (buffer >= numBuffers) {
        return error(llvm::formatv("{0} uses buffer #{1}, but there are only "
                                   "{2} buffers",
                                   describeTask(graph, t), buffer, numBuffers));
      }
    }
    for (unsigned buffer : task.reads) {
      if (graph.buffers[buffer].memory == MemoryKind::CMX && !written[buffer]) {
        return error(llvm::formatv("{0} reads {1} before any task writes it",
                                   describeTask(graph, t),
                                   describeBuffer(graph, buffer)));
      }
    }
    for (unsigned buffer : task.writes) {
      if (graph.buffers[buffer].reloadable) {
        return error(llvm::formatv("{0} writes {1}, which is reloadable "
                                   "(a graph input or constant)",
                                   describeTask(graph, t),
                                   describeBuffer(graph, buffer)));
      }
      written[buffer] = true;
    }
    for (unsigned arena = 0, numArenas = graph.getNumArenas();
         arena < numArenas; ++arena) {
      uint64_t footprint = getTaskCmxFootprint(graph, t, arena);
      uint64_t capacity = graph.getArenaCapacity(arena);
      if (footprint <= capacity) {
        continue;
      }
      std::string names;
      for (unsigned buffer : getDistinctCmxBuffers(graph, t)) {
        if (graph.buffers[buffer].arena != arena) {
          continue;
        }
        names += (names.empty() ? "'" : ", '") + graph.buffers[buffer].name +
                 "' (" + std::to_string(graph.buffers[buffer].size) + ")";
      }
      std::string where = numArenas == 1
                              ? std::string("CMX")
                              : llvm::formatv("CMX arena {0}", arena).str();
      return error(llvm::formatv(
          "{0} needs {1} bytes of {2} for its buffers ({3}), more than the "
          "capacity of {4} bytes; it must be tiled first",
          describeTask(graph, t), footprint, where, names, capacity));
    }
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Scheduler
//===----------------------------------------------------------------------===//

namespace {

/// Where a CMX buffer's current content is.
enum class Residency : uint8_t {
  /// Not written yet (or, for a data buffer, its data task not scheduled).
  Unborn,
  /// In CMX, in instance `instance`.
  Resident,
  /// Out of CMX: in its spill slot, or (data buffer) reloadable.
  Evicted,
  /// All its users are scheduled.
  Dead,
};

/// The scheduler's view of one buffer.
struct BufferState {
  Residency residency = Residency::Unborn;
  /// The instance holding it while Resident.
  unsigned instance = ~0u;
  /// Number of scheduled writes (its current version).
  unsigned version = 0;
  /// The version held by its spill slot, or -1 if none.
  int64_t spilledVersion = -1;
  /// Position in GraphAnalysis::users of the next unscheduled user.
  unsigned cursor = 0;
};

/// The last writer and the readers since of one physical location.
struct LocationState {
  int64_t lastWriter = -1;
  llvm::SmallVector<unsigned, 4> readers;
};

/// A location accessed by a step. CMX instances, DDR buffers of the graph and
/// spill slots (one per buffer) are distinct location spaces.
struct Access {
  enum class Space : uint8_t { Instance, Ddr, SpillSlot };
  Space space;
  unsigned index;
  bool read;
  bool write;
};

class Scheduler {
public:
  Scheduler(const Graph &graph, const SchedulerOptions &options)
      : graph(graph), options(options), analysis(analyzeGraph(graph)),
        buffers(graph.buffers.size()), ddrLocations(graph.buffers.size()),
        spillLocations(graph.buffers.size()), history(graph.getNumArenas()) {
    for (unsigned arena = 0, e = graph.getNumArenas(); arena < e; ++arena) {
      arenas.emplace_back(graph.getArenaCapacity(arena),
                          options.avoidRecentReleases);
    }
    if (options.jointTwins) {
      for (const Buffer &buffer : graph.buffers) {
        if (buffer.twin != 0 && buffer.memory == MemoryKind::CMX) {
          llvm::SmallVector<unsigned, 2> &group = twinArenas[buffer.twin];
          if (!llvm::is_contained(group, buffer.arena)) {
            group.push_back(buffer.arena);
          }
        }
      }
    }
    if (options.shareCopies) {
      for (unsigned buffer = 0, e = graph.buffers.size(); buffer < e;
           ++buffer) {
        uint64_t content = graph.buffers[buffer].content;
        if (content != 0 && analysis.dataTaskOf[buffer] != ~0u) {
          buffersOfContent[content].push_back(buffer);
        }
      }
    }
  }

  Schedule run();

private:
  /// Schedules compute task `task` with everything it needs first.
  void scheduleCompute(unsigned task);
  /// Picks the resident buffer to evict so that `request` may fit; buffers of
  /// `needed` only if no other is resident.
  unsigned chooseVictim(llvm::ArrayRef<unsigned> needed, unsigned request);
  /// Moves `buffer` out of CMX (spill write unless not needed).
  void evict(unsigned buffer);
  /// Whether evicting resident `buffer` writes it to DDR: an activation
  /// whose spill slot does not hold its current version.
  bool needsSpillWrite(unsigned buffer) const {
    return analysis.dataTaskOf[buffer] == ~0u &&
           buffers[buffer].spilledVersion !=
               static_cast<int64_t>(buffers[buffer].version);
  }
  /// With options.moveToFit: moves one resident buffer within the arena of
  /// `request` so that the buffers of `needed` not yet resident there all fit
  /// after it (the smallest such buffer that is neither shared nor a twin);
  /// false if none does.
  bool moveToFit(llvm::ArrayRef<unsigned> needed, unsigned request);
  /// Schedules data tasks of the next compute tasks while they fit (and,
  /// with options.prefetchLeavesRoom, leave room once the `dying` buffers of
  /// the task just scheduled are released: leavesRoom).
  /// Beyond options.prefetchLookahead, loads for up to
  /// options.prefetchIdleLookahead further compute tasks while the DMA queue
  /// ends before `computeEnd` (the estimated end of the task just
  /// scheduled), each only if leavesRoomThrough.
  void prefetchAfter(unsigned computePosition, llvm::ArrayRef<unsigned> dying,
                     uint64_t computeEnd);
  /// Whether CMX buffer `buffer`, placed now, leaves room for `requests`
  /// ((size, alignment) in its arena) once the `dying` buffers are released.
  bool leavesRoom(unsigned buffer, llvm::ArrayRef<unsigned> dying,
                  llvm::ArrayRef<std::pair<uint64_t, uint64_t>> requests) const;
  /// Whether CMX buffer `buffer`, placed now, leaves room in its arena for
  /// the buffers the compute tasks after `computePosition` place, through
  /// `prefetchLookahead` tasks past `target` (its user), in a trial that
  /// releases the `dying` buffers first and every buffer after its last
  /// user.
  bool leavesRoomThrough(unsigned buffer, llvm::ArrayRef<unsigned> dying,
                         unsigned computePosition, unsigned target) const;
  /// Releases, in `trial` (a copy of arena `arena`), the instances of the
  /// `dying` buffers that are in that arena.
  void releaseDying(CmxArena &trial, unsigned arena,
                    llvm::ArrayRef<unsigned> dying) const;
  /// The arena of CMX buffer `buffer`.
  CmxArena &arenaOf(unsigned buffer) {
    return arenas[graph.buffers[buffer].arena];
  }
  /// Allocates `buffer` in its arena: with `twins`, at the offset of the
  /// twin placed last while that twin is in CMX and the range is free
  /// (Buffer::twin), else, for a twin with SchedulerOptions::jointTwins, at
  /// the best fit whose range is free in the arena of another twin too
  /// (where it will likely be placed soon); else best fit.
  std::optional<uint64_t> place(unsigned buffer, bool twins = true) {
    const Buffer &b = graph.buffers[buffer];
    CmxArena &arena = arenaOf(buffer);
    std::optional<uint64_t> offset;
    if (twins && b.twin != 0) {
      auto it = twinOffsets.find(b.twin);
      if (it != twinOffsets.end() &&
          buffers[it->second.second].residency == Residency::Resident) {
        if (arena.allocateAt(it->second.first, b.size, b.alignment)) {
          return it->second.first;
        }
      } else if (options.jointTwins) {
        auto group = twinArenas.find(b.twin);
        assert(group != twinArenas.end() && "a CMX twin has a group");
        for (unsigned other : group->second) {
          if (other != b.arena && (offset = arena.allocateFreeIn(
                                       arenas[other], b.size, b.alignment))) {
            break;
          }
        }
      }
    }
    if (!offset) {
      offset = arena.allocate(b.size, b.alignment);
    }
    if (offset && b.twin != 0) {
      twinOffsets[b.twin] = {*offset, buffer};
    }
    return offset;
  }
  /// Creates an instance for `buffer` at `offset`.
  unsigned createInstance(unsigned buffer, uint64_t offset);
  /// Takes a resident buffer out of its instance; the last one to leave
  /// releases the instance and records its users as the latest occupants of
  /// its bytes.
  void releaseInstance(unsigned buffer);
  /// With options.shareCopies, a resident data buffer holding what data
  /// buffer `buffer` will hold (Buffer::content) in an instance `buffer`
  /// can use (same arena, size and alignment); ~0u if none.
  unsigned findResidentCopy(unsigned buffer) const;
  /// Makes `buffer` resident in the instance of the resident `copy`.
  void shareInstance(unsigned buffer, unsigned copy);
  /// Whether the instance of resident `buffer` holds other buffers too.
  bool isShared(unsigned buffer) const {
    return instanceHolders[buffers[buffer].instance] > 1;
  }
  /// The other resident buffers in the instance of resident `buffer`.
  llvm::SmallVector<unsigned, 2> otherHolders(unsigned buffer) const;
  /// Appends a step; computes its dependencies from `accesses`, the reuse of
  /// the bytes of the instances it is the first to use and explicit deps.
  void emit(Step step, llvm::ArrayRef<Access> accesses,
            llvm::ArrayRef<unsigned> explicitDeps = {});
  /// Emits a Task step for `task` (a compute task or a data task).
  void emitTask(unsigned task);
  /// Appends the reads of data task `task` (its DDR sources) to `out`.
  void appendSourceReads(unsigned task, llvm::SmallVectorImpl<Access> &out);
  /// Cost of a spill DMA of `bytes`.
  uint64_t spillCost(uint64_t bytes) const {
    return options.getSpillCycles(bytes);
  }
  /// The next unscheduled user of a resident buffer (graph task index).
  unsigned nextUse(unsigned buffer) const {
    const auto &users = analysis.users[buffer];
    const BufferState &state = buffers[buffer];
    return state.cursor < users.size() ? users[state.cursor] : ~0u;
  }
  LocationState &location(const Access &access) {
    switch (access.space) {
    case Access::Space::Instance:
      return instanceLocations[access.index];
    case Access::Space::Ddr:
      return ddrLocations[access.index];
    case Access::Space::SpillSlot:
      return spillLocations[access.index];
    }
    llvm_unreachable("unknown location space");
  }

  const Graph &graph;
  const SchedulerOptions &options;
  GraphAnalysis analysis;
  /// One allocator per CMX arena.
  std::vector<CmxArena> arenas;
  /// The offset the last buffer of each twin group placed by best fit
  /// took, and that buffer.
  llvm::DenseMap<uint64_t, std::pair<uint64_t, unsigned>> twinOffsets;
  /// The arenas of the buffers of each twin group (with
  /// SchedulerOptions::jointTwins, the only user).
  llvm::DenseMap<uint64_t, llvm::SmallVector<unsigned, 2>> twinArenas;
  std::vector<BufferState> buffers;
  /// The resident buffers in each instance (more than one: shared copies).
  std::vector<unsigned> instanceHolders;
  /// With options.shareCopies: the data buffers of each Buffer::content.
  llvm::DenseMap<uint64_t, llvm::SmallVector<unsigned, 4>> buffersOfContent;
  std::vector<bool> taskScheduled;
  /// Resident buffers, unordered.
  std::vector<unsigned> resident;
  /// Locations.
  std::vector<LocationState> instanceLocations;
  std::vector<LocationState> ddrLocations;
  std::vector<LocationState> spillLocations;
  /// Steps using each instance, in order.
  std::vector<llvm::SmallVector<unsigned, 4>> instanceUsers;
  /// Per arena, the latest released instance over each byte range: start ->
  /// (end, instance), disjoint.
  std::vector<std::map<uint64_t, std::pair<uint64_t, unsigned>>> history;
  DependencyGraph dependencies;
  Schedule schedule;
  /// The estimated end of the last step of each executor kind so far.
  uint64_t executorFree[kNumExecutorKinds] = {};
};

} // namespace

unsigned Scheduler::createInstance(unsigned buffer, uint64_t offset) {
  Instance instance;
  instance.buffer = buffer;
  instance.arena = graph.buffers[buffer].arena;
  instance.offset = offset;
  instance.size = graph.buffers[buffer].size;
  instance.firstStep = ~0u;
  instance.lastStep = ~0u;
  schedule.instances.push_back(instance);
  instanceLocations.emplace_back();
  instanceUsers.emplace_back();
  instanceHolders.push_back(1);
  unsigned id = schedule.instances.size() - 1;
  BufferState &state = buffers[buffer];
  state.residency = Residency::Resident;
  state.instance = id;
  resident.push_back(buffer);
  return id;
}

unsigned Scheduler::findResidentCopy(unsigned buffer) const {
  const Buffer &b = graph.buffers[buffer];
  if (!options.shareCopies || b.content == 0 ||
      analysis.dataTaskOf[buffer] == ~0u) {
    return ~0u;
  }
  auto it = buffersOfContent.find(b.content);
  if (it == buffersOfContent.end()) {
    return ~0u;
  }
  for (unsigned copy : it->second) {
    if (copy != buffer && buffers[copy].residency == Residency::Resident &&
        areCopies(graph.buffers[copy], b)) {
      return copy;
    }
  }
  return ~0u;
}

void Scheduler::shareInstance(unsigned buffer, unsigned copy) {
  BufferState &state = buffers[buffer];
  state.residency = Residency::Resident;
  state.instance = buffers[copy].instance;
  ++instanceHolders[state.instance];
  resident.push_back(buffer);
}

llvm::SmallVector<unsigned, 2> Scheduler::otherHolders(unsigned buffer) const {
  llvm::SmallVector<unsigned, 2> others;
  if (isShared(buffer)) {
    for (unsigned other : resident) {
      if (other != buffer &&
          buffers[other].instance == buffers[buffer].instance) {
        others.push_back(other);
      }
    }
  }
  return others;
}

void Scheduler::releaseInstance(unsigned buffer) {
  BufferState &state = buffers[buffer];
  const Instance &instance = schedule.instances[state.instance];
  if (--instanceHolders[state.instance] == 0 && instance.size != 0) {
    arenaOf(buffer).release(instance.offset, instance.size);
    auto &history = this->history[instance.arena];
    uint64_t start = instance.offset;
    uint64_t end = instance.offset + instance.size;
    // Cut the segments overlapping [start, end) and insert the new one.
    auto it = history.lower_bound(start);
    if (it != history.begin()) {
      auto prev = std::prev(it);
      if (prev->second.first > start) {
        it = prev;
      }
    }
    while (it != history.end() && it->first < end) {
      uint64_t segStart = it->first;
      auto [segEnd, segInstance] = it->second;
      it = history.erase(it);
      if (segStart < start) {
        history.emplace(segStart, std::make_pair(start, segInstance));
      }
      if (segEnd > end) {
        history.emplace(end, std::make_pair(segEnd, segInstance));
      }
    }
    history.emplace(start, std::make_pair(end, state.instance));
  }
  state.instance = ~0u;
  auto pos = llvm::find(resident, buffer);
  *pos = resident.back();
  resident.pop_back();
}

void Scheduler::emit(Step step, llvm::ArrayRef<Access> accesses,
                     llvm::ArrayRef<unsigned> explicitDeps) {
  unsigned index = schedule.steps.size();
  llvm::SmallVector<unsigned, 16> candidates(explicitDeps.begin(),
                                             explicitDeps.end());
  for (const Access &access : accesses) {
    LocationState &state = location(access);
    if (state.lastWriter >= 0) {
      candidates.push_back(state.lastWriter);
    }
    if (access.write) {
      candidates.append(state.readers.begin(), state.readers.end());
    }
  }
  for (const InstanceUse &use : step.cmx) {
    Instance &instance = schedule.instances[use.instance];
    if (instance.firstStep == ~0u) {
      instance.firstStep = index;
      // Address reuse: wait for every user of the previous occupants.
      if (instance.size != 0) {
        uint64_t start = instance.offset;
        uint64_t end = instance.offset + instance.size;
        auto &history = this->history[instance.arena];
        auto it = history.lower_bound(start);
        if (it != history.begin() && std::prev(it)->second.first > start) {
          --it;
        }
        for (; it != history.end() && it->first < end; ++it) {
          const auto &users = instanceUsers[it->second.second];
          candidates.append(users.begin(), users.end());
        }
      }
    }
    instance.lastStep = index;
    if (instanceUsers[use.instance].empty() ||
        instanceUsers[use.instance].back() != index) {
      instanceUsers[use.instance].push_back(index);
    }
  }
  if (options.serial && index > 0) {
    candidates.push_back(index - 1);
  }
  llvm::SmallVector<unsigned> reduced = dependencies.addTask({}, candidates);
  step.deps.assign(reduced.begin(), reduced.end());
  // Estimated timing: in-order executors, dependencies.
  uint64_t &free = executorFree[static_cast<unsigned>(step.executor)];
  step.start = free;
  for (unsigned dep : step.deps) {
    step.start = std::max(step.start, schedule.steps[dep].end);
  }
  step.end = step.start + step.cost;
  free = step.end;
  for (const Access &access : accesses) {
    LocationState &state = location(access);
    if (access.write) {
      state.lastWriter = index;
      state.readers.clear();
    } else if (access.read) {
      state.readers.push_back(index);
    }
  }
  schedule.steps.push_back(std::move(step));
}

void Scheduler::appendSourceReads(unsigned task,
                                  llvm::SmallVectorImpl<Access> &out) {
  for (unsigned buffer : graph.tasks[task].reads) {
    out.push_back({Access::Space::Ddr, buffer, true, false});
  }
}

void Scheduler::emitTask(unsigned task) {
  const Task &t = graph.tasks[task];
  Step step;
  step.kind = StepKind::Task;
  step.task = task;
  step.executor = t.executor;
  step.cost = t.cost;
  llvm::SmallVector<Access, 8> accesses;
  for (unsigned buffer : analysis.cmxBuffers[task]) {
    bool read = llvm::is_contained(t.reads, buffer);
    bool write = llvm::is_contained(t.writes, buffer);
    unsigned instance = buffers[buffer].instance;
    step.cmx.push_back({buffer, instance});
    accesses.push_back({Access::Space::Instance, instance, read, write});
  }
  for (unsigned buffer : analysis.ddrBuffers[task]) {
    bool read = llvm::is_contained(t.reads, buffer);
    bool write = llvm::is_contained(t.writes, buffer);
    accesses.push_back({Access::Space::Ddr, buffer, read, write});
  }
  llvm::SmallVector<unsigned, 4> explicitDeps;
  for (unsigned dep : t.deps) {
    explicitDeps.push_back(schedule.stepOfTask[dep]);
  }
  schedule.stepOfTask[task] = schedule.steps.size();
  taskScheduled[task] = true;
  emit(std::move(step), accesses, explicitDeps);
  for (unsigned buffer : analysis.cmxBuffers[task]) {
    BufferState &state = buffers[buffer];
    if (llvm::is_contained(t.writes, buffer)) {
      ++state.version;
    }
    const auto &users = analysis.users[buffer];
    if (state.cursor < users.size() && users[state.cursor] == task) {
      ++state.cursor;
    }
  }
}

bool Scheduler::moveToFit(llvm::ArrayRef<unsigned> needed, unsigned request) {
  const unsigned arenaIndex = graph.buffers[request].arena;
  CmxArena &arena = arenas[arenaIndex];
  llvm::SmallVector<unsigned, 8> missing;
  uint64_t missingBytes = 0;
  for (unsigned buffer : needed) {
    if (buffers[buffer].residency != Residency::Resident &&
        graph.buffers[buffer].arena == arenaIndex) {
      missing.push_back(buffer);
      missingBytes += graph.buffers[buffer].size;
    }
  }
  // Holes can only be joined when the free bytes hold the missing buffers.
  if (arena.getUsedBytes() + missingBytes > arena.getCapacity()) {
    return false;
  }
  const Buffer &req = graph.buffers[request];
  unsigned best = ~0u;
  uint64_t bestOffset = 0;
  for (unsigned buffer : resident) {
    const Buffer &b = graph.buffers[buffer];
    if (b.arena != arenaIndex || b.size == 0 || b.twin != 0 ||
        isShared(buffer) ||
        (best != ~0u && std::make_pair(b.size, buffer) >
                            std::make_pair(graph.buffers[best].size, best))) {
      continue;
    }
    const Instance &instance = schedule.instances[buffers[buffer].instance];
    if (!arena.fitsIfReleased(instance.offset, instance.size, req.size,
                              req.alignment)) {
      continue;
    }
    // The new range is taken while the old one is held: they never overlap.
    CmxArena trial = arena;
    std::optional<uint64_t> offset = trial.allocate(b.size, b.alignment);
    if (!offset) {
      continue;
    }
    trial.release(instance.offset, instance.size);
    if (llvm::all_of(missing, [&](unsigned other) {
          const Buffer &o = graph.buffers[other];
          return trial.allocate(o.size, o.alignment).has_value();
        })) {
      best = buffer;
      bestOffset = *offset;
    }
  }
  if (best == ~0u) {
    return false;
  }
  const uint64_t size = graph.buffers[best].size;
  [[maybe_unused]] bool taken =
      arena.allocateAt(bestOffset, size, graph.buffers[best].alignment);
  assert(taken && "the trial's offset is free");
  unsigned from = buffers[best].instance;
  releaseInstance(best);
  unsigned to = createInstance(best, bestOffset);
  Step step;
  step.kind = StepKind::Move;
  step.buffer = best;
  step.executor = ExecutorKind::DMA;
  step.cost = options.getMoveCycles(size);
  step.cmx.push_back({best, from});
  step.cmx.push_back({best, to});
  Access accesses[] = {{Access::Space::Instance, from, true, false},
                       {Access::Space::Instance, to, false, true}};
  emit(std::move(step), accesses);
  ++schedule.stats.numMoves;
  schedule.stats.moveBytes += size;
  return true;
}

void Scheduler::evict(unsigned buffer) {
  // A shared instance is freed only with all its buffers (data buffers,
  // dropped without a spill).
  for (unsigned other : otherHolders(buffer)) {
    releaseInstance(other);
    buffers[other].residency = Residency::Evicted;
  }
  BufferState &state = buffers[buffer];
  unsigned instance = state.instance;
  if (needsSpillWrite(buffer)) {
    uint64_t size = graph.buffers[buffer].size;
    Step step;
    step.kind = StepKind::SpillWrite;
    step.buffer = buffer;
    step.executor = ExecutorKind::DMA;
    step.cost = spillCost(size);
    step.cmx.push_back({buffer, instance});
    Access accesses[] = {{Access::Space::Instance, instance, true, false},
                         {Access::Space::SpillSlot, buffer, false, true}};
    emit(std::move(step), accesses);
    state.spilledVersion = state.version;
    ++schedule.stats.numSpillWrites;
    schedule.stats.spillWriteBytes += size;
  }
  releaseInstance(buffer);
  state.residency = Residency::Evicted;
}

unsigned Scheduler::chooseVictim(llvm::ArrayRef<unsigned> needed,
                                 unsigned request) {
  const Buffer &req = graph.buffers[request];
  const CmxArena &arena = arenas[req.arena];
  unsigned best = ~0u;
  // Key: (frees a hole for the request, next use, cheap, size), larger is
  // better; the buffer index breaks ties (lower wins).
  std::tuple<bool, unsigned, bool, uint64_t> bestKey;
  for (unsigned buffer : resident) {
    if (llvm::is_contained(needed, buffer) ||
        graph.buffers[buffer].arena != req.arena) {
      continue;
    }
    // Evicting a shared instance evicts all its buffers: not while the task
    // needs one of them; their next use is the earliest.
    unsigned next = nextUse(buffer);
    llvm::SmallVector<unsigned, 2> others = otherHolders(buffer);
    if (llvm::any_of(others, [&](unsigned other) {
          return llvm::is_contained(needed, other);
        })) {
      continue;
    }
    for (unsigned other : others) {
      next = std::min(next, nextUse(other));
    }
    const Instance &instance = schedule.instances[buffers[buffer].instance];
    bool freesHole = arena.fitsIfReleased(instance.offset, instance.size,
                                          req.size, req.alignment);
    bool cheap = !needsSpillWrite(buffer);
    auto key = std::make_tuple(freesHole, next, cheap, instance.size);
    if (best == ~0u || key > bestKey || (key == bestKey && buffer < best)) {
      best = buffer;
      bestKey = key;
    }
  }
  if (best != ~0u) {
    return best;
  }
  // Only the task's own buffers are left in the arena: relocate the largest.
  for (unsigned buffer : resident) {
    if (graph.buffers[buffer].arena != req.arena) {
      continue;
    }
    uint64_t size = graph.buffers[buffer].size;
    if (best == ~0u || size > graph.buffers[best].size ||
        (size == graph.buffers[best].size && buffer < best)) {
      best = buffer;
    }
  }
  assert(best != ~0u && "nothing to evict although the task fits CMX");
  return best;
}

void Scheduler::scheduleCompute(unsigned task) {
  llvm::ArrayRef<unsigned> needed = analysis.placementOrder[task];
  // Data buffers whose content is resident in another buffer use its
  // instance.
  for (unsigned buffer : needed) {
    if (buffers[buffer].residency != Residency::Resident) {
      unsigned copy = findResidentCopy(buffer);
      if (copy != ~0u) {
        shareInstance(buffer, copy);
      }
    }
  }
  llvm::SmallVector<std::pair<unsigned, uint64_t>, 8> placed;
  // A twin's offset may cut the hole another buffer needed: a placement that
  // fails with the twins' offsets is tried again by best fit alone before
  // anything is evicted (which, with the footprint checked, always ends).
  bool twins = true;
  unsigned moves = 0;
  while (true) {
    placed.clear();
    unsigned failed = ~0u;
    for (unsigned buffer : needed) {
      if (buffers[buffer].residency == Residency::Resident) {
        continue;
      }
      std::optional<uint64_t> offset = place(buffer, twins);
      if (!offset) {
        failed = buffer;
        break;
      }
      placed.emplace_back(buffer, *offset);
    }
    if (failed == ~0u) {
      break;
    }
    for (auto [buffer, offset] : placed) {
      arenaOf(buffer).release(offset, graph.buffers[buffer].size);
    }
    if (twins) {
      twins = false;
      continue;
    }
    unsigned victim = chooseVictim(needed, failed);
    // A move replaces the victim's trip through DDR and back; the eviction
    // of a buffer that needs no spill write (a constant, or an activation
    // whose DDR copy is current) stays, and frees the CMX.
    if (options.moveToFit && moves < options.maxMovesPerTask &&
        needsSpillWrite(victim) && moveToFit(needed, failed)) {
      ++moves;
      continue;
    }
    evict(victim);
  }

  // Bring in what is missing, then run the task.
  for (auto [buffer, offset] : placed) {
    Residency before = buffers[buffer].residency;
    unsigned instance = createInstance(buffer, offset);
    uint64_t size = graph.buffers[buffer].size;
    unsigned dataTask = analysis.dataTaskOf[buffer];
    if (before == Residency::Evicted) {
      Step step;
      step.buffer = buffer;
      step.executor = ExecutorKind::DMA;
      step.cmx.push_back({buffer, instance});
      llvm::SmallVector<Access, 4> accesses;
      if (dataTask != ~0u) {
        step.kind = StepKind::Reload;
        step.task = dataTask;
        step.cost = graph.tasks[dataTask].cost;
        appendSourceReads(dataTask, accesses);
        ++schedule.stats.numReloads;
        schedule.stats.reloadBytes += size;
      } else {
        step.kind = StepKind::SpillRead;
        step.cost = spillCost(size);
        accesses.push_back({Access::Space::SpillSlot, buffer, true, false});
        ++schedule.stats.numSpillReads;
        schedule.stats.spillReadBytes += size;
      }
      accesses.push_back({Access::Space::Instance, instance, false, true});
      emit(std::move(step), accesses);
    } else if (dataTask != ~0u && !taskScheduled[dataTask]) {
      emitTask(dataTask);
    }
    // Otherwise the task itself is the buffer's first writer.
  }
  emitTask(task);

  // The buffers this task was the last user of; released after the
  // prefetches, which must not reuse their bytes while the task runs.
  llvm::SmallVector<unsigned, 4> dying;
  for (unsigned buffer : needed) {
    if (buffers[buffer].residency == Residency::Resident &&
        buffers[buffer].cursor == analysis.users[buffer].size()) {
      dying.push_back(buffer);
    }
  }
  if (!options.serial && options.prefetchLookahead > 0) {
    prefetchAfter(analysis.computePosition[task], dying,
                  schedule.steps[schedule.stepOfTask[task]].end);
  }
  for (unsigned buffer : dying) {
    releaseInstance(buffer);
    buffers[buffer].residency = Residency::Dead;
  }
}

void Scheduler::releaseDying(CmxArena &trial, unsigned arena,
                             llvm::ArrayRef<unsigned> dying) const {
  for (unsigned dead : dying) {
    const Instance &instance = schedule.instances[buffers[dead].instance];
    // A shared instance is kept (its other buffers may live on).
    if (graph.buffers[dead].arena == arena && instance.size != 0 &&
        !isShared(dead)) {
      trial.release(instance.offset, instance.size);
    }
  }
}

bool Scheduler::leavesRoom(
    unsigned buffer, llvm::ArrayRef<unsigned> dying,
    llvm::ArrayRef<std::pair<uint64_t, uint64_t>> requests) const {
  const Buffer &b = graph.buffers[buffer];
  CmxArena trial = arenas[b.arena];
  if (!trial.allocate(b.size, b.alignment)) {
    return false;
  }
  releaseDying(trial, b.arena, dying);
  return llvm::all_of(requests, [&](const auto &request) {
    return trial.allocate(request.first, request.second).has_value();
  });
}

bool Scheduler::leavesRoomThrough(unsigned buffer,
                                  llvm::ArrayRef<unsigned> dying,
                                  unsigned computePosition,
                                  unsigned target) const {
  const auto &order = analysis.computeOrder;
  unsigned arena = graph.buffers[buffer].arena;
  CmxArena trial = arenas[arena];
  releaseDying(trial, arena, dying);
  const Buffer &b = graph.buffers[buffer];
  std::optional<uint64_t> own = trial.allocate(b.size, b.alignment);
  if (!own) {
    return false;
  }
  // The (offset, size) of the buffers of this arena held in the trial:
  // resident ones where they are, the others where the trial placed them.
  // A buffer leaves the map when released after its last user.
  llvm::SmallDenseMap<unsigned, std::pair<uint64_t, uint64_t>, 16> placed;
  placed[buffer] = {*own, b.size};
  for (unsigned i = computePosition + 1,
                e = std::min<size_t>(order.size() - 1,
                                     target + options.prefetchLookahead);
       i <= e; ++i) {
    unsigned task = order[i];
    for (unsigned user : analysis.placementOrder[task]) {
      const Buffer &u = graph.buffers[user];
      if (u.arena != arena || u.size == 0 || placed.count(user) ||
          llvm::is_contained(dying, user)) {
        continue;
      }
      if (buffers[user].residency == Residency::Resident) {
        // A shared instance stays for the trial (not released here).
        if (!isShared(user)) {
          const Instance &instance = schedule.instances[buffers[user].instance];
          placed[user] = {instance.offset, instance.size};
        }
        continue;
      }
      std::optional<uint64_t> offset = trial.allocate(u.size, u.alignment);
      if (!offset) {
        return false;
      }
      placed[user] = {*offset, u.size};
    }
    for (unsigned user : analysis.placementOrder[task]) {
      auto it = placed.find(user);
      if (it != placed.end() && analysis.users[user].back() == task) {
        trial.release(it->second.first, it->second.second);
        placed.erase(it);
      }
    }
  }
  return true;
}

void Scheduler::prefetchAfter(unsigned computePosition,
                              llvm::ArrayRef<unsigned> dying,
                              uint64_t computeEnd) {
  const auto &order = analysis.computeOrder;
  // With prefetchLeavesRoom, a load for compute task order[i] must leave
  // room for the buffers the tasks up to that one will place without a data
  // task (their results, and spilled buffers they read back): the load is
  // made only if, in a trial copy of its arena, those buffers still fit after
  // it once the `dying` buffers are released (later releases are not
  // counted).
  llvm::SmallVector<llvm::SmallVector<std::pair<uint64_t, uint64_t>, 8>, 4>
      pending(graph.getNumArenas());
  llvm::SmallDenseSet<unsigned, 8> counted;
  const unsigned near = computePosition + 1 + options.prefetchLookahead;
  for (unsigned i = computePosition + 1,
                e = std::min<size_t>(order.size(),
                                     near + options.prefetchIdleLookahead);
       i < e; ++i) {
    // Far loads only fill DMA time the queue would leave idle.
    bool far = i >= near;
    if (far &&
        executorFree[static_cast<unsigned>(ExecutorKind::DMA)] >= computeEnd) {
      return;
    }
    for (unsigned buffer : analysis.placementOrder[order[i]]) {
      const Buffer &b = graph.buffers[buffer];
      if (analysis.dataTaskOf[buffer] == ~0u &&
          buffers[buffer].residency != Residency::Resident &&
          counted.insert(buffer).second) {
        pending[b.arena].emplace_back(b.size, b.alignment);
      }
    }
    for (unsigned dataTask : analysis.dataPreds[order[i]]) {
      unsigned buffer = graph.tasks[dataTask].writes.front();
      // Run, or its buffer shared a copy (and may be evicted or dead since).
      if (taskScheduled[dataTask] ||
          buffers[buffer].residency != Residency::Unborn) {
        continue;
      }
      if (unsigned copy = findResidentCopy(buffer); copy != ~0u) {
        shareInstance(buffer, copy);
        continue;
      }
      const Buffer &b = graph.buffers[buffer];
      if (far ? !leavesRoomThrough(buffer, dying, computePosition, i)
              : options.prefetchLeavesRoom &&
                    !leavesRoom(buffer, dying, pending[b.arena])) {
        return;
      }
      std::optional<uint64_t> offset = place(buffer);
      if (!offset) {
        return;
      }
      createInstance(buffer, *offset);
      emitTask(dataTask);
      ++schedule.stats.numPrefetched;
    }
  }
}

Schedule Scheduler::run() {
  unsigned numTasks = graph.tasks.size();
  taskScheduled.assign(numTasks, false);
  schedule.stepOfTask.assign(numTasks, ~0u);
  for (unsigned task : analysis.computeOrder) {
    scheduleCompute(task);
  }
  assert(resident.empty() && "a buffer outlives its users");

  // The steps' estimated timing was set as they were emitted.
  ScheduleStats &stats = schedule.stats;
  for (const Step &step : schedule.steps) {
    stats.makespan = std::max(stats.makespan, step.end);
    stats.numDependencies += step.deps.size();
  }
  std::tie(stats.numShared, stats.sharedBytes) =
      countSharedUses(graph, schedule);
  stats.peakCmxPerArena.assign(graph.getNumArenas(), 0);
  for (const Instance &instance : schedule.instances) {
    if (instance.size != 0) {
      uint64_t end = instance.offset + instance.size;
      stats.peakCmx = std::max(stats.peakCmx, end);
      uint64_t &peak = stats.peakCmxPerArena[instance.arena];
      peak = std::max(peak, end);
    }
  }
  return std::move(schedule);
}

llvm::Expected<Schedule> scheduleGraph(const Graph &graph,
                                       const SchedulerOptions &options) {
  if (llvm::Error error = verifyGraph(graph)) {
    return std::move(error);
  }
  return Scheduler(graph, options).run();
}

} // namespace mlir::vpuc::sched::feasible
