//===- StrideReqsTest.cpp - Tests of StrideReqs -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Solving and checking stride requirements, including conflicts and sub-byte
// element sizes.
//
//===----------------------------------------------------------------------===//

#include "core/shape/StrideReqs.h"

#include <string>

#include "core/shape/unittests/TestPrinters.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc::shape;

namespace {

constexpr Bit kF16(16);

TEST(StrideReqsTest, compactByDefault) {
  MemShape shape{2, 3, 5, 7};
  FailureOr<MemStrides> strides = StrideReqs().computeStrides(shape, kF16);
  ASSERT_TRUE(succeeded(strides));
  EXPECT_EQ(*strides, (MemStrides{3 * 5 * 7 * 16, 5 * 7 * 16, 7 * 16, 16}));
  EXPECT_EQ(*strides, computeCompactStrides(shape, kF16));
  EXPECT_TRUE(
      succeeded(StrideReqs::compact(4).checkStrides(*strides, shape, kF16)));
  EXPECT_TRUE(succeeded(StrideReqs::compact(4).computeStrides(shape, kF16)));
}

TEST(StrideReqsTest, scalar) {
  FailureOr<MemStrides> strides = StrideReqs().computeStrides(MemShape(), kF16);
  ASSERT_TRUE(succeeded(strides));
  EXPECT_EQ(strides->rank(), 0);
  EXPECT_TRUE(
      succeeded(StrideReqs().checkStrides(MemStrides(), MemShape(), kF16)));
}

TEST(StrideReqsTest, alignedInnermostButOne) {
  // Rows of 3 fp16 (48 bits) aligned to 16 bytes (128 bits).
  MemShape shape{1, 3, 5, 3};
  StrideReqs reqs;
  reqs.add(StrideReq::aligned(MemDim(2), Byte(16).toBits()));
  FailureOr<MemStrides> strides = reqs.computeStrides(shape, kF16);
  ASSERT_TRUE(succeeded(strides));
  EXPECT_EQ(*strides, (MemStrides{1920, 640, 128, 16}));
  EXPECT_TRUE(succeeded(reqs.checkStrides(*strides, shape, kF16)));
  // The compact strides do not satisfy the alignment.
  std::string why;
  EXPECT_TRUE(failed(reqs.checkStrides(computeCompactStrides(shape, kF16),
                                       shape, kF16, &why)));
  EXPECT_EQ(why, "m2: stride 48 bits is not aligned to 128 bits");
  // Already aligned minimum: unchanged.
  EXPECT_EQ(*reqs.computeStrides(MemShape{1, 2, 8, 8}, kF16),
            (MemStrides{2048, 1024, 128, 16}));
}

TEST(StrideReqsTest, severalAlignmentsCombine) {
  StrideReqs reqs;
  reqs.add(StrideReq::aligned(MemDim(0), Bit(48)))
      .add(StrideReq::aligned(MemDim(0), Bit(64)));
  // lcm(48, 64) = 192; minimum 5 * 16 = 80 -> 192.
  EXPECT_EQ(*reqs.computeStrides(MemShape{2, 5}, kF16), (MemStrides{192, 16}));
}

TEST(StrideReqsTest, fixedStrides) {
  MemShape shape{4, 3};
  StrideReqs reqs;
  reqs.add(StrideReq::fixed(MemDim(0), Bit(256)));
  EXPECT_EQ(*reqs.computeStrides(shape, kF16), (MemStrides{256, 16}));
  EXPECT_TRUE(succeeded(reqs.checkStrides(MemStrides{256, 16}, shape, kF16)));
  std::string why;
  EXPECT_TRUE(
      failed(reqs.checkStrides(MemStrides{128, 16}, shape, kF16, &why)));
  EXPECT_EQ(
      why,
      "m0: stride 128 bits differs from the required fixed stride 256 bits");
  // A fixed innermost stride larger than the element (e.g. every other one).
  StrideReqs inner;
  inner.add(StrideReq::fixed(MemDim(1), Bit(32)))
      .add(StrideReq::fixed(MemDim(1), Bit(32)));
  EXPECT_EQ(*inner.computeStrides(shape, kF16), (MemStrides{96, 32}));
}

TEST(StrideReqsTest, conflictingRequirements) {
  MemShape shape{4, 3};
  std::string why;

  StrideReqs tooSmall;
  tooSmall.add(StrideReq::fixed(MemDim(0), Bit(32)));
  EXPECT_TRUE(failed(tooSmall.computeStrides(shape, kF16, &why)));
  EXPECT_EQ(why, "m0: fixed stride 32 bits is below the minimum 48 bits (the "
                 "dimension would overlap)");

  StrideReqs twoFixed;
  twoFixed.add(StrideReq::fixed(MemDim(0), Bit(64)))
      .add(StrideReq::fixed(MemDim(0), Bit(128)));
  EXPECT_TRUE(failed(twoFixed.computeStrides(shape, kF16, &why)));
  EXPECT_EQ(why, "conflicting fixed strides for m0: 64 bits and 128 bits");
  EXPECT_TRUE(failed(twoFixed.checkStrides(MemStrides{64, 16}, shape, kF16)));

  StrideReqs compactAndFixed;
  compactAndFixed.add(StrideReq::compact(MemDim(0)))
      .add(StrideReq::fixed(MemDim(0), Bit(64)));
  EXPECT_TRUE(failed(compactAndFixed.computeStrides(shape, kF16, &why)));
  EXPECT_EQ(why,
            "m0: fixed stride 64 bits conflicts with compact stride 48 bits");

  StrideReqs compactAndAligned;
  compactAndAligned.add(StrideReq::compact(MemDim(0)))
      .add(StrideReq::aligned(MemDim(0), Bit(128)));
  EXPECT_TRUE(failed(compactAndAligned.computeStrides(shape, kF16, &why)));
  EXPECT_EQ(why, "m0: compact stride 48 bits is not aligned to 128 bits");
  // ... but it is satisfiable for another shape.
  EXPECT_EQ(*compactAndAligned.computeStrides(MemShape{2, 8}, kF16),
            (MemStrides{128, 16}));

  StrideReqs fixedUnaligned;
  fixedUnaligned.add(StrideReq::fixed(MemDim(0), Bit(96)))
      .add(StrideReq::aligned(MemDim(0), Bit(64)));
  EXPECT_TRUE(failed(fixedUnaligned.computeStrides(shape, kF16, &why)));
  EXPECT_EQ(why, "m0: fixed stride 96 bits is not aligned to 64 bits");

  StrideReqs outOfRange;
  outOfRange.add(StrideReq::compact(MemDim(2)));
  EXPECT_TRUE(failed(outOfRange.computeStrides(shape, kF16, &why)));
  EXPECT_EQ(why, "stride requirement 'm2: compact' names a dimension beyond "
                 "rank 2");

  EXPECT_TRUE(failed(
      StrideReqs().computeStrides(MemShape{kDynamicSize, 2}, kF16, &why)));
  EXPECT_EQ(why, "cannot compute strides of a dynamic shape");
  // Without a message sink the failure is still reported.
  EXPECT_TRUE(failed(tooSmall.computeStrides(shape, kF16)));
}

TEST(StrideReqsTest, checkNonCompactStrides) {
  MemShape shape{4, 3};
  std::string why;
  // Padded rows satisfy `Any` but not `Compact`.
  EXPECT_TRUE(
      succeeded(StrideReqs().checkStrides(MemStrides{64, 16}, shape, kF16)));
  EXPECT_TRUE(failed(StrideReqs::compact(2).checkStrides(MemStrides{64, 16},
                                                         shape, kF16, &why)));
  EXPECT_EQ(why, "m0: stride 64 bits is not compact (expected 48 bits)");
  // Overlapping rows are never valid.
  EXPECT_TRUE(
      failed(StrideReqs().checkStrides(MemStrides{32, 16}, shape, kF16, &why)));
  EXPECT_EQ(why, "m0: stride 32 bits is below the minimum 48 bits (the "
                 "dimension overlaps)");
  EXPECT_TRUE(
      failed(StrideReqs().checkStrides(MemStrides{64, 8}, shape, kF16, &why)));
  EXPECT_EQ(why, "m1: stride 8 bits is below the minimum 16 bits (the "
                 "dimension overlaps)");
  // Compactness is relative to the actual inner strides.
  StrideReqs outerCompact;
  outerCompact.add(StrideReq::compact(MemDim(0)));
  EXPECT_TRUE(
      succeeded(outerCompact.checkStrides(MemStrides{96, 32}, shape, kF16)));
  EXPECT_TRUE(
      failed(StrideReqs().checkStrides(MemStrides{64}, shape, kF16, &why)));
  EXPECT_EQ(why, "strides have rank 1 but the shape has rank 2");
}

TEST(StrideReqsTest, subByteElements) {
  constexpr Bit kI4(4);
  MemShape shape{2, 3};
  EXPECT_EQ(*StrideReqs().computeStrides(shape, kI4), (MemStrides{12, 4}));
  StrideReqs byteRows;
  byteRows.add(StrideReq::aligned(MemDim(0), Bit(8)));
  FailureOr<MemStrides> strides = byteRows.computeStrides(shape, kI4);
  ASSERT_TRUE(succeeded(strides));
  EXPECT_EQ(*strides, (MemStrides{16, 4}));
  std::string why;
  EXPECT_TRUE(
      failed(byteRows.checkStrides(MemStrides{12, 4}, shape, kI4, &why)));
  EXPECT_EQ(why, "m0: stride 12 bits is not aligned to 8 bits");
  // 1-bit elements.
  EXPECT_EQ(*StrideReqs().computeStrides(MemShape{3, 5}, Bit(1)),
            (MemStrides{5, 1}));
}

TEST(StrideReqsTest, printing) {
  StrideReqs reqs;
  reqs.add(StrideReq::aligned(MemDim(2), Bit(128)))
      .add(StrideReq::compact(MemDim(3)))
      .add(StrideReq::fixed(MemDim(0), Bit(1024)))
      .add(StrideReq::any(MemDim(1)));
  std::string text;
  llvm::raw_string_ostream os(text);
  os << reqs << ' ' << StrideReqs();
  EXPECT_EQ(os.str(), "[m2: aligned(128 bits), m3: compact, m0: fixed(1024 "
                      "bits), m1: any] []");
  EXPECT_EQ(reqs.reqs().size(), 4u);
  EXPECT_EQ(reqs.reqs()[0].kind(), StrideReqKind::Aligned);
  EXPECT_EQ(reqs.reqs()[0].extent(), Bit(128));
  EXPECT_EQ(reqs.reqs()[3], StrideReq::any(MemDim(1)));
}

#ifndef NDEBUG
TEST(StrideReqsDeathTest, invalidRequirements) {
  EXPECT_DEATH(StrideReq::aligned(MemDim(0), Bit(0)), "alignment must be > 0");
  EXPECT_DEATH(StrideReq::fixed(MemDim(0), Bit(-8)), "stride must be > 0");
}
#endif

} // namespace
