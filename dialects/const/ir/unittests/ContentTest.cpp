//===- ContentTest.cpp - Tests of #const.Content folding --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Reads transformed constant content through `ContentAttr::fold()` and checks
// element values, memory order and splat handling.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <vector>

#include "core/numeric/Float16.h"
#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "dialects/const/ir/Content.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::Const {
namespace {

/// A context with the const and quant dialects loaded.
class ContentTest : public ::testing::Test {
protected:
  ContentTest() {
    DialectRegistry registry;
    registerConstDialect(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadDialect<ConstDialect, quant::QuantizationDialect>();
  }

  /// Parses a `#const.Content<...>` attribute.
  ContentAttr parse(StringRef text) {
    auto attr = llvm::dyn_cast_or_null<ContentAttr>(parseAttribute(text, &ctx));
    EXPECT_TRUE(attr) << "failed to parse " << text.str();
    return attr;
  }

  MLIRContext ctx;
};

TEST_F(ContentTest, convertReshapeReorderNHWC) {
  // Logical 1x2x2x2 (NCHW) values 0..7; NHWC memory order interleaves C.
  ContentAttr attr = parse(
      "#const.Content<dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.5]> : "
      "tensor<8xf32>, [#const.ConvertElemType<f16>, "
      "#const.Reshape<[1, 2, 2, 2]>, "
      "#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>]>");
  ASSERT_TRUE(attr);
  Content content = attr.fold();
  EXPECT_FALSE(content.isSplat());
  EXPECT_TRUE(content.getElementType().isF16());
  EXPECT_EQ(content.getElementByteSize(), 2u);
  EXPECT_EQ(content.getSizeInBytes(), 16u);
  std::vector<float> expected = {0, 4, 1, 5, 2, 6, 3, 7.5};
  SmallVector<float> values = content.getValues<float>();
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()), expected);
  SmallVector<numeric::float16> halves = content.getValues<numeric::float16>();
  EXPECT_EQ(halves[7].bits(), numeric::floatToF16Bits(7.5f));
  // copyTo writes the raw f16 storage in memory order.
  std::vector<char> raw(content.getSizeInBytes());
  content.copyTo(raw);
  uint16_t second;
  std::memcpy(&second, raw.data() + 2, 2);
  EXPECT_EQ(second, numeric::floatToF16Bits(4.0f));
}

TEST_F(ContentTest, reorderRank3) {
  // tensor<2x3x2> in order (d2, d0, d1): memory [k][i][j].
  ContentAttr attr =
      parse("#const.Content<dense<[[[0, 1], [2, 3], [4, 5]], [[6, 7], [8, 9], "
            "[10, 11]]]> : tensor<2x3x2xi32>, "
            "[#const.Reorder<affine_map<(d0, d1, d2) -> (d2, d0, d1)>>]>");
  ASSERT_TRUE(attr);
  SmallVector<int32_t> values = attr.fold().getValues<int32_t>();
  std::vector<int32_t> expected = {0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9, 11};
  EXPECT_EQ(std::vector<int32_t>(values.begin(), values.end()), expected);
}

TEST_F(ContentTest, splatStaysSplat) {
  ContentAttr attr = parse(
      "#const.Content<dense<2.0> : tensor<16x3x3xf32>, "
      "[#const.Reshape<[1, 16, 3, 3]>, #const.ConvertElemType<f16>, "
      "#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, "
      "#const.SubView<[0, 0, 0, 0], [1, 8, 3, 3]>, #const.Broadcast<0, 4>, "
      "#const.Rescale<3.0>, #const.Add<1.0>, #const.PadWithZero<[0, 0, 0, "
      "0], [0, 0, 0, 0]>]>");
  ASSERT_TRUE(attr);
  Content content = attr.fold();
  EXPECT_TRUE(content.isSplat());
  EXPECT_EQ(content.getRawStorage().size(), 2u);
  EXPECT_EQ(content.getNumElements(), 4 * 8 * 3 * 3);
  EXPECT_EQ(content.getSplatValue<float>(), 7.0f);
  EXPECT_EQ(content.getValue<float>(100), 7.0f);
  std::vector<char> raw(content.getSizeInBytes());
  content.copyTo(raw);
  uint16_t last;
  std::memcpy(&last, raw.data() + raw.size() - 2, 2);
  EXPECT_EQ(last, numeric::floatToF16Bits(7.0f));
}

