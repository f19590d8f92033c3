//===- DimsOrderTest.cpp - Tests of DimsOrder -------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// DimsOrder codes, permutations of every rank, AffineMap and name round trips.
//
//===----------------------------------------------------------------------===//

#include "core/shape/DimsOrder.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "core/shape/unittests/TestPrinters.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc::shape;

namespace {

const DimsOrder kNamed[] = {
    DimsOrder::C,     DimsOrder::NC,    DimsOrder::CN,    DimsOrder::CHW,
    DimsOrder::HWC,   DimsOrder::HCW,   DimsOrder::CWH,   DimsOrder::NCHW,
    DimsOrder::NHWC,  DimsOrder::NCWH,  DimsOrder::NWCH,  DimsOrder::NWHC,
    DimsOrder::NHCW,  DimsOrder::OIYX,  DimsOrder::OYXI,  DimsOrder::YXOI,
    DimsOrder::IYXO,  DimsOrder::NCDHW, DimsOrder::NDHWC, DimsOrder::GOIYX,
    DimsOrder::GOYXI, DimsOrder(),
};

std::string print(DimsOrder order) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << order;
  return os.str();
}

TEST(DimsOrderTest, namedOrders) {
  EXPECT_EQ(DimsOrder::NCHW.code(), 0x1234u);
  EXPECT_EQ(DimsOrder::NHWC.code(), 0x1342u);
  EXPECT_EQ(DimsOrder::NHWC.rank(), 4);
  EXPECT_TRUE(DimsOrder::NCHW.isIdentity());
  EXPECT_FALSE(DimsOrder::NHWC.isIdentity());
  EXPECT_EQ(DimsOrder::OIYX, DimsOrder::NCHW);
  EXPECT_EQ(DimsOrder::OYXI, DimsOrder::NHWC);
  // NHWC: memory order N, H, W, C.
  EXPECT_EQ(DimsOrder::NHWC.dimAt(MemDim(0)), Dim(0));
  EXPECT_EQ(DimsOrder::NHWC.dimAt(MemDim(1)), Dim(2));
  EXPECT_EQ(DimsOrder::NHWC.dimAt(MemDim(3)), Dim(1));
  EXPECT_EQ(DimsOrder::NHWC.dimPos(dims4d::act::C), MemDim(3));
  EXPECT_EQ(DimsOrder::NHWC.dimPos(dims4d::act::W), MemDim(2));
  EXPECT_EQ(DimsOrder::NCDHW.rank(), 5);
  EXPECT_EQ(DimsOrder::NDHWC.dimAt(MemDim(4)), Dim(1));
  EXPECT_EQ(DimsOrder::HWC.dimAt(MemDim(0)), Dim(1));
  EXPECT_TRUE(DimsOrder::NHWC.hasDim(Dim(3)));
  EXPECT_FALSE(DimsOrder::NHWC.hasDim(Dim(4)));
}

TEST(DimsOrderTest, scalarAndDefaultOrders) {
  DimsOrder scalar;
  EXPECT_EQ(scalar.rank(), 0);
  EXPECT_EQ(scalar.code(), 0u);
  EXPECT_TRUE(scalar.isIdentity());
  EXPECT_EQ(DimsOrder::getDefaultOrder(0), scalar);
  EXPECT_EQ(DimsOrder::getDefaultOrder(1), DimsOrder::C);
  EXPECT_EQ(DimsOrder::getDefaultOrder(4), DimsOrder::NCHW);
  EXPECT_EQ(DimsOrder::getDefaultOrder(8).code(), 0x12345678u);
  for (int64_t rank = 0; rank <= 8; ++rank) {
    DimsOrder order = DimsOrder::getDefaultOrder(rank);
    EXPECT_EQ(order.rank(), rank);
    EXPECT_TRUE(order.isIdentity());
    for (int64_t i = 0; i < rank; ++i) {
      EXPECT_EQ(order.dimAt(MemDim(i)), Dim(i));
    }
  }
}

