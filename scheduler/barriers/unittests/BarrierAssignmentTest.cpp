//===- BarrierAssignmentTest.cpp - Tests of barrier assignment -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Hand-made programs (chains, diamonds, parallel executors, failures), the
// simulation's diagnostics, barrier splitting, and randomised programs.
//
//===----------------------------------------------------------------------===//

#include "scheduler/barriers/BarrierProgram.h"

#include <iostream>
#include <random>
#include <set>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::sched {
namespace {

using ::testing::HasSubstr;

VirtualBarrier barrier(std::initializer_list<unsigned> producers,
                       std::initializer_list<unsigned> consumers) {
  VirtualBarrier result;
  result.producers.assign(producers);
  result.consumers.assign(consumers);
  return result;
}

BarrierLimits limitsOf(unsigned numPhysical) {
  BarrierLimits limits;
  limits.numPhysicalBarriers = numPhysical;
  return limits;
}

/// Assigns, then simulates against the original program.
BarrierAssignment assignAndSimulate(BarrierProgram &program,
                                    const BarrierLimits &limits) {
  BarrierProgram original = program;
  llvm::Expected<BarrierAssignment> result =
      assignPhysicalBarriers(program, limits);
  if (!result) {
    ADD_FAILURE() << llvm::toString(result.takeError());
    return {};
  }
  EXPECT_LE(result->physicalUses.size(), limits.numPhysicalBarriers);
  llvm::Error error = simulateBarriers(program, *result, limits, &original);
  EXPECT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  return std::move(*result);
}

std::string assignError(BarrierProgram &program, const BarrierLimits &limits) {
  llvm::Expected<BarrierAssignment> result =
      assignPhysicalBarriers(program, limits);
  if (result) {
    ADD_FAILURE() << "assignment unexpectedly succeeded";
    return "";
  }
  return llvm::toString(result.takeError());
}

unsigned usedIds(const BarrierAssignment &assignment) {
  unsigned used = 0;
  for (const auto &uses : assignment.physicalUses) {
    used += !uses.empty();
  }
  return used;
}

//===----------------------------------------------------------------------===//
// Hand-made programs
//===----------------------------------------------------------------------===//

/// DMA (executor 0) and DPU (executor 1) alternate along a chain of 12 tasks.
TEST(BarrierAssignmentTest, chainLongerThanNReusesInOrder) {
  BarrierProgram program;
  program.numExecutors = 2;
  for (unsigned t = 0; t < 12; ++t) {
    program.taskExecutor.push_back(t % 2);
  }
  for (unsigned t = 0; t + 1 < 12; ++t) {
    program.barriers.push_back(barrier({t}, {t + 1}));
  }
  BarrierAssignment assignment = assignAndSimulate(program, limitsOf(2));
  EXPECT_EQ(usedIds(assignment), 2u);
  EXPECT_TRUE(assignment.addedOrderings.empty());
  for (unsigned b = 0; b < 11; ++b) {
    EXPECT_EQ(assignment.physicalId[b], b % 2) << "barrier " << b;
    EXPECT_FALSE(assignment.mergedInto[b].has_value());
  }
  EXPECT_EQ(assignment.order.size(), 11u);
}

/// Every task on its own executor: consumers wait at their heads from the
/// start, and the dispatch rule keeps them off reused barriers.
TEST(BarrierAssignmentTest, chainOverDistinctExecutors) {
  BarrierProgram program;
  program.numExecutors = 8;
  for (unsigned t = 0; t < 8; ++t) {
    program.taskExecutor.push_back(t);
  }
  for (unsigned t = 0; t + 1 < 8; ++t) {
    program.barriers.push_back(barrier({t}, {t + 1}));
  }
  BarrierAssignment assignment = assignAndSimulate(program, limitsOf(2));
  EXPECT_EQ(usedIds(assignment), 2u);
}

/// A task that consumes one use of a physical barrier and signals its next
/// use waits for itself: it is dispatched only when the barrier holds the use
/// it signals, which happens only once it has started. The simulation finds
/// the deadlock, and the assignment never makes such a reuse (a chain over
/// three executors then needs two barriers).
TEST(BarrierAssignmentTest, consumerNeverSignalsTheNextUse) {
  BarrierProgram program;
  program.numExecutors = 3;
  program.taskExecutor = {0, 1, 2};
  program.barriers = {barrier({0}, {1}), barrier({1}, {2})};
  BarrierAssignment handOver;
  handOver.physicalId = {0, 0};
  handOver.physicalUses = {{0, 1}};
  handOver.order = {0, 1};
  handOver.mergedInto = {std::nullopt, std::nullopt};
  llvm::Error error = simulateBarriers(program, handOver, limitsOf(1));
  EXPECT_THAT(llvm::toString(std::move(error)), HasSubstr("deadlock"));

  BarrierProgram one = program;
  EXPECT_THAT(
      assignError(one, limitsOf(1)),
      HasSubstr("cannot assign a physical barrier to virtual barrier 1"));
  BarrierAssignment assignment = assignAndSimulate(program, limitsOf(2));
  EXPECT_EQ(usedIds(assignment), 2u);
  EXPECT_NE(assignment.physicalId[0], assignment.physicalId[1]);
}

TEST(BarrierAssignmentTest, diamond) {
  // t0 -> {t1, t2} -> t3 on three executors.
  BarrierProgram program;
  program.numExecutors = 3;
  program.taskExecutor = {0, 1, 2, 0};
  program.barriers = {barrier({0}, {1, 2}), barrier({1, 2}, {3})};
  BarrierProgram copy = program;
  EXPECT_THAT(assignError(copy, limitsOf(1)),
              HasSubstr("cannot assign a physical barrier to virtual barrier "
                        "1 (producers: 1 2; consumers: 3) within 1 physical "
                        "barriers"));
  BarrierAssignment assignment = assignAndSimulate(program, limitsOf(2));
  EXPECT_EQ(usedIds(assignment), 2u);
}

TEST(BarrierAssignmentTest, diamondOfEdgeBarriers) {
  BarrierProgram program;
  program.numExecutors = 3;
  program.taskExecutor = {0, 1, 2, 0, 1, 2};
  program.barriers = {barrier({0}, {1}), barrier({0}, {2}), barrier({1}, {3}),
                      barrier({2}, {3}), barrier({3}, {4, 5})};
  BarrierProgram copy = program;
  assignAndSimulate(copy, limitsOf(2));
  assignAndSimulate(program, limitsOf(3));
}

/// Four independent chains on four executors share two physical barriers:
/// reuse needs orderings between chains (or merges).
TEST(BarrierAssignmentTest, parallelExecutorsNeedOrderings) {
  BarrierProgram program;
  program.numExecutors = 8;
  for (unsigned chain = 0; chain < 4; ++chain) {
    for (unsigned i = 0; i < 6; ++i) {
      program.taskExecutor.push_back(2 * chain + i % 2);
    }
  }
  for (unsigned chain = 0; chain < 4; ++chain) {
    for (unsigned i = 0; i + 1 < 6; ++i) {
      unsigned t = chain * 6 + i;
      program.barriers.push_back(barrier({t}, {t + 1}));
    }
  }
  BarrierAssignment assignment = assignAndSimulate(program, limitsOf(2));
  unsigned merged = 0;
  for (const auto &target : assignment.mergedInto) {
    merged += target.has_value();
  }
  EXPECT_GT(assignment.addedOrderings.size() + merged, 0u);
  // With enough barriers nothing is added.
  BarrierProgram roomy = program;
  BarrierAssignment free = assignAndSimulate(roomy, limitsOf(32));
  EXPECT_TRUE(free.addedOrderings.empty());
}

/// Three barriers whose last consumers all wait behind the third one, and
/// no two of which can merge (a consumer of each precedes the producer of the
/// next): with two physical barriers the greedy is cornered and the program
/// is serialised by the segment walk.
BarrierProgram threeLongLivedBarriers() {
  BarrierProgram program;
  program.numExecutors = 5;
  // a1 | c1 a2 | c2 a3 | c3 z | c1' c2' c3'
  program.taskExecutor = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};
  program.barriers = {barrier({0}, {1, 7}), barrier({2}, {3, 8}),
                      barrier({4}, {5, 9}), barrier({6}, {7})};
  return program;
}

