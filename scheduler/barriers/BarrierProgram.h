//===- BarrierProgram.h - Tasks, executors and barriers ----------*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The IR-independent model of a barrier-synchronised task program, the
// assignment of virtual barriers to physical ones, and its simulation.
//
// Program model. Tasks run on executors (abstract ids: DMA port k, DPU
// cluster k, SHAVE k, ...). Each executor runs its tasks one after the other
// in increasing task index. A virtual barrier has producer tasks and consumer
// tasks: it is released when all its producers have finished, and a consumer
// starts only when all the barriers it waits on are released.
//
// Runtime model of physical barriers. There are N physical barriers. Each is
// used by a sequence of virtual barriers (its "uses", in the order given by
// the assignment, which is also the order of the barrier table). A use is
// programmed with its producer and consumer counts; every producer decrements
// the producer count when it finishes, and the barrier is released at zero;
// every consumer decrements the consumer count when it starts. When a released
// use has no consumers left, the physical barrier is reset and programmed
// with its next use. The runtime dispatches a task only when every physical
// barrier it references currently holds the use the task refers to (a task
// never signals or passes a barrier that still serves an earlier use), so
// reuse is safe by construction and the only hazard left is deadlock: a
// task waiting for a use that cannot come because the previous use's
// consumers are queued behind it. Dispatch readiness is persistent (a ready
// task stays ready until it runs), so one maximal run decides deadlock for
// every interleaving; that is what simulateBarriers does.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_SCHEDULER_BARRIERS_BARRIERPROGRAM_H_
#define VPUC_SCHEDULER_BARRIERS_BARRIERPROGRAM_H_

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::sched {

/// A virtual barrier: the tasks that signal it and the tasks that wait on it.
struct VirtualBarrier {
  llvm::SmallVector<unsigned, 4> producers;
  llvm::SmallVector<unsigned, 4> consumers;
};

/// A task program: tasks on executors plus virtual barriers.
struct BarrierProgram {
  /// Number of executors; executor ids are 0 .. numExecutors-1.
  unsigned numExecutors = 0;
  /// Executor of each task. Each executor runs its tasks in index order.
  std::vector<unsigned> taskExecutor;
  /// The virtual barriers.
  std::vector<VirtualBarrier> barriers;

  unsigned numTasks() const { return taskExecutor.size(); }
};

/// Limits of the runtime.
struct BarrierLimits {
  /// Number of physical barriers (N).
  unsigned numPhysicalBarriers = 0;
  /// Maximum producers of one barrier use.
  unsigned maxProducers = std::numeric_limits<unsigned>::max();
  /// Maximum consumers of one barrier use.
  unsigned maxConsumers = std::numeric_limits<unsigned>::max();
};

/// Checks the structure of a program: executor and task ids in range, no task
/// listed twice in a barrier, no barrier without any producer or consumer,
/// no task both producing and waiting on one barrier. `allowEmpty` lets
/// barriers with no users through (e.g. barriers merged away).
llvm::Error verifyProgram(const BarrierProgram &program,
                          bool allowEmpty = false);

/// Splits every barrier with more than `maxProducers` producers or more than
/// `maxConsumers` consumers: producers are cut into chunks of at most
/// `maxProducers` and consumers into chunks of at most `maxConsumers`, and the
/// barrier becomes one barrier per (producer chunk, consumer chunk) pair, so
/// every consumer still waits for every producer. The first pair keeps the
/// original index, the others are appended. Returns, for each barrier of the
/// resulting program, the index of the barrier it comes from. Fails if a limit
/// is zero.
llvm::Expected<std::vector<unsigned>>
splitOversizedBarriers(BarrierProgram &program, unsigned maxProducers,
                       unsigned maxConsumers);

/// A reuse of a physical barrier that needed a new ordering: every user of
/// `next` now runs after the completion of `previous` (its consumers started,
/// or its producers finished if it has no consumers). The runtime enforces it
/// through the dispatch rule; it is recorded so that later passes know it.
struct AddedOrdering {
  unsigned previous;
  unsigned next;
  unsigned physicalId;
};

/// The physical barrier assignment.
struct BarrierAssignment {
  /// Physical id of each virtual barrier (merged barriers: the id of the
  /// barrier they were merged into).
  std::vector<unsigned> physicalId;
  /// For each physical id, the virtual barriers using it, in order.
  std::vector<llvm::SmallVector<unsigned>> physicalUses;
  /// All used virtual barriers in one order consistent with `physicalUses`
  /// (the order a barrier table must list them in).
  std::vector<unsigned> order;
  /// For merged barriers, the barrier whose producers and consumers now
  /// include theirs (their own lists are emptied in the program).
  std::vector<std::optional<unsigned>> mergedInto;
  /// Reuses that added an ordering not implied by the program.
  std::vector<AddedOrdering> addedOrderings;
  /// Sync barriers the assignment appended to the program (indices into its
  /// barriers, after the original ones) to serialise it where the physical
  /// barriers do not suffice otherwise.
  std::vector<unsigned> syncBarriers;
};

/// Assigns a physical id to every virtual barrier of `program` so that at
/// most `limits.numPhysicalBarriers` are used and every reuse is
/// deadlock-free; may merge a barrier into the previous use of a physical id
/// when no reuse is possible (the program is updated). When that greedy finds
/// no assignment and there are at least two physical barriers, the program is
/// serialised instead: it is cut into segments of one topological order,
/// joined by appended sync barriers (`syncBarriers`), and dependencies the
/// cuts imply are dropped from the original barriers, which always succeeds
/// for an acyclic program whose executors fit in one barrier's producer and
/// consumer limits. Fails with a message naming the barrier and the physical
/// barriers that block it when no assignment is found (one physical barrier),
/// or when the program is malformed or exceeds the per-barrier limits (see
/// splitOversizedBarriers).
llvm::Expected<BarrierAssignment>
assignPhysicalBarriers(BarrierProgram &program, const BarrierLimits &limits);

/// Runs the program on the runtime model of physical barriers (see the file
/// comment) and fails with a diagnostic naming the stuck tasks and barriers if
/// it deadlocks, or naming the task and barrier if a task would pass a barrier
/// before all producers of its virtual barrier finished. It also checks the
/// assignment itself (ids below the limit, every used barrier in exactly one
/// sequence, per-use counts within the limits). If `original` is given, every
/// producer of every one of its barriers must have finished before each of
/// that barrier's consumers started.
llvm::Error simulateBarriers(const BarrierProgram &program,
                             const BarrierAssignment &assignment,
                             const BarrierLimits &limits,
                             const BarrierProgram *original = nullptr);

} // namespace mlir::vpuc::sched

#endif // VPUC_SCHEDULER_BARRIERS_BARRIERPROGRAM_H_
