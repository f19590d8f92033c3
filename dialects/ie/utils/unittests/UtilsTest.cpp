//===- UtilsTest.cpp - Tests of broadcasting and rounding helpers -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// broadcastShapes, BroadcastPlan collapsing and loops, and f16/bf16/integer
// rounding.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstdint>
#include <limits>

#include "dialects/ie/utils/Broadcast.h"
#include "dialects/ie/utils/HostTensor.h"
#include "dialects/ie/utils/Rounding.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

using Shape = llvm::SmallVector<int64_t, 6>;

TEST(BroadcastTest, shapes) {
  EXPECT_EQ(*broadcastShapes({{1, 3, 1, 4}, {2, 1, 5, 1}}),
            (Shape{2, 3, 5, 4}));
  EXPECT_EQ(*broadcastShapes({{3}, {2, 1}}), (Shape{2, 3}));
  EXPECT_EQ(*broadcastShapes({{}, {2, 2}}), (Shape{2, 2}));
  EXPECT_EQ(*broadcastShapes({{2, 1, 1}, {1, 3, 1}, {4}}), (Shape{2, 3, 4}));
  EXPECT_FALSE(broadcastShapes({{1, 3}, {2, 4}}).has_value());
  EXPECT_FALSE(broadcastShapes({{2}, {3}}).has_value());
}

TEST(BroadcastTest, dynamicDims) {
  const int64_t dyn = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(*broadcastShapes({{dyn, 3}, {1, 3}}), (Shape{dyn, 3}));
  EXPECT_EQ(*broadcastShapes({{dyn, 3}, {5, 1}}), (Shape{5, 3}));
  EXPECT_EQ(*broadcastShapes({{dyn}, {dyn}}), (Shape{dyn}));
}

TEST(BroadcastTest, unidirectional) {
  EXPECT_TRUE(isBroadcastableTo({3, 1, 1}, {1, 3, 8, 8}));
  EXPECT_TRUE(isBroadcastableTo({}, {2}));
  EXPECT_FALSE(isBroadcastableTo({2, 3}, {3}));
  EXPECT_FALSE(isBroadcastableTo({4}, {1, 3}));
}

TEST(BroadcastTest, planCollapsesDims) {
  BroadcastPlan same = BroadcastPlan::get({{2, 3, 4}, {2, 3, 4}}, {2, 3, 4});
  EXPECT_EQ(same.shape, (Shape{24}));
  EXPECT_EQ(same.strides[0], (Shape{1}));
  EXPECT_EQ(same.strides[1], (Shape{1}));

  BroadcastPlan perChannel =
      BroadcastPlan::get({{1, 3, 8, 8}, {1, 3, 1, 1}}, {1, 3, 8, 8});
  EXPECT_EQ(perChannel.shape, (Shape{3, 64}));
  EXPECT_EQ(perChannel.strides[0], (Shape{64, 1}));
  EXPECT_EQ(perChannel.strides[1], (Shape{1, 0}));
  EXPECT_EQ(perChannel.numElements, 192);

  BroadcastPlan scalar = BroadcastPlan::get({{}, {}}, {});
  EXPECT_EQ(scalar.shape, (Shape{1}));
  EXPECT_EQ(scalar.numElements, 1);
}

TEST(BroadcastTest, binaryLoopMatchesIndexing) {
  // a: [2, 1, 3], b: [4, 1] -> [2, 4, 3]
  std::vector<float> a = {1, 2, 3, 4, 5, 6};
  std::vector<float> b = {10, 20, 30, 40};
  Shape out = *broadcastShapes({{2, 1, 3}, {4, 1}});
  ASSERT_EQ(out, (Shape{2, 4, 3}));
  std::vector<float> result(24);
  BroadcastPlan plan = BroadcastPlan::get({{2, 1, 3}, {4, 1}}, out);
  broadcastBinary(plan, a.data(), b.data(), result.data(),
                  [](float x, float y) { return x * 100 + y; });
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 4; ++j) {
      for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(result[(i * 4 + j) * 3 + k], a[i * 3 + k] * 100 + b[j]);
      }
    }
  }
}

