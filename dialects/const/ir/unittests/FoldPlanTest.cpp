//===- FoldPlanTest.cpp - Tests of slice-first folding ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks `ContentAttr::getFoldPlan`: which transformation lists get their
// SubView moved to the base, and that `fold()`, which runs the plan, gives the
// same type and bytes as the transformations applied one after the other in
// the order of the list (the reference, computed here from the base content
// with each transformation's `transform`) on random tensors.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/Content.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::Const {
namespace {

class FoldPlanTest : public ::testing::Test {
protected:
  FoldPlanTest() {
    DialectRegistry registry;
    registerConstDialect(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadDialect<ConstDialect, quant::QuantizationDialect>();
  }

  /// A resource base of `shape` and `elemType` with random values (floats in
  /// [-4, 4), integers over the whole range of their bytes).
  ElementsAttr randomBase(ArrayRef<int64_t> shape, Type elemType) {
    auto type = RankedTensorType::get(shape, elemType);
    int64_t count = type.getNumElements();
    std::vector<char> bytes(count * Content::getElementByteSize(elemType));
    if (elemType.isF32()) {
      std::uniform_real_distribution<float> value(-4.0f, 4.0f);
      for (int64_t i = 0; i < count; ++i) {
        float element = value(rng);
        std::memcpy(bytes.data() + i * 4, &element, 4);
      }
    } else {
      std::uniform_int_distribution<int> byte(0, 255);
      for (char &element : bytes) {
        element = static_cast<char>(byte(rng));
      }
    }
    return DenseResourceElementsAttr::get(
        type, "base",
        HeapAsmResourceBlob::allocateAndCopyWithAlign(bytes, alignof(double)));
  }

  /// The content of `base` with the transformations written in `list` (the
  /// text between `[` and `]` of a `#const.Content`).
  ContentAttr withTransformations(ElementsAttr base, StringRef list) {
    SmallVector<TransformationAttrInterface> transformations;
    std::string wrapper = "[" + list.str() + "]";
    auto array =
        llvm::dyn_cast_or_null<ArrayAttr>(parseAttribute(wrapper, &ctx));
    EXPECT_TRUE(array) << "failed to parse " << wrapper;
    if (!array) {
      return {};
    }
    for (Attribute attr : array) {
      transformations.push_back(llvm::cast<TransformationAttrInterface>(attr));
    }
    return ContentAttr::get(base, transformations);
  }

  /// The reference: the base content, then every transformation of the list
  /// in its order.
  static Content foldInListOrder(ContentAttr attr) {
    Content content = ContentAttr::get(attr.getBaseContent()).fold();
    auto emitError = [] { return InFlightDiagnostic(); };
    ShapedType type = content.getType();
    for (TransformationAttrInterface transformation :
         attr.getTransformationList()) {
      ShapedType next = *transformation.inferOutputType(type, emitError);
      content = transformation.transform(content, next);
      type = next;
    }
    return content;
  }

  /// Expects the plan of `attr` to start with a SubView (and hold `size`
  /// transformations), and `fold()` to match the reference.
  void expectSliceFirst(ContentAttr attr, size_t size) {
    ASSERT_TRUE(attr);
    SmallVector<TransformationAttrInterface> plan = attr.getFoldPlan();
    ASSERT_EQ(plan.size(), size);
    EXPECT_TRUE(llvm::isa<SubViewAttr>(plan.front()));
    expectSameFold(attr);
  }

  /// Expects `fold()` to give the reference's type and bytes.
  void expectSameFold(ContentAttr attr) {
    ASSERT_TRUE(attr);
    Content folded = attr.fold();
    Content reference = foldInListOrder(attr);
    EXPECT_EQ(folded.getType(), attr.getType());
    EXPECT_EQ(folded.getType(), reference.getType());
    std::vector<char> foldedBytes(folded.getSizeInBytes());
    std::vector<char> referenceBytes(reference.getSizeInBytes());
    folded.copyTo(foldedBytes);
    reference.copyTo(referenceBytes);
    EXPECT_TRUE(foldedBytes == referenceBytes);
  }

  MLIRContext ctx;
  std::mt19937 rng{42};
};

TEST_F(FoldPlanTest, tiledFullyConnectedWeights) {
  // ConvertFCToConv's reshape, FP16, NHWC, then one tile's output channels.
  ElementsAttr base = randomBase({96, 40}, Float32Type::get(&ctx));
  ContentAttr attr = withTransformations(
      base, "#const.Reshape<[96, 40, 1, 1]>, #const.ConvertElemType<f16>, "
            "#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, "
            "d1)>>, #const.SubView<[32, 0, 0, 0], [16, 40, 1, 1]>");
  expectSliceFirst(attr, 4);
  auto subview = llvm::cast<SubViewAttr>(attr.getFoldPlan().front());
  EXPECT_EQ(subview.getOffset(), ArrayRef<int64_t>({32, 0}));
  EXPECT_EQ(subview.getShape(), ArrayRef<int64_t>({16, 40}));
}

TEST_F(FoldPlanTest, tiledConvolutionWeights) {
  ElementsAttr base = randomBase({24, 8, 3, 3}, Float32Type::get(&ctx));
  expectSliceFirst(
      withTransformations(
          base, "#const.ConvertElemType<f16>, #const.Reorder<affine_map<(d0, "
                "d1, d2, d3) -> (d0, d2, d3, d1)>>, #const.SubView<[8, 2, 0, "
                "1], [8, 5, 3, 2]>"),
      3);
}

TEST_F(FoldPlanTest, transposeRescaleAdd) {
  ElementsAttr base = randomBase({6, 5, 4}, Float32Type::get(&ctx));
  expectSliceFirst(
      withTransformations(base,
                          "#const.Transpose<[2, 0, 1]>, #const.Rescale<0.5>, "
                          "#const.Add<1.25>, #const.ConvertElemType<bf16>, "
                          "#const.SubView<[1, 2, 0], [2, 3, 4]>"),
      5);
}

TEST_F(FoldPlanTest, subviewsMerge) {
  ElementsAttr base = randomBase({16, 12}, Float32Type::get(&ctx));
  ContentAttr attr = withTransformations(
      base, "#const.SubView<[2, 1], [10, 10]>, #const.ConvertElemType<f16>, "
            "#const.SubView<[3, 4], [5, 6]>");
  expectSliceFirst(attr, 2);
  auto subview = llvm::cast<SubViewAttr>(attr.getFoldPlan().front());
  EXPECT_EQ(subview.getOffset(), ArrayRef<int64_t>({5, 5}));
}

TEST_F(FoldPlanTest, padThenSlice) {
  ElementsAttr base = randomBase({5, 7}, Float32Type::get(&ctx));
  // The slice overlaps the padding before and after: what it keeps of the
  // padding follows the smaller slice.
  expectSliceFirst(withTransformations(base,
                                       "#const.ConvertElemType<f16>, "
                                       "#const.PadWithZero<[2, 1], [3, 0]>, "
                                       "#const.SubView<[1, 0], [8, 4]>"),
                   3);
  // Inside the interior: the padding goes away.
  expectSliceFirst(withTransformations(base, "#const.PadWithZero<[2, 1], [3, "
                                             "0]>, #const.SubView<[3, 2], "
                                             "[2, 3]>"),
                   1);
  // Padding only: the SubView stays after the padding.
  ContentAttr padOnly = withTransformations(
      base, "#const.PadWithZero<[2, 1], [3, 0]>, #const.SubView<[0, 0], "
            "[2, 8]>");
  ASSERT_TRUE(padOnly);
  EXPECT_TRUE(llvm::isa<PadWithZeroAttr>(padOnly.getFoldPlan().front()));
  expectSameFold(padOnly);
}

TEST_F(FoldPlanTest, broadcastThenSlice) {
  ElementsAttr base = randomBase({4, 1, 3}, Float32Type::get(&ctx));
  expectSliceFirst(withTransformations(base, "#const.Broadcast<1, 6>, "
                                             "#const.SubView<[1, 2, 0], [2, "
                                             "3, 3]>"),
                   2);
  expectSliceFirst(withTransformations(base, "#const.Broadcast<1, 6>, "
                                             "#const.SubView<[1, 2, 0], [2, "
                                             "1, 3]>"),
                   1);
}

TEST_F(FoldPlanTest, perAxisQuantizedWeights) {
  ElementsAttr base = randomBase({4, 3}, IntegerType::get(&ctx, 8));
  // The slice of the quantized dimension keeps the scales of its channels.
  expectSliceFirst(
      withTransformations(
          base, "#const.QuantCast<!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, "
                "2.0:3, 1.0:0}>>, #const.Dequantize, "
                "#const.ConvertElemType<f16>, "
                "#const.SubView<[1, 1], [2, 2]>"),
      4);
  expectSliceFirst(
      withTransformations(
          base, "#const.QuantCast<!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, "
                "2.0:3, 1.0:0}>>, #const.PadWithZero<[1, 0], [2, 0]>, "
                "#const.SubView<[0, 1], [6, 2]>"),
      3);
}

TEST_F(FoldPlanTest, reshapeThatMergesDimensionsKeepsItsOrder) {
  ElementsAttr base = randomBase({4, 6}, Float32Type::get(&ctx));
  ContentAttr attr = withTransformations(
      base, "#const.ConvertElemType<f16>, #const.Reshape<[24]>, "
            "#const.SubView<[5], [7]>");
  ASSERT_TRUE(attr);
  SmallVector<TransformationAttrInterface> plan = attr.getFoldPlan();
  ASSERT_EQ(plan.size(), 3u);
  EXPECT_TRUE(llvm::isa<ReshapeAttr>(plan[1]));
  EXPECT_TRUE(llvm::isa<SubViewAttr>(plan[2]));
  expectSameFold(attr);
}

TEST_F(FoldPlanTest, contiguousSliceOfTheBaseIsBorrowed) {
  ElementsAttr base = randomBase({8, 2, 3}, Float32Type::get(&ctx));
  Content rows = withTransformations(base, "#const.SubView<[2, 0, 0], [3, 2, "
                                           "3]>")
                     .fold();
  EXPECT_FALSE(rows.isOwned());
  Content whole = ContentAttr::get(base).fold();
  EXPECT_EQ(rows.getRawStorage().data(),
            whole.getRawStorage().data() + 2 * 2 * 3 * 4);
  EXPECT_EQ(rows.getValue<float>(0), whole.getValue<float>(12));
  // A slice of one row's columns is one run too; a slice of columns over
  // several rows is not.
  EXPECT_FALSE(withTransformations(base, "#const.SubView<[2, 1, 1], [1, 1, "
                                         "2]>")
                   .fold()
                   .isOwned());
  Content columns = withTransformations(base, "#const.SubView<[0, 0, 1], [8, "
                                              "2, 2]>")
                        .fold();
  EXPECT_TRUE(columns.isOwned());
  EXPECT_EQ(columns.getValue<float>(2), whole.getValue<float>(4));
}

TEST_F(FoldPlanTest, listWithoutSubViewIsUnchanged) {
  ElementsAttr base = randomBase({4, 6}, Float32Type::get(&ctx));
  ContentAttr attr = withTransformations(
      base, "#const.ConvertElemType<f16>, #const.Transpose<[1, 0]>");
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getFoldPlan(), attr.getTransformationList());
}

} // namespace
} // namespace mlir::vpuc::Const
