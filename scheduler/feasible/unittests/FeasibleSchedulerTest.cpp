//===- FeasibleSchedulerTest.cpp - Hand-made scheduling cases ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Small graphs with known answers: just-in-time data tasks, prefetching,
// address-reuse dependencies, spills and reloads, relocation under
// fragmentation, the serial mode, every graph error, and verifier failures
// on corrupted schedules.
//
//===----------------------------------------------------------------------===//

#include "scheduler/feasible/FeasibleScheduler.h"

#include <algorithm>
#include <string>

#include "llvm/ADT/STLExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::sched::feasible {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

/// A little graph builder.
class Builder {
public:
  explicit Builder(uint64_t capacity) { graph.cmxCapacity = capacity; }

  unsigned cmx(const std::string &name, uint64_t size, uint64_t alignment = 1,
               unsigned arena = 0) {
    Buffer buffer;
    buffer.name = name;
    buffer.size = size;
    buffer.alignment = alignment;
    buffer.arena = arena;
    return graph.addBuffer(buffer);
  }
  unsigned ddr(const std::string &name, uint64_t size,
               bool reloadable = false) {
    Buffer buffer;
    buffer.name = name;
    buffer.size = size;
    buffer.memory = MemoryKind::DDR;
    buffer.reloadable = reloadable;
    return graph.addBuffer(buffer);
  }
  unsigned task(const std::string &name, ExecutorKind executor, uint64_t cost,
                llvm::ArrayRef<unsigned> reads, llvm::ArrayRef<unsigned> writes,
                llvm::ArrayRef<unsigned> deps = {}) {
    Task task;
    task.name = name;
    task.executor = executor;
    task.cost = cost;
    task.reads.assign(reads.begin(), reads.end());
    task.writes.assign(writes.begin(), writes.end());
    task.deps.assign(deps.begin(), deps.end());
    return graph.addTask(task);
  }
  unsigned dpu(const std::string &name, llvm::ArrayRef<unsigned> reads,
               llvm::ArrayRef<unsigned> writes, uint64_t cost = 100) {
    return task(name, ExecutorKind::DPU, cost, reads, writes);
  }
  unsigned dma(const std::string &name, llvm::ArrayRef<unsigned> reads,
               llvm::ArrayRef<unsigned> writes, uint64_t cost = 10) {
    return task(name, ExecutorKind::DMA, cost, reads, writes);
  }

  Graph graph;
};

Schedule scheduleOk(const Graph &graph, const SchedulerOptions &options = {}) {
  llvm::Expected<Schedule> schedule = scheduleGraph(graph, options);
  if (!schedule) {
    ADD_FAILURE() << llvm::toString(schedule.takeError());
    return {};
  }
  if (llvm::Error error = verifySchedule(graph, *schedule, options)) {
    ADD_FAILURE() << llvm::toString(std::move(error));
  }
  return std::move(*schedule);
}

std::string scheduleError(const Graph &graph,
                          const SchedulerOptions &options = {}) {
  llvm::Expected<Schedule> schedule = scheduleGraph(graph, options);
  if (schedule) {
    ADD_FAILURE() << "scheduling succeeded";
    return "";
  }
  return llvm::toString(schedule.takeError());
}

std::string verifyError(const Graph &graph, const Schedule &schedule,
                        const SchedulerOptions &options = {}) {
  llvm::Error error = verifySchedule(graph, schedule, options);
  if (!error) {
    ADD_FAILURE() << "the corrupted schedule verifies";
    return "";
  }
  return llvm::toString(std::move(error));
}

/// The steps as readable strings: "name" for tasks, "kind:buffer" else.
std::vector<std::string> describe(const Graph &graph,
                                  const Schedule &schedule) {
  std::vector<std::string> result;
  for (const Step &step : schedule.steps) {
    if (step.kind == StepKind::Task) {
      result.push_back(graph.tasks[step.task].name);
    } else {
      result.push_back(stringifyStepKind(step.kind).str() + ":" +
                       graph.buffers[step.buffer].name);
    }
  }
  return result;
}

/// A three-layer network: x -> conv1(w1) -> a1 -> conv2(w2) -> a2 -> out.
struct Chain {
  explicit Chain(uint64_t capacity) : b(capacity) {
    in = b.ddr("in", 100, true);
    consts = b.ddr("consts", 1000, true);
    out = b.ddr("out", 100);
    x = b.cmx("x", 100);
    w1 = b.cmx("w1", 100);
    a1 = b.cmx("a1", 100);
    w2 = b.cmx("w2", 100);
    a2 = b.cmx("a2", 100);
    b.dma("load_x", {in}, {x});
    b.dma("load_w1", {consts}, {w1});
    conv1 = b.dpu("conv1", {x, w1}, {a1});
    b.dma("load_w2", {consts}, {w2});
    conv2 = b.dpu("conv2", {a1, w2}, {a2});
    b.dma("store", {a2}, {out});
  }
  /// Gives w1 and w2 one content (Buffer::content): copies of one constant.
  void makeCopies() {
    b.graph.buffers[w1].content = 5;
    b.graph.buffers[w2].content = 5;
  }
  Builder b;
  unsigned in, consts, out, x, w1, a1, w2, a2, conv1, conv2;
};

TEST(FeasibleSchedulerTest, JustInTimeDataTasks) {
  Chain chain(1000);
  SchedulerOptions options;
  options.prefetchLookahead = 0;
  Schedule schedule = scheduleOk(chain.b.graph, options);
  // load_x and load_w1 are data tasks: scheduled right before conv1, in
  // placement order (equal sizes: by index).
  EXPECT_THAT(
      describe(chain.b.graph, schedule),
      ElementsAre("load_x", "load_w1", "conv1", "load_w2", "conv2", "store"));
  EXPECT_EQ(schedule.stats.numSpillWrites, 0u);
  EXPECT_EQ(schedule.stats.numPrefetched, 0u);
  // x and w1 die after conv1; w2 takes the freed range of x (best fit, lowest
  // offset) and must wait for conv1, the last user of x.
  unsigned loadW2 = schedule.stepOfTask[3];
  EXPECT_EQ(schedule.steps[loadW2].cmx.front().buffer, chain.w2);
  uint64_t w2Offset =
      schedule.instances[schedule.steps[loadW2].cmx.front().instance].offset;
  EXPECT_EQ(w2Offset, 0u);
  EXPECT_THAT(schedule.steps[loadW2].deps,
              ElementsAre(schedule.stepOfTask[chain.conv1]));
  EXPECT_EQ(schedule.stats.peakCmx, 300u);
}

