//===- ConstantSlicingTest.cpp - Slices of const buffers --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks the const dialect's ConstantSlicingInterface: a slice of a
// const.Declare buffer (in an NHWC layout) is a new declaration of the
// slice's type whose content holds exactly the sliced elements (against the
// base values indexed here), and values that are not const.Declare buffers
// give no slice.
//
//===----------------------------------------------------------------------===//

#include <cstdint>

#include "dialects/common/ConstantSlicing.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/const/ir/Content.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::Const {
namespace {

class ConstantSlicingTest : public ::testing::Test {
protected:
  ConstantSlicingTest() {
    DialectRegistry registry;
    registerConstDialect(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadDialect<ConstDialect, func::FuncDialect>();
  }

  MLIRContext ctx;
};

TEST_F(ConstantSlicingTest, sliceHoldsTheSlicedElements) {
  // Base values 0..23 of a 4x3x2x1 tensor, reordered to NHWC.
  auto content = llvm::dyn_cast_or_null<ContentAttr>(parseAttribute(
      "#const.Content<dense<[[[[0.0], [1.0]], [[2.0], [3.0]], [[4.0], [5.0]]],"
      " [[[6.0], [7.0]], [[8.0], [9.0]], [[10.0], [11.0]]],"
      " [[[12.0], [13.0]], [[14.0], [15.0]], [[16.0], [17.0]]],"
      " [[[18.0], [19.0]], [[20.0], [21.0]], [[22.0], [23.0]]]]>"
      " : tensor<4x3x2x1xf32>, [#const.Reorder<affine_map<(d0, d1, d2, d3)"
      " -> (d0, d2, d3, d1)>>]>",
      &ctx));
  ASSERT_TRUE(content);
  OpBuilder builder(&ctx);
  Location loc = builder.getUnknownLoc();
  auto module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module.getBody());
  auto declare = builder.create<DeclareOp>(
      loc, DeclareOp::getBufferType(content.getType()), content);

  const ConstantSlicingInterface *slicing =
      getConstantSlicing(declare.getResult());
  ASSERT_NE(slicing, nullptr);
  Value part = slicing->sliceConstant(builder, loc, declare.getResult(),
                                      {1, 1, 0, 0}, {2, 2, 2, 1});
  ASSERT_TRUE(part);
  auto sliced = part.getDefiningOp<DeclareOp>();
  ASSERT_TRUE(sliced);
  auto type = llvm::cast<MemRefType>(sliced.getType());
  EXPECT_EQ(type.getShape(), ArrayRef<int64_t>({2, 2, 2, 1}));
  EXPECT_EQ(type.getLayout(),
            llvm::cast<MemRefType>(declare.getType()).getLayout());

  // Logical element (n, c, h, 0) of the slice is base (n + 1, c + 1, h, 0),
  // whose value is its row-major index; the folded bytes are in NHWC order.
  SmallVector<float> values = sliced.getContent().fold().getValues<float>();
  ASSERT_EQ(values.size(), 8u);
  size_t index = 0;
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t h = 0; h < 2; ++h) {
      for (int64_t c = 0; c < 2; ++c) {
        EXPECT_EQ(values[index++],
                  static_cast<float>((n + 1) * 6 + (c + 1) * 2 + h))
            << "n " << n << " c " << c << " h " << h;
      }
    }
  }
  module->destroy();
}

TEST_F(ConstantSlicingTest, onlyConstBuffersAreSliced) {
  OpBuilder builder(&ctx);
  Location loc = builder.getUnknownLoc();
  auto module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module.getBody());
  auto content = llvm::dyn_cast_or_null<ContentAttr>(
      parseAttribute("#const.Content<dense<1.0> : tensor<4xf32>>", &ctx));
  ASSERT_TRUE(content);
  // A tensor declaration is no buffer.
  auto tensor = builder.create<DeclareOp>(loc, content);
  const ConstantSlicingInterface *slicing =
      getConstantSlicing(tensor.getResult());
  ASSERT_NE(slicing, nullptr);
  EXPECT_FALSE(
      slicing->sliceConstant(builder, loc, tensor.getResult(), {0}, {2}));
  // A block argument has no defining dialect.
  auto func = builder.create<func::FuncOp>(
      loc, "f",
      builder.getFunctionType({MemRefType::get({4}, builder.getF32Type())},
                              {}));
  Block *body = func.addEntryBlock();
  EXPECT_EQ(getConstantSlicing(body->getArgument(0)), nullptr);
  module->destroy();
}

} // namespace
} // namespace mlir::vpuc::Const
