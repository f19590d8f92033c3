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

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

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

} // namespace
} // namespace mlir::vpuc::emu
