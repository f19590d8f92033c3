//===- HostTensor.h - Tensors in host memory for the IE interpreter -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// HostTensor: the value type IE_InferenceOpInterface works on. A logical shape
// plus float32 values in logical row-major (C) order, independent of the layout
// encoding of the IR type. Integer and boolean tensors store their values
// exactly as floats (booleans as 0 / 1; integers are exact up to 2^24 in
// magnitude).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_UTILS_HOSTTENSOR_H_
#define VPUC_DIALECTS_IE_UTILS_HOSTTENSOR_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE {

/// A dense float32 tensor in host memory, row-major over its logical shape.
struct HostTensor {
  /// The logical dims, outermost first. Empty for a scalar (one element).
  llvm::SmallVector<int64_t, 6> shape;
  /// getNumElements(shape) values in row-major order.
  std::vector<float> data;

  HostTensor() = default;
  /// A tensor of `shape` holding `values` (which must have the shape's element
  /// count).
  HostTensor(llvm::ArrayRef<int64_t> shape, std::vector<float> values)
      : shape(shape.begin(), shape.end()), data(std::move(values)) {}

  /// A tensor of `shape` filled with `value`.
  static HostTensor filled(llvm::ArrayRef<int64_t> shape, float value = 0.0f) {
    return HostTensor(shape, std::vector<float>(getNumElements(shape), value));
  }

  /// The number of elements of `shape` (1 for a scalar).
  static int64_t getNumElements(llvm::ArrayRef<int64_t> shape) {
    int64_t count = 1;
    for (int64_t dim : shape) {
      count *= dim;
    }
    return count;
  }

  /// The number of elements of this tensor.
  int64_t getNumElements() const { return getNumElements(shape); }

  /// True if data holds exactly one value per element of shape.
  bool isConsistent() const {
    for (int64_t dim : shape) {
      if (dim < 0) {
        return false;
      }
    }
    return static_cast<int64_t>(data.size()) == getNumElements();
  }
};

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_UTILS_HOSTTENSOR_H_
