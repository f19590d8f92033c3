//===- InferredTypeTest.cpp - inferred_type tests ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// hasInferredType: an IE layer whose result type is the inferred one, one
// whose result was given another shape or order, and an op without type
// inference.
//
//===----------------------------------------------------------------------===//

#include "passes/ie/utils/InferredType.h"

#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

TEST(InferredTypeTest, ComparesTheResultWithTheInference) {
  MLIRContext context;
  context.loadDialect<IEDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
func.func @main(%x: tensor<1x8x4x4xf16>, %s: tensor<1x8x1x1xf16>) -> tensor<1x8x4x4xf16> {
  %0 = IE.Sigmoid(%x) : tensor<1x8x4x4xf16> -> tensor<1x8x4x4xf16>
  %1 = IE.Multiply(%0, %s) : tensor<1x8x4x4xf16>, tensor<1x8x1x1xf16> -> tensor<1x8x4x4xf16>
  return %1 : tensor<1x8x4x4xf16>
}
)mlir",
                                                             &context);
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  Block &body = func.getBody().front();
  Operation *sigmoid = &body.front();
  Operation *multiply = sigmoid->getNextNode();
  Operation *ret = multiply->getNextNode();
  EXPECT_TRUE(hasInferredType(sigmoid));
  EXPECT_TRUE(hasInferredType(multiply));
  // Another channel count, then another order than the operands'.
  auto type = llvm::cast<RankedTensorType>(sigmoid->getResult(0).getType());
  sigmoid->getResult(0).setType(
      RankedTensorType::get({1, 16, 4, 4}, type.getElementType()));
  EXPECT_FALSE(hasInferredType(sigmoid));
  AffineMap nhwc =
      AffineMap::getPermutationMap(ArrayRef<unsigned>{0, 2, 3, 1}, &context);
  sigmoid->getResult(0).setType(RankedTensorType::get(
      type.getShape(), type.getElementType(), AffineMapAttr::get(nhwc)));
  EXPECT_FALSE(hasInferredType(sigmoid));
  // No type inference.
  EXPECT_FALSE(hasInferredType(ret));
}

} // namespace
} // namespace mlir::vpuc::IE
