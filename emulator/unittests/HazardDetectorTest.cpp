//===- HazardDetectorTest.cpp - The shadow memory on its own --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Byte runs of layouts, vector-clock ordering, reader pruning and the
// merging of reports, without blobs.
//
//===----------------------------------------------------------------------===//

#include "emulator/HazardDetector.h"

#include <algorithm>
#include <map>
#include <random>

#include "emulator/HazardFeed.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

/// Uniform random integers in [low, high] for the randomised tests.
struct Uniform {
  explicit Uniform(unsigned seed) : rng(seed) {}
  int64_t operator()(int64_t low, int64_t high) {
    return std::uniform_int_distribution<int64_t>(low, high)(rng);
  }
  std::mt19937 rng;
};

/// "task<i>", the randomised tests' task names.
std::string describeTask(uint32_t task) {
  return "task" + std::to_string(task);
}

std::vector<std::pair<uint64_t, uint64_t>> runs(uint64_t offset,
                                                std::vector<int64_t> dims,
                                                std::vector<int64_t> strides,
                                                int64_t elemBits) {
  std::vector<std::pair<uint64_t, uint64_t>> result;
  forEachByteRun(
      offset, shape::MemShape(llvm::ArrayRef<int64_t>(dims)),
      shape::MemStrides(llvm::ArrayRef<int64_t>(strides)), elemBits,
      [&](uint64_t begin, uint64_t end) { result.push_back({begin, end}); });
  return result;
}

TEST(HazardDetectorTest, byteRuns) {
  using Runs = std::vector<std::pair<uint64_t, uint64_t>>;
  // Compact: one run.
  EXPECT_EQ(runs(8, {2, 3, 4}, {192, 64, 16}, 16), (Runs{{8, 56}}));
  // Padded rows: one run per row.
  EXPECT_EQ(runs(0, {2, 3}, {64, 16}, 16), (Runs{{0, 6}, {8, 14}}));
  // Every other element.
  EXPECT_EQ(runs(0, {3}, {32}, 16), (Runs{{0, 2}, {4, 6}, {8, 10}}));
  // Broadcast and size-1 dimensions are dropped.
  EXPECT_EQ(runs(0, {5, 1, 2}, {0, 999, 8}, 8), (Runs{{0, 2}}));
  // Sub-byte: the span.
  EXPECT_EQ(runs(1, {3}, {4}, 4), (Runs{{1, 3}}));
  // Empty and scalar.
  EXPECT_EQ(runs(0, {0, 4}, {32, 8}, 8), Runs{});
  EXPECT_EQ(runs(4, {}, {}, 32), (Runs{{4, 8}}));
}

/// Two executors, tasks 0 and 1 on executor 0 and 2 on executor 1.
HazardDetector makeDetector() {
  return HazardDetector({0, 0, 1}, {0, 1, 0}, [](uint32_t task) {
    return "task" + std::to_string(task);
  });
}

std::vector<std::string> messages(const HazardDetector &detector) {
  size_t dropped = 0;
  std::vector<std::string> result;
  for (const Problem &problem : detector.getProblems(100, &dropped)) {
    result.push_back(problem.message);
  }
  return result;
}

TEST(HazardDetectorTest, orderingByClocks) {
  HazardDetector detector = makeDetector();
  uint32_t region = detector.addRegion("R", false, 64);
  detector.beginTask(0, {0, 0});
  detector.access(region, 0, 16, true);
  // Task 2 knows task 0 finished: ordered.
  detector.beginTask(2, {1, 0});
  detector.access(region, 0, 16, false);
  // Task 1 follows task 0 but knows nothing of task 2: its write races with
  // task 2's read, not with task 0's write.
  detector.beginTask(1, {1, 0});
  detector.access(region, 8, 24, true);
  EXPECT_THAT(messages(detector),
              ElementsAre("race: task2 reads and task1 writes R bytes [8, 16) "
                          "and no barrier orders the two tasks"));
}

