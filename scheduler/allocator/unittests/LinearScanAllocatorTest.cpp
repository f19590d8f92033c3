//===- LinearScanAllocatorTest.cpp - Tests of the static allocator -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Hand-made cases (reuse, alignment, fixed offsets, failures) and randomised
// live ranges checked with verifyAllocation and against the max-live bound.
//
//===----------------------------------------------------------------------===//

#include "scheduler/allocator/LinearScanAllocator.h"

#include <iostream>
#include <random>

#include "llvm/Support/MathExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::sched {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

BufferRequest buffer(uint64_t id, uint64_t size, uint64_t start, uint64_t end,
                     uint64_t alignment = 1) {
  BufferRequest request;
  request.id = id;
  request.size = size;
  request.start = start;
  request.end = end;
  request.alignment = alignment;
  return request;
}

Allocation allocateOk(llvm::ArrayRef<BufferRequest> buffers,
                      const AllocatorOptions &options = {}) {
  llvm::Expected<Allocation> result = allocateLinearScan(buffers, options);
  if (!result) {
    ADD_FAILURE() << llvm::toString(result.takeError());
    return {};
  }
  llvm::Error error = verifyAllocation(buffers, *result, options);
  EXPECT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
  return std::move(*result);
}

std::string allocateError(llvm::ArrayRef<BufferRequest> buffers,
                          const AllocatorOptions &options = {}) {
  llvm::Expected<Allocation> result = allocateLinearScan(buffers, options);
  if (result) {
    ADD_FAILURE() << "allocation unexpectedly succeeded";
    return "";
  }
  return llvm::toString(result.takeError());
}

TEST(LinearScanAllocatorTest, reusesMemoryOfDeadBuffers) {
  // a [0,2) and b [2,4) never live together: b takes a's bytes.
  std::vector<BufferRequest> buffers = {buffer(0, 100, 0, 2),
                                        buffer(1, 100, 2, 4)};
  Allocation allocation = allocateOk(buffers);
  EXPECT_EQ(allocation.offsets[0], 0u);
  EXPECT_EQ(allocation.offsets[1], 0u);
  EXPECT_EQ(allocation.peakSize, 100u);
}

TEST(LinearScanAllocatorTest, overlappingBuffersAreDisjoint) {
  std::vector<BufferRequest> buffers = {
      buffer(0, 100, 0, 3), buffer(1, 50, 1, 4), buffer(2, 30, 2, 5)};
  Allocation allocation = allocateOk(buffers);
  EXPECT_EQ(allocation.peakSize, 180u);
}

TEST(LinearScanAllocatorTest, bestFitPicksTheSmallestHole) {
  // At task 3, holes of 64 (offset 0) and 32 (offset 96) bytes are free; a
  // 32-byte buffer takes the 32-byte hole, leaving the 64-byte one whole.
  std::vector<BufferRequest> buffers = {
      buffer(0, 64, 0, 3),  buffer(1, 32, 0, 10), buffer(2, 32, 0, 3),
      buffer(3, 16, 0, 10), buffer(4, 32, 3, 10), buffer(5, 64, 3, 10)};
  Allocation allocation = allocateOk(buffers);
  EXPECT_EQ(allocation.offsets[0], 0u);
  EXPECT_EQ(allocation.offsets[1], 64u);
  EXPECT_EQ(allocation.offsets[2], 96u);
  EXPECT_EQ(allocation.offsets[3], 128u);
  EXPECT_EQ(allocation.offsets[4], 96u);
  EXPECT_EQ(allocation.offsets[5], 0u);
  EXPECT_EQ(allocation.peakSize, 144u);
}

TEST(LinearScanAllocatorTest, respectsAlignment) {
  std::vector<BufferRequest> buffers = {
      buffer(0, 10, 0, 5), buffer(1, 10, 0, 5, 64), buffer(2, 3, 0, 5, 16)};
  Allocation allocation = allocateOk(buffers);
  EXPECT_EQ(allocation.offsets[1] % 64, 0u);
  EXPECT_EQ(allocation.offsets[2] % 16, 0u);
}

TEST(LinearScanAllocatorTest, zeroSizedBuffersTakeNoSpace) {
  std::vector<BufferRequest> buffers = {buffer(0, 0, 0, 5), buffer(1, 8, 0, 5)};
  Allocation allocation = allocateOk(buffers);
  EXPECT_EQ(allocation.peakSize, 8u);
}

TEST(LinearScanAllocatorTest, fixedOffsetsAreHonouredAndAvoided) {
  // A fixed buffer starting later still blocks bytes for a buffer whose live
  // range reaches it.
  std::vector<BufferRequest> buffers = {buffer(0, 64, 0, 10),
                                        buffer(1, 32, 5, 8)};
  buffers[1].fixedOffset = 0;
  Allocation allocation = allocateOk(buffers);
  EXPECT_EQ(allocation.offsets[1], 0u);
  EXPECT_EQ(allocation.offsets[0], 32u);
  EXPECT_EQ(allocation.peakSize, 96u);
}