TEST(BarrierAssignmentTest, corneredGreedyFallsBackToSegments) {
  BarrierProgram program = threeLongLivedBarriers();
  BarrierAssignment assignment = assignAndSimulate(program, limitsOf(2));
  EXPECT_FALSE(assignment.syncBarriers.empty());
  EXPECT_LE(usedIds(assignment), 2u);
  for (unsigned sync : assignment.syncBarriers) {
    EXPECT_GE(sync, 4u);
    EXPECT_LT(sync, program.barriers.size());
  }
  EXPECT_EQ(assignment.physicalId.size(), program.barriers.size());
  EXPECT_EQ(assignment.mergedInto.size(), program.barriers.size());
  // Four physical barriers (all four overlap) need nothing of the kind.
  BarrierProgram roomy = threeLongLivedBarriers();
  BarrierAssignment free = assignAndSimulate(roomy, limitsOf(4));
  EXPECT_TRUE(free.syncBarriers.empty());
}

/// One physical barrier admits no fallback: the greedy's diagnostic stands.
TEST(BarrierAssignmentTest, corneredWithOneBarrierFails) {
  BarrierProgram program = threeLongLivedBarriers();
  EXPECT_THAT(assignError(program, limitsOf(1)),
              HasSubstr("within 1 physical barriers"));
}

