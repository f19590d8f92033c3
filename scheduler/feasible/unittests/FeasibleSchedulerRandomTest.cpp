//===- FeasibleSchedulerRandomTest.cpp - Randomised tests -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Thousands of random layered graphs (seeded, reproducible) under memory
// pressures from none to the largest single-task footprint, each scheduled
// just in time, with prefetching (lookahead 1 and 3) and serially, and every
// schedule checked by verifySchedule: no two live CMX instances share a byte,
// every task's buffers resident and holding the right version (spilled data
// comes back unchanged), producers before consumers, dependencies backwards
// (no deadlock), capacity respected, statistics exact.
//
//===----------------------------------------------------------------------===//

#include <iostream>
#include <random>
#include <string>

#include "scheduler/feasible/FeasibleScheduler.h"
#include "scheduler/feasible/testing/RandomGraphs.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::sched::feasible {
namespace {

struct Variant {
  const char *name;
  SchedulerOptions options;
};

std::vector<Variant> variants() {
  std::vector<Variant> result;
  SchedulerOptions jit;
  jit.prefetchLookahead = 0;
  result.push_back({"just-in-time", jit});
  SchedulerOptions prefetch;
  prefetch.prefetchLookahead = 1;
  // Spill DMAs of 5 cycles + 1 per 32 bytes.
  prefetch.spillCycles = [](uint64_t bytes) { return 5 + (bytes + 31) / 32; };
  result.push_back({"prefetch-1", prefetch});
  SchedulerOptions deep;
  deep.prefetchLookahead = 3;
  // Spill DMAs of 1 cycle per 7 bytes.
  deep.spillCycles = [](uint64_t bytes) { return (bytes + 6) / 7; };
  result.push_back({"prefetch-3", deep});
  SchedulerOptions idle;
  idle.prefetchLookahead = 1;
  idle.prefetchIdleLookahead = 6;
  idle.avoidRecentReleases = 2;
  result.push_back({"prefetch-1-idle-6", idle});
  SchedulerOptions moves;
  moves.prefetchLookahead = 1;
  moves.avoidRecentReleases = 2;
  moves.moveToFit = true;
  // Moves within CMX of 3 cycles + 1 per 64 bytes.
  moves.moveCycles = [](uint64_t bytes) { return 3 + (bytes + 63) / 64; };
  result.push_back({"prefetch-1-moves", moves});
  SchedulerOptions serial;
  serial.serial = true;
  result.push_back({"serial", serial});
  return result;
}

/// Totals over a test, to show the random graphs exercise what they should.
struct Totals {
  unsigned schedules = 0;
  unsigned withSpillWrites = 0;
  unsigned withReloads = 0;
  unsigned withPrefetch = 0;
  unsigned withShared = 0;
  unsigned withMoves = 0;
};

void scheduleAndVerify(const Graph &graph, const std::string &label,
                       Totals &totals, bool expectNoEviction,
                       bool shareCopies = false) {
  for (Variant variant : variants()) {
    variant.options.shareCopies = shareCopies;
    llvm::Expected<Schedule> schedule = scheduleGraph(graph, variant.options);
    ASSERT_TRUE(static_cast<bool>(schedule))
        << label << " " << variant.name << ": "
        << llvm::toString(schedule.takeError());
    llvm::Error error = verifySchedule(graph, *schedule, variant.options);
    ASSERT_FALSE(static_cast<bool>(error))
        << label << " " << variant.name << ": "
        << llvm::toString(std::move(error));
    const ScheduleStats &stats = schedule->stats;
    ASSERT_EQ(stats.peakCmxPerArena.size(), graph.getNumArenas());
    for (unsigned arena = 0; arena < graph.getNumArenas(); ++arena) {
      EXPECT_LE(stats.peakCmxPerArena[arena], graph.getArenaCapacity(arena));
    }
    EXPECT_EQ(stats.numSpillWrites <= stats.numSpillReads, true)
        << label << ": every spilled buffer is still needed, so it is read "
        << "back at least once";
    if (expectNoEviction) {
      EXPECT_EQ(stats.numSpillWrites + stats.numReloads, 0u)
          << label << " " << variant.name
          << ": everything fits at once, nothing should be evicted";
    }
    ++totals.schedules;
    totals.withSpillWrites += stats.numSpillWrites > 0;
    totals.withReloads += stats.numReloads > 0;
    totals.withPrefetch += stats.numPrefetched > 0;
    totals.withShared += stats.numShared > 0;
    totals.withMoves += stats.numMoves > 0;
    if (!variant.options.moveToFit) {
      EXPECT_EQ(stats.numMoves, 0u) << label << " " << variant.name;
    }
    if (!shareCopies) {
      EXPECT_EQ(stats.numShared, 0u) << label << " " << variant.name;
    }
  }
}

/// The sizes, widths and pressures that MultipleArenas and SharedCopies sweep
/// over with `seed`.
RandomGraphOptions sweptOptions(uint64_t seed) {
  const double pressures[] = {0.0, 0.5, 0.85, 1.0};
  RandomGraphOptions options;
  options.numComputeTasks = 3 + seed % 40;
  options.maxLayerWidth = 1 + seed % 4;
  options.pressure = pressures[seed % 4];
  return options;
}

TEST(FeasibleSchedulerRandomTest, ThousandsOfSmallGraphs) {
  const double pressures[] = {0.0, 0.3, 0.6, 0.85, 1.0};
  Totals totals;
  for (uint64_t seed = 0; seed < 1500; ++seed) {
    RandomGraphOptions options;
    options.numComputeTasks = 3 + seed % 50;
    options.maxLayerWidth = 1 + seed % 5;
    options.maxReadDistance = 1 + seed % 4;
    options.pressure = pressures[seed % 5];
    options.irregular = seed % 7 != 0;
    Graph graph = makeRandomGraph(seed, options);
    ASSERT_FALSE(static_cast<bool>(verifyGraph(graph))) << "seed " << seed;
    // Without odd alignments or sizes, pressure 0 leaves room for every
    // buffer at once.
    bool roomForAll = !options.irregular && options.pressure == 0.0;
    scheduleAndVerify(graph, "seed " + std::to_string(seed), totals,
                      roomForAll);
    if (HasFatalFailure()) {
      return;
    }
  }
  EXPECT_EQ(totals.schedules, 9000u);
  EXPECT_GT(totals.withMoves, 50u);
  // The generator must exercise spills, reloads and prefetching.
  EXPECT_GT(totals.withSpillWrites, 600u);
  EXPECT_GT(totals.withReloads, 600u);
  EXPECT_GT(totals.withPrefetch, 600u);
  std::cout << "schedules " << totals.schedules << ", with spill writes "
            << totals.withSpillWrites << ", with reloads " << totals.withReloads
            << ", with prefetches " << totals.withPrefetch << ", with moves "
            << totals.withMoves << "\n";
}

// Several CMX arenas (clusters): buffers spread at random over 2 to 4
// arenas with one capacity each; tasks often use buffers of several arenas
// (e.g. a DMA from one cluster's CMX to another's).
TEST(FeasibleSchedulerRandomTest, MultipleArenas) {
  Totals totals;
  for (uint64_t seed = 0; seed < 400; ++seed) {
    RandomGraphOptions options = sweptOptions(seed);
    options.numArenas = 2 + seed % 3;
    Graph graph = makeRandomGraph(20000 + seed, options);
    ASSERT_EQ(graph.getNumArenas(), options.numArenas);
    ASSERT_FALSE(static_cast<bool>(verifyGraph(graph))) << "seed " << seed;
    scheduleAndVerify(graph, "arenas seed " + std::to_string(20000 + seed),
                      totals, false);
    if (HasFatalFailure()) {
      return;
    }
  }
  EXPECT_EQ(totals.schedules, 2400u);
  EXPECT_GT(totals.withMoves, 10u);
  EXPECT_GT(totals.withSpillWrites, 100u);
  EXPECT_GT(totals.withReloads, 100u);
  EXPECT_GT(totals.withPrefetch, 100u);
  std::cout << "arenas: schedules " << totals.schedules
            << ", with spill writes " << totals.withSpillWrites
            << ", with reloads " << totals.withReloads << ", with prefetches "
            << totals.withPrefetch << "\n";
}

// Loads of equal content (Buffer::content) into one arena: with shareCopies
// a buffer whose copy is resident uses that copy's instance, and the
// verifier replays that every reader finds the content it expects.
TEST(FeasibleSchedulerRandomTest, SharedCopies) {
  Totals totals;
  for (uint64_t seed = 0; seed < 500; ++seed) {
    RandomGraphOptions options = sweptOptions(seed);
    options.numArenas = 1 + seed % 3;
    options.irregular = seed % 5 != 0;
    options.copyChance = 0.4;
    Graph graph = makeRandomGraph(40000 + seed, options);
    ASSERT_FALSE(static_cast<bool>(verifyGraph(graph))) << "seed " << seed;
    std::string label = "copies seed " + std::to_string(40000 + seed);
    scheduleAndVerify(graph, label, totals, false, /*shareCopies=*/true);
    scheduleAndVerify(graph, label + " unshared", totals, false);
    if (HasFatalFailure()) {
      return;
    }
  }
  EXPECT_EQ(totals.schedules, 6000u);
  EXPECT_GT(totals.withShared, 300u);
  EXPECT_GT(totals.withReloads, 100u);
  std::cout << "copies: schedules " << totals.schedules << ", with shared "
            << totals.withShared << ", with reloads " << totals.withReloads
            << "\n";
}

TEST(FeasibleSchedulerRandomTest, LargerGraphs) {
  Totals totals;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    RandomGraphOptions options;
    options.numComputeTasks = 400;
    options.maxLayerWidth = 6;
    options.maxReadDistance = 6;
    options.pressure = 0.5 + 0.05 * (seed % 10);
    Graph graph = makeRandomGraph(1000 + seed, options);
    scheduleAndVerify(graph, "large seed " + std::to_string(1000 + seed),
                      totals, false);
    if (HasFatalFailure()) {
      return;
    }
  }
}

