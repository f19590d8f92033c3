//===- Barriers.cpp - The barrier state machine of a run ------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Arming, releasing and completing barrier uses, the counts tasks take when
// they start and finish, and the messages for misuses and stuck tasks. See
// Barriers.h.
//
//===----------------------------------------------------------------------===//

#include "emulator/Barriers.h"

#include <algorithm>
#include <utility>

namespace mlir::vpuc::emu {

Barriers::Barriers(uint32_t numPhysical, uint32_t numExecutors,
                   std::function<std::string(uint32_t)> describeTask)
    : physicals(numPhysical), numExecutors(numExecutors),
      describeTask(std::move(describeTask)) {}

//===----------------------------------------------------------------------===//
// Set-up
//===----------------------------------------------------------------------===//

uint32_t Barriers::addBarrier(uint32_t physical, uint32_t producerCount,
                              uint32_t consumerCount) {
  auto id = static_cast<uint32_t>(barriers.size());
  Barrier barrier;
  barrier.physical = physical;
  barrier.producerCount = producerCount;
  barrier.consumerCount = consumerCount;
  barrier.use = physicals[physical].uses.size();
  barrier.armedClock.assign(numExecutors, 0);
  barrier.releaseClock.assign(numExecutors, 0);
  physicals[physical].uses.push_back(id);
  barriers.push_back(std::move(barrier));
  return id;
}

uint32_t Barriers::addTask(llvm::ArrayRef<uint32_t> waits,
                           llvm::ArrayRef<uint32_t> updates, uint32_t count) {
  auto id = static_cast<uint32_t>(tasks.size());
  TaskBarriers task;
  task.waits.assign(waits.begin(), waits.end());
  task.updates.assign(updates.begin(), updates.end());
  task.count = count;
  for (uint32_t v : waits) {
    barriers[v].consumers.push_back(id);
  }
  for (uint32_t v : updates) {
    barriers[v].producers.push_back(id);
  }
  tasks.push_back(std::move(task));
  return id;
}

//===----------------------------------------------------------------------===//
// The run
//===----------------------------------------------------------------------===//

bool Barriers::isHeld(uint32_t v) const {
  const PhysicalBarrier &physical = physicals[barriers[v].physical];
  return physical.current < physical.uses.size() &&
         physical.uses[physical.current] == v;
}

void Barriers::programFirstUses(double now) {
  for (PhysicalBarrier &physical : physicals) {
    if (!physical.uses.empty()) {
      arm(physical.uses.front(), now);
    }
  }
}

void Barriers::arm(uint32_t v, double now) {
  Barrier &barrier = barriers[v];
  barrier.producersLeft = barrier.producerCount;
  barrier.consumersLeft = barrier.consumerCount;
  barrier.releaseClock = barrier.armedClock;
  if (barrier.producerCount == 0) {
    release(v, now);
  }
}

void Barriers::release(uint32_t v, double now) {
  Barrier &barrier = barriers[v];
  barrier.released = true;
  releases.push_back({v, now});
  if (barrier.consumersLeft == 0) {
    complete(v, now);
  }
}

void Barriers::complete(uint32_t v, double now) {
  Barrier &barrier = barriers[v];
  PhysicalBarrier &physical = physicals[barrier.physical];
  ++physical.current;
  if (physical.current < physical.uses.size()) {
    uint32_t next = physical.uses[physical.current];
    // Whatever happened before this use's release happens before every task
    // of the next use.
    barriers[next].armedClock = barrier.releaseClock;
    arm(next, now);
  }
}

bool Barriers::isReady(uint32_t taskId) const {
  const TaskBarriers &task = tasks[taskId];
  for (uint32_t v : task.waits) {
    if (!isHeld(v) || !barriers[v].released) {
      return false;
    }
  }
  for (uint32_t v : task.updates) {
    if (!isHeld(v)) {
      return false;
    }
  }
  return true;
}

void Barriers::startTask(uint32_t taskId, double now, VectorClock &clock,
                         std::vector<std::string> &misuses) {
  TaskBarriers &task = tasks[taskId];
  task.started = true;
  for (uint32_t v : task.waits) {
    joinClock(clock, barriers[v].armedClock);
    joinClock(clock, barriers[v].releaseClock);
  }
  for (uint32_t v : task.updates) {
    joinClock(clock, barriers[v].armedClock);
  }
  // Consumers decrement when they start (an NCE task once per variant).
  for (uint32_t v : task.waits) {
    Barrier &barrier = barriers[v];
    if (barrier.consumersLeft < task.count) {
      misuses.push_back("barrier misuse: " + describeTask(taskId) +
                        " consumes " + describeBarrier(v) + " " +
                        std::to_string(task.count) + " times, but only " +
                        std::to_string(barrier.consumersLeft) + " of its " +
                        std::to_string(barrier.consumerCount) +
                        " consumer counts are left");
      barrier.consumersLeft = task.count;
    }
    barrier.consumersLeft -= task.count;
    if (barrier.consumersLeft == 0) {
      complete(v, now);
    }
  }
}

void Barriers::finishTask(uint32_t taskId, const VectorClock &clock,
                          llvm::SmallVectorImpl<uint32_t> &due,
                          std::vector<std::string> &misuses) {
  TaskBarriers &task = tasks[taskId];
  task.finished = true;
  for (uint32_t v : task.updates) {
    Barrier &barrier = barriers[v];
    if (barrier.producersLeft < task.count) {
      misuses.push_back(
          "barrier misuse: " + describeTask(taskId) + " signals " +
          describeBarrier(v) + " after its producer count of " +
          std::to_string(barrier.producerCount) +
          " was reached; its count does not match the " +
          std::to_string(barrier.producers.size()) + " tasks that update it");
      if (barrier.producersLeft == 0) {
        continue;
      }
      barrier.producersLeft = task.count;
    }
    joinClock(barrier.releaseClock, clock);
    barrier.producersLeft -= task.count;
    if (barrier.producersLeft == 0) {
      due.push_back(v);
    }
  }
}

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

std::string Barriers::describeBarrier(uint32_t v) const {
  return "barrier " + std::to_string(v) + " (physical " +
         std::to_string(barriers[v].physical) + ")";
}

/// "a, b, c, d, and 2 more": at most four task names.
static std::string listTasks(const std::vector<std::string> &names) {
  std::string text;
  size_t shown = std::min<size_t>(names.size(), 4);
  for (size_t i = 0; i < shown; ++i) {
    text += (i ? ", " : "") + names[i];
  }
  if (names.size() > shown) {
    text += ", and " + std::to_string(names.size() - shown) + " more";
  }
  return text;
}

std::string Barriers::describePending(uint32_t v) const {
  const Barrier &barrier = barriers[v];
  std::vector<std::string> producers, consumers;
  for (uint32_t t : barrier.producers) {
    if (!tasks[t].finished) {
      producers.push_back(describeTask(t));
    }
  }
  for (uint32_t t : barrier.consumers) {
    if (!tasks[t].started) {
      consumers.push_back(describeTask(t));
    }
  }
  std::string text;
  if (!barrier.released) {
    text += std::to_string(barrier.producersLeft) + " of " +
            std::to_string(barrier.producerCount) + " producer signals missing";
    text += producers.empty()
                ? " and no unfinished task updates it"
                : " (unfinished producers: " + listTasks(producers) + ")";
  } else {
    text += "released, " + std::to_string(barrier.consumersLeft) + " of " +
            std::to_string(barrier.consumerCount) + " consumers not started";
    text += consumers.empty() ? " and no waiting task left"
                              : " (waiting: " + listTasks(consumers) + ")";
  }
  return text;
}

std::string Barriers::whyBlocked(uint32_t taskId) const {
  const TaskBarriers &task = tasks[taskId];
  auto check = [&](uint32_t v, bool wait) -> std::string {
    const Barrier &barrier = barriers[v];
    const PhysicalBarrier &physical = physicals[barrier.physical];
    std::string verb = wait ? "waits on " : "updates ";
    if (isHeld(v)) {
      if (wait && !barrier.released) {
        return verb + describeBarrier(v) + ": " + describePending(v);
      }
      return "";
    }
    if (barrier.use < physical.current) {
      return verb + describeBarrier(v) +
             ", which was already completed and reset: its " +
             (wait ? "consumer" : "producer") +
             " count was reached before this task ran";
    }
    uint32_t holder = physical.uses[physical.current];
    return verb + describeBarrier(v) +
           ", but the physical barrier still serves barrier " +
           std::to_string(holder) + ": " + describePending(holder);
  };
  for (uint32_t v : task.waits) {
    std::string reason = check(v, true);
    if (!reason.empty()) {
      return reason;
    }
  }
  for (uint32_t v : task.updates) {
    std::string reason = check(v, false);
    if (!reason.empty()) {
      return reason;
    }
  }
  return "";
}

std::vector<std::string> Barriers::getIncompleteUses() const {
  std::vector<std::string> messages;
  for (const PhysicalBarrier &physical : physicals) {
    if (physical.current >= physical.uses.size()) {
      continue;
    }
    uint32_t v = physical.uses[physical.current];
    const Barrier &barrier = barriers[v];
    size_t later = physical.uses.size() - physical.current - 1;
    messages.push_back(
        "barrier misuse: " + describeBarrier(v) +
        " never completed: producer count " +
        std::to_string(barrier.producerCount) + " with " +
        std::to_string(barrier.producers.size()) +
        " producer tasks, consumer count " +
        std::to_string(barrier.consumerCount) + " with " +
        std::to_string(barrier.consumers.size()) + " consumer tasks" +
        (later > 0 ? ", so the " + std::to_string(later) +
                         " later uses of the physical barrier were never "
                         "programmed"
                   : std::string()));
  }
  return messages;
}

uint32_t Barriers::getNumPhysicalUsed() const {
  return std::count_if(
      physicals.begin(), physicals.end(),
      [](const PhysicalBarrier &physical) { return !physical.uses.empty(); });
}

} // namespace mlir::vpuc::emu
