//===- ConstantUtilsTest.cpp - Tests of ConstantUtils.h ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks the constant helpers of the IE folds and fusions: reading the content
// and splat values of constant operands, appending transformations only when
// they apply (without diagnostics), and building new content from computed
// values.
//
//===----------------------------------------------------------------------===//

#include <string>
#include <vector>

#include "core/shape/DimsOrder.h"
#include "core/shape/ShapedTypeUtils.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/ConstOps.h"
#include "dialects/ie/ir/ConstantUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::IE {
namespace {

using shape::DimsOrder;

class ConstantUtilsTest : public ::testing::Test {
protected:
  ConstantUtilsTest() : builder(&context) {
    context.loadDialect<Const::ConstDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
    // Any diagnostic is a test failure: the helpers must report nothing.
    handler.emplace(&context, [this](Diagnostic &diag) {
      diagnostics += diag.str();
      return success();
    });
  }

  ~ConstantUtilsTest() override { EXPECT_EQ(diagnostics, ""); }

  RankedTensorType f32(ArrayRef<int64_t> shape) {
    return RankedTensorType::get(shape, builder.getF32Type());
  }

  /// The content of a const with `values` of type `type`.
  Const::ContentAttr content(RankedTensorType type, ArrayRef<float> values) {
    return Const::ContentAttr::get(DenseElementsAttr::get(type, values));
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
  std::string diagnostics;
  std::optional<ScopedDiagnosticHandler> handler;
};

TEST_F(ConstantUtilsTest, constContentAndSplatValues) {
  Const::ContentAttr splat = content(f32({2, 2}), {3.0f}).rescale(2.0);
  auto declare =
      builder.create<Const::DeclareOp>(builder.getUnknownLoc(), splat);
  EXPECT_EQ(getConstContent(declare.getResult()), splat);
  EXPECT_EQ(getSplatValue(declare.getResult()), 6.0);
  EXPECT_EQ(getSplatValue(Attribute(splat)), 6.0);
  auto other = builder.create<UnrealizedConversionCastOp>(
      builder.getUnknownLoc(), TypeRange{f32({2})}, ValueRange{});
  EXPECT_FALSE(getConstContent(other.getResult(0)));
  EXPECT_FALSE(getSplatValue(other.getResult(0)));
  EXPECT_FALSE(getSplatValue(Attribute(content(f32({2}), {1.0f, 2.0f}))));
  EXPECT_FALSE(getSplatValue(Attribute()));
  EXPECT_FALSE(getSplatValue(Attribute(builder.getI64IntegerAttr(1))));
  auto u8 = RankedTensorType::get(
      {3}, IntegerType::get(&context, 8, IntegerType::Unsigned));
  EXPECT_EQ(getSplatValue(Attribute(DenseElementsAttr::get(u8, APInt(8, 200)))),
            200.0);
  auto si8 = RankedTensorType::get(
      {3}, IntegerType::get(&context, 8, IntegerType::Signed));
  EXPECT_EQ(
      getSplatValue(Attribute(DenseElementsAttr::get(si8, APInt(8, -3, true)))),
      -3.0);
}

TEST_F(ConstantUtilsTest, floatValuesAreFoldedInMemoryOrder) {
  auto declare = builder.create<Const::DeclareOp>(
      builder.getUnknownLoc(),
      content(f32({2, 2}), {1.0f, 2.0f, 3.0f, 4.0f}).rescale(0.5));
  EXPECT_EQ(getFloatValues(declare.getResult()),
            (SmallVector<double>{0.5, 1.0, 1.5, 2.0}));
  auto ints = builder.create<Const::DeclareOp>(
      builder.getUnknownLoc(),
      Const::ContentAttr::get(DenseElementsAttr::get(
          RankedTensorType::get({2}, builder.getI32Type()),
          ArrayRef<int32_t>{1, 2})));
  EXPECT_FALSE(getFloatValues(ints.getResult()));
  auto other = builder.create<UnrealizedConversionCastOp>(
      builder.getUnknownLoc(), TypeRange{f32({2})}, ValueRange{});
  EXPECT_FALSE(getFloatValues(other.getResult(0)));
}

TEST_F(ConstantUtilsTest, tryTransformAppliesOrRejectsSilently) {
  MLIRContext *ctx = &context;
  Const::ContentAttr base = content(f32({2, 3}), {0, 1, 2, 3, 4, 5});
  Const::ContentAttr reshaped =
      tryTransform(base, {Const::ReshapeAttr::get(ctx, {3, 2})});
  ASSERT_TRUE(reshaped);
  EXPECT_EQ(reshaped.getType(), f32({3, 2}));
  Const::ContentAttr transposed =
      tryTransform(base, {Const::TransposeAttr::get(ctx, {1, 0}),
                          Const::ReshapeAttr::get(ctx, {3, 1, 2}),
                          Const::BroadcastAttr::get(ctx, 1, 2),
                          Const::RescaleAttr::get(ctx, 2)});
  ASSERT_TRUE(transposed);
  EXPECT_EQ(transposed.getType(), f32({3, 2, 2}));
  // [[0, 3], [0, 3]], [[1, 4], [1, 4]], ... times 2.
  EXPECT_EQ(transposed.fold().getValue<float>(1), 6.0f);
  EXPECT_EQ(transposed.fold().getValue<float>(5), 8.0f);

  // A reshape needs the identity order.
  Const::ContentAttr reordered = base.reorder(DimsOrder::CN.toAffineMap(ctx));
  EXPECT_FALSE(tryTransform(reordered, {Const::ReshapeAttr::get(ctx, {6})}));
  // Wrong element count, rank, non-1 broadcast dim, out-of-bounds view.
  EXPECT_FALSE(tryTransform(base, {Const::ReshapeAttr::get(ctx, {5})}));
  EXPECT_FALSE(tryTransform(base, {Const::TransposeAttr::get(ctx, {0})}));
  EXPECT_FALSE(tryTransform(base, {Const::BroadcastAttr::get(ctx, 1, 4)}));
  EXPECT_FALSE(
      tryTransform(base, {Const::SubViewAttr::get(ctx, {1, 1}, {1, 3})}));
  EXPECT_FALSE(
      tryTransform(base, {Const::PadWithZeroAttr::get(ctx, {1}, {1})}));
  // Rescale and Add need floats.
  auto i32 = RankedTensorType::get({2}, builder.getI32Type());
  Const::ContentAttr ints = Const::ContentAttr::get(
      DenseElementsAttr::get(i32, ArrayRef<int32_t>{1, 2}));
  EXPECT_FALSE(tryTransform(ints, {Const::AddAttr::get(ctx, 1.0)}));
  EXPECT_TRUE(tryTransform(
      ints, {Const::ConvertElemTypeAttr::get(ctx, builder.getF16Type()),
             Const::AddAttr::get(ctx, 1.0)}));
  // Only the transformations the folds use are supported.
  EXPECT_FALSE(tryTransform(
      base, {Const::ReorderAttr::get(
                ctx, AffineMapAttr::get(DimsOrder::CN.toAffineMap(ctx)))}));
  EXPECT_FALSE(tryTransform(Const::ContentAttr(), {}));
}

TEST_F(ConstantUtilsTest, createContentRoundsAndDetectsSplats) {
  auto f16 = RankedTensorType::get({3}, builder.getF16Type());
  Const::ContentAttr half = createContent(f16, {0.1, 1.0, -2.5});
  EXPECT_EQ(half.getType(), f16);
  EXPECT_TRUE(half.getTransformations().empty());
  Const::Content values = half.fold();
  EXPECT_EQ(values.getDouble(0), 0.0999755859375);
  EXPECT_EQ(values.getDouble(2), -2.5);

  Const::ContentAttr splat = createContent(f32({2, 2}), {4.0, 4.0, 4.0, 4.0});
  EXPECT_TRUE(llvm::cast<DenseElementsAttr>(splat.getBaseContent()).isSplat());

  // The layout encoding is kept and the values are taken in memory order.
  RankedTensorType nhwc = shape::withOrder(f32({1, 2, 1, 2}), DimsOrder::NHWC);
  Const::ContentAttr ordered = createContent(nhwc, {1, 2, 3, 4});
  EXPECT_EQ(ordered.getType(), nhwc);
  EXPECT_EQ(ordered.fold().getValue<float>(3), 4.0f);

  // Above the threshold the base is a dense_resource blob.
  Const::ContentAttr large =
      createContent(f32({4}), {1, 2, 3, 4}, /*resourceThresholdBytes=*/8);
  EXPECT_TRUE(llvm::isa<DenseResourceElementsAttr>(large.getBaseContent()));
  EXPECT_EQ(large.fold().getValue<float>(2), 3.0f);

  auto i1 = RankedTensorType::get({3}, builder.getI1Type());
  EXPECT_EQ(createContent(i1, {0, 2, 0}).fold().getValue<bool>(1), true);
}

} // namespace
} // namespace mlir::vpuc::IE