TEST_F(ContentTest, padWithZero) {
  ContentAttr attr =
      parse("#const.Content<dense<[[1.0, 2.0], [3.0, 4.0]]> : "
            "tensor<2x2xf32>, [#const.PadWithZero<[1, 0], [0, 1]>]>");
  ASSERT_TRUE(attr);
  SmallVector<float> values = attr.fold().getValues<float>();
  std::vector<float> expected = {0, 0, 0, 1, 2, 0, 3, 4, 0};
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()), expected);
}

TEST_F(ContentTest, padSplatMaterialises) {
  ContentAttr nonZero = parse("#const.Content<dense<5> : tensor<2xi8>, "
                              "[#const.PadWithZero<[1], [1]>]>");
  ASSERT_TRUE(nonZero);
  Content content = nonZero.fold();
  EXPECT_FALSE(content.isSplat());
  SmallVector<int8_t> values = content.getValues<int8_t>();
  EXPECT_EQ(std::vector<int8_t>(values.begin(), values.end()),
            (std::vector<int8_t>{0, 5, 5, 0}));

  ContentAttr zero = parse("#const.Content<dense<0.0> : tensor<2xf32>, "
                           "[#const.PadWithZero<[1], [1]>]>");
  ASSERT_TRUE(zero);
  EXPECT_TRUE(zero.fold().isSplat());
}

TEST_F(ContentTest, padQuantizedUsesZeroPoint) {
  ContentAttr perTensor =
      parse("#const.Content<dense<[1, 2]> : tensor<2xi8>, "
            "[#const.QuantCast<!quant.uniform<i8:f32, 0.5:-3>>, "
            "#const.PadWithZero<[1], [2]>]>");
  ASSERT_TRUE(perTensor);
  SmallVector<int8_t> values = perTensor.fold().getValues<int8_t>();
  EXPECT_EQ(std::vector<int8_t>(values.begin(), values.end()),
            (std::vector<int8_t>{-3, 1, 2, -3, -3}));

  // Per-axis (axis 0): padding along dim 1 uses each row's zero point.
  ContentAttr perAxis =
      parse("#const.Content<dense<[[1], [2]]> : tensor<2x1xui8>, "
            "[#const.QuantCast<!quant.uniform<u8:f32:0, {1.0:10, 2.0:20}>>, "
            "#const.PadWithZero<[0, 1], [0, 1]>]>");
  ASSERT_TRUE(perAxis);
  SmallVector<uint8_t> axisValues = perAxis.fold().getValues<uint8_t>();
  EXPECT_EQ(std::vector<uint8_t>(axisValues.begin(), axisValues.end()),
            (std::vector<uint8_t>{10, 1, 10, 20, 2, 20}));
}

TEST_F(ContentTest, reshapeQuantizedDimension) {
  // [1, 2] per axis 1 -> [2, 1, 1]: the channels move to axis 0.
  ContentAttr attr =
      parse("#const.Content<dense<[[1, 2]]> : tensor<1x2xsi8>, "
            "[#const.QuantCast<!quant.uniform<i8:f32:1, {1.0, 2.0}>>, "
            "#const.Reshape<[2, 1, 1]>]>");
  ASSERT_TRUE(attr);
  auto type = llvm::cast<quant::UniformQuantizedPerAxisType>(
      attr.getType().getElementType());
  EXPECT_EQ(type.getQuantizedDimension(), 0);
  EXPECT_EQ(
      std::vector<double>(type.getScales().begin(), type.getScales().end()),
      (std::vector<double>{1.0, 2.0}));
  SmallVector<int8_t> values = attr.fold().getValues<int8_t>();
  EXPECT_EQ(std::vector<int8_t>(values.begin(), values.end()),
            (std::vector<int8_t>{1, 2}));
}

