//===- StridedCopyTest.cpp - Tests of stridedCopy ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// stridedCopy on permutations, broadcasts, windows, ranks 0 and 1, every
// element-size path, and against a per-element reference on many layouts.
//
//===----------------------------------------------------------------------===//

#include "core/shape/StridedCopy.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <vector>

#include "core/shape/StrideReqs.h"
#include "gtest/gtest.h"

using namespace mlir::vpuc::shape;

namespace {

/// Element strides (in elements) as MemStrides in bits for `elemBytes`.
MemStrides bits(std::initializer_list<int64_t> elements, int64_t elemBytes) {
  MemStrides strides;
  for (int64_t stride : elements) {
    strides.push_back(stride * elemBytes * 8);
  }
  return strides;
}

/// `count` int32 values 0, 1, 2, ...
std::vector<int32_t> iota32(size_t count) {
  std::vector<int32_t> values(count);
  std::iota(values.begin(), values.end(), 0);
  return values;
}

/// Copies with strides given in elements of int32.
void copy32(const std::vector<int32_t> &src,
            std::initializer_list<int64_t> srcStrides,
            std::vector<int32_t> &dst,
            std::initializer_list<int64_t> dstStrides,
            std::initializer_list<int64_t> shape, int64_t dstOffset = 0) {
  stridedCopy(reinterpret_cast<const char *>(src.data()), bits(srcStrides, 4),
              reinterpret_cast<char *>(dst.data() + dstOffset),
              bits(dstStrides, 4), MemShape(shape), Bit(32));
}

/// The per-element reference: walks every index of `shape` (bytes strides).
void referenceCopy(const char *src, llvm::ArrayRef<int64_t> srcStrides,
                   char *dst, llvm::ArrayRef<int64_t> dstStrides,
                   llvm::ArrayRef<int64_t> shape, size_t elemBytes) {
  int64_t total = 1;
  for (int64_t size : shape) {
    total *= size;
  }
  for (int64_t linear = 0; linear < total; ++linear) {
    int64_t rest = linear;
    int64_t srcOffset = 0;
    int64_t dstOffset = 0;
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      int64_t i = rest % shape[d];
      rest /= shape[d];
      srcOffset += i * srcStrides[d];
      dstOffset += i * dstStrides[d];
    }
    std::memcpy(dst + dstOffset, src + srcOffset, elemBytes);
  }
}

TEST(StridedCopyTest, contiguousCopy) {
  std::vector<int32_t> src = iota32(24);
  std::vector<int32_t> dst(24, -1);
  copy32(src, {12, 4, 1}, dst, {12, 4, 1}, {2, 3, 4});
  EXPECT_EQ(dst, src);
}

TEST(StridedCopyTest, transpose) {
  // src is a row-major 2x3 matrix; dst is its 3x2 transpose, walked in the
  // memory order of dst (3 rows of 2).
  std::vector<int32_t> src = iota32(6);
  std::vector<int32_t> dst(6, -1);
  copy32(src, {1, 3}, dst, {2, 1}, {3, 2});
  EXPECT_EQ(dst, (std::vector<int32_t>{0, 3, 1, 4, 2, 5}));
}

TEST(StridedCopyTest, nchwToNhwc) {
  // Logical N=1, C=2, H=2, W=3 stored NCHW; written in NHWC memory order.
  std::vector<int32_t> src = iota32(12);
  std::vector<int32_t> dst(12, -1);
  // Memory order of dst: N, H, W, C; the source strides of those dims.
  copy32(src, {12, 3, 1, 6}, dst, {12, 6, 2, 1}, {1, 2, 3, 2});
  EXPECT_EQ(dst, (std::vector<int32_t>{0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11}));
}

TEST(StridedCopyTest, broadcastOuter) {
  std::vector<int32_t> src{7, 8, 9};
  std::vector<int32_t> dst(6, -1);
  copy32(src, {0, 1}, dst, {3, 1}, {2, 3});
  EXPECT_EQ(dst, (std::vector<int32_t>{7, 8, 9, 7, 8, 9}));
}

TEST(StridedCopyTest, broadcastInner) {
  std::vector<int32_t> src{7, 8};
  std::vector<int32_t> dst(6, -1);
  copy32(src, {1, 0}, dst, {3, 1}, {2, 3});
  EXPECT_EQ(dst, (std::vector<int32_t>{7, 7, 7, 8, 8, 8}));
}