TEST(DimsOrderTest, codeValidation) {
  EXPECT_TRUE(DimsOrder::isValidCode(0));
  EXPECT_TRUE(DimsOrder::isValidCode(0x87654321));
  EXPECT_FALSE(DimsOrder::isValidCode(0x1233));      // Repeated digit.
  EXPECT_FALSE(DimsOrder::isValidCode(0x1204));      // Zero inside.
  EXPECT_FALSE(DimsOrder::isValidCode(0x1235));      // Digit above rank.
  EXPECT_FALSE(DimsOrder::isValidCode(0x2));         // Missing dimension 1.
  EXPECT_FALSE(DimsOrder::isValidCode(0x123456789)); // Rank 9.
  EXPECT_FALSE(DimsOrder::isValidCode(0x1f));
  EXPECT_TRUE(DimsOrder::isPermutation({}));
  EXPECT_TRUE(DimsOrder::isPermutation({2, 0, 1}));
  EXPECT_FALSE(DimsOrder::isPermutation({0, 0}));
  EXPECT_FALSE(DimsOrder::isPermutation({0, 2}));
  EXPECT_FALSE(DimsOrder::isPermutation({0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(DimsOrder::fromPermutation({0, 2, 3, 1}), DimsOrder::NHWC);
  EXPECT_EQ(DimsOrder::fromPermutation(llvm::ArrayRef<Dim>{Dim(1), Dim(0)}),
            DimsOrder::CN);
  EXPECT_EQ(DimsOrder::fromCode(0x1342), DimsOrder::NHWC);
}

/// Checks every invariant of one order against its permutation.
void checkOrder(MLIRContext &context, llvm::ArrayRef<unsigned> permutation) {
  DimsOrder order = DimsOrder::fromPermutation(permutation);
  int64_t rank = static_cast<int64_t>(permutation.size());
  ASSERT_EQ(order.rank(), rank);
  for (int64_t i = 0; i < rank; ++i) {
    ASSERT_EQ(order.dimAt(MemDim(i)), Dim(permutation[i]));
    ASSERT_EQ(order.dimPos(Dim(permutation[i])), MemDim(i));
  }
  // AffineMap round trip.
  AffineMap map = order.toAffineMap(&context);
  ASSERT_EQ(map.getNumDims(), static_cast<unsigned>(rank));
  ASSERT_EQ(map.getNumResults(), static_cast<unsigned>(rank));
  for (int64_t i = 0; i < rank; ++i) {
    ASSERT_EQ(map.getDimPosition(i), permutation[i]);
  }
  FailureOr<DimsOrder> back = DimsOrder::fromAffineMap(map);
  ASSERT_TRUE(succeeded(back));
  ASSERT_EQ(*back, order);
  ASSERT_EQ(map.isIdentity(), order.isIdentity());
  // Name round trip.
  FailureOr<DimsOrder> parsed = DimsOrder::parse(order.getName());
  ASSERT_TRUE(succeeded(parsed)) << order.getName();
  ASSERT_EQ(*parsed, order);
  // Shape reordering round trip, with distinct sizes.
  Shape shape;
  Strides strides;
  for (int64_t i = 0; i < rank; ++i) {
    shape.push_back(10 + i);
    strides.push_back(100 * (i + 1));
  }
  MemShape memShape = order.toMemoryOrder(shape);
  for (int64_t i = 0; i < rank; ++i) {
    ASSERT_EQ(memShape[MemDim(i)], shape[order.dimAt(MemDim(i))]);
  }
  ASSERT_EQ(order.toLogicalOrder(memShape), shape);
  ASSERT_EQ(order.toLogicalOrder(order.toMemoryOrder(strides)), strides);
  ASSERT_EQ(DimsOrder::fromPermutation(order.toPermutation()), order);
}

TEST(DimsOrderTest, everyPermutationOfEveryRank) {
  MLIRContext context;
  size_t count = 0;
  for (unsigned rank = 0; rank <= DimsOrder::kMaxRank; ++rank) {
    llvm::SmallVector<unsigned> permutation(rank);
    std::iota(permutation.begin(), permutation.end(), 0u);
    do {
      checkOrder(context, permutation);
      if (HasFatalFailure()) {
        return;
      }
      ++count;
    } while (std::next_permutation(permutation.begin(), permutation.end()));
  }
  // 0! + 1! + ... + 8!
  EXPECT_EQ(count, 46234u);
}

TEST(DimsOrderTest, namedOrdersRoundTrip) {
  MLIRContext context;
  for (DimsOrder order : kNamed) {
    FailureOr<DimsOrder> viaMap =
        DimsOrder::fromAffineMap(order.toAffineMap(&context));
    ASSERT_TRUE(succeeded(viaMap)) << order.getName();
    EXPECT_EQ(*viaMap, order);
    FailureOr<DimsOrder> viaName = DimsOrder::parse(order.getName());
    ASSERT_TRUE(succeeded(viaName)) << order.getName();
    EXPECT_EQ(*viaName, order);
  }
}

TEST(DimsOrderTest, affineMapForm) {
  MLIRContext context;
  AffineExpr d0, d1, d2, d3;
  bindDims(&context, d0, d1, d2, d3);
  AffineMap nhwc = AffineMap::get(4, 0, {d0, d2, d3, d1}, &context);
  EXPECT_EQ(DimsOrder::NHWC.toAffineMap(&context), nhwc);
  EXPECT_EQ(*DimsOrder::fromAffineMap(nhwc), DimsOrder::NHWC);
  EXPECT_TRUE(DimsOrder::NCHW.toAffineMap(&context).isIdentity());
  AffineMap scalar = DimsOrder().toAffineMap(&context);
  EXPECT_EQ(scalar.getNumDims(), 0u);
  EXPECT_EQ(*DimsOrder::fromAffineMap(scalar), DimsOrder());
}

TEST(DimsOrderTest, nonPermutationMapsRejected) {
  MLIRContext context;
  AffineExpr d0, d1, d2;
  bindDims(&context, d0, d1, d2);
  AffineExpr s0 = getAffineSymbolExpr(0, &context);
  const AffineMap rejected[] = {
      AffineMap::get(2, 0, {d0}, &context),          // Drops a dim.
      AffineMap::get(2, 0, {d0, d0}, &context),      // Repeats a dim.
      AffineMap::get(3, 0, {d0, d2}, &context),      // Projection.
      AffineMap::get(2, 0, {d0 + d1, d1}, &context), // Expression.
      AffineMap::get(2, 0, {d0 * 2, d1}, &context),  // Strided.
      AffineMap::get(2, 0, {d1, getAffineConstantExpr(0, &context)},
                     &context),                 // Constant.
      AffineMap::get(2, 1, {d1, d0}, &context), // Has a symbol.
      AffineMap::get(2, 1, {d1, s0}, &context), // Symbol result.
      AffineMap::get(1, 0, {d0, d0}, &context), // More results.
      AffineMap(),                              // Null.
  };
  for (AffineMap map : rejected) {
    EXPECT_TRUE(failed(DimsOrder::fromAffineMap(map)));
  }
  // Rank 9 is beyond the packed code.
  EXPECT_TRUE(failed(DimsOrder::fromAffineMap(
      AffineMap::getMultiDimIdentityMap(9, &context))));
}

TEST(DimsOrderTest, namesAndParsing) {
  EXPECT_EQ(print(DimsOrder::NHWC), "NHWC");
  EXPECT_EQ(print(DimsOrder::OYXI), "NHWC"); // Shared code: first name wins.
  EXPECT_EQ(print(DimsOrder()), "SCALAR");
  EXPECT_EQ(print(DimsOrder::fromCode(0x21435)), "0x21435");
  EXPECT_EQ(*DimsOrder::parse("OYXI"), DimsOrder::NHWC);
  EXPECT_EQ(*DimsOrder::parse("GOIYX"), DimsOrder::NCDHW);
  EXPECT_EQ(*DimsOrder::parse("0x1342"), DimsOrder::NHWC);
  EXPECT_EQ(*DimsOrder::parse("0X21"), DimsOrder::CN);
  EXPECT_EQ(*DimsOrder::parse("SCALAR"), DimsOrder());
  EXPECT_TRUE(failed(DimsOrder::parse("")));
  EXPECT_TRUE(failed(DimsOrder::parse("nhwc")));
  EXPECT_TRUE(failed(DimsOrder::parse("NCHWX")));
  EXPECT_TRUE(failed(DimsOrder::parse("0x")));
  EXPECT_TRUE(failed(DimsOrder::parse("0x1233")));
  EXPECT_TRUE(failed(DimsOrder::parse("0xZZ")));
  EXPECT_TRUE(failed(DimsOrder::parse("1234")));
}

TEST(DimsOrderTest, reorderShapes) {
  Shape shape{1, 16, 8, 4}; // N, C, H, W
  MemShape memShape = DimsOrder::NHWC.toMemoryOrder(shape);
  EXPECT_EQ(memShape, (MemShape{1, 8, 4, 16}));
  EXPECT_EQ(DimsOrder::NHWC.toLogicalOrder(memShape), shape);
  EXPECT_EQ(DimsOrder().toMemoryOrder(Shape()), MemShape());
  MemStrides memStrides{8192, 1024, 256, 16};
  Strides strides = DimsOrder::NHWC.toLogicalOrder(memStrides);
  EXPECT_EQ(strides, (Strides{8192, 16, 1024, 256}));
}

#ifndef NDEBUG
TEST(DimsOrderDeathTest, assertions) {
  EXPECT_DEATH(DimsOrder::fromCode(0x1233), "not a permutation");
  EXPECT_DEATH(DimsOrder::fromPermutation({1, 1}), "not a permutation");
  EXPECT_DEATH(DimsOrder::getDefaultOrder(9), "rank must be in");
  EXPECT_DEATH(DimsOrder::NHWC.dimAt(MemDim(4)), "out of range");
  EXPECT_DEATH(DimsOrder::NHWC.toMemoryOrder(Shape{1, 2}), "rank differs");
}
#endif

} // namespace
