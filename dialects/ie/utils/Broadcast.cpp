//===- Broadcast.cpp - NumPy broadcasting of shapes -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Result shapes of NumPy broadcasting and the construction of BroadcastPlans.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/utils/Broadcast.h"

#include <algorithm>

namespace mlir::vpuc::IE {

std::optional<llvm::SmallVector<int64_t, 6>>
broadcastShapes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes) {
  size_t rank = 0;
  for (llvm::ArrayRef<int64_t> shape : shapes) {
    rank = std::max(rank, shape.size());
  }
  llvm::SmallVector<int64_t, 6> result(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    // Position i counts from the right.
    int64_t dim = 1;
    bool sawDynamic = false;
    int64_t dynamicValue = -1;
    for (llvm::ArrayRef<int64_t> shape : shapes) {
      if (i >= shape.size()) {
        continue;
      }
      int64_t d = shape[shape.size() - 1 - i];
      if (d < 0) {
        if (!sawDynamic) {
          dynamicValue = d;
        }
        sawDynamic = true;
        continue;
      }
      if (d == 1) {
        continue;
      }
      if (dim != 1 && dim != d) {
        return std::nullopt;
      }
      dim = d;
    }
    result[rank - 1 - i] = (dim == 1 && sawDynamic) ? dynamicValue : dim;
  }
  return result;
}

bool isBroadcastableTo(llvm::ArrayRef<int64_t> from,
                       llvm::ArrayRef<int64_t> to) {
  if (from.size() > to.size()) {
    return false;
  }
  for (size_t i = 0; i < from.size(); ++i) {
    int64_t f = from[from.size() - 1 - i];
    int64_t t = to[to.size() - 1 - i];
    if (f != 1 && f != t) {
      return false;
    }
  }
  return true;
}

BroadcastPlan
BroadcastPlan::get(llvm::ArrayRef<llvm::ArrayRef<int64_t>> inputShapes,
                   llvm::ArrayRef<int64_t> outShape) {
  const size_t numInputs = inputShapes.size();
  const size_t rank = outShape.size();

  // Per-operand strides over the full output rank.
  llvm::SmallVector<llvm::SmallVector<int64_t, 6>, 3> full(numInputs);
  for (size_t k = 0; k < numInputs; ++k) {
    llvm::ArrayRef<int64_t> shape = inputShapes[k];
    full[k].assign(rank, 0);
    int64_t stride = 1;
    for (size_t i = 0; i < shape.size(); ++i) {
      size_t inDim = shape.size() - 1 - i;
      size_t outDim = rank - 1 - i;
      full[k][outDim] = shape[inDim] == 1 ? 0 : stride;
      stride *= shape[inDim];
    }
  }

  BroadcastPlan plan;
  plan.strides.resize(numInputs);
  for (size_t d = 0; d < rank; ++d) {
    plan.numElements *= outShape[d];
    if (outShape[d] == 1) {
      continue;
    }
    // Merge dim d into the previous collapsed dim when every operand continues
    // contiguously (or keeps broadcasting) across the boundary.
    bool merge = !plan.shape.empty();
    for (size_t k = 0; k < numInputs && merge; ++k) {
      merge = plan.strides[k].back() == full[k][d] * outShape[d];
    }
    if (merge) {
      plan.shape.back() *= outShape[d];
      for (size_t k = 0; k < numInputs; ++k) {
        plan.strides[k].back() = full[k][d];
      }
      continue;
    }
    plan.shape.push_back(outShape[d]);
    for (size_t k = 0; k < numInputs; ++k) {
      plan.strides[k].push_back(full[k][d]);
    }
  }
  if (plan.shape.empty()) {
    plan.shape.push_back(1);
    for (size_t k = 0; k < numInputs; ++k) {
      plan.strides[k].push_back(0);
    }
  }
  return plan;
}

} // namespace mlir::vpuc::IE
