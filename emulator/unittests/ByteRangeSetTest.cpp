//===- ByteRangeSetTest.cpp - The union of byte ranges --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "emulator/ByteRangeSet.h"

#include <random>
#include <vector>

#include "gtest/gtest.h"

namespace mlir::vpuc::emu {
namespace {

using Intervals = std::map<uint64_t, uint64_t>;

TEST(ByteRangeSetTest, mergesOverlappingAndAdjacentRanges) {
  ByteRangeSet set;
  set.insert(10, 20);
  set.insert(30, 40);
  EXPECT_EQ(set.getIntervals(), (Intervals{{10, 20}, {30, 40}}));
  EXPECT_EQ(set.bytes(), 20u);
  // Adjacent on the left joins; empty and contained ranges change nothing.
  set.insert(5, 10);
  set.insert(12, 12);
  set.insert(32, 35);
  EXPECT_EQ(set.getIntervals(), (Intervals{{5, 20}, {30, 40}}));
  EXPECT_EQ(set.bytes(), 25u);
  // A range bridging both joins all three.
  set.insert(18, 31);
  EXPECT_EQ(set.getIntervals(), (Intervals{{5, 40}}));
  EXPECT_EQ(set.bytes(), 35u);
  // Covering it entirely.
  set.insert(0, 100);
  EXPECT_EQ(set.getIntervals(), (Intervals{{0, 100}}));
  EXPECT_EQ(set.bytes(), 100u);
}

TEST(ByteRangeSetTest, agreesWithAByteMapOnRandomRanges) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<uint64_t> point(0, 500);
  ByteRangeSet set;
  std::vector<bool> bytes(600, false);
  for (int i = 0; i < 400; ++i) {
    uint64_t begin = point(rng);
    uint64_t end = begin + point(rng) % 40;
    set.insert(begin, end);
    for (uint64_t b = begin; b < end; ++b) {
      bytes[b] = true;
    }
    uint64_t expected = 0;
    for (bool b : bytes) {
      expected += b;
    }
    ASSERT_EQ(set.bytes(), expected)
        << "after inserting [" << begin << ", " << end << ")";
  }
  // The intervals are disjoint, not adjacent, and cover exactly the bytes.
  uint64_t previousEnd = 0;
  bool first = true;
  std::vector<bool> covered(600, false);
  for (const auto &[begin, end] : set.getIntervals()) {
    EXPECT_LT(begin, end);
    if (!first) {
      EXPECT_GT(begin, previousEnd);
    }
    first = false;
    previousEnd = end;
    for (uint64_t b = begin; b < end; ++b) {
      covered[b] = true;
    }
  }
  EXPECT_EQ(covered, bytes);
}

} // namespace
} // namespace mlir::vpuc::emu