TEST(LinearScanAllocatorTest, fillsGapsBetweenFixedBuffers) {
  std::vector<BufferRequest> buffers = {
      buffer(0, 16, 0, 4), buffer(1, 16, 0, 4), buffer(2, 32, 0, 4, 16)};
  buffers[0].fixedOffset = 0;
  buffers[1].fixedOffset = 48;
  Allocation allocation = allocateOk(buffers);
  EXPECT_EQ(allocation.offsets[2], 16u);
  EXPECT_EQ(allocation.peakSize, 64u);
}

TEST(LinearScanAllocatorTest, capacityFailureNamesBufferAndLiveSet) {
  std::vector<BufferRequest> buffers = {
      buffer(0, 60, 0, 4), buffer(1, 30, 1, 4), buffer(2, 20, 2, 4)};
  buffers[0].name = "conv1";
  buffers[2].name = "add3";
  AllocatorOptions options;
  options.capacity = 100;
  EXPECT_THAT(
      allocateError(buffers, options),
      AllOf(HasSubstr("buffer 'add3' (id 2, 20 bytes, align 1, live [2, 4)) "
                      "does not fit in the capacity of 100 bytes"),
            HasSubstr("at task 2 the 2 buffers in its way occupy 90 bytes"),
            HasSubstr("largest free gap is 10 bytes"),
            HasSubstr("buffer 'conv1' (id 0, 60 bytes, align 1, live [0, 4)) "
                      "at [0, 60)"),
            HasSubstr("(id 1, 30 bytes, align 1, live [1, 4)) at [60, 90)")));
}

TEST(LinearScanAllocatorTest, capacityExactlyReachedSucceeds) {
  std::vector<BufferRequest> buffers = {buffer(0, 60, 0, 4),
                                        buffer(1, 40, 1, 4)};
  AllocatorOptions options;
  options.capacity = 100;
  EXPECT_EQ(allocateOk(buffers, options).peakSize, 100u);
}

TEST(LinearScanAllocatorTest, rejectsMalformedRequests) {
  EXPECT_THAT(allocateError({buffer(7, 8, 3, 3)}),
              HasSubstr("(id 7, 8 bytes, align 1, live [3, 3)) has an empty "
                        "live range"));
  EXPECT_THAT(allocateError({buffer(1, 8, 0, 3, 12)}),
              HasSubstr("has an alignment that is not a power of two"));
  std::vector<BufferRequest> misaligned = {buffer(2, 8, 0, 3, 16)};
  misaligned[0].fixedOffset = 8;
  EXPECT_THAT(allocateError(misaligned),
              HasSubstr("has fixed offset 8 that is not aligned"));
  std::vector<BufferRequest> conflicting = {buffer(3, 8, 0, 3),
                                            buffer(4, 8, 2, 5)};
  conflicting[0].fixedOffset = 0;
  conflicting[1].fixedOffset = 4;
  EXPECT_THAT(allocateError(conflicting),
              HasSubstr("fixed offsets conflict: buffer (id 3"));
  std::vector<BufferRequest> tooHigh = {buffer(5, 8, 0, 3)};
  tooHigh[0].fixedOffset = 96;
  AllocatorOptions options;
  options.capacity = 100;
  EXPECT_THAT(allocateError(tooHigh, options),
              HasSubstr("at fixed offset 96 ends beyond the capacity of 100"));
}

TEST(LinearScanAllocatorTest, verifierCatchesBadAllocations) {
  std::vector<BufferRequest> buffers = {buffer(0, 16, 0, 4),
                                        buffer(1, 16, 2, 6, 8)};
  Allocation overlap{{0, 8}, 24};
  EXPECT_THAT(llvm::toString(verifyAllocation(buffers, overlap)),
              HasSubstr("are live together and share bytes"));
  Allocation misaligned{{0, 20}, 36};
  EXPECT_THAT(llvm::toString(verifyAllocation(buffers, misaligned)),
              HasSubstr("is at misaligned offset 20"));
  Allocation badPeak{{0, 16}, 40};
  EXPECT_THAT(
      llvm::toString(verifyAllocation(buffers, badPeak)),
      HasSubstr("reports a peak of 40 bytes but its buffers end at 32"));
  AllocatorOptions options;
  options.capacity = 24;
  Allocation good{{0, 16}, 32};
  EXPECT_THAT(llvm::toString(verifyAllocation(buffers, good, options)),
              HasSubstr("ends beyond the capacity of 24 bytes"));
  Allocation shortOffsets{{0}, 16};
  EXPECT_THAT(llvm::toString(verifyAllocation(buffers, shortOffsets)),
              HasSubstr("has 1 offsets for 2 buffers"));
  buffers[0].fixedOffset = 16;
  buffers[1].start = 4;
  Allocation notFixed{{0, 16}, 32};
  EXPECT_THAT(llvm::toString(verifyAllocation(buffers, notFixed)),
              HasSubstr("instead of its fixed offset 16"));
}