TEST(FeasibleSchedulerTest, PrefetchOverlapsDmaWithCompute) {
  Chain chain(1000);
  SchedulerOptions jit;
  jit.prefetchLookahead = 0;
  Schedule slow = scheduleOk(chain.b.graph, jit);
  Schedule fast = scheduleOk(chain.b.graph);
  EXPECT_THAT(
      describe(chain.b.graph, fast),
      ElementsAre("load_x", "load_w1", "conv1", "load_w2", "conv2", "store"));
  EXPECT_EQ(fast.stats.numPrefetched, 1u);
  // load_w2 is placed while x and w1 are still live: it does not wait for
  // conv1 and runs during it.
  const Step &loadW2 = fast.steps[fast.stepOfTask[3]];
  EXPECT_TRUE(loadW2.deps.empty());
  EXPECT_LT(loadW2.start, fast.steps[fast.stepOfTask[chain.conv1]].end);
  EXPECT_LT(fast.stats.makespan, slow.stats.makespan);
  EXPECT_EQ(fast.stats.peakCmx, 400u);
}

TEST(FeasibleSchedulerTest, PrefetchDoesNotEvict) {
  // With 300 bytes, w2 cannot be prefetched during conv1.
  Chain chain(300);
  Schedule schedule = scheduleOk(chain.b.graph);
  EXPECT_EQ(schedule.stats.numPrefetched, 0u);
  EXPECT_EQ(schedule.stats.numSpillWrites, 0u);
  EXPECT_EQ(schedule.stats.peakCmx, 300u);
}

/// A skip connection: conv1 makes s, which conv3 reads after conv2; conv2's
/// result is large, conv3's small.
struct Skip {
  explicit Skip(uint64_t capacity) : b(capacity) {
    unsigned in = b.ddr("in", 100, true);
    unsigned consts = b.ddr("consts", 1000, true);
    unsigned out = b.ddr("out", 100);
    unsigned x = b.cmx("x", 100);
    unsigned w1 = b.cmx("w1", 100);
    unsigned s = b.cmx("s", 100);
    unsigned w2 = b.cmx("w2", 150);
    unsigned a = b.cmx("a", 250);
    unsigned w3 = b.cmx("w3", 200);
    unsigned o = b.cmx("o", 50);
    b.dma("load_x", {in}, {x});
    b.dma("load_w1", {consts}, {w1});
    b.dpu("conv1", {x, w1}, {s});
    b.dma("load_w2", {consts}, {w2});
    b.dpu("conv2", {s, w2}, {a});
    loadW3 = b.dma("load_w3", {consts}, {w3});
    b.dpu("conv3", {a, s, w3}, {o});
    b.dma("store", {o}, {out});
  }
  Builder b;
  unsigned loadW3;
};

TEST(FeasibleSchedulerTest, LaterPrefetchesLeaveRoomForResults) {
  SchedulerOptions options;
  options.prefetchLookahead = 2;
  // With 1000 bytes, w3 loads during conv1 as well as w2.
  Skip roomy(1000);
  Schedule early = scheduleOk(roomy.b.graph, options);
  EXPECT_THAT(describe(roomy.b.graph, early),
              ElementsAre("load_x", "load_w1", "conv1", "load_w2", "load_w3",
                          "conv2", "conv3", "store"));
  EXPECT_EQ(early.stats.numPrefetched, 2u);
  // With 700, w3 would fit next to x, w1, s and w2 during conv1 (650 bytes),
  // but then conv2's result (250 bytes) would fit in no hole, even once x and
  // w1 are gone (200 bytes): w3 waits for conv2, and nothing is evicted.
  Skip tight(700);
  Schedule late = scheduleOk(tight.b.graph, options);
  EXPECT_THAT(describe(tight.b.graph, late),
              ElementsAre("load_x", "load_w1", "conv1", "load_w2", "conv2",
                          "load_w3", "conv3", "store"));
  // (w3 is then prefetched during conv2, into the room of x and w1.)
  EXPECT_EQ(late.stats.numPrefetched, 2u);
  EXPECT_EQ(late.stats.numReloads, 0u);
  EXPECT_EQ(late.stats.numSpillWrites, 0u);
  // Without the check, w3 loads during conv1, is dropped for conv2's result
  // and loaded again.
  options.prefetchLeavesRoom = false;
  Schedule crowded = scheduleOk(tight.b.graph, options);
  EXPECT_THAT(describe(tight.b.graph, crowded),
              ElementsAre("load_x", "load_w1", "conv1", "load_w2", "load_w3",
                          "conv2", "reload:w3", "conv3", "store"));
  EXPECT_EQ(crowded.stats.numReloads, 1u);
}

/// Four layers: conv_i reads a_{i-1} (x for conv1) and w_i, writes a_i;
/// activations of `activation` bytes, weights of `weights`, every load
/// `loadCost` cycles, every conv 100.
struct Deep {
  Deep(uint64_t capacity, uint64_t loadCost, uint64_t activation = 100,
       uint64_t weights = 100)
      : b(capacity) {
    unsigned in = b.ddr("in", activation, true);
    unsigned consts = b.ddr("consts", 1000, true);
    unsigned out = b.ddr("out", activation);
    unsigned previous = b.cmx("x", activation);
    b.dma("load_x", {in}, {previous}, loadCost);
    for (int i = 1; i <= 4; ++i) {
      std::string n = std::to_string(i);
      unsigned w = b.cmx("w" + n, weights);
      unsigned a = b.cmx("a" + n, activation);
      b.dma("load_w" + n, {consts}, {w}, loadCost);
      b.dpu("conv" + n, {previous, w}, {a});
      previous = a;
    }
    b.dma("store", {previous}, {out}, loadCost);
  }
  Builder b;
};

SchedulerOptions idleOptions(unsigned idleLookahead) {
  SchedulerOptions options;
  options.prefetchLookahead = 1;
  options.prefetchIdleLookahead = idleLookahead;
  return options;
}

TEST(FeasibleSchedulerTest, IdleDmaPrefetchesFartherAhead) {
  Deep deep(1000, 10);
  // One task ahead: each load during the conv before its user.
  Schedule near = scheduleOk(deep.b.graph, idleOptions(0));
  EXPECT_THAT(describe(deep.b.graph, near),
              ElementsAre("load_x", "load_w1", "conv1", "load_w2", "conv2",
                          "load_w3", "conv3", "load_w4", "conv4", "store"));
  // The loads take 10 cycles, conv1 100: the DMA queue would idle during
  // conv1, so w3 and w4 load then as well.
  Schedule far = scheduleOk(deep.b.graph, idleOptions(2));
  EXPECT_THAT(describe(deep.b.graph, far),
              ElementsAre("load_x", "load_w1", "conv1", "load_w2", "load_w3",
                          "load_w4", "conv2", "conv3", "conv4", "store"));
  EXPECT_EQ(far.stats.numPrefetched, 3u);
  EXPECT_EQ(far.stats.numSpillWrites + far.stats.numReloads, 0u);
  // The estimated timing is set as the steps are emitted.
  for (const Step &step : far.steps) {
    EXPECT_EQ(step.end, step.start + step.cost);
  }
}

