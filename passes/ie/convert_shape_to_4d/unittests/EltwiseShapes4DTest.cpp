//===- EltwiseShapes4DTest.cpp - computeEltwiseShapes4D tests ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// computeEltwiseShapes4D: alignment and padding up to rank 4, merging above
// rank 4, and each failure with its reason. A brute-force check verifies on
// every case that each result element reads the same operand elements before
// and after.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/convert_shape_to_4d/EltwiseShapes4D.h"

#include <functional>
#include <string>
#include <vector>

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

using Shape = SmallVector<int64_t, 4>;

/// Returns, for each element of `result` in row-major order, the row-major
/// index of the element of `operand` it reads under NumPy broadcasting.
static std::vector<int64_t> broadcastIndices(ArrayRef<int64_t> operand,
                                             ArrayRef<int64_t> result) {
  size_t offset = result.size() - operand.size();
  std::vector<int64_t> indices;
  Shape position(result.size(), 0);
  std::function<void(size_t)> visit = [&](size_t d) {
    if (d == result.size()) {
      int64_t index = 0;
      for (size_t i = 0; i < operand.size(); ++i) {
        int64_t p = operand[i] == 1 ? 0 : position[offset + i];
        index = index * operand[i] + p;
      }
      indices.push_back(index);
      return;
    }
    for (int64_t i = 0; i < result[d]; ++i) {
      position[d] = i;
      visit(d + 1);
    }
  };
  visit(0);
  return indices;
}

/// Computes the 4-D shapes and checks that they are 4-D, hold as many
/// elements as the originals and read the same elements.
static EltwiseShapes4D expectValid(ArrayRef<int64_t> result,
                                   ArrayRef<Shape> operands) {
  std::string reason;
  FailureOr<EltwiseShapes4D> shapes =
      computeEltwiseShapes4D(result, operands, reason);
  EXPECT_TRUE(succeeded(shapes)) << reason;
  if (failed(shapes)) {
    return {};
  }
  EXPECT_EQ(shapes->result.size(), 4u);
  EXPECT_EQ(ShapedType::getNumElements(shapes->result),
            ShapedType::getNumElements(result));
  EXPECT_EQ(shapes->operands.size(), operands.size());
  for (auto [before, after] : llvm::zip(operands, shapes->operands)) {
    EXPECT_EQ(after.size(), 4u);
    EXPECT_EQ(ShapedType::getNumElements(after),
              ShapedType::getNumElements(before));
    EXPECT_EQ(broadcastIndices(after, shapes->result),
              broadcastIndices(before, result));
  }
  return *shapes;
}

/// Expects a failure whose reason is `expected`.
static void expectFailure(ArrayRef<int64_t> result, ArrayRef<Shape> operands,
                          const std::string &expected) {
  std::string reason;
  EXPECT_TRUE(failed(computeEltwiseShapes4D(result, operands, reason)));
  EXPECT_EQ(reason, expected);
}

TEST(EltwiseShapes4DTest, padsLowerRanks) {
  EltwiseShapes4D shapes = expectValid({2, 3}, {Shape{2, 3}, Shape{3}});
  EXPECT_EQ(shapes.result, (Shape{1, 1, 2, 3}));
  EXPECT_EQ(shapes.operands[0], (Shape{1, 1, 2, 3}));
  EXPECT_EQ(shapes.operands[1], (Shape{1, 1, 1, 3}));
}

TEST(EltwiseShapes4DTest, keepsPerAxisConstantsOnTheirAxis) {
  EltwiseShapes4D shapes =
      expectValid({2, 3, 5}, {Shape{2, 3, 5}, Shape{3, 1}});
  EXPECT_EQ(shapes.result, (Shape{1, 2, 3, 5}));
  EXPECT_EQ(shapes.operands[1], (Shape{1, 1, 3, 1}));
}

TEST(EltwiseShapes4DTest, scalarsAndUnaryOps) {
  EltwiseShapes4D scalar = expectValid({}, {Shape{}});
  EXPECT_EQ(scalar.result, (Shape{1, 1, 1, 1}));
  EXPECT_EQ(scalar.operands[0], (Shape{1, 1, 1, 1}));
  EltwiseShapes4D vector = expectValid({7}, {Shape{7}, Shape{1}});
  EXPECT_EQ(vector.result, (Shape{1, 1, 1, 7}));
  EXPECT_EQ(vector.operands[1], (Shape{1, 1, 1, 1}));
}

