//===- FeasibleScheduler.h - CMX-feasible scheduling ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The IR-independent core of the feasible memory scheduler (DESIGN.md
// section 7). The input is a graph of tasks in a topological order; each task
// runs on an executor (DMA, DPU, SHAVE), has a cost in cycles and reads and
// writes whole buffers, which live in CMX (to be allocated here) or in DDR
// (allocated elsewhere). The given order defines the meaning of the program:
// a task reads the version of a buffer written by the latest earlier writer.
//
// The scheduler produces an order of the tasks, possibly with inserted spill
// DMAs, a CMX offset for every buffer *instance* (a buffer evicted and brought
// back gets a new instance, maybe at a new offset) and the dependencies that
// make any execution respecting them equivalent to the sequential one: data
// dependencies on the physical locations, plus address-reuse dependencies (the
// first writer of an instance waits for every task that used an earlier
// instance overlapping its bytes).
//
// Vocabulary:
//  - A *data task* is a DMA task whose only write is a CMX buffer written by
//    no other task and whose reads are all `reloadable` DDR buffers (graph
//    inputs, constants), with no explicit dependency and at least one reader.
//    It is scheduled when its first reader needs it (or earlier, prefetched),
//    and its buffer, never modified, is reloaded from the source instead of
//    being spilled.
//  - Every other task is a *compute task* (DMA tasks of activations too); the
//    compute tasks are scheduled in the given order.
//
// The algorithm, the guarantees and the options are described in
// scheduler/feasible/README.md.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_SCHEDULER_FEASIBLE_FEASIBLESCHEDULER_H_
#define VPUC_SCHEDULER_FEASIBLE_FEASIBLESCHEDULER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::sched::feasible {

//===----------------------------------------------------------------------===//
// Input model
//===----------------------------------------------------------------------===//

/// The executor a task runs on.
enum class ExecutorKind : uint8_t { DMA, DPU, Shave };

/// The number of executor kinds.
inline constexpr unsigned kNumExecutorKinds = 3;

/// Returns "DMA", "DPU" or "SHAVE".
llvm::StringRef stringifyExecutorKind(ExecutorKind kind);

/// Where a buffer lives.
enum class MemoryKind : uint8_t { CMX, DDR };

/// A buffer, accessed as a whole.
struct Buffer {
  /// Readable name used in messages.
  std::string name;
  /// Size in bytes (0 is allowed: such a buffer occupies nothing).
  uint64_t size = 0;
  /// Required alignment of a CMX offset, a power of two.
  uint64_t alignment = 1;
  /// CMX buffers are allocated by the scheduler, DDR buffers are not.
  MemoryKind memory = MemoryKind::CMX;
  /// A DDR buffer whose content is fixed for the whole run (a graph input or
  /// a constant): no task writes it, and a DMA may (re)load it at any time.
  bool reloadable = false;
  /// The CMX arena (e.g. the cluster's CMX_NN[c]) a CMX buffer lives in:
  /// arenas are disjoint memories, each with its own capacity (see
  /// Graph::arenaCapacities). Ignored for DDR buffers.
  unsigned arena = 0;
  /// CMX buffers with the same non-zero `twin` hold the same data in
  /// different arenas (the copies of one constant in the CMX of each
  /// cluster): each is placed at the offset of the twin last placed by best
  /// fit, while that twin is in CMX and the range of its own arena is free,
  /// so that one broadcast DMA can fill them. 0: none.
  uint64_t twin = 0;
  /// CMX buffers with the same non-zero `content`, arena, size and
  /// alignment hold the same bytes once their data tasks have run (loads of
  /// one constant into one cluster). With SchedulerOptions::shareCopies, a
  /// data task whose buffer has a resident equal copy is not run: its
  /// readers use that copy's instance. 0: none.
  uint64_t content = 0;
};

/// Whether buffers `a` and `b` hold the same bytes once loaded, so that one's
/// instance can stand for the other's: the same non-zero Buffer::content,
/// arena, size and alignment.
inline bool areCopies(const Buffer &a, const Buffer &b) {
  return a.content != 0 && a.content == b.content && a.arena == b.arena &&
         a.size == b.size && a.alignment == b.alignment;
}