/// A sync barrier joins every executor: it must fit the per-barrier limits.
TEST(BarrierAssignmentTest, segmentWalkRespectsBarrierLimits) {
  BarrierProgram program = threeLongLivedBarriers();
  BarrierLimits limits = limitsOf(2);
  limits.maxProducers = 2;
  limits.maxConsumers = 2;
  EXPECT_THAT(assignError(program, limits),
              HasSubstr("a sync barrier over 5 executors exceeds the "
                        "per-barrier limits of 2 producers and 2 consumers"));
}

/// A task that signals more barriers than there are physical ones forms a
/// segment of its own.
TEST(BarrierAssignmentTest, wideTaskGetsASegmentOfItsOwn) {
  BarrierProgram program;
  program.numExecutors = 4;
  // Task 0 signals b0..b2; task k (1..3) waits on b(k-1) and each of them
  // signals the barrier consumed by task 4, with a consumer of b(k-1) ahead of
  // the producers of the others on a shared executor so nothing merges.
  program.taskExecutor = {0, 1, 2, 3, 0};
  program.barriers = {barrier({0}, {1}), barrier({0}, {2}), barrier({0}, {3}),
                      barrier({1, 2, 3}, {4})};
  BarrierAssignment assignment = assignAndSimulate(program, limitsOf(2));
  EXPECT_LE(usedIds(assignment), 2u);
}

TEST(BarrierAssignmentTest, barrierWithoutProducersOrConsumers) {
  BarrierProgram program;
  program.numExecutors = 2;
  program.taskExecutor = {0, 1, 0, 1};
  program.barriers = {barrier({}, {1}), barrier({0}, {}), barrier({2}, {3})};
  assignAndSimulate(program, limitsOf(1));
}

