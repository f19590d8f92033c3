//===- CmxArenaTest.cpp - Tests of the online CMX allocator -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Best fit, alignment padding, coalescing on release, and a randomised
// allocate/release sequence checked against a byte map.
//
//===----------------------------------------------------------------------===//

#include "scheduler/feasible/CmxArena.h"

#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace mlir::vpuc::sched::feasible {
namespace {

TEST(CmxArenaTest, AllocatesFromZeroAndFails) {
  CmxArena arena(1000);
  EXPECT_EQ(arena.allocate(100, 1), 0u);
  EXPECT_EQ(arena.allocate(100, 1), 100u);
  EXPECT_EQ(arena.getUsedBytes(), 200u);
  EXPECT_FALSE(arena.allocate(801, 1).has_value());
  EXPECT_FALSE(arena.canAllocate(801, 1));
  EXPECT_TRUE(arena.canAllocate(800, 1));
  EXPECT_EQ(arena.allocate(800, 1), 200u);
  EXPECT_FALSE(arena.allocate(1, 1).has_value());
  EXPECT_EQ(arena.allocate(0, 64), 0u) << "zero-size requests always succeed";
}

TEST(CmxArenaTest, BestFitPrefersTheTightestHole) {
  CmxArena arena(1000);
  uint64_t a = *arena.allocate(300, 1);
  uint64_t b = *arena.allocate(100, 1);
  uint64_t c = *arena.allocate(100, 1);
  uint64_t d = *arena.allocate(100, 1);
  (void)b;
  (void)d;
  arena.release(a, 300); // hole [0, 300)
  arena.release(c, 100); // hole [400, 500); tail [600, 1000)
  EXPECT_EQ(arena.allocate(100, 1), 400u);
  EXPECT_EQ(arena.allocate(250, 1), 0u);
  EXPECT_EQ(arena.allocate(350, 1), 600u);
}

TEST(CmxArenaTest, AlignmentLeavesPaddingFree) {
  CmxArena arena(1024);
  EXPECT_EQ(arena.allocate(10, 1), 0u);
  EXPECT_EQ(arena.allocate(100, 256), 256u);
  // The padding [10, 256) is still usable.
  EXPECT_EQ(arena.allocate(200, 2), 10u);
  EXPECT_EQ(arena.getNumFreeRanges(), 2u);
}

TEST(CmxArenaTest, ReleaseCoalescesNeighbours) {
  CmxArena arena(300);
  uint64_t a = *arena.allocate(100, 1);
  uint64_t b = *arena.allocate(100, 1);
  uint64_t c = *arena.allocate(100, 1);
  arena.release(a, 100);
  arena.release(c, 100);
  EXPECT_EQ(arena.getNumFreeRanges(), 2u);
  EXPECT_EQ(arena.getLargestFreeRange(), 100u);
  EXPECT_TRUE(arena.fitsIfReleased(b, 100, 300, 1));
  EXPECT_FALSE(arena.fitsIfReleased(b, 100, 301, 1));
  arena.release(b, 100);
  EXPECT_EQ(arena.getNumFreeRanges(), 1u);
  EXPECT_EQ(arena.getLargestFreeRange(), 300u);
  EXPECT_EQ(arena.getUsedBytes(), 0u);
}

TEST(CmxArenaTest, RandomSequencesNeverOverlap) {
  for (unsigned seed = 0; seed < 50; ++seed) {
    std::mt19937 rng(seed);
    const uint64_t capacity = 4096;
    CmxArena arena(capacity);
    std::vector<int> owner(capacity, -1);
    std::vector<std::pair<uint64_t, uint64_t>> live;
    uint64_t used = 0;
    for (int step = 0; step < 500; ++step) {
      if (!live.empty() && rng() % 2 == 0) {
        size_t i = rng() % live.size();
        auto [offset, size] = live[i];
        arena.release(offset, size);
        for (uint64_t x = offset; x < offset + size; ++x) {
          owner[x] = -1;
        }
        used -= size;
        live[i] = live.back();
        live.pop_back();
        continue;
      }
      uint64_t size = 1 + rng() % 300;
      uint64_t alignment = uint64_t(1) << (rng() % 7);
      bool predicted = arena.canAllocate(size, alignment);
      std::optional<uint64_t> offset = arena.allocate(size, alignment);
      ASSERT_EQ(predicted, offset.has_value());
      if (!offset) {
        // Check that no aligned free window exists.
        for (uint64_t start = 0; start + size <= capacity; start += alignment) {
          bool free = true;
          for (uint64_t x = start; x < start + size && free; ++x) {
            free = owner[x] < 0;
          }
          ASSERT_FALSE(free)
              << "seed " << seed << ": missed a hole at " << start;
        }
        continue;
      }
      ASSERT_EQ(*offset % alignment, 0u);
      ASSERT_LE(*offset + size, capacity);
      for (uint64_t x = *offset; x < *offset + size; ++x) {
        ASSERT_LT(owner[x], 0) << "seed " << seed << ": overlap at " << x;
        owner[x] = step;
      }
      live.emplace_back(*offset, size);
      used += size;
      ASSERT_EQ(arena.getUsedBytes(), used);
    }
  }
}

/// allocateAt takes exactly the requested free range, aligned, and nothing
/// else.
TEST(CmxArenaTest, AllocatesAtAFreeOffset) {
  CmxArena arena(1000);
  EXPECT_TRUE(arena.allocateAt(100, 200, 4));
  EXPECT_EQ(arena.getUsedBytes(), 200u);
  EXPECT_EQ(arena.getNumFreeRanges(), 2u);
  // Taken, overlapping, beyond the capacity, misaligned: refused.
  EXPECT_FALSE(arena.allocateAt(100, 10, 1));
  EXPECT_FALSE(arena.allocateAt(250, 100, 1));
  EXPECT_FALSE(arena.allocateAt(900, 200, 1));
  EXPECT_FALSE(arena.allocateAt(302, 8, 4));
  EXPECT_EQ(arena.getUsedBytes(), 200u);
  // The holes left around the block: [0, 100) and [300, 1000).
  EXPECT_TRUE(arena.allocateAt(0, 100, 1));
  EXPECT_EQ(arena.allocate(700, 1), 300u);
  EXPECT_EQ(arena.getUsedBytes(), 1000u);
  arena.release(100, 200);
  EXPECT_TRUE(arena.allocateAt(300 - 50, 50, 2));
  EXPECT_EQ(arena.getLargestFreeRange(), 150u);
  // A zero-size block fits only at 0, as with allocate.
  EXPECT_TRUE(arena.allocateAt(0, 0, 1));
  EXPECT_FALSE(arena.allocateAt(8, 0, 1));
}

/// allocateFreeIn takes the best fit among the ranges free in both arenas,
/// aligned, and changes nothing when there is none.
TEST(CmxArenaTest, AllocatesARangeFreeInAnotherArena) {
  CmxArena arena(1000);
  ASSERT_TRUE(arena.allocateAt(0, 100, 1));
  ASSERT_TRUE(arena.allocateAt(400, 50, 1));
  // Free here: [100, 400) and [450, 1000); in `other`: [300, 1000).
  CmxArena other(1000);
  ASSERT_TRUE(other.allocateAt(0, 300, 1));
  // Plain best fit would take 100; [300, 400) is the tightest range free in
  // both.
  EXPECT_EQ(arena.allocateFreeIn(other, 80, 1), std::optional<uint64_t>(300));
  EXPECT_EQ(arena.getUsedBytes(), 230u);
  arena.release(300, 80);
  // Aligned to 64 within [300, 400): 320.
  EXPECT_EQ(arena.allocateFreeIn(other, 64, 64), std::optional<uint64_t>(320));
  arena.release(320, 64);
  // With `other` free only in [300, 400), 150 bytes fit nowhere in both.
  ASSERT_TRUE(other.allocateAt(400, 600, 1));
  EXPECT_EQ(arena.allocateFreeIn(other, 150, 1), std::nullopt);
  EXPECT_EQ(arena.getUsedBytes(), 150u);
  // A zero-size block: offset 0, as with allocate.
  EXPECT_EQ(arena.allocateFreeIn(other, 0, 1), std::optional<uint64_t>(0));
}

/// An arena avoiding its last release places a block elsewhere while other
/// free space holds it, and in the released range when nothing else does.
TEST(CmxArenaTest, AvoidsTheLastReleasesWhileOtherSpaceHolds) {
  CmxArena arena(1000, /*avoidRecent=*/1);
  EXPECT_EQ(arena.allocate(300, 1), 0u);
  EXPECT_EQ(arena.allocate(300, 1), 300u);
  arena.release(0, 300);
  // [0, 300) is the tightest hole but was just released: [600, 1000) holds
  // the block.
  EXPECT_EQ(arena.allocate(300, 1), 600u);
  // Only [0, 300) holds 300 bytes now.
  EXPECT_EQ(arena.allocate(300, 1), 0u);
  // With [300, 600) released last, [0, 300) is not avoided any more; the
  // best fit for 100 bytes is [900, 1000), which meets no release.
  arena.release(0, 300);
  arena.release(300, 300);
  EXPECT_EQ(arena.allocate(100, 1), 900u);
  // Plain best fit reuses the released range.
  CmxArena plain(1000);
  EXPECT_EQ(plain.allocate(300, 1), 0u);
  EXPECT_EQ(plain.allocate(300, 1), 300u);
  plain.release(0, 300);
  EXPECT_EQ(plain.allocate(300, 1), 0u);
}

} // namespace
} // namespace mlir::vpuc::sched::feasible