/// A task of the graph.
struct Task {
  /// Readable name used in messages.
  std::string name;
  /// The executor running it.
  ExecutorKind executor = ExecutorKind::DPU;
  /// Estimated duration in cycles.
  uint64_t cost = 1;
  /// Buffers read (indices into Graph::buffers).
  llvm::SmallVector<unsigned, 4> reads;
  /// Buffers written (a buffer both read and written is updated in place).
  /// A write may be partial (e.g. one part of a concatenation), so the
  /// earlier content of a written buffer is preserved across spills too.
  llvm::SmallVector<unsigned, 2> writes;
  /// Extra ordering constraints: earlier tasks this one must follow, on top
  /// of the data dependencies implied by the buffers.
  llvm::SmallVector<unsigned, 2> deps;
};

/// The scheduling problem.
struct Graph {
  /// The buffers.
  std::vector<Buffer> buffers;
  /// The tasks, in a topological order (deps point to earlier tasks).
  std::vector<Task> tasks;
  /// CMX bytes available to the scheduler in every arena, unless
  /// arenaCapacities is given.
  uint64_t cmxCapacity = 0;
  /// The capacity of each CMX arena (arena i: arenaCapacities[i]). Empty: a
  /// single arena (0) of cmxCapacity bytes.
  llvm::SmallVector<uint64_t, 4> arenaCapacities;

  /// Appends a buffer and returns its index.
  unsigned addBuffer(Buffer buffer);
  /// Appends a task and returns its index.
  unsigned addTask(Task task);
  /// The number of CMX arenas.
  unsigned getNumArenas() const {
    return arenaCapacities.empty() ? 1 : arenaCapacities.size();
  }
  /// The capacity of arena `arena` (< getNumArenas()).
  uint64_t getArenaCapacity(unsigned arena) const {
    return arenaCapacities.empty() ? cmxCapacity : arenaCapacities[arena];
  }
};

/// Options of the scheduler.
struct SchedulerOptions {
  /// Conservative serial schedule (reference_hw): no prefetching, and every
  /// task depends on the previous one, so no two tasks ever overlap.
  bool serial = false;
  /// Prefetching: after each compute task, the data tasks of the next
  /// `prefetchLookahead` compute tasks are scheduled at once if their buffers
  /// fit without evicting anything, so that their DMAs overlap the compute.
  /// 0 disables prefetching (data tasks are then scheduled just in time).
  unsigned prefetchLookahead = 1;
  /// With `prefetchLeavesRoom`, a load is prefetched only if the buffers the
  /// compute tasks up to its own place without a data task (their results,
  /// spilled buffers they read back) still fit after it, in a trial placement
  /// where the buffers dying with the task just scheduled are released: so
  /// that prefetched loads do not crowd out results and force evictions (a
  /// spilled activation, or a prefetched constant dropped and loaded again).
  bool prefetchLeavesRoom = true;
  /// Beyond the `prefetchLookahead` compute tasks, the data tasks of up to
  /// this many further compute tasks are prefetched while the DMA queue
  /// would otherwise idle (its estimated end before that of the compute task
  /// just scheduled), each only if the buffers the compute tasks up to its
  /// user place still fit after it, counting the release of every buffer
  /// after its last user. 0: none.
  unsigned prefetchIdleLookahead = 0;
  /// Each CMX arena avoids its last `avoidRecentReleases` released ranges
  /// while other free space holds a buffer (CmxArena), so that fewer tasks
  /// wait for the last reader of the buffer before them at an address. 0:
  /// plain best fit.
  unsigned avoidRecentReleases = 0;
  /// When a data task's buffer is needed (or prefetched) while a buffer of
  /// equal content (Buffer::content) is resident in its arena, the buffer
  /// joins that instance instead of being loaded: the instance is released
  /// once every buffer in it has left. The data task then has no step.
  bool shareCopies = false;
  /// A CMX buffer with a twin (Buffer::twin) placed while no twin of its
  /// group is resident takes, where one exists, the best-fit offset whose
  /// range is also free in the arena of another twin, so that the twin
  /// placed next can take the same offset and one broadcast DMA fill both.
  bool jointTwins = false;
  /// When a buffer does not fit its arena although the free bytes would
  /// hold it (the free space is cut into holes), a resident buffer is moved
  /// within the arena (a CMX -> CMX DMA, StepKind::Move) if that leaves a
  /// hole for it, before anything is evicted: the smallest such buffer that
  /// is neither shared nor a twin, at most `maxMovesPerTask` times per
  /// compute task. A spill moves the bytes through DDR twice.
  bool moveToFit = false;
  /// See moveToFit.
  unsigned maxMovesPerTask = 4;
  /// The cycles of an inserted spill DMA of `bytes` between CMX and DDR
  /// (reloads cost what their data task costs): the compiler passes the cost
  /// model's (core/cost/CostModel.h). Null: 1 cycle.
  std::function<uint64_t(uint64_t bytes)> spillCycles;
  /// The cycles of an inserted DMA moving `bytes` within a CMX arena
  /// (moveToFit). Null: 1 cycle.
  std::function<uint64_t(uint64_t bytes)> moveCycles;