TEST_F(ContentTest, padQuantizedDimension) {
  // Padding the quantized dimension adds channels with the nearest channel's
  // scale and zero point, filled with that zero point (a real zero).
  ContentAttr attr =
      parse("#const.Content<dense<[[1], [2]]> : tensor<2x1xui8>, "
            "[#const.QuantCast<!quant.uniform<u8:f32:0, {1.0:10, 2.0:20}>>, "
            "#const.PadWithZero<[1, 0], [2, 0]>]>");
  ASSERT_TRUE(attr);
  auto type = llvm::cast<quant::UniformQuantizedPerAxisType>(
      attr.getType().getElementType());
  EXPECT_EQ(
      std::vector<double>(type.getScales().begin(), type.getScales().end()),
      (std::vector<double>{1.0, 1.0, 2.0, 2.0, 2.0}));
  EXPECT_EQ(std::vector<int64_t>(type.getZeroPoints().begin(),
                                 type.getZeroPoints().end()),
            (std::vector<int64_t>{10, 10, 20, 20, 20}));
  SmallVector<uint8_t> values = attr.fold().getValues<uint8_t>();
  EXPECT_EQ(std::vector<uint8_t>(values.begin(), values.end()),
            (std::vector<uint8_t>{10, 1, 2, 20, 20}));
}

TEST_F(ContentTest, subviewOfReordered) {
  // 1x2x2x3 NCHW values 0..11, reordered to NHWC, then sliced.
  ContentAttr attr =
      parse("#const.Content<dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]> : "
            "tensor<12xi16>, [#const.Reshape<[1, 2, 2, 3]>, "
            "#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, "
            "#const.SubView<[0, 1, 1, 1], [1, 1, 1, 2]>]>");
  ASSERT_TRUE(attr);
  SmallVector<int16_t> values = attr.fold().getValues<int16_t>();
  // Logical [0][1][1][1..2] = 6 + 3 + 1.. = 10, 11.
  EXPECT_EQ(std::vector<int16_t>(values.begin(), values.end()),
            (std::vector<int16_t>{10, 11}));
}

TEST_F(ContentTest, subviewPerAxisSlicesScales) {
  ContentAttr attr = parse(
      "#const.Content<dense<[10, 20, 30]> : tensor<3xi8>, "
      "[#const.QuantCast<!quant.uniform<i8:f32:0, {1.0:0, 2.0:1, 4.0:2}>>, "
      "#const.SubView<[1], [2]>, #const.Dequantize]>");
  ASSERT_TRUE(attr);
  SmallVector<float> values = attr.fold().getValues<float>();
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()),
            (std::vector<float>{38.0f, 112.0f}));
}

TEST_F(ContentTest, transpose) {
  // 2x3 values 0..5 transposed to 3x2.
  ContentAttr attr = parse("#const.Content<dense<[[0, 1, 2], [3, 4, 5]]> : "
                           "tensor<2x3xi32>, [#const.Transpose<[1, 0]>]>");
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getType().getShape(), ArrayRef<int64_t>({3, 2}));
  SmallVector<int32_t> values = attr.fold().getValues<int32_t>();
  EXPECT_EQ(std::vector<int32_t>(values.begin(), values.end()),
            (std::vector<int32_t>{0, 3, 1, 4, 2, 5}));
}

TEST_F(ContentTest, transposeOfReordered) {
  // 1x2x2x3 NCHW values 0..11, stored NHWC, transposed to NHWC logically:
  // the result (no encoding) is row-major [n][h][w][c] = 0, 6, 1, 7, ...
  ContentAttr attr =
      parse("#const.Content<dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]> : "
            "tensor<12xi16>, [#const.Reshape<[1, 2, 2, 3]>, "
            "#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, "
            "#const.Transpose<[0, 2, 3, 1]>]>");
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getType(),
            RankedTensorType::get({1, 2, 3, 2}, IntegerType::get(&ctx, 16)));
  SmallVector<int16_t> values = attr.fold().getValues<int16_t>();
  EXPECT_EQ(std::vector<int16_t>(values.begin(), values.end()),
            (std::vector<int16_t>{0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11}));
  // A rank-3 permutation that is its own inverse neither: (1, 2, 0).
  ContentAttr cyclic = parse(
      "#const.Content<dense<[[[0, 1], [2, 3], [4, 5]]]> : tensor<1x3x2xi8>, "
      "[#const.Transpose<[1, 2, 0]>]>");
  ASSERT_TRUE(cyclic);
  EXPECT_EQ(cyclic.getType().getShape(), ArrayRef<int64_t>({3, 2, 1}));
  SmallVector<int8_t> cyclicValues = cyclic.fold().getValues<int8_t>();
  EXPECT_EQ(std::vector<int8_t>(cyclicValues.begin(), cyclicValues.end()),
            (std::vector<int8_t>{0, 1, 2, 3, 4, 5}));
}