TEST(HazardDetectorTest, readersOrderedBeforeALaterReaderArePruned) {
  HazardDetector detector = makeDetector();
  uint32_t region = detector.addRegion("R", true, 64);
  detector.beginTask(0, {0, 0});
  detector.access(region, 0, 8, false);
  detector.beginTask(1, {1, 0});
  detector.access(region, 0, 8, false);
  // A writer ordered after task 1 (hence after task 0): clean.
  detector.beginTask(2, {2, 0});
  detector.access(region, 0, 8, true);
  EXPECT_THAT(messages(detector), IsEmpty());
}

TEST(HazardDetectorTest, uninitialisedReadsAndOutputsMerge) {
  HazardDetector detector = makeDetector();
  uint32_t region = detector.addRegion("R", false, 64);
  detector.beginTask(0, {0, 0});
  detector.access(region, 0, 4, true);
  detector.access(region, 0, 8, false);
  detector.access(region, 16, 20, false);
  detector.checkWritten(region, 0, 10, "output 'y'");
  detector.checkWritten(region, 12, 14, "output 'y'");
  EXPECT_THAT(messages(detector),
              ElementsAre("read of uninitialised memory: task0 reads 8 bytes "
                          "of R in [4, 20) that no task wrote before it",
                          "output 'y': 8 bytes of R in [4, 14) were never "
                          "written"));
  HazardDetector hosted = makeDetector();
  uint32_t input = hosted.addRegion("I", false, 16);
  hosted.hostWrite(input, 0, 16);
  hosted.beginTask(2, {0, 0});
  hosted.access(input, 0, 16, false);
  EXPECT_THAT(messages(hosted), IsEmpty());
}

TEST(HazardDetectorTest, limitsProblems) {
  HazardDetector detector = makeDetector();
  uint32_t region = detector.addRegion("R", false, 64);
  detector.beginTask(0, {0, 0});
  detector.access(region, 0, 4, false);
  detector.beginTask(2, {0, 0});
  detector.access(region, 8, 12, false);
  detector.access(region, 0, 4, true);
  size_t dropped = 0;
  std::vector<Problem> problems = detector.getProblems(1, &dropped);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].kind, ProblemKind::UninitializedRead);
  EXPECT_EQ(dropped, 2u);
}

TEST(HazardDetectorTest, layoutsAgreeWithTheirRunsOneByOne) {
  // accessLayout takes a dense permuted layout as one range when nothing in
  // it is to be reported. Against a detector given the same layouts run by
  // run (the definition), on random layouts, tasks and clocks: the same
  // reports after every access, the same never-written bytes at the end, and
  // the same reports of a last task racing with everything.
  Uniform uniform(17);
  // Six tasks, two per executor.
  std::vector<uint32_t> executors = {0, 0, 1, 1, 2, 2, 0};
  std::vector<uint32_t> positions = {0, 1, 0, 1, 0, 1, 2};
  for (int round = 0; round < 40; ++round) {
    HazardDetector whole(executors, positions, describeTask);
    HazardDetector byRuns(executors, positions, describeTask);
    constexpr uint64_t kSize = 512;
    bool hosted = round % 4 == 0;
    uint32_t region = whole.addRegion("R", hosted, kSize);
    byRuns.addRegion("R", hosted, kSize);
    if (round % 4 == 1) {
      whole.hostWrite(region, 100, 300);
      byRuns.hostWrite(region, 100, 300);
    }
    for (int step = 0; step < 12; ++step) {
      uint32_t task = static_cast<uint32_t>(uniform(0, 5));
      VectorClock clock = {static_cast<uint32_t>(uniform(0, 2)),
                           static_cast<uint32_t>(uniform(0, 2)),
                           static_cast<uint32_t>(uniform(0, 2))};
      whole.beginTask(task, clock);
      byRuns.beginTask(task, clock);
      // A 3-d tensor of 1- or 2-byte elements, dense in a random order of
      // its dimensions, or with a padded innermost-but-one stride.
      int64_t elem = uniform(1, 2);
      std::vector<int64_t> sizes = {uniform(1, 4), uniform(1, 5),
                                    uniform(1, 6)};
      std::vector<int> order = {0, 1, 2};
      std::shuffle(order.begin(), order.end(), uniform.rng);
      std::vector<int64_t> strides(3);
      int64_t stride = elem;
      bool padded = uniform(0, 3) == 0;
      for (int i = 2; i >= 0; --i) {
        strides[order[i]] = stride * 8;
        stride *= sizes[order[i]] + (padded && i == 1 ? 1 : 0);
      }
      uint64_t offset = static_cast<uint64_t>(uniform(0, kSize - stride));
      bool write = uniform(0, 1) == 1;
      shape::MemShape dims{llvm::ArrayRef<int64_t>(sizes)};
      shape::MemStrides bits{llvm::ArrayRef<int64_t>(strides)};
      whole.accessLayout(region, offset, dims, bits, elem * 8, write);
      forEachByteRun(offset, dims, bits, elem * 8,
                     [&](uint64_t begin, uint64_t end) {
                       byRuns.access(region, begin, end, write);
                     });
      ASSERT_EQ(messages(whole), messages(byRuns))
          << "round " << round << ", step " << step;
    }
    whole.checkWritten(region, 0, kSize, "output 'y'");
    byRuns.checkWritten(region, 0, kSize, "output 'y'");
    // Task 6 knows of nobody: it races with every task's bytes.
    whole.beginTask(6, {0, 0, 0});
    byRuns.beginTask(6, {0, 0, 0});
    for (uint64_t at = 0; at < kSize; at += 8) {
      whole.access(region, at, at + 8, true);
      byRuns.access(region, at, at + 8, true);
    }
    EXPECT_EQ(messages(whole), messages(byRuns)) << "round " << round;
  }
}