  /// The cycles of a spill DMA of `bytes` (spillCycles, or 1).
  uint64_t getSpillCycles(uint64_t bytes) const {
    return spillCycles ? spillCycles(bytes) : 1;
  }
  /// The cycles of a move DMA of `bytes` (moveCycles, or 1).
  uint64_t getMoveCycles(uint64_t bytes) const {
    return moveCycles ? moveCycles(bytes) : 1;
  }
};

//===----------------------------------------------------------------------===//
// Output model
//===----------------------------------------------------------------------===//

/// What a scheduled step does.
enum class StepKind : uint8_t {
  /// Runs task `task` of the graph.
  Task,
  /// DMA CMX -> DDR: copies `buffer` to its spill slot in DDR.
  SpillWrite,
  /// DMA DDR -> CMX: copies `buffer` back from its spill slot.
  SpillRead,
  /// Runs data task `task` again to reload its buffer `buffer` (evicted
  /// earlier) from the task's reloadable DDR source.
  Reload,
  /// DMA CMX -> CMX within one arena: copies resident `buffer` from its
  /// instance to a new one, which holds it from then on
  /// (SchedulerOptions::moveToFit).
  Move,
};

/// Returns "task", "spill-write", "spill-read", "reload" or "move".
llvm::StringRef stringifyStepKind(StepKind kind);

/// A CMX buffer instance this step accesses.
struct InstanceUse {
  /// The buffer (index into Graph::buffers).
  unsigned buffer = 0;
  /// The instance (index into Schedule::instances) holding it.
  unsigned instance = 0;
};

/// One step of the schedule.
struct Step {
  /// What the step does.
  StepKind kind = StepKind::Task;
  /// The graph task run (Task, Reload), else ~0u.
  unsigned task = ~0u;
  /// The buffer moved (SpillWrite, SpillRead, Reload, Move), else ~0u.
  unsigned buffer = ~0u;
  /// The executor.
  ExecutorKind executor = ExecutorKind::DMA;
  /// Duration in cycles.
  uint64_t cost = 0;
  /// The CMX instances the step uses, one per CMX buffer it reads or writes:
  /// for a Task, every CMX buffer of the task; for a SpillWrite the instance
  /// read; for a SpillRead or Reload the instance written; for a Move the
  /// instance read, then the instance written.
  llvm::SmallVector<InstanceUse, 4> cmx;
  /// The earlier steps this one waits for (transitively reduced, ascending).
  llvm::SmallVector<unsigned, 4> deps;
  /// Estimated start and end cycles: each executor runs its steps one after
  /// the other in schedule order, a step starting when its executor is free
  /// and its dependencies have ended.
  uint64_t start = 0;
  /// See start.
  uint64_t end = 0;
};

/// A residency period of a CMX buffer at a fixed offset.
struct Instance {
  /// The buffer (index into Graph::buffers).
  unsigned buffer = 0;
  /// The arena (the buffer's).
  unsigned arena = 0;
  /// Byte offset in the arena.
  uint64_t offset = 0;
  /// Size in bytes (the buffer's).
  uint64_t size = 0;
  /// The step that allocates it (its first writer) and the last step that
  /// uses it; the bytes are reused only after every user has finished.
  unsigned firstStep = 0;
  /// See firstStep.
  unsigned lastStep = 0;
};