TEST(FeasibleSchedulerTest, IdlePrefetchWaitsForABusyDmaQueue) {
  // Loads of 200 cycles: once w2's load is queued, the DMA queue ends after
  // conv1, so nothing loads farther ahead.
  Deep deep(1000, 200);
  Schedule schedule = scheduleOk(deep.b.graph, idleOptions(2));
  EXPECT_THAT(describe(deep.b.graph, schedule),
              ElementsAre("load_x", "load_w1", "conv1", "load_w2", "conv2",
                          "load_w3", "conv3", "load_w4", "conv4", "store"));
}

TEST(FeasibleSchedulerTest, IdlePrefetchCountsReleases) {
  // Activations of 200 bytes, weights of 50, 600 bytes of CMX. During conv1
  // (x, w1, a1 and the prefetched w2 in CMX), w3 and w4 fit, and so do the
  // results of conv2 to conv4 once each layer's inputs are released after
  // it: both load during conv1, and nothing is ever evicted.
  Deep deep(600, 10, 200, 50);
  Schedule schedule = scheduleOk(deep.b.graph, idleOptions(2));
  EXPECT_THAT(describe(deep.b.graph, schedule),
              ElementsAre("load_x", "load_w1", "conv1", "load_w2", "load_w3",
                          "load_w4", "conv2", "conv3", "conv4", "store"));
  EXPECT_EQ(schedule.stats.numSpillWrites + schedule.stats.numReloads, 0u);
  // The near check counts the results up to a load's user without
  // releases (a2 and a3 beside a1, w2 and w3: 700 bytes), so with the same
  // reach each weight loads only during the conv before its user.
  SchedulerOptions options;
  options.prefetchLookahead = 3;
  Schedule nearOnly = scheduleOk(deep.b.graph, options);
  EXPECT_THAT(describe(deep.b.graph, nearOnly),
              ElementsAre("load_x", "load_w1", "conv1", "load_w2", "conv2",
                          "load_w3", "conv3", "load_w4", "conv4", "store"));
}

TEST(FeasibleSchedulerTest, SerialModeChainsEverything) {
  Chain chain(1000);
  SchedulerOptions options;
  options.serial = true;
  Schedule schedule = scheduleOk(chain.b.graph, options);
  uint64_t total = 0;
  for (unsigned s = 0; s < schedule.steps.size(); ++s) {
    total += schedule.steps[s].cost;
    if (s > 0) {
      EXPECT_THAT(schedule.steps[s].deps, ElementsAre(s - 1));
    }
  }
  EXPECT_EQ(schedule.stats.makespan, total);
  EXPECT_EQ(schedule.stats.numPrefetched, 0u);
}

TEST(FeasibleSchedulerTest, ReloadsConstantsInsteadOfSpilling) {
  // w is used by c1 and c4; c2 needs its room in between.
  Builder b(350);
  unsigned consts = b.ddr("consts", 1000, true);
  unsigned w = b.cmx("w", 100);
  unsigned a1 = b.cmx("a1", 150);
  unsigned a2 = b.cmx("a2", 150);
  unsigned a3 = b.cmx("a3", 150);
  unsigned out = b.ddr("out", 100);
  b.dma("load_w", {consts}, {w});
  b.dpu("c1", {w}, {a1});
  b.dpu("c2", {a1}, {a2});
  b.dpu("c3", {a2}, {a3});
  b.dpu("c4", {w, a3}, {out});
  Schedule schedule = scheduleOk(b.graph);
  EXPECT_EQ(schedule.stats.numSpillWrites, 0u);
  EXPECT_EQ(schedule.stats.numSpillReads, 0u);
  EXPECT_EQ(schedule.stats.numReloads, 1u);
  EXPECT_EQ(schedule.stats.reloadBytes, 100u);
  EXPECT_THAT(describe(b.graph, schedule),
              ElementsAre("load_w", "c1", "c2", "c3", "reload:w", "c4"));
  const Step &reload = schedule.steps[4];
  EXPECT_EQ(reload.task, 0u);
  EXPECT_EQ(reload.cost, b.graph.tasks[0].cost);
}

TEST(FeasibleSchedulerTest, SpillsTheActivationUsedFarthestAway) {
  Builder b(300);
  unsigned in = b.ddr("in", 150);
  unsigned x = b.cmx("x", 150);
  unsigned a1 = b.cmx("a1", 100);
  unsigned a2 = b.cmx("a2", 100);
  unsigned out = b.ddr("out", 100);
  b.dma("fetch", {in}, {x}); // not reloadable: an activation
  b.dpu("c1", {x}, {a1});
  b.dpu("c2", {a1}, {a2});
  unsigned last = b.dpu("last", {x, a2}, {out});
  Schedule schedule = scheduleOk(b.graph);
  EXPECT_EQ(schedule.stats.numSpillWrites, 1u);
  EXPECT_EQ(schedule.stats.numSpillReads, 1u);
  EXPECT_EQ(schedule.stats.spillWriteBytes, 150u);
  EXPECT_EQ(schedule.stats.spillReadBytes, 150u);
  EXPECT_EQ(schedule.stats.numReloads, 0u);
  EXPECT_THAT(describe(b.graph, schedule),
              ElementsAre("fetch", "c1", "spill-write:x", "c2", "spill-read:x",
                          "last"));
  // The read-back feeds "last", from a new instance.
  EXPECT_THAT(schedule.steps[schedule.stepOfTask[last]].deps,
              testing::Contains(4u));
  EXPECT_NE(schedule.steps[1].cmx.front().instance,
            schedule.steps[5].cmx.front().instance);
}

TEST(FeasibleSchedulerTest, UnchangedSpilledBufferIsNotWrittenTwice) {
  // a0 is evicted twice between its uses; its DDR copy stays valid.
  Builder b(200);
  unsigned in = b.ddr("in", 100);
  unsigned a0 = b.cmx("a0", 100);
  unsigned t1 = b.cmx("t1", 100);
  unsigned t2 = b.cmx("t2", 100);
  unsigned t3 = b.cmx("t3", 100);
  unsigned t4 = b.cmx("t4", 100);
  unsigned out = b.ddr("out", 100);
  b.dma("fetch", {in}, {a0});
  b.dpu("p1", {}, {t1});
  b.dpu("p2", {t1}, {t2});
  b.dpu("use1", {a0}, {out});
  b.dpu("p3", {t2}, {t3});
  b.dpu("p4", {t3}, {t4});
  b.dpu("use2", {a0, t4}, {out});
  Schedule schedule = scheduleOk(b.graph);
  EXPECT_EQ(schedule.stats.numSpillWrites, 1u);
  EXPECT_EQ(schedule.stats.numSpillReads, 2u);
}