TEST_F(ContentTest, transposePerAxisMovesQuantizedDim) {
  ContentAttr attr =
      parse("#const.Content<dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi8>, "
            "[#const.QuantCast<!quant.uniform<i8:f32:1, {1.0, 2.0, 4.0}>>, "
            "#const.Transpose<[1, 0]>, #const.Dequantize]>");
  ASSERT_TRUE(attr);
  SmallVector<float> values = attr.fold().getValues<float>();
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()),
            (std::vector<float>{1, 4, 4, 10, 12, 24}));
}

TEST_F(ContentTest, transposeSplatStaysSplat) {
  ContentAttr attr = parse("#const.Content<dense<3.0> : tensor<2x3xf32>, "
                           "[#const.Transpose<[1, 0]>]>");
  ASSERT_TRUE(attr);
  Content content = attr.fold();
  EXPECT_TRUE(content.isSplat());
  EXPECT_EQ(content.getNumElements(), 6);
}

TEST_F(ContentTest, broadcast) {
  ContentAttr attr = parse("#const.Content<dense<[[1, 2, 3]]> : "
                           "tensor<1x3xi32>, [#const.Broadcast<0, 2>]>");
  ASSERT_TRUE(attr);
  SmallVector<int64_t> values = attr.fold().getValues<int64_t>();
  EXPECT_EQ(std::vector<int64_t>(values.begin(), values.end()),
            (std::vector<int64_t>{1, 2, 3, 1, 2, 3}));
  ContentAttr inner = parse("#const.Content<dense<[[1.0], [2.0]]> : "
                            "tensor<2x1xf32>, [#const.Broadcast<1, 3>]>");
  ASSERT_TRUE(inner);
  SmallVector<double> innerValues = inner.fold().getValues<double>();
  EXPECT_EQ(std::vector<double>(innerValues.begin(), innerValues.end()),
            (std::vector<double>{1, 1, 1, 2, 2, 2}));
}

TEST_F(ContentTest, padAndBroadcastReordered) {
  // 1x2x1x2 NCHW [c0: 1, 2; c1: 3, 4] stored NHWC as 1, 3, 2, 4; W padded by
  // one in front: NHWC memory (0, 0), (1, 3), (2, 4).
  ContentAttr pad = parse(
      "#const.Content<dense<[[[[1, 2]], [[3, 4]]]]> : tensor<1x2x1x2xi8>, "
      "[#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, "
      "#const.PadWithZero<[0, 0, 0, 1], [0, 0, 0, 0]>]>");
  ASSERT_TRUE(pad);
  SmallVector<int8_t> padded = pad.fold().getValues<int8_t>();
  EXPECT_EQ(std::vector<int8_t>(padded.begin(), padded.end()),
            (std::vector<int8_t>{0, 0, 1, 3, 2, 4}));

  // Broadcasting W of an NHWC 1x2x1x1 repeats the channel pair.
  ContentAttr broadcast = parse(
      "#const.Content<dense<[[[[5]], [[6]]]]> : tensor<1x2x1x1xi8>, "
      "[#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, "
      "#const.Broadcast<3, 3>]>");
  ASSERT_TRUE(broadcast);
  SmallVector<int8_t> broadcasted = broadcast.fold().getValues<int8_t>();
  EXPECT_EQ(std::vector<int8_t>(broadcasted.begin(), broadcasted.end()),
            (std::vector<int8_t>{5, 6, 5, 6, 5, 6}));

  // Per-axis zero points (axis 1, channels innermost in NHWC) fill the pads.
  ContentAttr perAxis =
      parse("#const.Content<dense<[[[[1]], [[2]]]]> : tensor<1x2x1x1xui8>, "
            "[#const.QuantCast<!quant.uniform<u8:f32:1, {1.0:10, 2.0:20}>>, "
            "#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, "
            "#const.PadWithZero<[0, 0, 0, 1], [0, 0, 0, 1]>]>");
  ASSERT_TRUE(perAxis);
  SmallVector<uint8_t> axisValues = perAxis.fold().getValues<uint8_t>();
  EXPECT_EQ(std::vector<uint8_t>(axisValues.begin(), axisValues.end()),
            (std::vector<uint8_t>{10, 20, 1, 2, 10, 20}));
}