/// The definition of the detector over a byte array: each byte keeps its last
/// writer and its readers since (the host, nobody, or not touched at all). An
/// access goes over its bytes in order, in pieces of consecutive bytes in the
/// same state, and reports a race per task pair (with the first piece's
/// range, grown while the pieces follow on) and an uninitialised read per
/// task (the range from the first to the last such byte, and their count).
class ByteByByteDetector {
public:
  ByteByByteDetector(std::vector<uint32_t> executors,
                     std::vector<uint32_t> positions, uint64_t size,
                     bool hosted)
      : executors(std::move(executors)), positions(std::move(positions)),
        bytes(size, Byte{hosted ? kHost : kUntouched, {}}) {}

  void beginTask(uint32_t task, const VectorClock &clock) {
    current = static_cast<int32_t>(task);
    this->clock = clock;
  }

  void hostWrite(uint64_t begin, uint64_t end) {
    std::fill(bytes.begin() + begin, bytes.begin() + end, Byte{kHost, {}});
  }

  void access(uint64_t begin, uint64_t end, bool write) {
    uint64_t at = begin;
    while (at < end) {
      uint64_t pieceEnd = at + 1;
      while (pieceEnd < end && bytes[pieceEnd] == bytes[at]) {
        ++pieceEnd;
      }
      Byte before = bytes[at];
      if (write) {
        if (before.writer >= 0 && !ordered(before.writer)) {
          race(before.writer, true, at, pieceEnd, true);
        }
        for (int32_t reader : before.readers) {
          if (!ordered(reader)) {
            race(reader, false, at, pieceEnd, true);
          }
        }
      } else if (before.writer == kNobody || before.writer == kUntouched) {
        uninit(at, pieceEnd);
      } else if (!ordered(before.writer)) {
        race(before.writer, true, at, pieceEnd, false);
      }
      Byte after;
      if (write) {
        after.writer = current;
      } else {
        after.writer = before.writer == kUntouched ? kNobody : before.writer;
        for (int32_t reader : before.readers) {
          if (!ordered(reader)) {
            after.readers.push_back(reader);
          }
        }
        after.readers.push_back(current);
      }
      std::fill(bytes.begin() + at, bytes.begin() + pieceEnd, after);
      at = pieceEnd;
    }
  }

