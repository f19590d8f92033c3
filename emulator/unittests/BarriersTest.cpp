//===- BarriersTest.cpp - The barrier state machine on its own -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Counts, producers and consumers, physical barrier reuse, the vector clocks
// the uses carry, misuses and the explanations of stuck tasks, without
// blobs: tasks are driven by hand as the emulator's run loop would.
//
//===----------------------------------------------------------------------===//

#include "emulator/Barriers.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

/// Barriers whose tasks are named "T<id>", with helpers that drive a task
/// and collect what the machine says.
struct Machine {
  Barriers barriers;
  std::vector<std::string> misuses;

  Machine(uint32_t numPhysical, uint32_t numExecutors = 2)
      : barriers(numPhysical, numExecutors,
                 [](uint32_t task) { return "T" + std::to_string(task); }) {}

  /// Starts `task` with executor clock `clock`; returns its start clock.
  VectorClock start(uint32_t task, double now, VectorClock clock = {0, 0}) {
    barriers.startTask(task, now, clock, misuses);
    return clock;
  }
  /// Finishes `task` with end clock `clock`; returns the barriers due.
  std::vector<uint32_t> finish(uint32_t task, VectorClock clock = {0, 0}) {
    llvm::SmallVector<uint32_t, 4> due;
    barriers.finishTask(task, clock, due, misuses);
    return {due.begin(), due.end()};
  }
  /// The releases as (barrier, time) pairs.
  std::vector<std::pair<uint32_t, double>> releases() const {
    std::vector<std::pair<uint32_t, double>> result;
    for (const Barriers::Release &release : barriers.getReleases()) {
      result.push_back({release.barrier, release.time});
    }
    return result;
  }
};

TEST(BarriersTest, producersReleaseAndConsumersComplete) {
  Machine m(1);
  uint32_t v0 = m.barriers.addBarrier(0, 2, 1);
  uint32_t p0 = m.barriers.addTask({}, {v0});
  uint32_t p1 = m.barriers.addTask({}, {v0});
  uint32_t c = m.barriers.addTask({v0}, {});
  m.barriers.programFirstUses(0);
  EXPECT_TRUE(m.barriers.isReady(p0));
  EXPECT_TRUE(m.barriers.isReady(p1));
  EXPECT_FALSE(m.barriers.isReady(c));
  EXPECT_EQ(m.barriers.whyBlocked(c),
            "waits on barrier 0 (physical 0): 2 of 2 producer signals missing "
            "(unfinished producers: T0, T1)");

  m.start(p0, 0);
  EXPECT_THAT(m.finish(p0), IsEmpty());
  EXPECT_EQ(m.barriers.whyBlocked(c),
            "waits on barrier 0 (physical 0): 1 of 2 producer signals missing "
            "(unfinished producers: T1)");
  m.start(p1, 0);
  EXPECT_THAT(m.finish(p1), ElementsAre(v0));
  // Released only when the caller says so (after the barrier latency).
  EXPECT_FALSE(m.barriers.isReady(c));
  m.barriers.release(v0, 7);
  EXPECT_TRUE(m.barriers.isReady(c));
  EXPECT_EQ(m.barriers.whyBlocked(c), "");
  m.start(c, 7);
  m.finish(c);
  EXPECT_THAT(m.releases(), ElementsAre(std::make_pair(v0, 7.0)));
  EXPECT_THAT(m.misuses, IsEmpty());
  EXPECT_THAT(m.barriers.getIncompleteUses(), IsEmpty());
}

TEST(BarriersTest, useWithoutProducersIsReleasedWhenProgrammed) {
  Machine m(2);
  uint32_t v0 = m.barriers.addBarrier(1, 0, 1);
  uint32_t c = m.barriers.addTask({v0}, {});
  EXPECT_FALSE(m.barriers.isReady(c));
  m.barriers.programFirstUses(3);
  EXPECT_TRUE(m.barriers.isReady(c));
  EXPECT_THAT(m.releases(), ElementsAre(std::make_pair(v0, 3.0)));
  EXPECT_EQ(m.barriers.getNumBarriers(), 1u);
  EXPECT_EQ(m.barriers.getNumPhysicalUsed(), 1u);
  EXPECT_EQ(m.barriers.getPhysical(v0), 1u);
}