TEST(BroadcastTest, ternaryLoopAndEmpty) {
  std::vector<float> c = {1, 0};
  std::vector<float> x = {1, 2, 3};
  std::vector<float> y = {-1};
  std::vector<float> result(6);
  BroadcastPlan plan = BroadcastPlan::get({{2, 1}, {3}, {1}}, {2, 3});
  broadcastTernary(plan, c.data(), x.data(), y.data(), result.data(),
                   [](float p, float u, float v) { return p != 0 ? u : v; });
  EXPECT_EQ(result, (std::vector<float>{1, 2, 3, -1, -1, -1}));

  BroadcastPlan empty = BroadcastPlan::get({{0, 3}, {3}}, {0, 3});
  EXPECT_EQ(empty.numElements, 0);
  broadcastBinary(empty, nullptr, x.data(), nullptr,
                  [](float u, float v) { return u + v; });
}

TEST(RoundingTest, f16) {
  EXPECT_EQ(roundToF16(1.0f), 1.0f);
  EXPECT_EQ(roundToF16(1.0f + std::ldexp(1.0f, -11)), 1.0f); // tie -> even
  EXPECT_EQ(roundToF16(1.0f + 3 * std::ldexp(1.0f, -11)),
            1.0f + std::ldexp(1.0f, -9)); // tie -> even (up)
  EXPECT_EQ(roundToF16(65504.0f), 65504.0f);
  EXPECT_EQ(roundToF16(65519.0f), 65504.0f);
  EXPECT_TRUE(std::isinf(roundToF16(65520.0f)));
  EXPECT_EQ(roundToF16(std::ldexp(1.0f, -24)), std::ldexp(1.0f, -24));
  EXPECT_EQ(roundToF16(std::ldexp(1.0f, -25)), 0.0f); // tie -> even (0)
  EXPECT_EQ(roundToF16(std::ldexp(3.0f, -25)), std::ldexp(1.0f, -23));
  EXPECT_TRUE(std::isnan(roundToF16(std::numeric_limits<float>::quiet_NaN())));
  EXPECT_EQ(roundToF16(-0.1f), -0.0999755859375f);
}

TEST(RoundingTest, bf16AndIntegers) {
  EXPECT_EQ(roundToBF16(1.0f + std::ldexp(1.0f, -8)), 1.0f);
  EXPECT_EQ(roundToBF16(1.0f + 3 * std::ldexp(1.0f, -8)),
            1.0f + std::ldexp(1.0f, -6));
  EXPECT_EQ(roundToInteger(300.0f, 8, true), 127.0f);
  EXPECT_EQ(roundToInteger(-300.0f, 8, true), -128.0f);
  EXPECT_EQ(roundToInteger(-3.7f, 32, true), -3.0f);
  EXPECT_EQ(roundToInteger(-3.7f, 8, false), 0.0f);
  EXPECT_EQ(roundToInteger(300.0f, 8, false), 255.0f);
  EXPECT_EQ(roundToInteger(std::numeric_limits<float>::quiet_NaN(), 32, true),
            0.0f);
  EXPECT_EQ(roundToInteger(0.25f, 1, false), 1.0f);
  EXPECT_EQ(roundToInteger(0.0f, 1, false), 0.0f);
}

TEST(HostTensorTest, basics) {
  HostTensor t = HostTensor::filled({2, 3}, 1.5f);
  EXPECT_EQ(t.getNumElements(), 6);
  EXPECT_TRUE(t.isConsistent());
  t.data.pop_back();
  EXPECT_FALSE(t.isConsistent());
  EXPECT_EQ(HostTensor::getNumElements({}), 1);
}

} // namespace
} // namespace mlir::vpuc::IE
