//===- Barriers.h - The barrier state machine of a run ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The barriers of a blob as the runtime drives them (blob.fbs, Barrier; the
// model is spelled out in Emulator.h, "Execution"). Each physical barrier is
// programmed with its virtual barriers (uses) one after the other. A use is
// armed with its producer and consumer counts; producers decrement the first
// when they finish, and at zero the use is released (the caller applies the
// release latency); consumers may start only after the release and
// decrement the second when they start; once released with no consumers
// left, the use completes and the physical barrier is programmed with its
// next use. A task may start only when each physical barrier it waits on or
// updates holds the use it names, and the uses it waits on are released.
//
// Counts that do not match the tasks are misuses, returned as messages; the
// run goes on as the runtime would. After the run, the state explains why a
// task never started and which uses never completed.
//
// Each use also carries the vector clocks of what happens before it is armed
// and before it is released (VectorClock.h), from which a task's start clock
// follows.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_BARRIERS_H_
#define VPUC_EMULATOR_BARRIERS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "emulator/VectorClock.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::emu {

/// The barrier state machine of one run (see the file comment). Virtual
/// barriers and tasks are numbered in the order they are added.
class Barriers {
public:
  /// A release of a virtual barrier.
  struct Release {
    uint32_t barrier;
    double time;
  };

  /// `numPhysical` physical barriers; clocks have one entry per executor;
  /// `describeTask` names a task in messages ("DMA0 task 3 'conv1'").
  Barriers(uint32_t numPhysical, uint32_t numExecutors,
           std::function<std::string(uint32_t)> describeTask);

  //===--------------------------------------------------------------------===//
  // Set-up
  //===--------------------------------------------------------------------===//

  /// Adds a virtual barrier, the next use of physical barrier `physical`,
  /// and returns its id.
  uint32_t addBarrier(uint32_t physical, uint32_t producerCount,
                      uint32_t consumerCount);
  /// Adds a task that waits on the virtual barriers `waits` and updates
  /// `updates`, counting `count` times on each of them (an NCE task once per
  /// variant), and returns its id.
  uint32_t addTask(llvm::ArrayRef<uint32_t> waits,
                   llvm::ArrayRef<uint32_t> updates, uint32_t count = 1);

  //===--------------------------------------------------------------------===//
  // The run
  //===--------------------------------------------------------------------===//

  /// Programs every physical barrier with its first use at time `now` (uses
  /// without producers are released at once).
  void programFirstUses(double now);
  /// Whether `task` may start now.
  bool isReady(uint32_t task) const;
  /// `task` starts at `now`: joins into `clock` (the clock of its executor)
  /// what happens before the start, then takes its counts of the barriers it
  /// waits on; appends a message to `misuses` for each barrier with fewer
  /// consumer counts left.
  void startTask(uint32_t task, double now, VectorClock &clock,
                 std::vector<std::string> &misuses);
  /// `task` finished, `clock` being the clock of its end: signals the
  /// barriers it updates and appends to `due` those whose producer count
  /// reached zero, for the caller to release() after the barrier latency;
  /// appends a message to `misuses` for each barrier with fewer producer
  /// counts left.
  void finishTask(uint32_t task, const VectorClock &clock,
                  llvm::SmallVectorImpl<uint32_t> &due,
                  std::vector<std::string> &misuses);
  /// Releases virtual barrier `barrier` at `now`.
  void release(uint32_t barrier, double now);

  //===--------------------------------------------------------------------===//
  // Results
  //===--------------------------------------------------------------------===//

  /// Why `task` may not start, for a deadlock report ("waits on barrier 2
  /// (physical 0): ..."); empty when it may.
  std::string whyBlocked(uint32_t task) const;
  /// One "barrier misuse" message per physical barrier whose current use
  /// never completed.
  std::vector<std::string> getIncompleteUses() const;
  /// The releases, in order.
  const std::vector<Release> &getReleases() const { return releases; }

  /// The number of virtual barriers.
  uint32_t getNumBarriers() const { return barriers.size(); }
  /// The number of physical barriers with at least one use.
  uint32_t getNumPhysicalUsed() const;
  /// The physical barrier of virtual barrier `barrier`.
  uint32_t getPhysical(uint32_t barrier) const {
    return barriers[barrier].physical;
  }
  /// The barriers `task` waits on.
  llvm::ArrayRef<uint32_t> getWaits(uint32_t task) const {
    return tasks[task].waits;
  }
  /// The barriers `task` updates.
  llvm::ArrayRef<uint32_t> getUpdates(uint32_t task) const {
    return tasks[task].updates;
  }

private:
  /// A virtual barrier: one use of a physical barrier.
  struct Barrier {
    uint32_t physical = 0;
    uint32_t producerCount = 0, consumerCount = 0;
    /// Position in its physical barrier's use sequence.
    uint32_t use = 0;
    /// The tasks that update it and wait on it.
    std::vector<uint32_t> producers, consumers;
    /// Counts left of the current use.
    uint32_t producersLeft = 0, consumersLeft = 0;
    bool released = false;
    /// What happens before the use is armed, and before it is released.
    VectorClock armedClock, releaseClock;
  };

  /// A physical barrier: its uses in order, and the one it holds.
  struct PhysicalBarrier {
    std::vector<uint32_t> uses;
    size_t current = 0;
  };

  /// A task, as the barriers see it.
  struct TaskBarriers {
    llvm::SmallVector<uint32_t, 4> waits, updates;
    uint32_t count = 1;
    bool started = false, finished = false;
  };

  /// Whether the physical barrier of `barrier` holds it.
  bool isHeld(uint32_t barrier) const;
  void arm(uint32_t barrier, double now);
  void complete(uint32_t barrier, double now);
  /// "barrier 2 (physical 0)".
  std::string describeBarrier(uint32_t barrier) const;
  /// What a use still waits for ("1 of 2 producer signals missing (...)").
  std::string describePending(uint32_t barrier) const;

  std::vector<Barrier> barriers;
  std::vector<PhysicalBarrier> physicals;
  std::vector<TaskBarriers> tasks;
  std::vector<Release> releases;
  uint32_t numExecutors;
  std::function<std::string(uint32_t)> describeTask;
};

} // namespace mlir::vpuc::emu

#endif // VPUC_EMULATOR_BARRIERS_H_