TEST(LinearScanAllocatorTest, maxLiveBytesTreatsRangesAsHalfOpen) {
  EXPECT_EQ(maxLiveBytes({buffer(0, 10, 0, 2), buffer(1, 20, 2, 3)}), 20u);
  EXPECT_EQ(maxLiveBytes({buffer(0, 10, 0, 3), buffer(1, 20, 2, 3)}), 30u);
}

/// Random live ranges over `numTasks` tasks: mostly short-lived activations,
/// some long-lived ones, mixed sizes and alignments, a few fixed buffers.
std::vector<BufferRequest> randomBuffers(std::mt19937 &rng, unsigned count,
                                         unsigned numTasks, bool withFixed) {
  std::vector<BufferRequest> buffers;
  std::uniform_int_distribution<unsigned> startDist(0, numTasks - 1);
  std::uniform_int_distribution<unsigned> percent(0, 99);
  const uint64_t alignments[] = {1, 16, 64, 256};
  for (unsigned i = 0; i < count; ++i) {
    unsigned start = startDist(rng);
    unsigned length = percent(rng) < 85
                          ? 1 + rng() % 8
                          : 1 + rng() % std::max<unsigned>(1, numTasks / 4);
    uint64_t size =
        percent(rng) < 70 ? 64 + rng() % 4096 : 4096 + rng() % (256 * 1024);
    buffers.push_back(
        buffer(i, size, start, start + length, alignments[rng() % 4]));
  }
  if (withFixed) {
    // Fixed buffers stacked at the bottom with disjoint bytes.
    uint64_t next = 0;
    for (unsigned i = 0; i < count / 50; ++i) {
      BufferRequest &request = buffers[rng() % count];
      if (request.fixedOffset) {
        continue;
      }
      next = llvm::alignTo(next, request.alignment);
      request.fixedOffset = next;
      next += request.size;
    }
  }
  return buffers;
}

TEST(LinearScanAllocatorTest, randomLiveRanges) {
  double worstRatio = 1.0;
  double sumRatio = 0.0;
  unsigned within10 = 0;
  unsigned cases = 0;
  for (unsigned seed = 1; seed <= 60; ++seed) {
    std::mt19937 rng(seed);
    unsigned count = 100 + rng() % 1900;
    unsigned numTasks = std::max<unsigned>(10, count / (1 + rng() % 4));
    std::vector<BufferRequest> buffers =
        randomBuffers(rng, count, numTasks, seed % 3 == 0);
    Allocation allocation = allocateOk(buffers);
    uint64_t sum = 0;
    for (const BufferRequest &request : buffers) {
      sum += request.size;
    }
    uint64_t bound = maxLiveBytes(buffers);
    EXPECT_LE(allocation.peakSize, sum) << "seed " << seed;
    EXPECT_GE(allocation.peakSize, bound) << "seed " << seed;
    double ratio = static_cast<double>(allocation.peakSize) / bound;
    worstRatio = std::max(worstRatio, ratio);
    sumRatio += ratio;
    within10 += ratio <= 1.10;
    ++cases;
  }
  std::cout << "peak / max-live-bytes over " << cases << " cases: mean "
            << sumRatio / cases << ", worst " << worstRatio
            << ", within 10%: " << within10 << "\n";
  EXPECT_GE(within10 * 10, cases * 7) << "fewer than 70% of cases within 10%";
  EXPECT_LE(sumRatio / cases, 1.10);
  EXPECT_LE(worstRatio, 1.25);
}

TEST(LinearScanAllocatorTest, randomCapacityEitherFitsOrExplains) {
  for (unsigned seed = 100; seed < 120; ++seed) {
    std::mt19937 rng(seed);
    std::vector<BufferRequest> buffers = randomBuffers(rng, 300, 100, false);
    AllocatorOptions options;
    options.capacity = maxLiveBytes(buffers) * (100 + rng() % 20) / 100;
    llvm::Expected<Allocation> result = allocateLinearScan(buffers, options);
    if (result) {
      llvm::Error error = verifyAllocation(buffers, *result, options);
      EXPECT_FALSE(static_cast<bool>(error))
          << llvm::toString(std::move(error));
    } else {
      EXPECT_THAT(llvm::toString(result.takeError()),
                  HasSubstr("does not fit in the capacity of"));
    }
  }
}

} // namespace
} // namespace mlir::vpuc::sched
