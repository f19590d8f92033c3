//===- HostConstantTest.cpp - Tests of readHostConstant -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/HostConstant.h"

#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc;

namespace {

class HostConstantTest : public ::testing::Test {
protected:
  HostConstantTest() {
    context.loadDialect<Const::ConstDialect, func::FuncDialect>();
  }

  /// Parses `ir` (one function returning one constant) and reads the constant.
  FailureOr<IE::HostTensor> read(llvm::StringRef ir) {
    module = parseSourceString<ModuleOp>(ir, &context);
    if (!module) {
      return failure();
    }
    Const::DeclareOp declare;
    module->walk([&](Const::DeclareOp op) { declare = op; });
    if (!declare) {
      return failure();
    }
    return IE::readHostConstant(declare);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(HostConstantTest, DenseFloat) {
  FailureOr<IE::HostTensor> t = read(R"mlir(
    func.func @f() -> tensor<2x3xf32> {
      %0 = const.Declare tensor<2x3xf32> = #const.Content<dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>>
      return %0 : tensor<2x3xf32>
    })mlir");
  ASSERT_TRUE(succeeded(t));
  EXPECT_EQ(t->shape, (SmallVector<int64_t, 6>{2, 3}));
  EXPECT_EQ(t->data, (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST_F(HostConstantTest, SplatIntegerAndTransformations) {
  FailureOr<IE::HostTensor> t = read(R"mlir(
    func.func @f() -> tensor<2x2xf16> {
      %0 = const.Declare tensor<2x2xf16> = #const.Content<dense<7> : tensor<4xi64>, [#const.Reshape<[2, 2]>, #const.ConvertElemType<f16>]>
      return %0 : tensor<2x2xf16>
    })mlir");
  ASSERT_TRUE(succeeded(t));
  EXPECT_EQ(t->shape, (SmallVector<int64_t, 6>{2, 2}));
  EXPECT_EQ(t->data, (std::vector<float>{7, 7, 7, 7}));
}

TEST_F(HostConstantTest, ScalarBool) {
  FailureOr<IE::HostTensor> t = read(R"mlir(
    func.func @f() -> tensor<i1> {
      %0 = const.Declare tensor<i1> = #const.Content<dense<true> : tensor<i1>>
      return %0 : tensor<i1>
    })mlir");
  ASSERT_TRUE(succeeded(t));
  EXPECT_TRUE(t->shape.empty());
  EXPECT_EQ(t->data, (std::vector<float>{1}));
}

/// A constant reordered to NHWC is stored channel-innermost; the host tensor is
/// logical NCHW.
TEST_F(HostConstantTest, ReorderedToLogicalOrder) {
  FailureOr<IE::HostTensor> t = read(R"mlir(
    #NHWC = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
    func.func @f() -> tensor<1x2x1x3xf32, #NHWC> {
      %0 = const.Declare tensor<1x2x1x3xf32, #NHWC> = #const.Content<dense<[[[[0.0, 1.0, 2.0]], [[10.0, 11.0, 12.0]]]]> : tensor<1x2x1x3xf32>, [#const.Reorder<#NHWC>]>
      return %0 : tensor<1x2x1x3xf32, #NHWC>
    })mlir");
  ASSERT_TRUE(succeeded(t));
  EXPECT_EQ(t->shape, (SmallVector<int64_t, 6>{1, 2, 1, 3}));
  EXPECT_EQ(t->data, (std::vector<float>{0, 1, 2, 10, 11, 12}));
}

} // namespace