TEST(StridedCopyTest, broadcastScalarBytes) {
  // One byte broadcast over a contiguous destination (the memset path).
  const char src = 0x5a;
  std::vector<char> dst(10, 0);
  stridedCopy(&src, MemStrides{0, 0}, dst.data(), MemStrides{40, 8},
              MemShape{2, 5}, Bit(8));
  EXPECT_TRUE(std::all_of(dst.begin(), dst.end(),
                          [](char byte) { return byte == 0x5a; }));
}

TEST(StridedCopyTest, rankZero) {
  std::vector<int32_t> src{42};
  std::vector<int32_t> dst{-1, -1};
  stridedCopy(reinterpret_cast<const char *>(src.data()), MemStrides(),
              reinterpret_cast<char *>(dst.data()), MemStrides(), MemShape(),
              Bit(32));
  EXPECT_EQ(dst, (std::vector<int32_t>{42, -1}));
}

TEST(StridedCopyTest, rankOne) {
  std::vector<int32_t> src = iota32(4);
  std::vector<int32_t> contiguous(4, -1);
  copy32(src, {1}, contiguous, {1}, {4});
  EXPECT_EQ(contiguous, src);

  std::vector<int32_t> spread(8, -1);
  copy32(src, {1}, spread, {2}, {4});
  EXPECT_EQ(spread, (std::vector<int32_t>{0, -1, 1, -1, 2, -1, 3, -1}));

  std::vector<int32_t> gathered(2, -1);
  copy32(src, {3}, gathered, {1}, {2});
  EXPECT_EQ(gathered, (std::vector<int32_t>{0, 3}));
}

TEST(StridedCopyTest, sizeOneDimensions) {
  // Size-1 dimensions with arbitrary strides do not break contiguity.
  std::vector<int32_t> src = iota32(6);
  std::vector<int32_t> dst(6, -1);
  copy32(src, {1000, 3, 77, 1}, dst, {5, 3, -4, 1}, {1, 2, 1, 3});
  EXPECT_EQ(dst, src);
}

TEST(StridedCopyTest, zeroSizeCopiesNothing) {
  std::vector<int32_t> src = iota32(4);
  std::vector<int32_t> dst(4, -1);
  copy32(src, {2, 1}, dst, {2, 1}, {2, 0});
  EXPECT_EQ(dst, (std::vector<int32_t>(4, -1)));
}

TEST(StridedCopyTest, windowAndPadding) {
  // Reads the 2x2 window at (1, 1) of a 3x4 matrix into the interior of a
  // 4x4 destination.
  std::vector<int32_t> src = iota32(12);
  std::vector<int32_t> dst(16, 0);
  stridedCopy(reinterpret_cast<const char *>(src.data() + 5), bits({4, 1}, 4),
              reinterpret_cast<char *>(dst.data() + 5), bits({4, 1}, 4),
              MemShape{2, 2}, Bit(32));
  EXPECT_EQ(dst, (std::vector<int32_t>{0, 0, 0, 0, 0, 5, 6, 0, 0, 9, 10, 0, 0,
                                       0, 0, 0}));
}

TEST(StridedCopyTest, negativeStride) {
  std::vector<int32_t> src = iota32(4);
  std::vector<int32_t> dst(4, -1);
  copy32(src, {1}, dst, {-1}, {4}, /*dstOffset=*/3);
  EXPECT_EQ(dst, (std::vector<int32_t>{3, 2, 1, 0}));
}