  /// The messages of HazardDetector::getProblems for region "R".
  std::vector<std::string> messages() const {
    auto range = [](uint64_t begin, uint64_t end) {
      return "[" + std::to_string(begin) + ", " + std::to_string(end) + ")";
    };
    auto verb = [](bool writes) { return writes ? "writes" : "reads"; };
    std::vector<std::string> result;
    for (const auto &[isRace, index] : order) {
      if (isRace) {
        const Race &r = races[index];
        result.push_back("race: task" + std::to_string(r.first) + " " +
                         verb(r.firstWrites) + " and task" +
                         std::to_string(r.second) + " " + verb(r.secondWrites) +
                         " R bytes " + range(r.begin, r.end) +
                         " and no barrier orders the two tasks");
      } else {
        const Uninit &u = uninits[index];
        result.push_back(
            "read of uninitialised memory: task" + std::to_string(u.task) +
            " reads " + std::to_string(u.bytes) + " bytes of R in " +
            range(u.begin, u.end) + " that no task wrote before it");
      }
    }
    return result;
  }

private:
  static constexpr int32_t kUntouched = -3, kNobody = -2, kHost = -1;
  struct Byte {
    int32_t writer = kUntouched;
    std::vector<int32_t> readers;
    bool operator==(const Byte &other) const {
      return writer == other.writer && readers == other.readers;
    }
  };
  struct Race {
    int32_t first, second;
    bool firstWrites, secondWrites;
    uint64_t begin, end;
  };
  struct Uninit {
    int32_t task;
    uint64_t begin, end, bytes;
  };

  bool ordered(int32_t task) const {
    // The host comes before every task.
    return task == kHost || task == current ||
           clock[executors[task]] > positions[task];
  }
  void race(int32_t first, bool firstWrites, uint64_t begin, uint64_t end,
            bool writes) {
    auto key =
        std::make_pair(std::min(first, current), std::max(first, current));
    auto it = raceIndex.find(key);
    if (it == raceIndex.end()) {
      raceIndex[key] = races.size();
      order.push_back({true, races.size()});
      races.push_back({first, current, firstWrites, writes, begin, end});
    } else if (races[it->second].end == begin) {
      races[it->second].end = end;
    }
  }
  void uninit(uint64_t begin, uint64_t end) {
    auto it = uninitIndex.find(current);
    if (it == uninitIndex.end()) {
      uninitIndex[current] = uninits.size();
      order.push_back({false, uninits.size()});
      uninits.push_back({current, begin, end, end - begin});
    } else {
      Uninit &u = uninits[it->second];
      u.begin = std::min(u.begin, begin);
      u.end = std::max(u.end, end);
      u.bytes += end - begin;
    }
  }

  std::vector<uint32_t> executors, positions;
  std::vector<Byte> bytes;
  int32_t current = -1;
  VectorClock clock;
  std::vector<Race> races;
  std::map<std::pair<int32_t, int32_t>, size_t> raceIndex;
  std::vector<Uninit> uninits;
  std::map<int32_t, size_t> uninitIndex;
  std::vector<std::pair<bool, size_t>> order;
};

TEST(HazardDetectorTest, stridedLayoutsAgreeWithByteByByteDefinition) {
  // Strided layouts (slices with gaps between their runs, permuted or not)
  // and plain ranges from random tasks and clocks, against the byte-by-byte
  // definition: the same reports after every access.
  Uniform uniform(1717);
  std::vector<uint32_t> executors = {0, 0, 1, 1, 2, 2};
  std::vector<uint32_t> positions = {0, 1, 0, 1, 0, 1};
  constexpr uint64_t kSize = 1024;
  for (int round = 0; round < 60; ++round) {
    bool hosted = round % 5 == 0;
    HazardDetector detector(executors, positions, describeTask);
    uint32_t region = detector.addRegion("R", hosted, kSize);
    ByteByByteDetector reference(executors, positions, kSize, hosted);
    for (int step = 0; step < 16; ++step) {
      uint32_t task = static_cast<uint32_t>(uniform(0, 5));
      VectorClock clock = {static_cast<uint32_t>(uniform(0, 2)),
                           static_cast<uint32_t>(uniform(0, 2)),
                           static_cast<uint32_t>(uniform(0, 2))};
      detector.beginTask(task, clock);
      reference.beginTask(task, clock);
      bool write = uniform(0, 2) != 0;
      if (uniform(0, 4) == 0) {
        uint64_t begin = static_cast<uint64_t>(uniform(0, kSize - 1));
        uint64_t end = static_cast<uint64_t>(uniform(begin, kSize));
        detector.access(region, begin, end, write);
        reference.access(begin, end, write);
      } else {
        // A slice of a 3-d tensor: each dimension's extent in memory is at
        // least its size, so rows and planes may leave gaps; the memory
        // order of the dimensions is random.
        int64_t elem = uniform(1, 2);
        std::vector<int64_t> sizes = {uniform(1, 4), uniform(1, 6),
                                      uniform(1, 5)};
        std::vector<int> order = {0, 1, 2};
        if (uniform(0, 2) == 0) {
          std::shuffle(order.begin(), order.end(), uniform.rng);
        }
        std::vector<int64_t> strides(3);
        int64_t stride = elem;
        for (int i = 2; i >= 0; --i) {
          strides[order[i]] = stride * 8;
          stride *= sizes[order[i]] + uniform(0, 2);
        }
        if (static_cast<uint64_t>(stride) >= kSize) {
          continue;
        }
        uint64_t offset = static_cast<uint64_t>(uniform(0, kSize - stride));
        shape::MemShape dims{llvm::ArrayRef<int64_t>(sizes)};
        shape::MemStrides bits{llvm::ArrayRef<int64_t>(strides)};
        detector.accessLayout(region, offset, dims, bits, elem * 8, write);
        forEachByteRun(offset, dims, bits, elem * 8,
                       [&](uint64_t begin, uint64_t end) {
                         reference.access(begin, end, write);
                       });
      }
      ASSERT_EQ(messages(detector), reference.messages())
          << "round " << round << ", step " << step;
    }
  }
}