// The dependencies are transitively reduced, so each one is the only path
// between its two steps, and each exists because of a conflict (data, reuse,
// explicit or serial). Dropping any single one must therefore be caught by
// the verifier: this checks the verifier's completeness and that the
// scheduler adds no dependency it does not need.
TEST(FeasibleSchedulerRandomTest, DroppingAnyDependencyIsCaught) {
  unsigned mutations = 0;
  for (uint64_t seed = 0; seed < 300; ++seed) {
    RandomGraphOptions options;
    options.numComputeTasks = 3 + seed % 30;
    options.pressure = (seed % 4) / 3.0;
    options.numArenas = 1 + seed % 3;
    options.copyChance = seed % 2 == 0 ? 0.0 : 0.4;
    Graph graph = makeRandomGraph(5000 + seed, options);
    SchedulerOptions schedulerOptions;
    schedulerOptions.serial = seed % 5 == 0;
    schedulerOptions.shareCopies = seed % 2 != 0;
    llvm::Expected<Schedule> schedule = scheduleGraph(graph, schedulerOptions);
    ASSERT_TRUE(static_cast<bool>(schedule))
        << llvm::toString(schedule.takeError());
    std::mt19937 rng(seed);
    for (unsigned attempt = 0; attempt < 5; ++attempt) {
      unsigned s = rng() % schedule->steps.size();
      if (schedule->steps[s].deps.empty()) {
        continue;
      }
      Schedule mutated = *schedule;
      auto &deps = mutated.steps[s].deps;
      deps.erase(deps.begin() + rng() % deps.size());
      llvm::Error error = verifySchedule(graph, mutated, schedulerOptions);
      EXPECT_TRUE(static_cast<bool>(error))
          << "seed " << 5000 + seed << ": dropping a dependency of step " << s
          << " went unnoticed";
      llvm::consumeError(std::move(error));
      ++mutations;
    }
  }
  EXPECT_GT(mutations, 500u);
}

TEST(FeasibleSchedulerRandomTest, Deterministic) {
  RandomGraphOptions options;
  options.numComputeTasks = 200;
  options.pressure = 0.8;
  Graph graph = makeRandomGraph(77, options);
  llvm::Expected<Schedule> a = scheduleGraph(graph);
  llvm::Expected<Schedule> b = scheduleGraph(graph);
  ASSERT_TRUE(static_cast<bool>(a) && static_cast<bool>(b));
  ASSERT_EQ(a->steps.size(), b->steps.size());
  for (unsigned s = 0; s < a->steps.size(); ++s) {
    EXPECT_EQ(a->steps[s].kind, b->steps[s].kind);
    EXPECT_EQ(a->steps[s].task, b->steps[s].task);
    EXPECT_EQ(a->steps[s].deps, b->steps[s].deps);
  }
  ASSERT_EQ(a->instances.size(), b->instances.size());
  for (unsigned i = 0; i < a->instances.size(); ++i) {
    EXPECT_EQ(a->instances[i].offset, b->instances[i].offset);
  }
}

} // namespace
} // namespace mlir::vpuc::sched::feasible