TEST(FeasibleSchedulerTest, InPlaceUpdateIsSpilledWithItsNewVersion) {
  Builder b(200);
  unsigned in = b.ddr("in", 100);
  unsigned a = b.cmx("a", 100);
  unsigned t1 = b.cmx("t1", 100);
  unsigned t2 = b.cmx("t2", 100);
  unsigned out = b.ddr("out", 100);
  b.dma("fetch", {in}, {a});
  b.dpu("bump", {a}, {a}); // in place: version 2
  b.dpu("p1", {}, {t1});
  b.dpu("p2", {t1}, {t2});
  b.dpu("bump2", {a, t2}, {a}); // version 3
  b.dpu("p3", {}, {t1});
  b.dpu("p4", {t1}, {t2});
  b.dpu("use", {a, t2}, {out});
  Schedule schedule = scheduleOk(b.graph);
  // Each time "a" leaves CMX it holds a new version: two writes of "a".
  // t1, evicted for bump2, is written back too: a write may be partial, so
  // the content is kept although p3 only writes t1.
  std::vector<std::string> steps = describe(b.graph, schedule);
  EXPECT_EQ(llvm::count(steps, "spill-write:a"), 2);
  EXPECT_EQ(llvm::count(steps, "spill-read:a"), 2);
  EXPECT_EQ(llvm::count(steps, "spill-write:t1"), 1);
  EXPECT_EQ(llvm::count(steps, "spill-read:t1"), 1);
  EXPECT_EQ(schedule.stats.numSpillWrites, 3u);
  EXPECT_EQ(schedule.stats.numSpillReads, 3u);
}

/// Capacity 300. k1 and k2 sit at 0 and 100, k1 dies, leaving [0, 100) and
/// [200, 300) free around k2. "big" needs k2 plus 200 contiguous bytes: k2
/// must be moved although 200 bytes are free.
struct FragmentedInput {
  FragmentedInput() : b(300) {
    unsigned in = b.ddr("in", 100);
    unsigned k1 = b.cmx("k1", 100);
    k2 = b.cmx("k2", 100);
    big = b.cmx("big", 200);
    unsigned out = b.ddr("out", 300);
    b.dma("f1", {in}, {k1});
    b.dma("f2", {in, k1}, {k2});
    b.dpu("big", {k2}, {big});
    use = b.dpu("use", {big, k2}, {out});
  }
  Builder b;
  unsigned k2, big, use;
};

TEST(FeasibleSchedulerTest, RelocatesItsOwnInputUnderFragmentation) {
  // Without moves, k2 is spilled and read back.
  FragmentedInput graph;
  Schedule schedule = scheduleOk(graph.b.graph);
  EXPECT_EQ(schedule.stats.numSpillWrites, 1u);
  EXPECT_EQ(schedule.stats.numSpillReads, 1u);
  EXPECT_THAT(
      describe(graph.b.graph, schedule),
      ElementsAre("f1", "f2", "spill-write:k2", "spill-read:k2", "big", "use"));
  EXPECT_EQ(schedule.stats.peakCmx, 300u);
}

TEST(FeasibleSchedulerTest, MovesItsOwnInputWithinCmxUnderFragmentation) {
  // With moveToFit, k2 moves within CMX ([100, 200) to [0, 100)) instead of
  // going through DDR.
  FragmentedInput graph;
  const Graph &g = graph.b.graph;
  SchedulerOptions options;
  options.moveToFit = true;
  options.moveCycles = [](uint64_t bytes) { return bytes / 10; };
  Schedule schedule = scheduleOk(g, options);
  EXPECT_EQ(schedule.stats.numSpillWrites, 0u);
  EXPECT_EQ(schedule.stats.numMoves, 1u);
  EXPECT_EQ(schedule.stats.moveBytes, 100u);
  EXPECT_THAT(describe(g, schedule),
              ElementsAre("f1", "f2", "move:k2", "big", "use"));
  const Step &move = schedule.steps[2];
  EXPECT_EQ(move.cost, 10u);
  ASSERT_EQ(move.cmx.size(), 2u);
  EXPECT_EQ(schedule.instances[move.cmx[0].instance].offset, 100u);
  EXPECT_EQ(schedule.instances[move.cmx[1].instance].offset, 0u);
  // "big" takes the bytes k2 left, after the move read them; "use" reads k2
  // where it moved.
  const Step &bigStep = schedule.steps[3];
  auto bigUse = llvm::find_if(bigStep.cmx, [&](const InstanceUse &use) {
    return use.buffer == graph.big;
  });
  ASSERT_NE(bigUse, bigStep.cmx.end());
  EXPECT_EQ(schedule.instances[bigUse->instance].offset, 100u);
  EXPECT_THAT(bigStep.deps, testing::Contains(2u));
  EXPECT_EQ(schedule.steps[schedule.stepOfTask[graph.use]].cmx[1].instance,
            move.cmx[1].instance);
  EXPECT_EQ(schedule.stats.peakCmx, 300u);
}

TEST(FeasibleSchedulerTest, MovesAnotherBufferToJoinTwoHoles) {
  // Capacity 400: a [0, 40), s [40, 80), g [80, 200), t [200, 400). Once a
  // and g die, 160 bytes are free in two holes; "e" needs 160 contiguous
  // bytes. Without moves s is spilled and read back for "last"; with them
  // s moves into a's hole and e takes [40, 200).
  Builder b(400);
  unsigned in = b.ddr("in", 200);
  unsigned out = b.ddr("out", 200);
  unsigned a = b.cmx("a", 40);
  unsigned s = b.cmx("s", 40);
  unsigned g = b.cmx("g", 120);
  unsigned t = b.cmx("t", 200);
  unsigned e = b.cmx("e", 160);
  b.dma("pa", {in}, {a});
  b.dma("ps", {in}, {s});
  b.dma("pg", {in}, {g});
  b.dma("pt", {in}, {t});
  b.dpu("ua", {a}, {out});
  b.dpu("ug", {g}, {out});
  b.dpu("make_e", {t}, {e});
  b.dpu("last", {s, t, e}, {out});
  Schedule spilled = scheduleOk(b.graph);
  EXPECT_EQ(spilled.stats.numSpillWrites, 1u);
  EXPECT_EQ(spilled.stats.numSpillReads, 1u);
  SchedulerOptions options;
  options.moveToFit = true;
  Schedule moved = scheduleOk(b.graph, options);
  EXPECT_EQ(moved.stats.numSpillWrites, 0u);
  EXPECT_EQ(moved.stats.numSpillReads, 0u);
  EXPECT_EQ(moved.stats.numMoves, 1u);
  EXPECT_EQ(moved.stats.moveBytes, 40u);
  EXPECT_THAT(describe(b.graph, moved),
              ElementsAre("pa", "ps", "pg", "pt", "ua", "ug", "move:s",
                          "make_e", "last"));
  const Step &move = moved.steps[6];
  EXPECT_EQ(moved.instances[move.cmx[0].instance].offset, 40u);
  EXPECT_EQ(moved.instances[move.cmx[1].instance].offset, 0u);
  EXPECT_EQ(moved.stats.peakCmx, 400u);
}