TEST(BarrierAssignmentTest, rejectsMalformedPrograms) {
  BarrierProgram program;
  program.numExecutors = 2;
  program.taskExecutor = {0, 2};
  EXPECT_THAT(assignError(program, limitsOf(2)),
              HasSubstr("task 1 is on executor 2 but there are 2 executors"));
  program.taskExecutor = {0, 1};
  program.barriers = {barrier({0}, {5})};
  EXPECT_THAT(assignError(program, limitsOf(2)),
              HasSubstr("virtual barrier 0 has consumer task 5 but there are "
                        "2 tasks"));
  program.barriers = {barrier({0, 0}, {1})};
  EXPECT_THAT(assignError(program, limitsOf(2)),
              HasSubstr("virtual barrier 0 lists producer task 0 twice"));
  program.barriers = {barrier({}, {})};
  EXPECT_THAT(assignError(program, limitsOf(2)),
              HasSubstr("virtual barrier 0 has neither producers nor "
                        "consumers"));
  program.barriers = {barrier({0}, {0})};
  EXPECT_THAT(assignError(program, limitsOf(2)),
              HasSubstr("task 0 both produces and waits on virtual barrier 0"));
  program.barriers = {barrier({0}, {1})};
  EXPECT_THAT(assignError(program, limitsOf(0)),
              HasSubstr("the target has no physical barriers"));
}

TEST(BarrierAssignmentTest, rejectsCycles) {
  BarrierProgram program;
  program.numExecutors = 2;
  program.taskExecutor = {0, 1};
  program.barriers = {barrier({0}, {1}), barrier({1}, {0})};
  EXPECT_THAT(assignError(program, limitsOf(4)),
              HasSubstr("the program has a dependency cycle: 2 tasks can never "
                        "start, e.g. tasks 0 1"));
}

TEST(BarrierAssignmentTest, rejectsOversizedBarriers) {
  BarrierProgram program;
  program.numExecutors = 4;
  program.taskExecutor = {0, 1, 2, 3};
  program.barriers = {barrier({0, 1, 2}, {3})};
  BarrierLimits limits = limitsOf(4);
  limits.maxProducers = 2;
  EXPECT_THAT(assignError(program, limits),
              HasSubstr("virtual barrier 0 (producers: 0 1 2; consumers: 3) "
                        "has 3 producers and 1 consumers; the limits are 2 "
                        "and 4294967295 (split it with "
                        "splitOversizedBarriers)"));
}

TEST(BarrierAssignmentTest, splitOversizedBarriersKeepsSemantics) {
  BarrierProgram program;
  program.numExecutors = 4;
  for (unsigned t = 0; t < 9; ++t) {
    program.taskExecutor.push_back(t % 4);
  }
  program.barriers = {barrier({0, 1, 2, 3, 4}, {5, 6, 7}), barrier({7}, {8})};
  BarrierProgram original = program;
  llvm::Expected<std::vector<unsigned>> origin =
      splitOversizedBarriers(program, 2, 2);
  ASSERT_TRUE(static_cast<bool>(origin)) << llvm::toString(origin.takeError());
  // 3 producer chunks x 2 consumer chunks.
  EXPECT_EQ(program.barriers.size(), 7u);
  EXPECT_EQ(*origin, (std::vector<unsigned>{0, 1, 0, 0, 0, 0, 0}));
  for (const VirtualBarrier &part : program.barriers) {
    EXPECT_LE(part.producers.size(), 2u);
    EXPECT_LE(part.consumers.size(), 2u);
  }
  // One physical barrier per split barrier: only the split is under test.
  BarrierLimits limits = limitsOf(7);
  limits.maxProducers = 2;
  limits.maxConsumers = 2;
  BarrierProgram split = program;
  llvm::Expected<BarrierAssignment> assignment =
      assignPhysicalBarriers(split, limits);
  ASSERT_TRUE(static_cast<bool>(assignment))
      << llvm::toString(assignment.takeError());
  llvm::Error error = simulateBarriers(split, *assignment, limits, &original);
  EXPECT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));

  EXPECT_THAT(llvm::toString(splitOversizedBarriers(program, 0, 2).takeError()),
              HasSubstr("limit of zero"));
}

//===----------------------------------------------------------------------===//
// Simulation diagnostics
//===----------------------------------------------------------------------===//