/// Runs of a few bytes at one stride (kept as strided segments), over each
/// other at other strides and phases (a layout takes another stride than its
/// round's with odds 1 in `otherStrideOdds`; with `relatedStrides`, the
/// strides are 2, 3, 4, 6, 8, 12, 16 or 24 bytes, so that most pairs have a
/// small common multiple), with plain ranges that cover them in part or
/// whole and host writes, from random tasks and clocks: the same reports as
/// the byte-by-byte definition after every access, and the same
/// never-written bytes as the runs given one by one.
void checkStridedSegmentsAgainstDefinition(uint32_t seed,
                                           int64_t otherStrideOdds,
                                           bool relatedStrides) {
  Uniform uniform(seed);
  const int64_t related[] = {2, 3, 4, 6, 8, 12, 16, 24};
  auto pickStride = [&] {
    return relatedStrides ? related[uniform(0, 7)] : uniform(2, 12);
  };
  std::vector<uint32_t> executors = {0, 0, 1, 1, 2, 2};
  std::vector<uint32_t> positions = {0, 1, 0, 1, 0, 1};
  constexpr uint64_t kSize = 512;
  for (int round = 0; round < 400; ++round) {
    bool hosted = round % 3 == 0;
    HazardDetector detector(executors, positions, describeTask);
    HazardDetector byRuns(executors, positions, describeTask);
    uint32_t region = detector.addRegion("R", hosted, kSize);
    byRuns.addRegion("R", hosted, kSize);
    ByteByByteDetector reference(executors, positions, kSize, hosted);
    // Most rounds use one stride, so that accesses meet strided segments of
    // their own period; the clocks order most pairs, so that few accesses
    // are reported and strided segments live on.
    int64_t roundStride = pickStride();
    for (int step = 0; step < 24; ++step) {
      uint32_t task = static_cast<uint32_t>(uniform(0, 5));
      VectorClock clock = {static_cast<uint32_t>(uniform(1, 2)),
                           static_cast<uint32_t>(uniform(1, 2)),
                           static_cast<uint32_t>(uniform(1, 2))};
      if (uniform(0, 3) == 0) {
        clock[uniform(0, 2)] = 0;
      }
      detector.beginTask(task, clock);
      byRuns.beginTask(task, clock);
      reference.beginTask(task, clock);
      bool write = uniform(0, 2) == 0;
      int64_t kind = uniform(0, 9);
      if (kind == 0) {
        uint64_t begin = static_cast<uint64_t>(uniform(0, kSize - 1));
        uint64_t end = static_cast<uint64_t>(uniform(begin, kSize));
        detector.hostWrite(region, begin, end);
        byRuns.hostWrite(region, begin, end);
        reference.hostWrite(begin, end);
      } else if (kind <= 3) {
        uint64_t begin = static_cast<uint64_t>(uniform(0, kSize - 1));
        uint64_t end =
            static_cast<uint64_t>(kind == 1 ? kSize : uniform(begin, kSize));
        if (kind == 1) {
          begin = 0;
        }
        detector.access(region, begin, end, write);
        byRuns.access(region, begin, end, write);
        reference.access(begin, end, write);
      } else {
        // count runs of elem x size bytes, stride bytes apart: a 2-d layout
        // (runs, elements) whose outer stride leaves gaps.
        int64_t elem = uniform(1, 2);
        int64_t stride =
            uniform(0, otherStrideOdds - 1) == 0 ? pickStride() : roundStride;
        int64_t size = uniform(1, std::max<int64_t>(1, stride / elem - 1));
        if (size * elem >= stride) {
          continue;
        }
        int64_t count = uniform(1, 60);
        int64_t span = (count - 1) * stride + size * elem;
        if (span > static_cast<int64_t>(kSize)) {
          continue;
        }
        uint64_t offset = static_cast<uint64_t>(uniform(0, kSize - span));
        std::vector<int64_t> sizes = {count, size};
        std::vector<int64_t> strides = {stride * 8, elem * 8};
        shape::MemShape dims{llvm::ArrayRef<int64_t>(sizes)};
        shape::MemStrides bits{llvm::ArrayRef<int64_t>(strides)};
        detector.accessLayout(region, offset, dims, bits, elem * 8, write);
        forEachByteRun(offset, dims, bits, elem * 8,
                       [&](uint64_t begin, uint64_t end) {
                         byRuns.access(region, begin, end, write);
                         reference.access(begin, end, write);
                       });
      }
      ASSERT_EQ(messages(detector), reference.messages())
          << "round " << round << ", step " << step;
    }
    detector.checkWritten(region, 0, kSize, "output 'y'");
    byRuns.checkWritten(region, 0, kSize, "output 'y'");
    EXPECT_EQ(messages(detector), messages(byRuns)) << "round " << round;
  }
}