TEST_F(ContentTest, rescaleAdd) {
  ContentAttr attr =
      parse("#const.Content<dense<[1.0, -2.0, 0.5]> : tensor<3xbf16>, "
            "[#const.Rescale<4.0>, #const.Add<0.25>]>");
  ASSERT_TRUE(attr);
  SmallVector<float> values = attr.fold().getValues<float>();
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()),
            (std::vector<float>{4.25f, -7.75f, 2.25f}));
}

TEST_F(ContentTest, quantCastDequantizePerTensor) {
  ContentAttr attr =
      parse("#const.Content<dense<[-128, 10, 127]> : tensor<3xi8>, "
            "[#const.QuantCast<!quant.uniform<i8:f32, 0.5:10>>, "
            "#const.Dequantize]>");
  ASSERT_TRUE(attr);
  Content content = attr.fold();
  EXPECT_TRUE(content.getElementType().isF32());
  SmallVector<float> values = content.getValues<float>();
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()),
            (std::vector<float>{-69.0f, 0.0f, 58.5f}));

  // Quantized content reads as its stored integers.
  ContentAttr cast = parse("#const.Content<dense<[250, 3]> : tensor<2xui8>, "
                           "[#const.QuantCast<!quant.uniform<u8:f32, "
                           "0.5:128>>]>");
  ASSERT_TRUE(cast);
  SmallVector<int32_t> stored = cast.fold().getValues<int32_t>();
  EXPECT_EQ(std::vector<int32_t>(stored.begin(), stored.end()),
            (std::vector<int32_t>{250, 3}));
}

TEST_F(ContentTest, dequantizePerAxisReordered) {
  // Per-axis on dim 1 (channels) of a 1x2x1x2 tensor stored NHWC.
  ContentAttr attr = parse(
      "#const.Content<dense<[[[[1, 2]], [[3, 4]]]]> : tensor<1x2x1x2xi8>, "
      "[#const.QuantCast<!quant.uniform<i8:f16:1, {0.5:1, 2.0:-1}>>, "
      "#const.Reorder<affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>>, "
      "#const.Dequantize]>");
  ASSERT_TRUE(attr);
  Content content = attr.fold();
  EXPECT_TRUE(content.getElementType().isF16());
  // NHWC memory: (w0: c0=1, c1=3), (w1: c0=2, c1=4).
  SmallVector<float> values = content.getValues<float>();
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()),
            (std::vector<float>{0.0f, 8.0f, 0.5f, 10.0f}));
}

TEST_F(ContentTest, dequantizeSplatPerTensorStaysSplat) {
  ContentAttr attr = parse("#const.Content<dense<4> : tensor<1000xi8>, "
                           "[#const.QuantCast<!quant.uniform<i8:f32, 0.25:0>>, "
                           "#const.Dequantize]>");
  ASSERT_TRUE(attr);
  Content content = attr.fold();
  EXPECT_TRUE(content.isSplat());
  EXPECT_EQ(content.getSplatValue<float>(), 1.0f);
}