TEST(FeasibleSchedulerTest, ReuseWaitsForAllReadersOfThePreviousOccupant) {
  // x is read by two independent tasks; the buffer that reuses x's bytes must
  // wait for both.
  Builder b(300);
  unsigned in = b.ddr("in", 100);
  unsigned x = b.cmx("x", 100);
  unsigned p = b.cmx("p", 100);
  unsigned q = b.cmx("q", 100);
  unsigned r = b.cmx("r", 100);
  unsigned out = b.ddr("out", 100);
  b.dma("fetch", {in}, {x});
  unsigned left = b.dpu("left", {x}, {p});
  unsigned right = b.task("right", ExecutorKind::Shave, 100, {x}, {q});
  unsigned join = b.dpu("join", {p, q}, {r});
  b.dma("store", {r}, {out});
  Schedule schedule = scheduleOk(b.graph);
  const Step &joinStep = schedule.steps[schedule.stepOfTask[join]];
  uint64_t rOffset = schedule.instances[joinStep.cmx.back().instance].offset;
  EXPECT_EQ(rOffset, 0u) << "r reuses x's bytes";
  EXPECT_THAT(joinStep.deps, ElementsAre(schedule.stepOfTask[left],
                                         schedule.stepOfTask[right]));
}

TEST(FeasibleSchedulerTest, ExplicitDependenciesAreKept) {
  Builder b(1000);
  unsigned a = b.cmx("a", 10);
  unsigned c = b.cmx("c", 10);
  unsigned first = b.dpu("first", {}, {a});
  unsigned second = b.task("second", ExecutorKind::Shave, 5, {}, {c}, {first});
  Schedule schedule = scheduleOk(b.graph);
  EXPECT_THAT(schedule.steps[schedule.stepOfTask[second]].deps,
              ElementsAre(schedule.stepOfTask[first]));
}

TEST(FeasibleSchedulerTest, ZeroSizeAndDdrOnlyTasks) {
  Builder b(100);
  unsigned empty = b.cmx("empty", 0, 64);
  unsigned d1 = b.ddr("d1", 10);
  unsigned d2 = b.ddr("d2", 10);
  b.task("shave", ExecutorKind::Shave, 3, {}, {d1});
  b.dpu("z", {d1}, {empty});
  b.dma("copy", {empty, d1}, {d2});
  Schedule schedule = scheduleOk(b.graph);
  EXPECT_EQ(schedule.stats.peakCmx, 0u);
  EXPECT_EQ(schedule.steps.size(), 3u);
}

//===----------------------------------------------------------------------===//
// Several CMX arenas (clusters)
//===----------------------------------------------------------------------===//

TEST(FeasibleSchedulerTest, ArenasAreSeparateMemories) {
  // Two clusters of 200 bytes: each conv's buffers fill its own cluster, and
  // the two convs share no byte, so nothing is evicted and both arenas start
  // at offset 0.
  Builder b(0);
  b.graph.arenaCapacities = {200, 200};
  unsigned in = b.ddr("in", 100, true);
  unsigned out0 = b.ddr("out0", 100);
  unsigned out1 = b.ddr("out1", 100);
  unsigned x0 = b.cmx("x0", 100, 1, 0);
  unsigned y0 = b.cmx("y0", 100, 1, 0);
  unsigned x1 = b.cmx("x1", 100, 1, 1);
  unsigned y1 = b.cmx("y1", 100, 1, 1);
  b.dma("load_x0", {in}, {x0});
  b.dma("load_x1", {in}, {x1});
  unsigned c0 = b.dpu("conv0", {x0}, {y0});
  unsigned c1 = b.dpu("conv1", {x1}, {y1});
  b.dma("store0", {y0}, {out0});
  b.dma("store1", {y1}, {out1});
  Schedule schedule = scheduleOk(b.graph);
  EXPECT_EQ(schedule.stats.numSpillWrites + schedule.stats.numReloads, 0u);
  EXPECT_THAT(schedule.stats.peakCmxPerArena, ElementsAre(200u, 200u));
  EXPECT_EQ(schedule.stats.peakCmx, 200u);
  const Step &conv0 = schedule.steps[schedule.stepOfTask[c0]];
  const Step &conv1 = schedule.steps[schedule.stepOfTask[c1]];
  for (const InstanceUse &use : conv0.cmx) {
    EXPECT_EQ(schedule.instances[use.instance].arena, 0u);
  }
  for (const InstanceUse &use : conv1.cmx) {
    EXPECT_EQ(schedule.instances[use.instance].arena, 1u);
  }
  // The same offsets in two arenas are not a reuse: conv1 does not wait for
  // conv0.
  EXPECT_FALSE(llvm::is_contained(conv1.deps, schedule.stepOfTask[c0]));
}

/// The offset of the first instance of `buffer` in `schedule`.
uint64_t instanceOffset(const Schedule &schedule, unsigned buffer) {
  for (const Instance &instance : schedule.instances) {
    if (instance.buffer == buffer) {
      return instance.offset;
    }
  }
  ADD_FAILURE() << "no instance of buffer " << buffer;
  return 0;
}

/// Adds to `b` two convolutions, conv0 on cluster 0 reading x0 and w0 and
/// conv1 on cluster 1 reading x1 and w1, each stored to `out`; w0 and w1
/// are loads of `w`.
void addTwoClusterConvs(Builder &b, unsigned w, unsigned out, unsigned x0,
                        unsigned x1, unsigned w0, unsigned w1) {
  unsigned y0 = b.cmx("y0", 20, 1, 0);
  unsigned y1 = b.cmx("y1", 20, 1, 1);
  b.dma("load_w0", {w}, {w0});
  b.dma("load_w1", {w}, {w1});
  b.dpu("conv0", {x0, w0}, {y0});
  b.dpu("conv1", {x1, w1}, {y1});
  b.dma("store0", {y0}, {out});
  b.dma("store1", {y1}, {out});
}

TEST(FeasibleSchedulerTest, TwinsTakeTheSameOffset) {
  // When the weights arrive, cluster 0 holds x0 at [0, 100) and cluster 1
  // x1 at [0, 40): best fit puts cluster 0's copy of the weights at 100 and
  // cluster 1's at 40. As twins, cluster 1's copy takes offset 100 as well,
  // which is free there.
  for (bool twins : {false, true}) {
    Builder b(0);
    b.graph.arenaCapacities = {200, 200};
    unsigned in = b.ddr("in", 100, true);
    unsigned w = b.ddr("w", 60, true);
    unsigned out = b.ddr("out", 40);
    unsigned x0 = b.cmx("x0", 100, 1, 0);
    unsigned x1 = b.cmx("x1", 40, 1, 1);
    unsigned w0 = b.cmx("w0", 60, 1, 0);
    unsigned w1 = b.cmx("w1", 60, 1, 1);
    if (twins) {
      b.graph.buffers[w0].twin = 7;
      b.graph.buffers[w1].twin = 7;
    }
    b.dma("load_x0", {in}, {x0});
    b.dma("load_x1", {in}, {x1});
    addTwoClusterConvs(b, w, out, x0, x1, w0, w1);
    Schedule schedule = scheduleOk(b.graph);
    EXPECT_EQ(instanceOffset(schedule, w0), 100u);
    EXPECT_EQ(instanceOffset(schedule, w1), twins ? 100u : 40u);
  }
}

