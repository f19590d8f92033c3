//===- Layout.cpp - Memory order helpers for constants ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements the memory order helpers and the strided copy kernel.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/Layout.h"

#include <cstring>

#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::vpuc::Const::layout {

bool hasSupportedLayout(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType) {
    return false;
  }
  Attribute encoding = tensorType.getEncoding();
  if (!encoding) {
    return true;
  }
  auto map = dyn_cast<AffineMapAttr>(encoding);
  return map && map.getValue().isPermutation() &&
         map.getValue().getNumDims() ==
             static_cast<unsigned>(tensorType.getRank());
}

SmallVector<unsigned> getMemoryPermutation(ShapedType type) {
  SmallVector<unsigned> perm;
  auto tensorType = dyn_cast<RankedTensorType>(type);
  auto map = tensorType ? dyn_cast_or_null<AffineMapAttr>(tensorType.getEncoding())
                        : AffineMapAttr();
  for (unsigned i = 0, e = type.getRank(); i < e; ++i) {
    perm.push_back(map ? map.getValue().getDimPosition(i) : i);
  }
  return perm;
}

bool hasIdentityOrder(ShapedType type) {
  SmallVector<unsigned> perm = getMemoryPermutation(type);
  for (unsigned i = 0, e = perm.size(); i < e; ++i) {
    if (perm[i] != i) {
      return false;
    }
  }
  return true;
}

RankedTensorType withOrder(RankedTensorType type, AffineMap order) {
  Attribute encoding;
  if (!order.isIdentity()) {
    encoding = AffineMapAttr::get(order);
  }
  return RankedTensorType::get(type.getShape(), type.getElementType(),
                               encoding);
}

SmallVector<int64_t> toMemory(ArrayRef<int64_t> values,
                              ArrayRef<unsigned> perm) {
  SmallVector<int64_t> result;
  for (unsigned dim : perm) {
    result.push_back(values[dim]);
  }
  return result;
}

SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) {
    strides[i] = strides[i + 1] * shape[i + 1];
  }
  return strides;
}

/// Copies one element of `n` bytes.
static inline void copyElement(char *dst, const char *src, size_t n) {
  switch (n) {
  case 1:
    *dst = *src;
    return;
  case 2:
    std::memcpy(dst, src, 2);
    return;
  case 4:
    std::memcpy(dst, src, 4);
    return;
  case 8:
    std::memcpy(dst, src, 8);
    return;
  default:
    std::memcpy(dst, src, n);
    return;
  }
}

void stridedCopy(const char *src, ArrayRef<int64_t> srcStrides, char *dst,
                 ArrayRef<int64_t> dstStrides, ArrayRef<int64_t> shape,
                 size_t elemBytes) {
  size_t rank = shape.size();
  for (int64_t dim : shape) {
    if (dim == 0) {
      return;
    }
  }
  if (rank == 0) {
    copyElement(dst, src, elemBytes);
    return;
  }
  SmallVector<int64_t> index(rank, 0);
  int64_t srcOffset = 0;
  int64_t dstOffset = 0;
  int64_t inner = shape[rank - 1];
  int64_t srcInner = srcStrides[rank - 1];
  int64_t dstInner = dstStrides[rank - 1];
  while (true) {
    // The innermost dimension: contiguous runs become one memcpy.
    if (srcInner == 1 && dstInner == 1) {
      std::memcpy(dst + dstOffset * elemBytes, src + srcOffset * elemBytes,
                  inner * elemBytes);
    } else {
      for (int64_t i = 0; i < inner; ++i) {
        copyElement(dst + (dstOffset + i * dstInner) * elemBytes,
                    src + (srcOffset + i * srcInner) * elemBytes, elemBytes);
      }
    }
    // Odometer over the outer dimensions.
    int64_t dim = static_cast<int64_t>(rank) - 2;
    for (; dim >= 0; --dim) {
      ++index[dim];
      srcOffset += srcStrides[dim];
      dstOffset += dstStrides[dim];
      if (index[dim] < shape[dim]) {
        break;
      }
      srcOffset -= srcStrides[dim] * shape[dim];
      dstOffset -= dstStrides[dim] * shape[dim];
      index[dim] = 0;
    }
    if (dim < 0) {
      return;
    }
  }
}

} // namespace mlir::vpuc::Const::layout
