//===- BarrierSimulation.cpp - Run a program on physical barriers ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Executes the per-executor task lists against the runtime model of physical
// barriers (see BarrierProgram.h): per-use producer/consumer counts, reset and
// reprogramming in use order, dispatch only when a barrier holds the use a
// task refers to. Because dispatch readiness is persistent, the single
// maximal run done here decides deadlock for all interleavings. The run is
// independent of how the assignment was computed.
//
//===----------------------------------------------------------------------===//

#include "scheduler/barriers/BarrierProgram.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::sched {

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {
/// The state of one physical barrier.
struct PhysicalState {
  /// Index into its use sequence of the use it currently holds.
  unsigned use = 0;
  unsigned producersLeft = 0;
  unsigned consumersLeft = 0;
};
} // namespace

llvm::Error simulateBarriers(const BarrierProgram &program,
                             const BarrierAssignment &assignment,
                             const BarrierLimits &limits,
                             const BarrierProgram *original) {
  if (llvm::Error error = verifyProgram(program, /*allowEmpty=*/true)) {
    return error;
  }
  unsigned numBarriers = program.barriers.size();
  unsigned numTasks = program.numTasks();
  const auto &uses = assignment.physicalUses;
  if (uses.size() > limits.numPhysicalBarriers) {
    return makeError("the assignment uses " + llvm::Twine(uses.size()) +
                     " physical barriers but the target has " +
                     llvm::Twine(limits.numPhysicalBarriers));
  }
  if (assignment.physicalId.size() != numBarriers) {
    return makeError(
        "the assignment has " + llvm::Twine(assignment.physicalId.size()) +
        " physical ids for " + llvm::Twine(numBarriers) + " virtual barriers");
  }
  // Position of each virtual barrier in its physical sequence.
  std::vector<int> useIndex(numBarriers, -1);
  for (unsigned p = 0, e = uses.size(); p < e; ++p) {
    for (unsigned i = 0, n = uses[p].size(); i < n; ++i) {
      unsigned v = uses[p][i];
      if (v >= numBarriers) {
        return makeError("physical barrier " + llvm::Twine(p) +
                         " lists unknown virtual barrier " + llvm::Twine(v));
      }
      if (useIndex[v] != -1) {
        return makeError("virtual barrier " + llvm::Twine(v) +
                         " is listed twice in the physical sequences");
      }
      if (assignment.physicalId[v] != p) {
        return makeError(
            "virtual barrier " + llvm::Twine(v) + " has physical id " +
            llvm::Twine(assignment.physicalId[v]) +
            " but is listed under physical barrier " + llvm::Twine(p));
      }
      const VirtualBarrier &barrier = program.barriers[v];
      if (barrier.producers.size() > limits.maxProducers ||
          barrier.consumers.size() > limits.maxConsumers) {
        return makeError("virtual barrier " + llvm::Twine(v) + " has " +
                         llvm::Twine(barrier.producers.size()) +
                         " producers and " +
                         llvm::Twine(barrier.consumers.size()) +
                         " consumers, above the limits");
      }
      useIndex[v] = i;
    }
  }
  for (unsigned v = 0; v < numBarriers; ++v) {
    const VirtualBarrier &barrier = program.barriers[v];
    if (useIndex[v] == -1 &&
        (!barrier.producers.empty() || !barrier.consumers.empty())) {
      return makeError("virtual barrier " + llvm::Twine(v) +
                       " is used by tasks but has no physical barrier");
    }
  }

  std::vector<PhysicalState> state(uses.size());
  // Programs the current use of `p`, skipping uses that are already complete.
  auto program_ = [&](unsigned p) {
    PhysicalState &s = state[p];
    while (s.use < uses[p].size()) {
      const VirtualBarrier &barrier = program.barriers[uses[p][s.use]];
      s.producersLeft = barrier.producers.size();
      s.consumersLeft = barrier.consumers.size();
      if (s.producersLeft != 0 || s.consumersLeft != 0) {
        return;
      }
      ++s.use;
    }
  };
  auto holds = [&](unsigned v) {
    unsigned p = assignment.physicalId[v];
    return state[p].use == static_cast<unsigned>(useIndex[v]);
  };
  for (unsigned p = 0, e = uses.size(); p < e; ++p) {
    program_(p);
  }
  // Per task: the barriers it waits on and signals.
  std::vector<llvm::SmallVector<unsigned, 2>> waits(numTasks),
      updates(numTasks);
  for (unsigned v = 0; v < numBarriers; ++v) {
    for (unsigned task : program.barriers[v].producers) {
      updates[task].push_back(v);
    }
    for (unsigned task : program.barriers[v].consumers) {
      waits[task].push_back(v);
    }
  }
  // Ground truth per virtual barrier, independent of the physical counts.
  std::vector<unsigned> producersDone(numBarriers, 0);
  std::vector<unsigned> executedAt(numTasks, ~0u);
  std::vector<std::vector<unsigned>> queues(program.numExecutors);
  for (unsigned task = 0; task < numTasks; ++task) {
    queues[program.taskExecutor[task]].push_back(task);
  }
  std::vector<unsigned> head(program.numExecutors, 0);
  unsigned executed = 0;
  bool progress = true;
  while (progress) {
    progress = false;
    for (unsigned exec = 0; exec < program.numExecutors; ++exec) {
      while (head[exec] < queues[exec].size()) {
        unsigned task = queues[exec][head[exec]];
        bool ready = true;
        for (unsigned v : waits[task]) {
          ready &=
              holds(v) && state[assignment.physicalId[v]].producersLeft == 0;
        }
        // Dispatched only when every barrier it references holds its use.
        for (unsigned v : updates[task]) {
          ready &= holds(v);
        }
        if (!ready) {
          break;
        }
        // Start: consume the waits.
        for (unsigned v : waits[task]) {
          if (producersDone[v] != program.barriers[v].producers.size()) {
            return makeError("task " + llvm::Twine(task) +
                             " passed physical barrier " +
                             llvm::Twine(assignment.physicalId[v]) +
                             " before all producers of virtual barrier " +
                             llvm::Twine(v) + " finished");
          }
          unsigned p = assignment.physicalId[v];
          if (--state[p].consumersLeft == 0) {
            ++state[p].use;
            program_(p);
          }
        }
        // Finish: signal the updates.
        for (unsigned v : updates[task]) {
          unsigned p = assignment.physicalId[v];
          if (!holds(v) || state[p].producersLeft == 0) {
            return makeError("task " + llvm::Twine(task) +
                             " signals physical barrier " + llvm::Twine(p) +
                             " for virtual barrier " + llvm::Twine(v) +
                             " which does not hold it or was released");
          }
          ++producersDone[v];
          if (--state[p].producersLeft == 0 && state[p].consumersLeft == 0) {
            ++state[p].use;
            program_(p);
          }
        }
        executedAt[task] = executed++;
        ++head[exec];
        progress = true;
      }
    }
  }

  if (executed != numTasks) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "deadlock: " << numTasks - executed << " of " << numTasks
       << " tasks never run;";
    for (unsigned exec = 0; exec < program.numExecutors; ++exec) {
      if (head[exec] == queues[exec].size()) {
        continue;
      }
      unsigned task = queues[exec][head[exec]];
      os << " executor " << exec << " is stuck at task " << task;
      auto describe = [&](unsigned v, const char *role) {
        unsigned p = assignment.physicalId[v];
        const PhysicalState &s = state[p];
        os << ", " << role << " virtual barrier " << v << " on physical " << p;
        if (!holds(v)) {
          os << " which still holds virtual barrier ";
          if (s.use < uses[p].size()) {
            os << uses[p][s.use] << " (" << s.producersLeft << " producers and "
               << s.consumersLeft << " consumers left)";
          } else {
            os << "none";
          }
        } else if (s.producersLeft != 0) {
          os << " with " << s.producersLeft << " producers left";
        }
      };
      for (unsigned v : waits[task]) {
        if (!holds(v) || state[assignment.physicalId[v]].producersLeft != 0) {
          describe(v, "waiting on");
        }
      }
      for (unsigned v : updates[task]) {
        if (!holds(v)) {
          describe(v, "to signal");
        }
      }
      os << ";";
    }
    return makeError(text);
  }
  for (unsigned p = 0, e = uses.size(); p < e; ++p) {
    if (state[p].use != uses[p].size()) {
      return makeError("physical barrier " + llvm::Twine(p) +
                       " never completes virtual barrier " +
                       llvm::Twine(uses[p][state[p].use]));
    }
  }

  if (original) {
    if (original->numTasks() != numTasks) {
      return makeError("the original program has " +
                       llvm::Twine(original->numTasks()) + " tasks, not " +
                       llvm::Twine(numTasks));
    }
    for (unsigned v = 0, e = original->barriers.size(); v < e; ++v) {
      const VirtualBarrier &barrier = original->barriers[v];
      for (unsigned consumer : barrier.consumers) {
        for (unsigned producer : barrier.producers) {
          if (consumer >= numTasks || producer >= numTasks ||
              executedAt[producer] >= executedAt[consumer]) {
            return makeError(
                "dependency of original virtual barrier " + llvm::Twine(v) +
                " lost: consumer task " + llvm::Twine(consumer) +
                " ran before producer task " + llvm::Twine(producer));
          }
        }
      }
    }
  }
  return llvm::Error::success();
}

} // namespace mlir::vpuc::sched