TEST(FeasibleSchedulerTest, JointTwinsTakeAnOffsetFreeInBothArenas) {
  // pre1 leaves x1 at [80, 140) of cluster 1 (its input a1 at [0, 80) is
  // dead). conv0 then places its copy of the weights in cluster 0, which
  // holds x0 at [0, 100): best fit puts it at 100, partly taken in cluster
  // 1, so conv1's copy goes to 140 there. With joint twins, cluster 0's copy
  // takes the best fit free in both clusters, 140, and conv1's copy follows.
  for (bool joint : {false, true}) {
    Builder b(0);
    b.graph.arenaCapacities = {200, 200};
    unsigned in = b.ddr("in", 100, true);
    unsigned w = b.ddr("w", 60, true);
    unsigned out = b.ddr("out", 20);
    unsigned a1 = b.cmx("a1", 80, 1, 1);
    unsigned x0 = b.cmx("x0", 100, 1, 0);
    unsigned x1 = b.cmx("x1", 60, 1, 1);
    unsigned w0 = b.cmx("w0", 60, 1, 0);
    unsigned w1 = b.cmx("w1", 60, 1, 1);
    b.graph.buffers[w0].twin = 7;
    b.graph.buffers[w1].twin = 7;
    b.dma("load_a1", {in}, {a1});
    b.dma("load_x0", {in}, {x0});
    b.dpu("pre1", {a1}, {x1});
    addTwoClusterConvs(b, w, out, x0, x1, w0, w1);
    SchedulerOptions options;
    options.jointTwins = joint;
    Schedule schedule = scheduleOk(b.graph, options);
    EXPECT_EQ(instanceOffset(schedule, x1), 80u);
    EXPECT_EQ(instanceOffset(schedule, w0), joint ? 140u : 100u);
    EXPECT_EQ(instanceOffset(schedule, w1), 140u);
    EXPECT_EQ(schedule.stats.numSpillWrites + schedule.stats.numReloads, 0u);
  }
}

TEST(FeasibleSchedulerTest, SharesAResidentCopy) {
  // w1 and w2 hold the same bytes. With lookahead 1, w2 is wanted after
  // conv1, before w1 is released: conv2 reads w1's instance and load_w2
  // never runs. Just in time, w1 is gone by then and w2 is loaded.
  Chain chain(1000);
  chain.makeCopies();
  SchedulerOptions options;
  options.shareCopies = true;
  Schedule shared = scheduleOk(chain.b.graph, options);
  EXPECT_THAT(describe(chain.b.graph, shared),
              ElementsAre("load_x", "load_w1", "conv1", "conv2", "store"));
  EXPECT_EQ(shared.stepOfTask[3], ~0u);
  const Step &conv2 = shared.steps[shared.stepOfTask[chain.conv2]];
  const InstanceUse *use =
      llvm::find_if(conv2.cmx, [&](const InstanceUse &use) {
        return use.buffer == chain.w2;
      });
  ASSERT_NE(use, conv2.cmx.end());
  EXPECT_EQ(shared.instances[use->instance].buffer, chain.w1);
  EXPECT_EQ(shared.stats.numShared, 1u);
  EXPECT_EQ(shared.stats.sharedBytes, 100u);
  EXPECT_EQ(shared.stats.peakCmx, 300u);

  options.prefetchLookahead = 0;
  Schedule late = scheduleOk(chain.b.graph, options);
  EXPECT_THAT(
      describe(chain.b.graph, late),
      ElementsAre("load_x", "load_w1", "conv1", "load_w2", "conv2", "store"));
  EXPECT_EQ(late.stats.numShared, 0u);

  // Other content, or sharing off: loaded.
  options.prefetchLookahead = 1;
  options.shareCopies = false;
  EXPECT_EQ(scheduleOk(chain.b.graph, options).stats.numShared, 0u);
  chain.b.graph.buffers[chain.w2].content = 6;
  options.shareCopies = true;
  EXPECT_EQ(scheduleOk(chain.b.graph, options).stats.numShared, 0u);
}

TEST(FeasibleSchedulerTest, EvictsOnlyInTheArenaThatIsFull) {
  // a (arena 0) is used again at the end; the tasks in between fill arena 1
  // only, so a stays resident and nothing of arena 0 is spilled, while arena
  // 1 spills b.
  Builder b(0);
  b.graph.arenaCapacities = {300, 200};
  unsigned out = b.ddr("out", 100);
  unsigned a = b.cmx("a", 100, 1, 0);
  unsigned bb = b.cmx("b", 100, 1, 1);
  unsigned c = b.cmx("c", 100, 1, 1);
  unsigned d = b.cmx("d", 100, 1, 1);
  b.dpu("make_a", {}, {a});
  b.dpu("make_b", {}, {bb});
  b.dpu("make_c", {}, {c});
  b.dpu("make_d", {c}, {d});
  b.dpu("use", {a, bb, d}, {});
  b.dma("store", {a}, {out});
  Schedule schedule = scheduleOk(b.graph);
  EXPECT_EQ(schedule.stats.numSpillWrites, 1u);
  for (const Step &step : schedule.steps) {
    if (step.kind == StepKind::SpillWrite) {
      EXPECT_EQ(step.buffer, bb);
    }
  }
  EXPECT_LE(schedule.stats.peakCmxPerArena[1], 200u);
}

//===----------------------------------------------------------------------===//
// Graph errors
//===----------------------------------------------------------------------===//

TEST(FeasibleSchedulerErrorTest, TaskTooLargeForItsArena) {
  // 150 bytes in each arena fit the total of 300, but not arena 1's 100.
  Builder b(0);
  b.graph.arenaCapacities = {200, 100};
  unsigned x = b.cmx("x", 150, 1, 0);
  unsigned y = b.cmx("y", 150, 1, 1);
  b.dpu("init", {}, {x});
  b.dma("copy", {x}, {y});
  EXPECT_EQ(getTaskCmxFootprint(b.graph, 1, 0), 150u);
  EXPECT_EQ(getTaskCmxFootprint(b.graph, 1, 1), 150u);
  EXPECT_THAT(scheduleError(b.graph),
              AllOf(HasSubstr("task 'copy' (#1) needs 150 bytes of CMX arena "
                              "1 for its buffers ('y' (150))"),
                    HasSubstr("capacity of 100 bytes")));
}

TEST(FeasibleSchedulerErrorTest, UnknownArena) {
  Builder b(0);
  b.graph.arenaCapacities = {100, 100};
  b.cmx("x", 10, 1, 2);
  EXPECT_THAT(scheduleError(b.graph),
              HasSubstr("buffer 'x' (#0) lives in CMX arena 2, but there are "
                        "only 2 arenas"));
}

