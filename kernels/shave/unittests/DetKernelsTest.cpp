//===- DetKernelsTest.cpp - The det kernel --------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// det against cofactor (Laplace) expansion in double, an algorithm
// independent of the kernel's LU factorisation: random batches of 1x1 to
// 5x5 matrices in f32 and f16 and in a non-identity layout, matrices that
// need row swaps, singular ones (repeated and proportional rows, a zero
// column), the empty matrix, and the errors.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "kernels/shave/unittests/KernelHarness.h"
#include "gmock/gmock.h"

namespace mlir::vpuc::emu {
namespace {

using abi::DataType;
using testing::Machine;
using testing::Random;
using testing::Tensor;

/// The determinant of the row-major n x n `m` by cofactor expansion along
/// the first row.
double laplace(const std::vector<double> &m, int64_t n) {
  if (n == 0) {
    return 1.0;
  }
  if (n == 1) {
    return m[0];
  }
  double det = 0.0;
  for (int64_t c = 0; c < n; ++c) {
    std::vector<double> minor;
    for (int64_t i = 1; i < n; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        if (j != c) {
          minor.push_back(m[i * n + j]);
        }
      }
    }
    det += (c % 2 == 0 ? 1.0 : -1.0) * m[c] * laplace(minor, n - 1);
  }
  return det;
}

/// Runs det on `values` of dims `dims` (type `type`, input layout `order`)
/// and returns the outputs and the references.
std::pair<std::vector<double>, std::vector<double>>
runDet(DataType type, const std::vector<int64_t> &dims,
       const std::vector<double> &values, uint64_t order = 0) {
  Machine machine;
  const int64_t n = dims.back();
  std::vector<int64_t> outDims(dims.begin(), dims.end() - 2);
  Tensor input = machine.alloc(type, dims, order);
  Tensor output = machine.alloc(type, outDims);
  std::vector<double> stored = machine.write(input, values);
  abi::ArgPacker packer;
  machine.in(packer, input);
  machine.out(packer, output);
  EXPECT_EQ(machine.run("det", packer), "");
  std::vector<double> reference;
  for (size_t b = 0; n > 0 && b < stored.size() / (n * n); ++b) {
    reference.push_back(testing::roundTo(
        type, laplace(std::vector<double>(stored.begin() + b * n * n,
                                          stored.begin() + (b + 1) * n * n),
                      n)));
  }
  return {machine.read(output), reference};
}

TEST(DetKernelsTest, randomBatchesAgainstCofactorExpansion) {
  Random random;
  for (int64_t n = 1; n <= 5; ++n) {
    for (DataType type : {DataType::F32, DataType::F16}) {
      std::vector<int64_t> dims = {2, 3, n, n};
      std::vector<double> values = random.values(2 * 3 * n * n, -2, 2);
      auto [got, reference] = runDet(type, dims, values, n > 1 ? 0x1243 : 0);
      ASSERT_EQ(got.size(), reference.size());
      for (size_t i = 0; i < got.size(); ++i) {
        // FP64 LU against FP64 cofactors: both within a few ulps of the
        // exact value before the one rounding to the output type.
        EXPECT_NEAR(got[i], reference[i],
                    2 * testing::ulp(type, reference[i]) + 1e-12)
            << "n " << n << " matrix " << i;
      }
    }
  }
}

TEST(DetKernelsTest, pivotingAndSingularMatrices) {
  // A zero leading entry needs a row swap; the permutation matrix has
  // determinant -1.
  auto [swap, swapRef] =
      runDet(DataType::F32, {2, 3, 3},
             {0, 2, 1, 1, 1, 1, 3, 0, 2, /**/ 0, 1, 0, 1, 0, 0, 0, 0, 1});
  EXPECT_EQ(swap, swapRef);
  EXPECT_EQ(swap, (std::vector<double>{-1, -1}));
  // Repeated rows, proportional rows and a zero column are singular: the
  // elimination gives an exact zero pivot.
  auto [singular, singularRef] =
      runDet(DataType::F32, {3, 3, 3},
             {1.5, -2, 3, 0.25, 4,  -1, 1.5, -2,  3,   // row 2 = row 0
              1,   2,  3, 2,    4,  6,  0.5, 7,   -3,  // row 1 = 2 * row 0
              0,   1,  2, 0,    -3, 5,  0,   0.5, 9}); // column 0 is zero
  EXPECT_EQ(singular, (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(singularRef, (std::vector<double>{0, 0, 0}));
  // A 2-D input has one matrix and a 0-D output.
  auto [single, singleRef] = runDet(DataType::F16, {2, 2}, {3, 8, 4, 6});
  EXPECT_EQ(single, (std::vector<double>{-14}));
}

TEST(DetKernelsTest, emptyMatrixIsOne) {
  Machine machine;
  Tensor input = machine.alloc(DataType::F32, {2, 0, 0});
  Tensor output = machine.alloc(DataType::F32, {2});
  abi::ArgPacker packer;
  machine.in(packer, input);
  machine.out(packer, output);
  ASSERT_EQ(machine.run("det", packer), "");
  EXPECT_EQ(machine.read(output), (std::vector<double>{1, 1}));
}

TEST(DetKernelsTest, errors) {
  Machine machine;
  auto call = [&](const Tensor &in, const Tensor &out) {
    abi::ArgPacker packer;
    machine.in(packer, in);
    machine.out(packer, out);
    return machine.run("det", packer);
  };
  Tensor rect = machine.alloc(DataType::F32, {2, 3, 4});
  Tensor two = machine.alloc(DataType::F32, {2});
  EXPECT_EQ(call(rect, two), "det: input dims [2, 3, 4] are not [*, M, M]");
  Tensor square = machine.alloc(DataType::F32, {2, 3, 3});
  Tensor three = machine.alloc(DataType::F32, {3});
  EXPECT_EQ(call(square, three), "det: output has dims [3], expected [2]");
  Tensor ints = machine.alloc(DataType::I32, {3, 3});
  Tensor scalar = machine.alloc(DataType::I32, {});
  EXPECT_THAT(call(ints, scalar), ::testing::HasSubstr("det: input"));
}

} // namespace
} // namespace mlir::vpuc::emu