TEST(BarriersTest, tasksCountOncePerVariant) {
  Machine m(1);
  uint32_t v0 = m.barriers.addBarrier(0, 3, 2);
  uint32_t nce = m.barriers.addTask({}, {v0}, /*count=*/3);
  uint32_t c = m.barriers.addTask({v0}, {}, /*count=*/2);
  m.barriers.programFirstUses(0);
  m.start(nce, 0);
  EXPECT_THAT(m.finish(nce), ElementsAre(v0));
  m.barriers.release(v0, 1);
  m.start(c, 1);
  EXPECT_THAT(m.misuses, IsEmpty());
  EXPECT_THAT(m.barriers.getIncompleteUses(), IsEmpty());
  EXPECT_THAT(m.barriers.getWaits(c), ElementsAre(v0));
  EXPECT_THAT(m.barriers.getUpdates(nce), ElementsAre(v0));
}

TEST(BarriersTest, physicalBarrierIsReprogrammedAfterItsConsumersStart) {
  // Physical barrier 0 serves v0, then v1.
  Machine m(1);
  uint32_t v0 = m.barriers.addBarrier(0, 1, 1);
  uint32_t v1 = m.barriers.addBarrier(0, 1, 1);
  uint32_t a = m.barriers.addTask({}, {v0});
  uint32_t b = m.barriers.addTask({v0}, {});
  uint32_t x = m.barriers.addTask({}, {v1});
  uint32_t y = m.barriers.addTask({v1}, {});
  m.barriers.programFirstUses(0);
  EXPECT_TRUE(m.barriers.isReady(a));
  EXPECT_FALSE(m.barriers.isReady(x));
  EXPECT_EQ(m.barriers.whyBlocked(x),
            "updates barrier 1 (physical 0), but the physical barrier still "
            "serves barrier 0: 1 of 1 producer signals missing (unfinished "
            "producers: T0)");

  m.start(a, 0);
  EXPECT_THAT(m.finish(a, {1, 0}), ElementsAre(v0));
  m.barriers.release(v0, 2);
  EXPECT_FALSE(m.barriers.isReady(x));
  EXPECT_EQ(m.barriers.whyBlocked(y),
            "waits on barrier 1 (physical 0), but the physical barrier still "
            "serves barrier 0: released, 1 of 1 consumers not started "
            "(waiting: T1)");
  // The consumer's start completes v0 and programs v1, which inherits what
  // happened before v0's release.
  EXPECT_EQ(m.start(b, 2, {0, 0}), VectorClock({1, 0}));
  EXPECT_TRUE(m.barriers.isReady(x));
  EXPECT_EQ(m.start(x, 2, {0, 0}), VectorClock({1, 0}));
  EXPECT_EQ(m.barriers.whyBlocked(b),
            "waits on barrier 0 (physical 0), which was already completed and "
            "reset: its consumer count was reached before this task ran");
  EXPECT_THAT(m.finish(x, {1, 1}), ElementsAre(v1));
  m.barriers.release(v1, 4);
  EXPECT_EQ(m.start(y, 4, {0, 0}), VectorClock({1, 1}));
  EXPECT_THAT(m.releases(),
              ElementsAre(std::make_pair(v0, 2.0), std::make_pair(v1, 4.0)));
  EXPECT_THAT(m.misuses, IsEmpty());
  EXPECT_THAT(m.barriers.getIncompleteUses(), IsEmpty());
}