TEST(FeasibleSchedulerErrorTest, TaskTooLargeForCmx) {
  Builder b(1000);
  unsigned x = b.cmx("x", 600, 64);
  unsigned y = b.cmx("y", 500);
  b.dpu("init", {}, {x});
  b.dpu("conv", {x}, {y});
  EXPECT_THAT(scheduleError(b.graph),
              AllOf(HasSubstr("task 'conv' (#1) needs 1100 bytes of CMX"),
                    HasSubstr("'x' (600), 'y' (500)"),
                    HasSubstr("capacity of 1000 bytes"),
                    HasSubstr("must be tiled first")));
}

TEST(FeasibleSchedulerErrorTest, FootprintCountsAlignmentPadding) {
  Builder b(1000);
  unsigned x = b.cmx("x", 500, 512);
  unsigned y = b.cmx("y", 10, 512);
  b.dpu("t", {}, {x, y});
  // 500 -> padded to 512, then 10: 522 fits; a third aligned one does not.
  EXPECT_EQ(getTaskCmxFootprint(b.graph, 0), 522u);
  unsigned z = b.cmx("z", 10, 512);
  b.graph.tasks[0].writes.push_back(z);
  EXPECT_EQ(getTaskCmxFootprint(b.graph, 0), 1034u);
  EXPECT_THAT(scheduleError(b.graph), HasSubstr("task 't' (#0) needs 1034"));
}

TEST(FeasibleSchedulerErrorTest, ReadBeforeWrite) {
  Builder b(1000);
  unsigned x = b.cmx("x", 10);
  unsigned y = b.cmx("y", 10);
  b.dpu("t", {x}, {y});
  EXPECT_THAT(scheduleError(b.graph),
              HasSubstr("task 't' (#0) reads buffer 'x' (#0) before any task "
                        "writes it"));
}

TEST(FeasibleSchedulerErrorTest, InPlaceFirstAccessReadsGarbage) {
  Builder b(1000);
  unsigned x = b.cmx("x", 10);
  b.dpu("t", {x}, {x});
  EXPECT_THAT(scheduleError(b.graph), HasSubstr("before any task writes it"));
}

TEST(FeasibleSchedulerErrorTest, WritesReloadable) {
  Builder b(1000);
  unsigned c = b.ddr("const", 10, true);
  b.dpu("t", {}, {c});
  EXPECT_THAT(scheduleError(b.graph),
              HasSubstr("task 't' (#0) writes buffer 'const' (#0), which is "
                        "reloadable"));
}

TEST(FeasibleSchedulerErrorTest, ReloadableInCmx) {
  Builder b(1000);
  unsigned c = b.cmx("c", 10);
  b.graph.buffers[c].reloadable = true;
  EXPECT_THAT(scheduleError(b.graph),
              HasSubstr("buffer 'c' (#0) is reloadable but lives in CMX"));
}

TEST(FeasibleSchedulerErrorTest, BadAlignment) {
  Builder b(1000);
  b.cmx("c", 10, 48);
  EXPECT_THAT(scheduleError(b.graph),
              HasSubstr("buffer 'c' (#0) has alignment 48, not a power of "
                        "two"));
}

TEST(FeasibleSchedulerErrorTest, ForwardDependency) {
  Builder b(1000);
  b.task("t", ExecutorKind::DPU, 1, {}, {}, {1});
  b.task("u", ExecutorKind::DPU, 1, {}, {});
  EXPECT_THAT(scheduleError(b.graph),
              HasSubstr("task 't' (#0) depends on task #1, which does not "
                        "come before it"));
}

TEST(FeasibleSchedulerErrorTest, UnknownBuffer) {
  Builder b(1000);
  b.dpu("t", {}, {7});
  EXPECT_THAT(scheduleError(b.graph),
              HasSubstr("task 't' (#0) uses buffer #7, but there are only 0 "
                        "buffers"));
}

TEST(FeasibleSchedulerErrorTest, ZeroCost) {
  Builder b(1000);
  b.task("t", ExecutorKind::DPU, 0, {}, {});
  EXPECT_THAT(scheduleError(b.graph), HasSubstr("task 't' (#0) has cost 0"));
}

//===----------------------------------------------------------------------===//
// The verifier catches corrupted schedules
//===----------------------------------------------------------------------===//

TEST(ScheduleVerifierTest, DetectsOverlappingLiveInstances) {
  Chain chain(1000);
  Schedule schedule = scheduleOk(chain.b.graph);
  // Put a1 over x while both are live (conv1 reads x and writes a1).
  const Step &conv1 = schedule.steps[schedule.stepOfTask[chain.conv1]];
  unsigned xInstance = conv1.cmx[0].instance;
  unsigned a1Instance = conv1.cmx[2].instance;
  ASSERT_EQ(conv1.cmx[2].buffer, chain.a1);
  schedule.instances[a1Instance].offset = schedule.instances[xInstance].offset;
  EXPECT_THAT(verifyError(chain.b.graph, schedule),
              HasSubstr("share CMX bytes but"));
}

TEST(ScheduleVerifierTest, DetectsInstanceInTheWrongArena) {
  Chain chain(1000);
  chain.b.graph.arenaCapacities = {1000, 1000};
  Schedule schedule = scheduleOk(chain.b.graph);
  schedule.instances[0].arena = 1;
  EXPECT_THAT(verifyError(chain.b.graph, schedule),
              HasSubstr("is in arena 1, not the buffer's arena 0"));
}

TEST(ScheduleVerifierTest, DetectsMissingReuseDependency) {
  Chain chain(1000);
  SchedulerOptions options;
  options.prefetchLookahead = 0;
  Schedule schedule = scheduleOk(chain.b.graph, options);
  unsigned loadW2 = schedule.stepOfTask[3];
  ASSERT_FALSE(schedule.steps[loadW2].deps.empty());
  schedule.steps[loadW2].deps.clear();
  // Keep conv2 ordered after conv1 directly: only the reuse is unordered.
  auto &conv2Deps = schedule.steps[schedule.stepOfTask[chain.conv2]].deps;
  conv2Deps.push_back(schedule.stepOfTask[chain.conv1]);
  llvm::sort(conv2Deps);
  EXPECT_THAT(
      verifyError(chain.b.graph, schedule, options),
      HasSubstr("is not ordered before step #" + std::to_string(loadW2)));
}

TEST(ScheduleVerifierTest, DetectsMissingDataDependency) {
  Chain chain(1000);
  Schedule schedule = scheduleOk(chain.b.graph);
  unsigned conv2 = schedule.stepOfTask[chain.conv2];
  schedule.steps[conv2].deps.clear();
  EXPECT_THAT(verifyError(chain.b.graph, schedule),
              HasSubstr("unordered with a conflicting access"));
}

TEST(ScheduleVerifierTest, DetectsForwardDependency) {
  Chain chain(1000);
  Schedule schedule = scheduleOk(chain.b.graph);
  schedule.steps[0].deps.push_back(3);
  EXPECT_THAT(verifyError(chain.b.graph, schedule),
              HasSubstr("possible deadlock"));
}

