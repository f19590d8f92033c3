//===- BinaryOperandsTest.cpp - getOtherOperand tests -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// getOtherOperand on products whose operand is the value first, second, both
// (a square) or neither.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/utils/BinaryOperands.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

TEST(BinaryOperandsTest, otherOperandInEitherOrder) {
  MLIRContext context;
  context.loadDialect<func::FuncDialect, IEDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      R"mlir(
func.func @f(%x: tensor<1x8xf16>, %y: tensor<1x8xf16>, %z: tensor<1x8xf16>)
    -> (tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>) {
  %0 = IE.Multiply(%x, %y) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
  %1 = IE.Multiply(%y, %x) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
  %2 = IE.Multiply(%x, %x) : tensor<1x8xf16>, tensor<1x8xf16> -> tensor<1x8xf16>
  return %0, %1, %2 : tensor<1x8xf16>, tensor<1x8xf16>, tensor<1x8xf16>
}
)mlir",
      &context);
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  Value x = func.getArgument(0), y = func.getArgument(1),
        z = func.getArgument(2);
  auto products = llvm::to_vector(func.getOps<MultiplyOp>());
  ASSERT_EQ(products.size(), 3u);
  EXPECT_EQ(getOtherOperand(products[0], x), y);
  EXPECT_EQ(getOtherOperand(products[0], y), x);
  EXPECT_EQ(getOtherOperand(products[1], x), y);
  EXPECT_EQ(getOtherOperand(products[1], y), x);
  // A square: both operands are the value.
  EXPECT_FALSE(getOtherOperand(products[2], x));
  // Neither operand is the value.
  EXPECT_FALSE(getOtherOperand(products[0], z));
}

} // namespace
} // namespace mlir::vpuc::IE
