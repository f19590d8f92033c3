//===- ShapedTypeUtilsTest.cpp - Tests of ShapedTypeUtils -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The layout convention over tensor and memref types.
//
//===----------------------------------------------------------------------===//

#include "core/shape/ShapedTypeUtils.h"

#include "core/shape/unittests/TestPrinters.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::vpuc::shape;

namespace {

class ShapedTypeUtilsTest : public ::testing::Test {
protected:
  MLIRContext context;
  Builder b{&context};

  RankedTensorType tensor(llvm::ArrayRef<int64_t> shape, Type elem,
                          Attribute encoding = {}) {
    return RankedTensorType::get(shape, elem, encoding);
  }
  AffineMapAttr mapAttr(DimsOrder order) {
    return AffineMapAttr::get(order.toAffineMap(&context));
  }
};

TEST_F(ShapedTypeUtilsTest, elementSizes) {
  EXPECT_EQ(*getElemTypeSize(b.getF16Type()), Bit(16));
  EXPECT_EQ(*getElemTypeSize(b.getBF16Type()), Bit(16));
  EXPECT_EQ(*getElemTypeSize(b.getF32Type()), Bit(32));
  // Booleans are stored a byte per element.
  EXPECT_EQ(*getElemTypeSize(b.getI1Type()), Bit(8));
  EXPECT_EQ(*getElemTypeSize(b.getIntegerType(4)), Bit(4));
  EXPECT_EQ(*getElemTypeSize(b.getIntegerType(8, /*isSigned=*/false)), Bit(8));
  EXPECT_EQ(*getElemTypeSize(ComplexType::get(b.getF32Type())), Bit(64));
  EXPECT_TRUE(failed(getElemTypeSize(b.getIndexType())));
  EXPECT_TRUE(failed(getElemTypeSize(b.getNoneType())));

  context.loadDialect<quant::QuantizationDialect>();
  Type quantized = quant::UniformQuantizedType::get(
      quant::QuantizationFlags::Signed, b.getIntegerType(8), b.getF32Type(),
      /*scale=*/0.5, /*zeroPoint=*/0, /*storageTypeMin=*/-128,
      /*storageTypeMax=*/127);
  EXPECT_EQ(*getElemTypeSize(quantized), Bit(8));
}

TEST_F(ShapedTypeUtilsTest, tensorWithoutEncoding) {
  RankedTensorType type = tensor({1, 16, 8, 4}, b.getF16Type());
  EXPECT_EQ(getShape(type), (Shape{1, 16, 8, 4}));
  EXPECT_EQ(*getOrder(type), DimsOrder::NCHW);
  EXPECT_EQ(*getMemShape(type), (MemShape{1, 16, 8, 4}));
  EXPECT_EQ(*getStrides(type), (Strides{8192, 512, 64, 16}));
  EXPECT_EQ(*getMemStrides(type), (MemStrides{8192, 512, 64, 16}));
  EXPECT_TRUE(*isCompact(type));
  EXPECT_EQ(*getTotalAllocSize(type), Byte(1024));
  // Scalars.
  RankedTensorType scalar = tensor({}, b.getF32Type());
  EXPECT_EQ(*getOrder(scalar), DimsOrder());
  EXPECT_EQ(*getTotalAllocSize(scalar), Byte(4));
}

TEST_F(ShapedTypeUtilsTest, tensorWithEncoding) {
  RankedTensorType type =
      tensor({1, 16, 8, 4}, b.getF16Type(), mapAttr(DimsOrder::NHWC));
  EXPECT_EQ(*getOrder(type), DimsOrder::NHWC);
  EXPECT_EQ(*getMemShape(type), (MemShape{1, 8, 4, 16}));
  // C is innermost: 16 bits; W: 16 * 16; H: 4 * 256; N: 8 * 1024.
  EXPECT_EQ(*getStrides(type), (Strides{8192, 16, 1024, 256}));
  EXPECT_EQ(*getMemStrides(type), (MemStrides{8192, 1024, 256, 16}));
  EXPECT_EQ(*getTotalAllocSize(type), Byte(1024));
  EXPECT_TRUE(*isCompact(type));
}

TEST_F(ShapedTypeUtilsTest, withOrder) {
  RankedTensorType plain = tensor({1, 16, 8, 4}, b.getF16Type());
  RankedTensorType nhwc = withOrder(plain, DimsOrder::NHWC);
  EXPECT_EQ(nhwc.getEncoding(), mapAttr(DimsOrder::NHWC));
  EXPECT_EQ(*getOrder(nhwc), DimsOrder::NHWC);
  // The default order is spelled without an encoding.
  EXPECT_EQ(withOrder(nhwc, DimsOrder::NCHW), plain);
  EXPECT_FALSE(withOrder(nhwc, DimsOrder::NCHW).getEncoding());
  for (int64_t rank = 0; rank <= 8; ++rank) {
    llvm::SmallVector<int64_t> shape(rank, 2);
    RankedTensorType type = tensor(shape, b.getI8Type());
    // Reverse order of each rank.
    llvm::SmallVector<unsigned> reversed;
    for (int64_t i = rank - 1; i >= 0; --i) {
      reversed.push_back(static_cast<unsigned>(i));
    }
    DimsOrder order = DimsOrder::fromPermutation(reversed);
    EXPECT_EQ(*getOrder(withOrder(type, order)), order);
  }

  MemRefType memref = MemRefType::get({2, 3, 4}, b.getF32Type());
  MemRefType hwc = withOrder(memref, DimsOrder::HWC);
  EXPECT_EQ(*getOrder(hwc), DimsOrder::HWC);
  EXPECT_EQ(withOrder(hwc, DimsOrder::CHW), memref);
}

TEST_F(ShapedTypeUtilsTest, unsupportedTensorEncodings) {
  AffineExpr d0, d1;
  bindDims(&context, d0, d1);
  auto bad = [&](Attribute encoding) {
    return failed(getOrder(tensor({2, 3}, b.getF16Type(), encoding)));
  };
  EXPECT_TRUE(bad(b.getStringAttr("NHWC")));
  EXPECT_TRUE(
      bad(AffineMapAttr::get(AffineMap::get(2, 0, {d0, d0}, &context))));
  EXPECT_TRUE(
      bad(AffineMapAttr::get(AffineMap::get(2, 0, {d0 + d1, d1}, &context))));
  EXPECT_TRUE(bad(mapAttr(DimsOrder::CHW))); // Rank mismatch.
  EXPECT_TRUE(failed(getOrder(UnrankedTensorType::get(b.getF16Type()))));
  EXPECT_TRUE(failed(getOrder(b.getF16Type())));
  EXPECT_TRUE(failed(
      getMemShape(tensor({2, 3}, b.getF16Type(), b.getStringAttr("x")))));
  // Rank 9 is beyond DimsOrder.
  EXPECT_TRUE(
      failed(getOrder(tensor({1, 1, 1, 1, 1, 1, 1, 1, 1}, b.getF16Type()))));
}

TEST_F(ShapedTypeUtilsTest, dynamicShapes) {
  RankedTensorType type = tensor({ShapedType::kDynamic, 4}, b.getF16Type());
  EXPECT_EQ(*getOrder(type), DimsOrder::NC);
  EXPECT_EQ(*getMemShape(type), (MemShape{kDynamicSize, 4}));
  EXPECT_TRUE(failed(getStrides(type)));
  EXPECT_TRUE(failed(getTotalAllocSize(type)));
  EXPECT_TRUE(failed(getCompactStrides(tensor({2}, b.getIndexType()))));
}

TEST_F(ShapedTypeUtilsTest, memrefLayouts) {
  // Identity layout.
  MemRefType plain = MemRefType::get({2, 3}, b.getF16Type());
  EXPECT_EQ(*getOrder(plain), DimsOrder::NC);
  EXPECT_EQ(*getStrides(plain), (Strides{48, 16}));

  // Permutation layout.
  MemRefType nhwc =
      MemRefType::get({1, 16, 8, 4}, b.getF16Type(), mapAttr(DimsOrder::NHWC));
  EXPECT_EQ(*getOrder(nhwc), DimsOrder::NHWC);
  EXPECT_EQ(*getMemStrides(nhwc), (MemStrides{8192, 1024, 256, 16}));

  // Strided layout with padded rows: 3 elements in rows of 4.
  MemRefType padded = MemRefType::get(
      {2, 3}, b.getF16Type(), StridedLayoutAttr::get(&context, 0, {4, 1}));
  EXPECT_EQ(*getOrder(padded), DimsOrder::NC);
  EXPECT_EQ(*getStrides(padded), (Strides{64, 16}));
  EXPECT_FALSE(*isCompact(padded));
  EXPECT_EQ(*getCompactStrides(padded), (Strides{48, 16}));
  // 1 * 64 + 2 * 16 + 16 bits = 112 bits = 14 bytes.
  EXPECT_EQ(*getTotalAllocSize(padded), Byte(14));

  // Strided layouts with transposed orders: C innermost, then W innermost.
  MemRefType hwc = MemRefType::get(
      {2, 3, 4}, b.getI8Type(), StridedLayoutAttr::get(&context, 0, {1, 8, 2}));
  EXPECT_EQ(*getOrder(hwc), DimsOrder::HWC);
  EXPECT_EQ(*getMemStrides(hwc), (MemStrides{64, 16, 8}));
  EXPECT_TRUE(*isCompact(hwc));
  MemRefType cwh =
      MemRefType::get({2, 3, 4}, b.getI8Type(),
                      StridedLayoutAttr::get(&context, 0, {12, 1, 3}));
  EXPECT_EQ(*getOrder(cwh), DimsOrder::CWH);
  EXPECT_EQ(*getMemStrides(cwh), (MemStrides{96, 24, 8}));
  EXPECT_TRUE(*isCompact(cwh));
  // Size-1 dimensions with equal strides keep the logical order.
  MemRefType ties = MemRefType::get(
      {1, 1, 4}, b.getI8Type(), StridedLayoutAttr::get(&context, 0, {4, 4, 1}));
  EXPECT_EQ(*getOrder(ties), DimsOrder::CHW);

  // Sub-byte elements round the size up to whole bytes.
  MemRefType i4 = MemRefType::get({3}, b.getIntegerType(4));
  EXPECT_EQ(*getStrides(i4), (Strides{4}));
  EXPECT_EQ(*getTotalAllocSize(i4), Byte(2));
  EXPECT_EQ(*getTotalAllocSize(MemRefType::get({0, 3}, b.getF32Type())),
            Byte(0));

  // Unsupported layouts.
  MemRefType dynamicStrides = MemRefType::get(
      {2, 3}, b.getF16Type(),
      StridedLayoutAttr::get(&context, 0, {ShapedType::kDynamic, 1}));
  EXPECT_TRUE(failed(getOrder(dynamicStrides)));
  EXPECT_TRUE(failed(getStrides(dynamicStrides)));
  AffineExpr d0, d1;
  bindDims(&context, d0, d1);
  MemRefType affine = MemRefType::get(
      {2, 3}, b.getF16Type(), AffineMap::get(2, 0, {d0 * 4 + d1}, &context));
  EXPECT_TRUE(failed(getOrder(affine)));
  EXPECT_TRUE(failed(getTotalAllocSize(affine)));
}

} // namespace