TEST(ScheduleVerifierTest, DetectsMismatchedInstance) {
  Builder b(350);
  unsigned in = b.ddr("in", 100);
  unsigned a0 = b.cmx("a0", 100);
  unsigned a1 = b.cmx("a1", 100);
  unsigned a2 = b.cmx("a2", 150);
  unsigned a3 = b.cmx("a3", 150);
  unsigned out = b.ddr("out", 100);
  b.dma("fetch", {in}, {a0});
  b.dma("fetch2", {in}, {a1});
  b.dpu("mid1", {a1}, {a2});
  b.dpu("mid2", {a2}, {a3});
  b.dpu("last", {a0, a3}, {out});
  Schedule schedule = scheduleOk(b.graph);
  ASSERT_EQ(schedule.stats.numSpillWrites, 1u);
  // Make the read-back claim to move another buffer.
  for (Step &step : schedule.steps) {
    if (step.kind == StepKind::SpillRead) {
      step.buffer = a1;
      step.cmx.front().buffer = a1;
    }
  }
  EXPECT_THAT(verifyError(b.graph, schedule),
              HasSubstr("maps buffer #2 to instance"));
  (void)a0;
  (void)a2;
  (void)a3;
  (void)out;
}

TEST(ScheduleVerifierTest, DetectsAMoveOntoItsOwnInstance) {
  FragmentedInput graph;
  const Graph &g = graph.b.graph;
  SchedulerOptions options;
  options.moveToFit = true;
  Schedule schedule = scheduleOk(g, options);
  ASSERT_EQ(schedule.steps[2].kind, StepKind::Move);
  Schedule wrongCost = schedule;
  wrongCost.steps[2].cost = 7;
  EXPECT_THAT(verifyError(g, wrongCost, options),
              HasSubstr("has estimated cycles"));
  schedule.steps[2].cmx[1].instance = schedule.steps[2].cmx[0].instance;
  EXPECT_THAT(verifyError(g, schedule, options),
              HasSubstr("must be a DMA from one CMX instance of the buffer it "
                        "moves to another in the same arena"));
}

/// Removes step `victim`; later steps that waited for it wait for its
/// dependencies instead, so the ordering of the others is unchanged.
Schedule removeStep(Schedule schedule, unsigned victim) {
  llvm::SmallVector<unsigned, 4> victimDeps = schedule.steps[victim].deps;
  for (unsigned s = victim + 1; s < schedule.steps.size(); ++s) {
    llvm::SmallVector<unsigned, 4> deps;
    for (unsigned dep : schedule.steps[s].deps) {
      if (dep == victim) {
        deps.append(victimDeps.begin(), victimDeps.end());
      } else {
        deps.push_back(dep);
      }
    }
    for (unsigned &dep : deps) {
      dep -= dep > victim ? 1 : 0;
    }
    llvm::sort(deps);
    deps.erase(std::unique(deps.begin(), deps.end()), deps.end());
    schedule.steps[s].deps = deps;
  }
  schedule.steps.erase(schedule.steps.begin() + victim);
  for (unsigned &step : schedule.stepOfTask) {
    step -= step > victim ? 1 : 0;
  }
  for (Instance &instance : schedule.instances) {
    instance.firstStep = ~0u;
  }
  for (unsigned s = 0; s < schedule.steps.size(); ++s) {
    for (const InstanceUse &use : schedule.steps[s].cmx) {
      Instance &instance = schedule.instances[use.instance];
      if (instance.firstStep == ~0u) {
        instance.firstStep = s;
      }
      instance.lastStep = s;
    }
  }
  return schedule;
}

TEST(ScheduleVerifierTest, DetectsStaleSpilledData) {
  // "a" is updated in place, spilled, updated again and spilled again;
  // dropping the second spill write makes "use" read the old version.
  Builder b(200);
  unsigned in = b.ddr("in", 100);
  unsigned a = b.cmx("a", 100);
  unsigned t1 = b.cmx("t1", 100);
  unsigned t2 = b.cmx("t2", 100);
  unsigned out = b.ddr("out", 100);
  b.dma("fetch", {in}, {a});
  b.dpu("bump", {a}, {a});
  b.dpu("p1", {}, {t1});
  b.dpu("p2", {t1}, {t2});
  b.dpu("bump2", {a, t2}, {a});
  b.dpu("p3", {}, {t1});
  b.dpu("p4", {t1}, {t2});
  b.dpu("use", {a, t2}, {out});
  Schedule schedule = scheduleOk(b.graph);
  std::vector<std::string> steps = describe(b.graph, schedule);
  auto second = std::find(llvm::find(steps, "spill-write:a") + 1, steps.end(),
                          "spill-write:a");
  ASSERT_NE(second, steps.end());
  EXPECT_THAT(
      verifyError(b.graph, removeStep(schedule, second - steps.begin())),
      HasSubstr("expects version 3 of 'a' but finds version 2 of "
                "'a'"));
}

TEST(ScheduleVerifierTest, DetectsUnscheduledTaskAndBadStats) {
  Chain chain(1000);
  Schedule schedule = scheduleOk(chain.b.graph);
  Schedule wrongStats = schedule;
  wrongStats.stats.peakCmx += 1;
  EXPECT_THAT(verifyError(chain.b.graph, wrongStats),
              HasSubstr("the statistics do not match"));
  schedule.steps.pop_back();
  EXPECT_THAT(verifyError(chain.b.graph, schedule),
              HasSubstr("task 'store' (#5) is not scheduled"));
}

TEST(ScheduleVerifierTest, DetectsACopyOfOtherContent) {
  Chain chain(1000);
  chain.makeCopies();
  SchedulerOptions options;
  options.shareCopies = true;
  Schedule schedule = scheduleOk(chain.b.graph, options);
  ASSERT_EQ(schedule.stats.numShared, 1u);
  // The same schedule is wrong when w2 holds other bytes than w1.
  chain.b.graph.buffers[chain.w2].content = 6;
  EXPECT_THAT(verifyError(chain.b.graph, schedule, options),
              HasSubstr("maps buffer #6 to instance #1, which does not hold "
                        "it"));
  // Without a content, load_w2 must run.
  chain.b.graph.buffers[chain.w2].content = 0;
  EXPECT_THAT(verifyError(chain.b.graph, schedule, options),
              HasSubstr("task 'load_w2' (#3) is not scheduled"));
}

TEST(ScheduleVerifierTest, DetectsBrokenSerialOrder) {
  Chain chain(1000);
  Schedule schedule = scheduleOk(chain.b.graph);
  SchedulerOptions serial;
  serial.serial = true;
  EXPECT_THAT(verifyError(chain.b.graph, schedule, serial),
              HasSubstr("serial schedule"));
}

} // namespace
} // namespace mlir::vpuc::sched::feasible