/// Statistics of a schedule.
struct ScheduleStats {
  /// Highest `offset + size` over all instances.
  uint64_t peakCmx = 0;
  /// Highest `offset + size` over the instances of each arena (one entry per
  /// arena of the graph).
  llvm::SmallVector<uint64_t, 4> peakCmxPerArena;
  /// Spill writes (CMX -> DDR) and their bytes.
  unsigned numSpillWrites = 0;
  /// See numSpillWrites.
  uint64_t spillWriteBytes = 0;
  /// Spill reads (DDR -> CMX) and their bytes.
  unsigned numSpillReads = 0;
  /// See numSpillReads.
  uint64_t spillReadBytes = 0;
  /// Reloads of data task buffers and their bytes.
  unsigned numReloads = 0;
  /// See numReloads.
  uint64_t reloadBytes = 0;
  /// Moves within an arena (StepKind::Move) and their bytes.
  unsigned numMoves = 0;
  /// See numMoves.
  uint64_t moveBytes = 0;
  /// Data tasks scheduled ahead of the compute task that needs them.
  unsigned numPrefetched = 0;
  /// Buffers that joined the instance of a resident equal copy instead of
  /// being loaded or reloaded (SchedulerOptions::shareCopies), and their
  /// bytes.
  unsigned numShared = 0;
  /// See numShared.
  uint64_t sharedBytes = 0;
  /// Total number of dependencies (after reduction).
  unsigned numDependencies = 0;
  /// Estimated end of the last step, in cycles.
  uint64_t makespan = 0;
};

/// The result of scheduling.
struct Schedule {
  /// The steps, in order: every dependency points to an earlier step.
  std::vector<Step> steps;
  /// The CMX instances, by first step.
  std::vector<Instance> instances;
  /// The step running each graph task (its `StepKind::Task` step).
  std::vector<unsigned> stepOfTask;
  /// Statistics.
  ScheduleStats stats;
};

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

/// Checks that `graph` is well formed: indices in range (buffer arenas
/// included), alignments powers of two, explicit dependencies pointing to
/// earlier tasks, reloadable buffers in DDR and never written, no CMX buffer
/// read before it is written, costs positive, and no task's CMX buffers of
/// one arena exceed that arena's capacity (such a task must be tiled first).
/// The error names the task or buffer.
llvm::Error verifyGraph(const Graph &graph);

/// Schedules `graph` (which must pass verifyGraph, checked here as well).
llvm::Expected<Schedule> scheduleGraph(const Graph &graph,
                                       const SchedulerOptions &options = {});

/// Independently checks a schedule against its graph: every task scheduled
/// once; dependencies point backwards (no deadlock); every task ordered after
/// the tasks whose data it reads and its explicit dependencies; every step's
/// CMX buffers held by instances of those buffers, within the capacity and
/// aligned; any two instances sharing a byte ordered entirely one before the
/// other; no unordered conflicting accesses to one location; and, simulating
/// the steps, every task reads the version of each buffer it would read in
/// the sequential program (spilled data comes back unchanged). Also checks
/// the statistics. The first violation is returned as an error.
llvm::Error verifySchedule(const Graph &graph, const Schedule &schedule,
                           const SchedulerOptions &options = {});

/// The shared-copy statistics of `schedule` (ScheduleStats::numShared and
/// sharedBytes): the buffers its steps use in the instance of another
/// buffer, counted once per buffer and instance, and their bytes.
std::pair<unsigned, uint64_t> countSharedUses(const Graph &graph,
                                              const Schedule &schedule);

/// The least CMX of arena `arena` that task `task` needs on its own: its
/// distinct CMX buffers of that arena packed by decreasing alignment, then
/// decreasing size.
uint64_t getTaskCmxFootprint(const Graph &graph, unsigned task,
                             unsigned arena = 0);

} // namespace mlir::vpuc::sched::feasible

#endif // VPUC_SCHEDULER_FEASIBLE_FEASIBLESCHEDULER_H_