TEST(HazardDetectorTest, stridedSegmentsAgreeWithByteByByteDefinition) {
  checkStridedSegmentsAgainstDefinition(1717, 4, false);
}

TEST(HazardDetectorTest, stridedAccessesOverOtherPeriodsAgreeWithDefinition) {
  // Half the layouts at another stride than the round's, most with a small
  // common multiple: strided accesses over strided segments of other periods
  // in most rounds.
  for (uint32_t seed : {2929u, 3131u, 3737u}) {
    checkStridedSegmentsAgainstDefinition(seed, 2, true);
    checkStridedSegmentsAgainstDefinition(seed + 1, 2, false);
  }
}

TEST(HazardDetectorTest, runsTakenOneByOneFoldIntoAStridedSegment) {
  // Task 2, not ordered after task 0, reads the first half of each 128-byte
  // pixel task 0 wrote: a race, so the runs are taken one by one. The bytes
  // then alternate between two states with the stride, and become one
  // strided segment again. A later race on a few of them expands only
  // those. The reports are the byte-by-byte definition's throughout.
  constexpr uint64_t kSize = 16384;
  std::vector<uint32_t> executors = {0, 0, 1}, positions = {0, 1, 0};
  HazardDetector detector = makeDetector();
  uint32_t region = detector.addRegion("R", false, kSize);
  ByteByByteDetector reference(executors, positions, kSize, false);
  detector.beginTask(0, {0, 0});
  reference.beginTask(0, {0, 0});
  detector.access(region, 0, kSize, true);
  reference.access(0, kSize, true);
  detector.beginTask(2, {0, 0});
  reference.beginTask(2, {0, 0});
  shape::MemShape dims{llvm::ArrayRef<int64_t>({128, 32})};
  shape::MemStrides strides{llvm::ArrayRef<int64_t>({128 * 8, 16})};
  detector.accessLayout(region, 0, dims, strides, 16, false);
  forEachByteRun(0, dims, strides, 16, [&](uint64_t begin, uint64_t end) {
    reference.access(begin, end, false);
  });
  EXPECT_EQ(messages(detector), reference.messages());
  // The strided segment and the second half of the last pixel (without the
  // fold, one segment per run and per gap: 256).
  EXPECT_EQ(detector.getSegmentCount(region), 2u);
  // Task 1 follows task 0 but not task 2.
  detector.beginTask(1, {1, 0});
  reference.beginTask(1, {1, 0});
  detector.access(region, 1000, 1100, true);
  reference.access(1000, 1100, true);
  EXPECT_EQ(messages(detector), reference.messages());
  EXPECT_LE(detector.getSegmentCount(region), 4u);
}