TEST(StridedCopyTest, transposedTilesMatchReference) {
  // The destination contiguous along the innermost dimension and the source
  // along the next one (copied in transposed tiles), with sizes around the
  // tile block, an outer dimension, padded source rows and a broadcast or
  // negative inner source stride; every element size, against the
  // per-element reference.
  struct Case {
    int64_t outer, rows, cols;
    int64_t srcColStride; // in elements; the source is contiguous along rows
  };
  // Also 8 x 8 register tiles (2-byte elements) and their edges.
  const Case cases[] = {{1, 5, 3, 5},       {2, 64, 16, 64},  {3, 130, 7, 131},
                        {1, 1000, 2, 1000}, {2, 65, 33, 0},   {1, 70, 4, -70},
                        {1, 8, 8, 8},       {2, 72, 17, 75},  {1, 63, 9, -63},
                        {2, 16, 24, 0},     {1, 256, 64, 256}};
  for (size_t elemBytes : {1, 2, 3, 4, 8}) {
    for (const Case &c : cases) {
      int64_t e = static_cast<int64_t>(elemBytes);
      int64_t colSpan = std::max<int64_t>(1, std::abs(c.srcColStride)) * c.cols;
      int64_t srcPlane = std::max<int64_t>(c.rows, colSpan) + c.rows;
      std::vector<char> src(static_cast<size_t>(c.outer * srcPlane * e));
      for (size_t i = 0; i < src.size(); ++i) {
        src[i] = static_cast<char>(i * 7 + i / 251);
      }
      // Memory order of the copy: outer, rows, cols; the destination is
      // compact (cols innermost).
      int64_t srcBase = c.srcColStride < 0 ? (c.cols - 1) * -c.srcColStride : 0;
      std::vector<int64_t> shape = {c.outer, c.rows, c.cols};
      std::vector<int64_t> srcStrides = {srcPlane * e, e, c.srcColStride * e};
      std::vector<int64_t> dstStrides = {c.rows * c.cols * e, c.cols * e, e};
      std::vector<char> got(static_cast<size_t>(c.outer * c.rows * c.cols * e),
                            0);
      std::vector<char> expected = got;
      MemStrides srcBits, dstBits;
      for (int d = 0; d < 3; ++d) {
        srcBits.push_back(srcStrides[d] * 8);
        dstBits.push_back(dstStrides[d] * 8);
      }
      stridedCopy(src.data() + srcBase * e, srcBits, got.data(), dstBits,
                  MemShape(llvm::ArrayRef<int64_t>(shape)), Bit(8 * e));
      referenceCopy(src.data() + srcBase * e, srcStrides, expected.data(),
                    dstStrides, shape, elemBytes);
      EXPECT_EQ(got, expected)
          << "elemBytes " << elemBytes << " case " << c.outer << "x" << c.rows
          << "x" << c.cols << " stride " << c.srcColStride;
    }
  }
}

TEST(StridedCopyTest, matchesReference) {
  // Every permutation of a 2x3x1x4 array into compact destinations, with a
  // broadcast variant, for each element-size path (1, 2, 4, 8 and 3 bytes).
  const int64_t logical[] = {2, 3, 1, 4};
  for (size_t elemBytes : {1, 2, 3, 4, 8}) {
    MemShape logicalShape{2, 3, 1, 4};
    MemStrides srcCompact =
        computeCompactStrides(logicalShape, Bit(8 * elemBytes));
    std::vector<char> src(24 * elemBytes);
    for (size_t i = 0; i < src.size(); ++i) {
      src[i] = static_cast<char>(i * 7 + 1);
    }
    unsigned perm[] = {0, 1, 2, 3};
    do {
      for (bool broadcast : {false, true}) {
        MemShape shape;
        MemStrides srcStrides;
        for (unsigned dim : perm) {
          shape.push_back(logical[dim]);
          // Broadcast logical dim 1 (read its first element only).
          srcStrides.push_back(broadcast && dim == 1 ? 0
                                                     : srcCompact[MemDim(dim)]);
        }
        MemStrides dstStrides =
            computeCompactStrides(shape, Bit(8 * elemBytes));
        std::vector<char> actual(src.size(), 0);
        std::vector<char> expected(src.size(), 0);
        stridedCopy(src.data(), srcStrides, actual.data(), dstStrides, shape,
                    Bit(8 * elemBytes));
        llvm::SmallVector<int64_t> srcBytes, dstBytes;
        for (int64_t d = 0; d < 4; ++d) {
          srcBytes.push_back(srcStrides[MemDim(d)] / 8);
          dstBytes.push_back(dstStrides[MemDim(d)] / 8);
        }
        referenceCopy(src.data(), srcBytes, expected.data(), dstBytes,
                      shape.raw(), elemBytes);
        EXPECT_EQ(actual, expected)
            << "elemBytes " << elemBytes << " perm " << perm[0] << perm[1]
            << perm[2] << perm[3] << " broadcast " << broadcast;
      }
    } while (std::next_permutation(std::begin(perm), std::end(perm)));
  }
}

} // namespace
