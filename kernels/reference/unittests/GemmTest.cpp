//===- GemmTest.cpp - Tests of the GEMM kernel ------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Compares kernels::gemm with a naive triple loop on random shapes crossing the
// packing block sizes, with transposed operands, leading dimensions larger than
// the rows, accumulation and the single-row (GEMV) path.
//
//===----------------------------------------------------------------------===//

#include "kernels/reference/Gemm.h"

#include "kernels/reference/unittests/Reference.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::kernels {
namespace {

using testing::expectClose;
using testing::Random;

/// One GEMM case: sizes, storage of the operands and accumulation.
struct GemmCase {
  int64_t m, n, k;
  bool transA, transB, accumulate;
  int64_t padA = 0, padB = 0, padC = 0;
};

void checkGemm(const GemmCase &t, Random &random) {
  // Stored shapes: A is [m, k] or [k, m], B is [k, n] or [n, k]; rows padded by
  // pad*.
  const int64_t rowsA = t.transA ? t.k : t.m, colsA = t.transA ? t.m : t.k;
  const int64_t rowsB = t.transB ? t.n : t.k, colsB = t.transB ? t.k : t.n;
  const int64_t lda = colsA + t.padA, ldb = colsB + t.padB, ldc = t.n + t.padC;
  std::vector<float> a = random.values(rowsA * lda);
  std::vector<float> b = random.values(rowsB * ldb);
  std::vector<float> c = random.values(t.m * ldc);
  std::vector<float> expected = c;
  for (int64_t i = 0; i < t.m; ++i) {
    for (int64_t j = 0; j < t.n; ++j) {
      double sum = t.accumulate ? c[i * ldc + j] : 0.0;
      for (int64_t p = 0; p < t.k; ++p) {
        const float av = t.transA ? a[p * lda + i] : a[i * lda + p];
        const float bv = t.transB ? b[j * ldb + p] : b[p * ldb + j];
        sum += static_cast<double>(av) * bv;
      }
      expected[i * ldc + j] = static_cast<float>(sum);
    }
  }
  gemm(t.m, t.n, t.k, {a.data(), lda, t.transA}, {b.data(), ldb, t.transB},
       c.data(), ldc, t.accumulate);
  SCOPED_TRACE(::testing::Message()
               << "m=" << t.m << " n=" << t.n << " k=" << t.k
               << " transA=" << t.transA << " transB=" << t.transB
               << " accumulate=" << t.accumulate);
  // The padding columns of C must be untouched (they keep their random values).
  expectClose(c, expected, static_cast<double>(t.k));
}

TEST(GemmTest, fixedShapes) {
  Random random(1);
  const GemmCase cases[] = {
      {1, 1, 1, false, false, false},
      {8, 8, 8, false, false, false},
      {7, 9, 5, false, false, true},
      {130, 37, 300, false, false, false}, // m and k cross kMC and kKC.
      {9, 2100, 3, false, false, false},   // n crosses kNC.
      {33, 65, 513, true, false, true, 3, 1, 2},
      {17, 19, 23, false, true, false, 1, 4, 5},
      {20, 12, 40, true, true, true, 2, 2, 0},
      {1, 300, 70, false, false, false},       // GEMV, plain B.
      {1, 33, 70, false, true, true, 0, 3, 0}, // GEMV, transposed B.
      {1, 17, 9, true, true, false, 5, 0, 0},  // GEMV, strided A row.
  };
  for (const GemmCase &t : cases) {
    checkGemm(t, random);
  }
}

TEST(GemmTest, randomShapes) {
  Random random(7);
  for (int trial = 0; trial < 60; ++trial) {
    GemmCase t{random.uniform(1, 40),     random.uniform(1, 70),
               random.uniform(1, 300),    random.uniform(0, 1) == 1,
               random.uniform(0, 1) == 1, random.uniform(0, 1) == 1,
               random.uniform(0, 3),      random.uniform(0, 3),
               random.uniform(0, 3)};
    checkGemm(t, random);
  }
}

TEST(GemmTest, packedB) {
  Random random(23);
  const int64_t shapes[][3] = {
      {16, 37, 9}, {9, 8, 300}, {3, 2100, 5}, {20, 1, 1}, {1, 13, 4}};
  for (const auto &[m, n, k] : shapes) {
    std::vector<float> a = random.values(m * k);
    std::vector<float> b = random.values(k * n);
    PackedLayout layout{k, n};
    std::vector<float> packed(layout.size(), 99.0f);
    for (int64_t p = 0; p < k; ++p) {
      for (int64_t j = 0; j < layout.size() / k; ++j) {
        packed[layout.offset(p, j)] = j < n ? b[p * n + j] : 0.0f;
      }
    }
    std::vector<float> expected(m * n), c(m * n, 1.0f);
    gemm(m, n, k, {a.data(), k}, {b.data(), n}, expected.data(), n);
    gemmPackedB(m, n, k, {a.data(), k}, packed.data(), c.data(), n);
    SCOPED_TRACE(::testing::Message() << "m=" << m << " n=" << n << " k=" << k);
    expectClose(c, expected, static_cast<double>(k));
    // Accumulating adds to C.
    gemmPackedB(m, n, k, {a.data(), k}, packed.data(), c.data(), n,
                /*accumulate=*/true);
    for (float &v : expected) {
      v *= 2.0f;
    }
    expectClose(c, expected, static_cast<double>(k));
  }
}

TEST(GemmTest, emptyDepthZeroesOrKeeps) {
  std::vector<float> c = {1, 2, 3, 4};
  gemm(2, 2, 0, {nullptr, 0}, {nullptr, 2}, c.data(), 2, /*accumulate=*/true);
  EXPECT_EQ(c, (std::vector<float>{1, 2, 3, 4}));
  gemm(2, 2, 0, {nullptr, 0}, {nullptr, 2}, c.data(), 2);
  EXPECT_EQ(c, (std::vector<float>{0, 0, 0, 0}));
}

} // namespace
} // namespace mlir::vpuc::kernels