TEST(HazardDetectorTest, concurrentFeedMakesTheSameCalls) {
  // Random accesses of unordered tasks (many races, so the thread names
  // tasks in its reports), in batches of every size around the feed's.
  std::vector<uint32_t> executors = {0, 0, 1, 1, 2, 2, 3, 3};
  std::vector<uint32_t> positions = {0, 1, 0, 1, 0, 1, 0, 1};
  constexpr uint64_t kSize = 4096;
  Uniform uniform(4242);
  for (int round = 0; round < 40; ++round) {
    HazardDetector direct(executors, positions, describeTask);
    HazardDetector fed(executors, positions, describeTask);
    std::vector<uint32_t> regions;
    for (int r = 0; r < 3; ++r) {
      bool hosted = r == 0;
      regions.push_back(
          direct.addRegion("R" + std::to_string(r), hosted, kSize));
      fed.addRegion("R" + std::to_string(r), hosted, kSize);
    }
    {
      HazardFeed feed(fed, /*concurrent=*/true);
      int64_t steps = uniform(0, 400);
      for (int64_t step = 0; step < steps; ++step) {
        int64_t kind = uniform(0, 9);
        uint32_t region = regions[uniform(0, 2)];
        bool write = uniform(0, 1) == 0;
        if (kind == 0) {
          uint32_t task = static_cast<uint32_t>(uniform(0, 7));
          VectorClock clock = {static_cast<uint32_t>(uniform(0, 2)),
                               static_cast<uint32_t>(uniform(0, 2)),
                               static_cast<uint32_t>(uniform(0, 2)),
                               static_cast<uint32_t>(uniform(0, 2))};
          direct.beginTask(task, clock);
          feed.beginTask(task, clock);
        } else if (kind <= 4) {
          uint64_t begin = static_cast<uint64_t>(uniform(0, kSize - 1));
          uint64_t end = static_cast<uint64_t>(uniform(begin, kSize));
          direct.access(region, begin, end, write);
          feed.access(region, begin, end, write);
        } else {
          // Rows of 2-byte elements at a stride.
          int64_t stride = 2 * uniform(2, 16);
          int64_t size = uniform(1, stride / 2 - 1);
          int64_t count = uniform(1, 64);
          int64_t span = (count - 1) * stride + 2 * size;
          uint64_t offset = static_cast<uint64_t>(uniform(0, kSize - span));
          std::vector<int64_t> sizes = {count, size};
          std::vector<int64_t> strides = {stride * 8, 16};
          shape::MemShape dims{llvm::ArrayRef<int64_t>(sizes)};
          shape::MemStrides bits{llvm::ArrayRef<int64_t>(strides)};
          direct.accessLayout(region, offset, dims, bits, 16, write);
          feed.accessLayout(region, offset, dims, bits, 16, write);
        }
      }
      feed.finish();
    }
    for (uint32_t region : regions) {
      direct.checkWritten(region, 0, kSize, "output 'y'");
      fed.checkWritten(region, 0, kSize, "output 'y'");
    }
    size_t directDropped = 0, fedDropped = 0;
    std::vector<std::string> expected, actual;
    for (const Problem &problem : direct.getProblems(10000, &directDropped)) {
      expected.push_back(problem.message);
    }
    for (const Problem &problem : fed.getProblems(10000, &fedDropped)) {
      actual.push_back(problem.message);
    }
    ASSERT_EQ(actual, expected) << "round " << round;
    EXPECT_EQ(fedDropped, directDropped);
  }
}

} // namespace
} // namespace mlir::vpuc::emu