/// Two chains on one physical barrier in an order that deadlocks: b1's
/// consumer (task 1) must run before b0 completes, but b0 comes first.
TEST(BarrierSimulationTest, reportsDeadlockWithStuckTasks) {
  BarrierProgram program;
  program.numExecutors = 2;
  program.taskExecutor = {0, 0, 1};
  // Executor 0 runs 0 then 1; b0: 1 -> 2, b1: 0 -> 1... b0 waits for task 1,
  // which waits for b1, which the physical barrier holds only after b0.
  program.barriers = {barrier({1}, {2}), barrier({0}, {1})};
  BarrierAssignment assignment;
  assignment.physicalId = {0, 0};
  assignment.physicalUses = {{0, 1}};
  assignment.order = {0, 1};
  assignment.mergedInto.assign(2, std::nullopt);
  std::string message =
      llvm::toString(simulateBarriers(program, assignment, limitsOf(1)));
  EXPECT_THAT(message, HasSubstr("deadlock: 3 of 3 tasks never run;"));
  EXPECT_THAT(message,
              HasSubstr("executor 0 is stuck at task 0, to signal virtual "
                        "barrier 1 on physical 0 which still holds virtual "
                        "barrier 0 (1 producers and 1 consumers left)"));
  EXPECT_THAT(message, HasSubstr("executor 1 is stuck at task 2, waiting on "
                                 "virtual barrier 0 on physical 0 with 1 "
                                 "producers left"));
}

TEST(BarrierSimulationTest, checksTheAssignment) {
  BarrierProgram program;
  program.numExecutors = 2;
  program.taskExecutor = {0, 1};
  program.barriers = {barrier({0}, {1})};
  BarrierAssignment assignment;
  assignment.physicalId = {0};
  assignment.physicalUses = {{0}, {}};
  EXPECT_THAT(
      llvm::toString(simulateBarriers(program, assignment, limitsOf(1))),
      HasSubstr("uses 2 physical barriers but the target has 1"));
  assignment.physicalUses = {{}};
  EXPECT_THAT(
      llvm::toString(simulateBarriers(program, assignment, limitsOf(1))),
      HasSubstr("virtual barrier 0 is used by tasks but has no "
                "physical barrier"));
  assignment.physicalUses = {{0, 0}};
  EXPECT_THAT(
      llvm::toString(simulateBarriers(program, assignment, limitsOf(1))),
      HasSubstr("virtual barrier 0 is listed twice"));
  assignment.physicalUses = {{3}};
  EXPECT_THAT(
      llvm::toString(simulateBarriers(program, assignment, limitsOf(1))),
      HasSubstr("lists unknown virtual barrier 3"));
  assignment.physicalId = {1};
  assignment.physicalUses = {{0}, {}};
  EXPECT_THAT(
      llvm::toString(simulateBarriers(program, assignment, limitsOf(2))),
      HasSubstr("has physical id 1 but is listed under physical "
                "barrier 0"));
  assignment.physicalId = {0};
  BarrierLimits tight = limitsOf(2);
  tight.maxConsumers = 0;
  EXPECT_THAT(llvm::toString(simulateBarriers(program, assignment, tight)),
              HasSubstr("above the limits"));
}

TEST(BarrierSimulationTest, detectsLostDependencies) {
  BarrierProgram original;
  original.numExecutors = 2;
  original.taskExecutor = {1, 0};
  original.barriers = {barrier({0}, {1})};
  BarrierProgram dropped = original;
  dropped.barriers[0].consumers.clear();
  BarrierAssignment assignment;
  assignment.physicalId = {0};
  assignment.physicalUses = {{0}};
  EXPECT_THAT(
      llvm::toString(
          simulateBarriers(dropped, assignment, limitsOf(1), &original)),
      HasSubstr("dependency of original virtual barrier 0 lost: consumer task "
                "1 ran before producer task 0"));
}

//===----------------------------------------------------------------------===//
// Randomised programs
//===----------------------------------------------------------------------===//

