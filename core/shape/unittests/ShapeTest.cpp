//===- ShapeTest.cpp - Tests of Dim, Shape and strides ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Type safety, printing and sizes of the dimension and shape containers.
//
//===----------------------------------------------------------------------===//

#include "core/shape/Shape.h"

#include <string>
#include <type_traits>

#include "core/shape/Dim.h"
#include "core/shape/unittests/TestPrinters.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir::vpuc::shape;

namespace {

// Dimension indices: explicit from int, never to int, never to each other.
static_assert(!std::is_convertible_v<Dim, MemDim>);
static_assert(!std::is_convertible_v<MemDim, Dim>);
static_assert(!std::is_constructible_v<MemDim, Dim>);
static_assert(!std::is_constructible_v<Dim, MemDim>);
static_assert(!std::is_convertible_v<int, Dim>);
static_assert(!std::is_convertible_v<int64_t, MemDim>);
static_assert(!std::is_convertible_v<Dim, int64_t>);
static_assert(!std::is_convertible_v<MemDim, int>);
static_assert(std::is_constructible_v<Dim, int64_t>);
static_assert(std::is_trivially_copyable_v<Dim>);

// Shapes and strides: four unrelated types.
static_assert(!std::is_convertible_v<Shape, MemShape>);
static_assert(!std::is_constructible_v<MemShape, Shape>);
static_assert(!std::is_constructible_v<Shape, MemShape>);
static_assert(!std::is_constructible_v<Strides, Shape>);
static_assert(!std::is_constructible_v<MemStrides, Strides>);
static_assert(!std::is_convertible_v<Shape, llvm::ArrayRef<int64_t>>);
static_assert(!std::is_convertible_v<llvm::ArrayRef<int64_t>, Shape>);
static_assert(!std::is_convertible_v<std::initializer_list<int64_t>, Shape>);

// Units.
static_assert(!std::is_convertible_v<Bit, Byte>);
static_assert(!std::is_convertible_v<int64_t, Bit>);
static_assert(Byte(2).toBits() == Bit(16));

template <typename T> std::string print(const T &value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << value;
  return os.str();
}

TEST(ShapeTest, dimComparisonAndPrinting) {
  EXPECT_EQ(Dim(1), Dim(1));
  EXPECT_NE(Dim(1), Dim(2));
  EXPECT_LT(MemDim(0), MemDim(3));
  EXPECT_GE(MemDim(3), MemDim(3));
  EXPECT_EQ(Dim(7).ind(), 7);
  EXPECT_EQ(print(Dim(2)), "d2");
  EXPECT_EQ(print(MemDim(0)), "m0");
  EXPECT_EQ(dims4d::act::C, Dim(1));
  EXPECT_EQ(dims4d::filter::KX, Dim(3));
  EXPECT_EQ(hash_value(Dim(3)), hash_value(Dim(3)));
}

TEST(ShapeTest, shapeIndexingAndSize) {
  Shape shape{1, 16, 8, 4};
  EXPECT_EQ(shape.rank(), 4);
  EXPECT_EQ(shape[dims4d::act::C], 16);
  shape[Dim(3)] = 5;
  EXPECT_EQ(shape.totalSize(), 1 * 16 * 8 * 5);
  EXPECT_TRUE(shape.isStatic());
  EXPECT_EQ(Shape().totalSize(), 1); // Rank 0: one element.
  EXPECT_EQ(Shape().rank(), 0);
  EXPECT_EQ((Shape{3, 0, 2}).totalSize(), 0);
  EXPECT_EQ(Shape(3, 2).totalSize(), 8);
  Shape dynamic{2, kDynamicSize};
  EXPECT_FALSE(dynamic.isStatic());
  MemShape mem{4, 4};
  EXPECT_EQ(mem[MemDim(1)], 4);
  EXPECT_EQ(mem.totalSize(), 16);
  EXPECT_EQ(Shape(llvm::ArrayRef<int64_t>{1, 2}), (Shape{1, 2}));
  EXPECT_NE((Shape{1, 2}), (Shape{2, 1}));
  Strides strides{64, 16};
  EXPECT_EQ(strides.stride(Dim(0)), Bit(64));
  MemStrides memStrides{64, 16};
  EXPECT_EQ(memStrides.stride(MemDim(1)).toBytes(), Byte(2));
}

TEST(ShapeTest, printing) {
  EXPECT_EQ(print(Shape{1, 3, 224, 224}), "[1, 3, 224, 224]");
  EXPECT_EQ(print(Shape{2, kDynamicSize}), "[2, ?]");
  EXPECT_EQ(print(Shape()), "[]");
  EXPECT_EQ(print(MemShape{5}), "[5]");
  EXPECT_EQ(print(Strides{128, 16}), "[128, 16]");
  EXPECT_EQ(print(MemStrides{4}), "[4]");
  EXPECT_EQ(print(Bit(12)), "12 bits");
  EXPECT_EQ(print(Bit(1)), "1 bit");
  EXPECT_EQ(print(Byte(3)), "3 bytes");
}

TEST(ShapeTest, units) {
  EXPECT_EQ(Bit(12).toBytesCeil(), Byte(2));
  EXPECT_EQ(Bit(16).toBytes(), Byte(2));
  EXPECT_EQ(Bit(0).toBytesCeil(), Byte(0));
  EXPECT_EQ(Bit(4) * 3, Bit(12));
  EXPECT_EQ(Bit(4) + Bit(4), Bit(8));
  EXPECT_EQ(Byte(4) - Byte(1), Byte(3));
  EXPECT_LT(Bit(7), Bit(8));
}

#ifndef NDEBUG
TEST(ShapeDeathTest, assertions) {
  EXPECT_DEATH(Dim(-1), "non-negative");
  Shape shape{1, 2};
  EXPECT_DEATH((void)shape[Dim(2)], "out of range");
  EXPECT_DEATH((void)Bit(12).toBytes(), "whole number of bytes");
  EXPECT_DEATH((void)(Shape{kDynamicSize}).totalSize(), "dynamic");
}
#endif

} // namespace
