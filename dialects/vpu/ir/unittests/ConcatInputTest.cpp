//===- ConcatInputTest.cpp - The input of a VPU.Concat at a box -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// getConcatInputAt: the input that is exactly a box of the join (over H, and
// over a negative axis), and none for a box that straddles two inputs, is
// part of one, or has the wrong rank.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/VPUDialect.h"
#include "dialects/vpu/ir/VPUOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::VPU {
namespace {

TEST(ConcatInputTest, inputAtABox) {
  MLIRContext context;
  DialectRegistry registry;
  registerVPUDialect(registry);
  context.appendDialectRegistry(registry);
  context.loadDialect<VPUDialect, func::FuncDialect>();
  constexpr const char *kSource = R"mlir(
func.func @f(%a: tensor<1x16x3x8xf16>, %b: tensor<1x16x5x8xf16>) -> (tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>) {
  %0 = VPU.Concat(%a, %b) {axis = 2 : i64} : tensor<1x16x3x8xf16>, tensor<1x16x5x8xf16> -> tensor<1x16x8x8xf16>
  %1 = VPU.Concat(%a, %b) {axis = -2 : i64} : tensor<1x16x3x8xf16>, tensor<1x16x5x8xf16> -> tensor<1x16x8x8xf16>
  return %0, %1 : tensor<1x16x8x8xf16>, tensor<1x16x8x8xf16>
}
)mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kSource, &context);
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  Operation *ret = func.getBody().front().getTerminator();
  Value a = func.getArgument(0), b = func.getArgument(1);
  for (Value result : ret->getOperands()) {
    auto concat = result.getDefiningOp<ConcatOp>();
    ASSERT_TRUE(concat);
    EXPECT_EQ(getConcatInputAt(concat, {0, 0, 0, 0}, {1, 16, 3, 8}), a);
    EXPECT_EQ(getConcatInputAt(concat, {0, 0, 3, 0}, {1, 16, 5, 8}), b);
    // Rows 2 to 5 straddle both inputs; rows 3 to 5 are part of %b only.
    EXPECT_FALSE(getConcatInputAt(concat, {0, 0, 2, 0}, {1, 16, 4, 8}));
    EXPECT_FALSE(getConcatInputAt(concat, {0, 0, 3, 0}, {1, 16, 3, 8}));
    EXPECT_FALSE(getConcatInputAt(concat, {0, 0, 3, 0}, {1, 8, 5, 8}));
    EXPECT_FALSE(getConcatInputAt(concat, {0, 3, 0}, {16, 5, 8}));
  }
}

} // namespace
} // namespace mlir::vpuc::VPU