/// A random acyclic program: tasks on random executors, barriers joining 1-3
/// producers to 0-3 later consumers within a window (edges go forward in
/// task index, so the program is acyclic).
BarrierProgram randomProgram(std::mt19937 &rng, unsigned numTasks,
                             unsigned numExecutors) {
  BarrierProgram program;
  program.numExecutors = numExecutors;
  for (unsigned t = 0; t < numTasks; ++t) {
    program.taskExecutor.push_back(rng() % numExecutors);
  }
  unsigned numBarriers = numTasks / 4 + rng() % (numTasks / 4);
  constexpr unsigned kWindow = 6;
  for (unsigned b = 0; b < numBarriers; ++b) {
    unsigned cut = 1 + rng() % (numTasks - 1);
    unsigned low = cut > kWindow ? cut - kWindow : 0;
    unsigned high = std::min(numTasks, cut + kWindow);
    std::set<unsigned> producers, consumers;
    for (unsigned i = 0, n = 1 + rng() % 3; i < n; ++i) {
      producers.insert(low + rng() % (cut - low));
    }
    unsigned numConsumers = rng() % 20 == 0 ? 0 : 1 + rng() % 3;
    for (unsigned i = 0; i < numConsumers; ++i) {
      consumers.insert(cut + rng() % (high - cut));
    }
    VirtualBarrier barrier;
    barrier.producers.assign(producers.begin(), producers.end());
    barrier.consumers.assign(consumers.begin(), consumers.end());
    program.barriers.push_back(std::move(barrier));
  }
  return program;
}

/// Assigns and simulates random programs for every N of `numPhysicals` and
/// prints, per N, the average of what the assignment added (a measure of the
/// parallelism lost).
void checkRandomPrograms(llvm::ArrayRef<unsigned> numPhysicals) {
  for (unsigned numPhysical : numPhysicals) {
    unsigned cases = 0, orderings = 0, merges = 0, syncs = 0, serialised = 0;
    unsigned dropped = 0, edges = 0;
    for (unsigned seed = 1; seed <= 24; ++seed) {
      std::mt19937 rng(seed);
      unsigned numTasks = 100 + rng() % 1901;
      unsigned numExecutors = 3 + rng() % 4;
      BarrierProgram program = randomProgram(rng, numTasks, numExecutors);
      BarrierLimits limits = limitsOf(numPhysical);
      limits.maxProducers = 64;
      limits.maxConsumers = 64;
      SCOPED_TRACE(::testing::Message()
                   << "seed " << seed << ", " << numTasks << " tasks, "
                   << numExecutors << " executors, N = " << numPhysical);
      unsigned originalBarriers = program.barriers.size();
      for (const VirtualBarrier &barrier : program.barriers) {
        edges += barrier.producers.size() + barrier.consumers.size();
      }
      BarrierAssignment assignment = assignAndSimulate(program, limits);
      if (assignment.physicalId.empty()) {
        continue;
      }
      EXPECT_EQ(program.barriers.size(),
                originalBarriers + assignment.syncBarriers.size());
      orderings += assignment.addedOrderings.size();
      for (const auto &target : assignment.mergedInto) {
        merges += target.has_value();
      }
      syncs += assignment.syncBarriers.size();
      serialised += !assignment.syncBarriers.empty();
      for (unsigned b = 0; b < originalBarriers; ++b) {
        dropped -= program.barriers[b].producers.size() +
                   program.barriers[b].consumers.size();
      }
      ++cases;
    }
    dropped += edges;
    std::cout << "N = " << numPhysical << ": " << cases
              << " random programs assigned (" << serialised
              << " by the segment walk); per program "
              << double(orderings) / cases << " added orderings, "
              << double(merges) / cases << " merges, " << double(syncs) / cases
              << " sync barriers, " << double(dropped) / cases
              << " implied barrier users dropped\n";
  }
}

TEST(BarrierAssignmentTest, randomProgramsWith32Barriers) {
  checkRandomPrograms({32});
}

TEST(BarrierAssignmentTest, randomProgramsWithFewBarriers) {
  checkRandomPrograms({2, 4, 8});
}

} // namespace
} // namespace mlir::vpuc::sched
