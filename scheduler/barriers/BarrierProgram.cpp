//===- BarrierProgram.cpp - Program checks and barrier splitting ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Structural verification of a barrier program and the split of barriers with
// too many producers or consumers.
//
//===----------------------------------------------------------------------===//

#include "scheduler/barriers/BarrierProgram.h"

#include <algorithm>

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Twine.h"

namespace mlir::vpuc::sched {

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error verifyProgram(const BarrierProgram &program, bool allowEmpty) {
  for (unsigned task = 0, e = program.numTasks(); task < e; ++task) {
    if (program.taskExecutor[task] >= program.numExecutors) {
      return makeError("task " + llvm::Twine(task) + " is on executor " +
                       llvm::Twine(program.taskExecutor[task]) +
                       " but there are " + llvm::Twine(program.numExecutors) +
                       " executors");
    }
  }
  llvm::DenseSet<unsigned> seen;
  for (unsigned b = 0, e = program.barriers.size(); b < e; ++b) {
    const VirtualBarrier &barrier = program.barriers[b];
    if (!allowEmpty && barrier.producers.empty() && barrier.consumers.empty()) {
      return makeError("virtual barrier " + llvm::Twine(b) +
                       " has neither producers nor consumers");
    }
    for (int role = 0; role < 2; ++role) {
      const auto &tasks = role == 0 ? barrier.producers : barrier.consumers;
      const char *name = role == 0 ? "producer" : "consumer";
      seen.clear();
      for (unsigned task : tasks) {
        if (task >= program.numTasks()) {
          return makeError("virtual barrier " + llvm::Twine(b) + " has " +
                           name + " task " + llvm::Twine(task) +
                           " but there are " + llvm::Twine(program.numTasks()) +
                           " tasks");
        }
        if (!seen.insert(task).second) {
          return makeError("virtual barrier " + llvm::Twine(b) + " lists " +
                           name + " task " + llvm::Twine(task) + " twice");
        }
      }
    }
    for (unsigned task : barrier.consumers) {
      if (llvm::is_contained(barrier.producers, task)) {
        return makeError("task " + llvm::Twine(task) +
                         " both produces and waits on virtual barrier " +
                         llvm::Twine(b));
      }
    }
  }
  return llvm::Error::success();
}

llvm::Expected<std::vector<unsigned>>
splitOversizedBarriers(BarrierProgram &program, unsigned maxProducers,
                       unsigned maxConsumers) {
  if (maxProducers == 0 || maxConsumers == 0) {
    return makeError("cannot split barriers with a limit of zero producers or "
                     "consumers");
  }
  std::vector<unsigned> origin(program.barriers.size());
  for (unsigned b = 0, e = program.barriers.size(); b < e; ++b) {
    origin[b] = b;
  }
  for (unsigned b = 0, e = program.barriers.size(); b < e; ++b) {
    VirtualBarrier barrier = program.barriers[b];
    if (barrier.producers.size() <= maxProducers &&
        barrier.consumers.size() <= maxConsumers) {
      continue;
    }
    auto chunks = [](llvm::ArrayRef<unsigned> tasks, unsigned limit) {
      std::vector<llvm::ArrayRef<unsigned>> result;
      for (size_t i = 0; i < tasks.size(); i += limit) {
        result.push_back(
            tasks.slice(i, std::min<size_t>(limit, tasks.size() - i)));
      }
      if (result.empty()) {
        result.push_back({});
      }
      return result;
    };
    std::vector<llvm::ArrayRef<unsigned>> producerChunks =
        chunks(barrier.producers, maxProducers);
    std::vector<llvm::ArrayRef<unsigned>> consumerChunks =
        chunks(barrier.consumers, maxConsumers);
    bool first = true;
    for (llvm::ArrayRef<unsigned> producers : producerChunks) {
      for (llvm::ArrayRef<unsigned> consumers : consumerChunks) {
        VirtualBarrier part;
        part.producers.assign(producers.begin(), producers.end());
        part.consumers.assign(consumers.begin(), consumers.end());
        if (first) {
          program.barriers[b] = std::move(part);
          first = false;
        } else {
          program.barriers.push_back(std::move(part));
          origin.push_back(b);
        }
      }
    }
  }
  return origin;
}

} // namespace mlir::vpuc::sched
