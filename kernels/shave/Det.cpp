//===- Det.cpp - The det kernel -------------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// det(input, output) (kernels/abi/SwKernels.h): float tensors, any layouts.
// The input is loaded into a dense logical row-major buffer; each M x M
// matrix is factored by LU decomposition with partial pivoting (the largest
// magnitude in the column is the pivot; each row swap flips the sign) in
// FP64, and the product of the pivots is stored once, rounded to the output
// type.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <utility>

#include "kernels/shave/KernelSupport.h"

namespace mlir::vpuc::emu {
namespace {

/// The determinant of the row-major `n` x `n` matrix at `a` (overwritten by
/// its LU factors).
double factorDeterminant(double *a, int64_t n) {
  double det = 1.0;
  for (int64_t k = 0; k < n; ++k) {
    int64_t pivot = k;
    for (int64_t i = k + 1; i < n; ++i) {
      if (std::fabs(a[i * n + k]) > std::fabs(a[pivot * n + k])) {
        pivot = i;
      }
    }
    if (a[pivot * n + k] == 0.0) {
      return 0.0;
    }
    if (pivot != k) {
      for (int64_t j = 0; j < n; ++j) {
        std::swap(a[k * n + j], a[pivot * n + j]);
      }
      det = -det;
    }
    const double diagonal = a[k * n + k];
    det *= diagonal;
    for (int64_t i = k + 1; i < n; ++i) {
      const double factor = a[i * n + k] / diagonal;
      for (int64_t j = k + 1; j < n; ++j) {
        a[i * n + j] -= factor * a[k * n + j];
      }
    }
  }
  return det;
}

llvm::Error runDet(const uint8_t *args, const KernelContext &context) {
  auto a = readArgs<abi::DetKernel::Args>(args);
  const char *name = abi::DetKernel::name;
  TensorView in, out;
  if (llvm::Error error = viewUnaryOperands(context, name, a.input, a.output,
                                            kFloatTypes, in, out)) {
    return error;
  }
  std::vector<int64_t> dims = getDims(in);
  const int64_t rank = dims.size();
  if (rank < 2 || dims[rank - 1] != dims[rank - 2]) {
    return kernelError(name,
                       "input dims " + formatDims(dims) + " are not [*, M, M]");
  }
  std::vector<int64_t> expected(dims.begin(), dims.end() - 2);
  if (llvm::Error error = checkDims(out, expected, name, "output")) {
    return error;
  }
  if (llvm::Error error = checkDisjoint(out, in, name, "the input")) {
    return error;
  }
  const int64_t n = dims.back();
  const int64_t batch = getProduct(dims, 0, rank - 2);
  std::vector<double> values = loadTensorF64(in);
  std::vector<double> result(batch);
  for (int64_t b = 0; b < batch; ++b) {
    result[b] = factorDeterminant(values.data() + b * n * n, n);
  }
  storeTensorF64(out, result.data());
  return llvm::Error::success();
}

/// Work: n^3 / 3 multiply-adds per matrix.
int64_t getDetWork(const uint8_t *, llvm::ArrayRef<TensorView> views) {
  if (views.empty() || views[0].getRank() < 1) {
    return 0;
  }
  const int64_t n =
      views[0].getLogicalDims()[shape::Dim(views[0].getRank() - 1)];
  return getElements(views, 0) * n / 3 + getElements(views, 1);
}

} // namespace

VPUC_EMU_KERNEL(det) {
  registry.add(makeKernelInfo<abi::DetKernel>(runDet, getDetWork));
}

} // namespace mlir::vpuc::emu
