//===- ConstantEvaluationTest.cpp - Tests of the import-time evaluator -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "frontend/onnx/ConstantEvaluation.h"

#include <limits>

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/ie/ir/IEDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;
using onnx_frontend::ConstantEvaluator;
using Status = ConstantEvaluator::Status;

namespace {

class ConstantEvaluationTest : public ::testing::Test {
protected:
  ConstantEvaluationTest() {
    context
        .loadDialect<Const::ConstDialect, IE::IEDialect, func::FuncDialect>();
  }

  /// Parses `ir` (one function) and returns the operands of its return op.
  SmallVector<Value> parse(llvm::StringRef ir) {
    module = parseSourceString<ModuleOp>(ir, &context);
    SmallVector<Value> results;
    if (!module) {
      ADD_FAILURE() << "cannot parse the test IR";
      return results;
    }
    module->walk([&](func::ReturnOp op) {
      results.assign(op.operand_begin(), op.operand_end());
    });
    return results;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(ConstantEvaluationTest, ShapeSubgraph) {
  SmallVector<Value> values = parse(R"mlir(
    func.func @f(%x: tensor<2x3xf32>) -> (tensor<si64>, tensor<2xsi64>) {
      %s = IE.ShapeOf(%x) : tensor<2x3xf32> -> tensor<2xi64>
      %c = IE.Convert(%s) {dstElemType = si64} : tensor<2xi64> -> tensor<2xsi64>
      %i = const.Declare tensor<si64> = #const.Content<dense<1> : tensor<si64>>
      %g = IE.Gather(%c, %i) {axis = 0 : i64} : tensor<2xsi64>, tensor<si64> -> tensor<si64>
      %two = const.Declare tensor<si64> = #const.Content<dense<2> : tensor<si64>>
      %m = IE.Multiply(%g, %two) : tensor<si64>, tensor<si64> -> tensor<si64>
      return %m, %c : tensor<si64>, tensor<2xsi64>
    })mlir");
  ASSERT_EQ(values.size(), 2u);
  ConstantEvaluator evaluator;
  SmallVector<int64_t> ints;
  std::string reason;
  ASSERT_EQ(evaluator.getInts(values[0], ints, reason), Status::Evaluated)
      << reason;
  EXPECT_EQ(ints, (SmallVector<int64_t>{6}));
  // Everything on the way is memoised: the shape is not computed again.
  size_t memoised = evaluator.getNumMemoised();
  EXPECT_EQ(memoised, 6u);
  ASSERT_EQ(evaluator.getInts(values[1], ints, reason), Status::Evaluated);
  EXPECT_EQ(ints, (SmallVector<int64_t>{2, 3}));
  EXPECT_EQ(evaluator.getNumMemoised(), memoised);
  SmallVector<double> floats;
  ASSERT_EQ(evaluator.getFloats(values[0], floats, reason), Status::Evaluated);
  EXPECT_EQ(floats, (SmallVector<double>{6.0}));
  evaluator.clear();
  EXPECT_EQ(evaluator.getNumMemoised(), 0u);
}

TEST_F(ConstantEvaluationTest, IntegerConstantsAreExact) {
  SmallVector<Value> values = parse(R"mlir(
    func.func @f() -> tensor<3xsi64> {
      %0 = const.Declare tensor<3xsi64> = #const.Content<dense<[9223372036854775807, -9223372036854775808, 16777217]> : tensor<3xsi64>>
      return %0 : tensor<3xsi64>
    })mlir");
  ASSERT_EQ(values.size(), 1u);
  ConstantEvaluator evaluator;
  SmallVector<int64_t> ints;
  std::string reason;
  ASSERT_EQ(evaluator.getInts(values[0], ints, reason), Status::Evaluated);
  EXPECT_EQ(ints, (SmallVector<int64_t>{std::numeric_limits<int64_t>::max(),
                                        std::numeric_limits<int64_t>::min(),
                                        16777217}));
}

TEST_F(ConstantEvaluationTest, ComputedFloatsSaturateOrMustBeIntegral) {
  SmallVector<Value> values = parse(R"mlir(
    func.func @f() -> (tensor<2xf32>, tensor<f32>) {
      %big = const.Declare tensor<2xf32> = #const.Content<dense<[1.0e+30, -1.0e+30]> : tensor<2xf32>>
      %half = const.Declare tensor<f32> = #const.Content<dense<2.5> : tensor<f32>>
      %one = const.Declare tensor<f32> = #const.Content<dense<1.0> : tensor<f32>>
      %a = IE.Multiply(%big, %one) : tensor<2xf32>, tensor<f32> -> tensor<2xf32>
      %b = IE.Multiply(%half, %one) : tensor<f32>, tensor<f32> -> tensor<f32>
      return %a, %b : tensor<2xf32>, tensor<f32>
    })mlir");
  ASSERT_EQ(values.size(), 2u);
  ConstantEvaluator evaluator;
  SmallVector<int64_t> ints;
  std::string reason;
  ASSERT_EQ(evaluator.getInts(values[0], ints, reason), Status::Evaluated);
  EXPECT_EQ(ints, (SmallVector<int64_t>{std::numeric_limits<int64_t>::max(),
                                        std::numeric_limits<int64_t>::min()}));
  EXPECT_EQ(evaluator.getInts(values[1], ints, reason), Status::NotEvaluable);
  EXPECT_EQ(reason, "it evaluates to the non-integer value 2.5");
  SmallVector<double> floats;
  ASSERT_EQ(evaluator.getFloats(values[1], floats, reason), Status::Evaluated);
  EXPECT_EQ(floats, (SmallVector<double>{2.5}));
}

TEST_F(ConstantEvaluationTest, ReasonsForValuesNotEvaluable) {
  SmallVector<Value> values = parse(R"mlir(
    func.func @f(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<6xf32>, tensor<6xf32>) {
      %r = IE.ReLU(%x) : tensor<2x3xf32> -> tensor<2x3xf32>
      %u = builtin.unrealized_conversion_cast %x : tensor<2x3xf32> to tensor<2x3xf32>
      %c = const.Declare tensor<6xf32> = #const.Content<dense<1.0> : tensor<6xf32>>
      %n = IE.Negative(%c) : tensor<6xf32> -> tensor<6xf32>
      %one = const.Declare tensor<1xf32> = #const.Content<dense<1.0> : tensor<1xf32>>
      %t = IE.Tile(%one) {repeats = array<i64: 6>} : tensor<1xf32> -> tensor<6xf32>
      return %r, %u, %n, %t : tensor<2x3xf32>, tensor<2x3xf32>, tensor<6xf32>, tensor<6xf32>
    })mlir");
  ASSERT_EQ(values.size(), 4u);
  ConstantEvaluator evaluator(/*maxElements=*/4);
  SmallVector<double> floats;
  std::string reason;
  EXPECT_EQ(evaluator.getFloats(values[0], floats, reason),
            Status::NotEvaluable);
  EXPECT_EQ(reason, "it depends on graph input #0");
  EXPECT_EQ(evaluator.getFloats(values[1], floats, reason),
            Status::NotEvaluable);
  EXPECT_EQ(
      reason,
      "it depends on 'builtin.unrealized_conversion_cast', which cannot be "
      "evaluated at import time");
  EXPECT_EQ(evaluator.getFloats(values[2], floats, reason),
            Status::NotEvaluable);
  EXPECT_EQ(reason, "it depends on a result of 'const.Declare' with 6 "
                    "elements, more than the "
                    "import-time evaluation limit of 4");
  EXPECT_EQ(evaluator.getFloats(values[3], floats, reason),
            Status::NotEvaluable);
  EXPECT_EQ(
      reason,
      "it depends on a result of 'IE.Tile' with 6 elements, more than the "
      "import-time evaluation limit of 4");
}

TEST_F(ConstantEvaluationTest, BlockingArgumentsOfValuesNotEvaluable) {
  // %sum depends on %a and %b through evaluable ops, %sx on %x only through
  // its shape (evaluable), %both on %b and on an op that cannot be evaluated.
  SmallVector<Value> values = parse(R"mlir(
    func.func @f(%x: tensor<2x3xf32>, %a: tensor<2xsi64>, %b: tensor<2xsi64>) -> (tensor<2xsi64>, tensor<2xsi64>, tensor<2xsi64>, tensor<2xi64>) {
      %sum = IE.Add(%a, %b) : tensor<2xsi64>, tensor<2xsi64> -> tensor<2xsi64>
      %twice = IE.Add(%sum, %a) : tensor<2xsi64>, tensor<2xsi64> -> tensor<2xsi64>
      %u = builtin.unrealized_conversion_cast %b : tensor<2xsi64> to tensor<2xsi64>
      %both = IE.Add(%u, %b) : tensor<2xsi64>, tensor<2xsi64> -> tensor<2xsi64>
      %sx = IE.ShapeOf(%x) : tensor<2x3xf32> -> tensor<2xi64>
      return %sum, %twice, %both, %sx : tensor<2xsi64>, tensor<2xsi64>, tensor<2xsi64>, tensor<2xi64>
    })mlir");
  ASSERT_EQ(values.size(), 4u);
  auto func = *module->getOps<func::FuncOp>().begin();
  BlockArgument a = func.getArgument(1), b = func.getArgument(2);
  ConstantEvaluator evaluator;
  SmallVector<int64_t> ints;
  std::string reason;
  EXPECT_TRUE(evaluator.getBlockingArguments(values[0]).empty())
      << "not evaluated yet";
  EXPECT_EQ(evaluator.getInts(values[0], ints, reason), Status::NotEvaluable);
  EXPECT_EQ(reason, "it depends on graph input #1");
  EXPECT_EQ(evaluator.getBlockingArguments(values[0]),
            (SmallVector<BlockArgument>{a, b}));
  EXPECT_EQ(evaluator.getInts(values[1], ints, reason), Status::NotEvaluable);
  EXPECT_EQ(evaluator.getBlockingArguments(values[1]),
            (SmallVector<BlockArgument>{a, b}))
      << "each argument once";
  EXPECT_EQ(evaluator.getInts(values[2], ints, reason), Status::NotEvaluable);
  EXPECT_EQ(reason, "it depends on 'builtin.unrealized_conversion_cast', "
                    "which cannot be evaluated at import time");
  EXPECT_EQ(evaluator.getBlockingArguments(values[2]),
            (SmallVector<BlockArgument>{b}));
  EXPECT_EQ(evaluator.getInts(values[3], ints, reason), Status::Evaluated);
  EXPECT_TRUE(evaluator.getBlockingArguments(values[3]).empty());
}

TEST_F(ConstantEvaluationTest, KernelErrorsAreReported) {
  SmallVector<Value> values = parse(R"mlir(
    func.func @f() -> tensor<si64> {
      %v = const.Declare tensor<2xsi64> = #const.Content<dense<[4, 5]> : tensor<2xsi64>>
      %i = const.Declare tensor<si64> = #const.Content<dense<7> : tensor<si64>>
      %g = IE.Gather(%v, %i) {axis = 0 : i64} : tensor<2xsi64>, tensor<si64> -> tensor<si64>
      return %g : tensor<si64>
    })mlir");
  ASSERT_EQ(values.size(), 1u);
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str();
    return success();
  });
  ConstantEvaluator evaluator;
  SmallVector<int64_t> ints;
  std::string reason;
  EXPECT_EQ(evaluator.getInts(values[0], ints, reason), Status::Error);
  EXPECT_FALSE(messages.empty());
}

} // namespace