TEST(EltwiseShapes4DTest, alignsOperandsOfA4DResult) {
  EltwiseShapes4D shapes =
      expectValid({1, 3, 4, 4}, {Shape{1, 3, 4, 4}, Shape{4}});
  EXPECT_EQ(shapes.result, (Shape{1, 3, 4, 4}));
  EXPECT_EQ(shapes.operands[1], (Shape{1, 1, 1, 4}));
}

TEST(EltwiseShapes4DTest, mergesHigherRanks) {
  EltwiseShapes4D shapes = expectValid(
      {2, 3, 4, 5, 6}, {Shape{2, 3, 4, 5, 6}, Shape{1, 3, 4, 1, 1}});
  EXPECT_EQ(shapes.result, (Shape{1, 2, 12, 30}));
  EXPECT_EQ(shapes.operands[0], (Shape{1, 2, 12, 30}));
  EXPECT_EQ(shapes.operands[1], (Shape{1, 1, 12, 1}));
}

TEST(EltwiseShapes4DTest, dropsUnitDimsAboveRank4) {
  EltwiseShapes4D shapes =
      expectValid({1, 2, 1, 3, 1, 4}, {Shape{1, 2, 1, 3, 1, 4}});
  EXPECT_EQ(shapes.result, (Shape{1, 1, 1, 24}));
  EltwiseShapes4D ones =
      expectValid({1, 1, 1, 1, 1}, {Shape{1}, Shape{1, 1, 1, 1, 1}});
  EXPECT_EQ(ones.result, (Shape{1, 1, 1, 1}));
  EXPECT_EQ(ones.operands[0], (Shape{1, 1, 1, 1}));
}

TEST(EltwiseShapes4DTest, mergesAcrossUnitDims) {
  // Dims 1 and 3 are both broadcast in the second operand, with a unit dim
  // between them.
  EltwiseShapes4D shapes = expectValid(
      {2, 3, 1, 5, 7, 2}, {Shape{2, 3, 1, 5, 7, 2}, Shape{2, 1, 1, 1, 7, 2}});
  EXPECT_EQ(shapes.result, (Shape{1, 2, 15, 14}));
  EXPECT_EQ(shapes.operands[1], (Shape{1, 2, 1, 14}));
}

TEST(EltwiseShapes4DTest, threeOperands) {
  EltwiseShapes4D shapes = expectValid(
      {2, 3, 4, 5, 6}, {Shape{2, 1, 4, 5, 6}, Shape{3, 4, 1, 1}, Shape{1}});
  EXPECT_EQ(shapes.result, (Shape{2, 3, 4, 30}));
  EXPECT_EQ(shapes.operands[0], (Shape{2, 1, 4, 30}));
  EXPECT_EQ(shapes.operands[1], (Shape{1, 3, 4, 1}));
  EXPECT_EQ(shapes.operands[2], (Shape{1, 1, 1, 1}));
}

TEST(EltwiseShapes4DTest, emptyTensors) {
  EltwiseShapes4D shapes = expectValid({0, 3}, {Shape{0, 3}, Shape{3}});
  EXPECT_EQ(shapes.result, (Shape{1, 1, 0, 3}));
  EXPECT_EQ(shapes.operands[1], (Shape{1, 1, 1, 3}));
}

TEST(EltwiseShapes4DTest, rejectsTooManyBroadcastGroups) {
  expectFailure({2, 3, 4, 5, 6}, {Shape{2, 1, 4, 1, 6}, Shape{2, 3, 4, 5, 6}},
                "the broadcast of the operand shapes [2, 1, 4, 1, 6] "
                "[2, 3, 4, 5, 6] to [2, 3, 4, 5, 6] needs 5 dims");
}

TEST(EltwiseShapes4DTest, rejectsDynamicShapes) {
  expectFailure({ShapedType::kDynamic, 3}, {Shape{3}},
                "the result shape [?, 3] is dynamic");
  expectFailure({2, 3}, {Shape{2, 3}, Shape{ShapedType::kDynamic}},
                "operand #1 of shape [?] is dynamic");
}

TEST(EltwiseShapes4DTest, rejectsOperandsThatDoNotBroadcast) {
  expectFailure({2, 3}, {Shape{2}},
                "operand #0 of shape [2] does not broadcast to the result "
                "shape [2, 3]");
  expectFailure({3}, {Shape{1, 3}},
                "operand #0 of shape [1, 3] does not broadcast to the result "
                "shape [3]");
}

} // namespace
} // namespace mlir::vpuc::IE