TEST_F(ContentTest, intConversions) {
  ContentAttr toFloat = parse("#const.Content<dense<[-128, 0, 127]> : "
                              "tensor<3xi8>, [#const.ConvertElemType<f32>]>");
  ASSERT_TRUE(toFloat);
  SmallVector<float> floats = toFloat.fold().getValues<float>();
  EXPECT_EQ(std::vector<float>(floats.begin(), floats.end()),
            (std::vector<float>{-128.0f, 0.0f, 127.0f}));

  // Float to int: round to nearest even, saturate, NaN -> 0.
  ContentAttr toInt =
      parse("#const.Content<dense<[2.5, 3.5, -1000.0, 1000.0, 0x7FC00000]> : "
            "tensor<5xf32>, [#const.ConvertElemType<i8>]>");
  ASSERT_TRUE(toInt);
  SmallVector<int8_t> ints = toInt.fold().getValues<int8_t>();
  EXPECT_EQ(std::vector<int8_t>(ints.begin(), ints.end()),
            (std::vector<int8_t>{2, 4, -128, 127, 0}));

  // Int to int saturates; to unsigned clamps negatives to 0.
  ContentAttr narrow = parse("#const.Content<dense<[300, -300, 5]> : "
                             "tensor<3xi32>, [#const.ConvertElemType<ui8>]>");
  ASSERT_TRUE(narrow);
  SmallVector<int32_t> narrowed = narrow.fold().getValues<int32_t>();
  EXPECT_EQ(std::vector<int32_t>(narrowed.begin(), narrowed.end()),
            (std::vector<int32_t>{255, 0, 5}));

  // getValues also converts on the fly.
  SmallVector<uint8_t> bytes = narrow.fold().getValues<uint8_t>();
  EXPECT_EQ(bytes[0], 255);
  SmallVector<bool> bools = narrow.fold().getValues<bool>();
  EXPECT_EQ(std::vector<bool>(bools.begin(), bools.end()),
            (std::vector<bool>{true, false, true}));
}

TEST_F(ContentTest, boolBase) {
  ContentAttr attr =
      parse("#const.Content<dense<[true, false, true]> : tensor<3xi1>, "
            "[#const.ConvertElemType<f16>]>");
  ASSERT_TRUE(attr);
  SmallVector<float> values = attr.fold().getValues<float>();
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()),
            (std::vector<float>{1.0f, 0.0f, 1.0f}));
}

TEST_F(ContentTest, resourceBlobBase) {
  std::vector<float> data = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
  auto type = RankedTensorType::get({2, 3}, Float32Type::get(&ctx));
  auto base = DenseResourceElementsAttr::get(
      type, "weights",
      HeapAsmResourceBlob::allocateAndCopyInferAlign<float>(data));
  ContentAttr attr =
      ContentAttr::get(base)
          .reorder(AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, &ctx))
          .convertElemType(Float16Type::get(&ctx))
          .rescale(2.0);
  Content content = attr.fold();
  SmallVector<float> values = content.getValues<float>();
  EXPECT_EQ(std::vector<float>(values.begin(), values.end()),
            (std::vector<float>{2, 8, 4, 10, 6, 12}));
  // The resource bytes are borrowed until a transformation writes.
  Content plain = ContentAttr::get(base).fold();
  EXPECT_FALSE(plain.isOwned());
  EXPECT_EQ(plain.getValue<float>(5), 6.0f);
}

TEST_F(ContentTest, builderHelpersAndSimplify) {
  auto type = RankedTensorType::get({4}, Float32Type::get(&ctx));
  ContentAttr attr = ContentAttr::get(DenseElementsAttr::get(type, 1.0f))
                         .reshape({2, 2})
                         .reshape({4})
                         .rescale(2.0)
                         .rescale(3.0)
                         .subview({1}, {3})
                         .subview({1}, {2});
  ContentAttr simplified = attr.simplify();
  EXPECT_EQ(simplified.getType(), attr.getType());
  ASSERT_EQ(simplified.getTransformations().size(), 2u);
  EXPECT_TRUE(llvm::isa<RescaleAttr>(simplified.getTransformations()[0]));
  EXPECT_EQ(llvm::cast<RescaleAttr>(simplified.getTransformations()[0])
                .getScaleValue(),
            6.0);
  auto subview = llvm::cast<SubViewAttr>(simplified.getTransformations()[1]);
  EXPECT_EQ(subview.getOffset()[0], 2);
  EXPECT_EQ(simplified.fold().getValue<float>(1), 6.0f);
}

} // namespace
} // namespace mlir::vpuc::Const
