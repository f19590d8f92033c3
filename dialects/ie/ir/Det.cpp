//===- Det.cpp - IE.Det shape inference and host kernel -------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// IE.Det: the result shape (the batch dims of a [*, M, M] input) and the
// host kernel, LU decomposition with partial pivoting in double precision
// per matrix.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEOps.h"

#include <cmath>
#include <utility>
#include <vector>

#include "dialects/ie/ir/ExtraOpUtils.h"
#include "dialects/ie/ir/IEOpUtils.h"
#include "dialects/ie/ir/InferenceUtils.h"

namespace mlir::vpuc::IE {

using detail::ErrorFn;
using Components = SmallVectorImpl<ShapedTypeComponents>;

/// The batch shape of a Det input of `shape`, after the checks.
static FailureOr<SmallVector<int64_t>> inferDetShape(ErrorFn emitError,
                                                     ArrayRef<int64_t> shape) {
  const int64_t rank = shape.size();
  if (rank < 2) {
    return emitError() << "expects an input of rank at least 2 ([*, M, M]), "
                          "got rank "
                       << rank;
  }
  const int64_t rows = shape[rank - 2], cols = shape[rank - 1];
  if (!ShapedType::isDynamic(rows) && !ShapedType::isDynamic(cols) &&
      rows != cols) {
    return emitError() << "expects square matrices, got the input shape "
                       << detail::formatShape(shape);
  }
  return SmallVector<int64_t>(shape.drop_back(2));
}

LogicalResult DetOp::inferComponents(ErrorFn emitError, Adaptor adaptor,
                                     Components &components) {
  auto type = llvm::cast<RankedTensorType>(adaptor.getInput().getType());
  FailureOr<SmallVector<int64_t>> shape =
      inferDetShape(emitError, type.getShape());
  if (failed(shape)) {
    return failure();
  }
  components.emplace_back(*shape, type.getElementType(), nullptr);
  return success();
}

/// The determinant of the row-major `n` x `n` matrix `a` (overwritten by its
/// LU factors).
static double getDeterminant(std::vector<double> &a, int64_t n) {
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

LogicalResult DetOp::inferOnCPU(ArrayRef<HostTensor> inputs,
                                SmallVectorImpl<HostTensor> &outputs) {
  if (failed(detail::checkInferenceInputs(*this, inputs))) {
    return failure();
  }
  const HostTensor &input = inputs[0];
  FailureOr<SmallVector<int64_t>> shape =
      inferDetShape([this] { return emitOpError(); }, input.shape);
  if (failed(shape)) {
    return failure();
  }
  const int64_t n = input.shape.back();
  HostTensor output = HostTensor::filled(*shape);
  std::vector<double> matrix(n * n);
  for (int64_t b = 0, e = output.getNumElements(); b < e; ++b) {
    for (int64_t i = 0; i < n * n; ++i) {
      matrix[i] = input.data[b * n * n + i];
    }
    output.data[b] = static_cast<float>(getDeterminant(matrix, n));
  }
  outputs.push_back(std::move(output));
  return success();
}

} // namespace mlir::vpuc::IE