TEST(BarriersTest, releaseClockJoinsEveryProducer) {
  Machine m(1, 3);
  uint32_t v0 = m.barriers.addBarrier(0, 2, 1);
  uint32_t p0 = m.barriers.addTask({}, {v0});
  uint32_t p1 = m.barriers.addTask({}, {v0});
  uint32_t c = m.barriers.addTask({v0}, {});
  m.barriers.programFirstUses(0);
  m.start(p0, 0, {0, 0, 0});
  m.finish(p0, {3, 0, 1});
  m.start(p1, 0, {0, 0, 0});
  m.finish(p1, {0, 2, 0});
  m.barriers.release(v0, 1);
  EXPECT_EQ(m.start(c, 1, {0, 0, 5}), VectorClock({3, 2, 5}));
}

TEST(BarriersTest, tooManyProducersAreMisuses) {
  Machine m(1);
  uint32_t v0 = m.barriers.addBarrier(0, 1, 1);
  uint32_t first = m.barriers.addTask({}, {v0});
  uint32_t second = m.barriers.addTask({}, {v0});
  m.barriers.programFirstUses(0);
  EXPECT_THAT(m.finish(first), ElementsAre(v0));
  EXPECT_THAT(m.finish(second), IsEmpty());
  EXPECT_THAT(m.misuses,
              ElementsAre("barrier misuse: T1 signals barrier 0 (physical 0) "
                          "after its producer count of 1 was reached; its "
                          "count does not match the 2 tasks that update it"));
}

TEST(BarriersTest, tooManyConsumerCountsAreMisuses) {
  Machine m(1);
  uint32_t v0 = m.barriers.addBarrier(0, 1, 2);
  uint32_t p = m.barriers.addTask({}, {v0});
  uint32_t c = m.barriers.addTask({v0}, {}, /*count=*/3);
  m.barriers.programFirstUses(0);
  m.finish(p);
  m.barriers.release(v0, 1);
  m.start(c, 1);
  EXPECT_THAT(m.misuses,
              ElementsAre("barrier misuse: T1 consumes barrier 0 (physical 0) "
                          "3 times, but only 2 of its 2 consumer counts are "
                          "left"));
  EXPECT_THAT(m.barriers.getIncompleteUses(), IsEmpty());
}

TEST(BarriersTest, usesThatNeverCompleteAreReported) {
  Machine m(2);
  uint32_t v0 = m.barriers.addBarrier(0, 1, 2);
  m.barriers.addBarrier(0, 1, 1);
  uint32_t v2 = m.barriers.addBarrier(1, 1, 1);
  uint32_t p = m.barriers.addTask({}, {v0});
  uint32_t c = m.barriers.addTask({v0}, {});
  uint32_t stuck = m.barriers.addTask({v2}, {});
  m.barriers.programFirstUses(0);
  m.finish(p);
  m.barriers.release(v0, 1);
  m.start(c, 1);
  EXPECT_EQ(m.barriers.whyBlocked(stuck),
            "waits on barrier 2 (physical 1): 1 of 1 producer signals missing "
            "and no unfinished task updates it");
  EXPECT_THAT(
      m.barriers.getIncompleteUses(),
      ElementsAre("barrier misuse: barrier 0 (physical 0) never completed: "
                  "producer count 1 with 1 producer tasks, consumer count 2 "
                  "with 1 consumer tasks, so the 1 later uses of the physical "
                  "barrier were never programmed",
                  "barrier misuse: barrier 2 (physical 1) never completed: "
                  "producer count 1 with 0 producer tasks, consumer count 1 "
                  "with 1 consumer tasks"));
}

TEST(BarriersTest, longListsOfTasksAreShortened) {
  Machine m(1);
  uint32_t v0 = m.barriers.addBarrier(0, 6, 1);
  for (int i = 0; i < 6; ++i) {
    m.barriers.addTask({}, {v0});
  }
  uint32_t c = m.barriers.addTask({v0}, {});
  m.barriers.programFirstUses(0);
  EXPECT_EQ(m.barriers.whyBlocked(c),
            "waits on barrier 0 (physical 0): 6 of 6 producer signals missing "
            "(unfinished producers: T0, T1, T2, T3, and 2 more)");
}

} // namespace
} // namespace mlir::vpuc::emu
