//===- TensorLayout.cpp - Checked layouts of blob tensors -----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "backend/blob/TensorLayout.h"

#include <algorithm>

#include "core/shape/StrideReqs.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::blob {

using shape::Dim;
using shape::MemDim;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

int64_t TensorLayout::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : dims) {
    count *= dim;
  }
  return count;
}

shape::Strides getCompactStrides(const shape::Shape &dims,
                                 shape::DimsOrder order, int64_t elemBits) {
  shape::MemStrides memStrides = shape::computeCompactStrides(
      order.toMemoryOrder(dims), shape::Bit(elemBits));
  return order.toLogicalOrder(memStrides);
}

bool TensorLayout::isCompact() const {
  return strides == getCompactStrides(dims, order, elemBits);
}

bool TensorLayout::isNonOverlapping() const {
  // Dimensions of size > 1 sorted by stride: each must step over the whole
  // extent of the ones inside it. An empty tensor has no elements to overlap
  // (and getTensorLayout bounds the span, so the extents below cannot
  // overflow, only for non-empty ones).
  llvm::SmallVector<std::pair<int64_t, int64_t>, 8> steps; // (stride, size)
  for (int64_t i = 0, e = dims.rank(); i < e; ++i) {
    if (dims[Dim(i)] == 0) {
      return true;
    }
    if (dims[Dim(i)] > 1) {
      steps.push_back({strides[Dim(i)], dims[Dim(i)]});
    }
  }
  llvm::sort(steps);
  int64_t extent = elemBits;
  for (auto [stride, size] : steps) {
    if (stride < extent) {
      return false;
    }
    extent = stride * (size - 1) + extent;
  }
  return true;
}

std::string TensorLayout::describe() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << getDTypeName(dtype) << " ";
  if (dims.empty()) {
    os << "scalar";
  } else {
    llvm::interleave(dims, os, "x");
  }
  if (dims.rank() > 0) {
    os << " " << order.getName();
  }
  if (!isCompact()) {
    os << " strides [";
    llvm::interleave(strides, os, ", ");
    os << "] bits";
  }
  return os.str();
}

llvm::Expected<TensorLayout> getTensorLayout(const schema::TensorType &type,
                                             llvm::StringRef what) {
  TensorLayout layout;
  layout.dtype = type.dtype();
  layout.elemBits = getDTypeBits(type.dtype());
  if (layout.elemBits == 0) {
    return makeError(what + ": unknown element type " +
                     getDTypeName(type.dtype()));
  }
  const auto *dims = type.dims();
  const auto *strides = type.strides();
  // The flatbuffers verifier checks a vector's 4-byte length prefix, not the
  // alignment of its 8-byte elements; the builder aligns them (an empty vector
  // has nothing to read).
  for (auto [vector, name] :
       {std::pair{dims, "dims"}, std::pair{strides, "strides"},
        std::pair{type.quant() ? type.quant()->zero_points() : nullptr,
                  "zero points"}}) {
    if (vector && vector->size() != 0 &&
        reinterpret_cast<uintptr_t>(vector->data()) % alignof(int64_t) != 0) {
      return makeError(what + ": its " + name +
                       " are not 8-byte aligned in the blob (a corrupted "
                       "blob?)");
    }
  }
  int64_t rank = dims->size();
  if (rank > static_cast<int64_t>(shape::DimsOrder::kMaxRank)) {
    return makeError(what + ": rank " + llvm::Twine(rank) +
                     " is above the maximum of 8");
  }
  if (static_cast<int64_t>(strides->size()) != rank) {
    return makeError(what + ": " + llvm::Twine(strides->size()) +
                     " strides for rank " + llvm::Twine(rank));
  }
  if (!shape::DimsOrder::isValidCode(type.dims_order())) {
    return makeError(what + ": invalid dims order 0x" +
                     llvm::Twine::utohexstr(type.dims_order()));
  }
  layout.order = shape::DimsOrder::fromCode(type.dims_order());
  if (layout.order.rank() != rank) {
    return makeError(what + ": dims order " + layout.order.getName() +
                     " has rank " + llvm::Twine(layout.order.rank()) +
                     " but the tensor has rank " + llvm::Twine(rank));
  }
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = dims->Get(i);
    int64_t stride = strides->Get(i);
    if (dim < 0 || dim > kMaxDimSize) {
      return makeError(what + ": dimension " + llvm::Twine(i) + " size " +
                       llvm::Twine(dim) + " out of range [0, 2^40)");
    }
    if (stride < 0 || stride > kMaxSpanBytes * 8) {
      return makeError(what + ": stride " + llvm::Twine(stride) +
                       " bits of dimension " + llvm::Twine(i) +
                       " out of range [0, 2^51]");
    }
    layout.dims.push_back(dim);
    layout.strides.push_back(stride);
  }
  if (const schema::QuantParams *quant = type.quant()) {
    int64_t axis = quant->axis();
    int64_t expected = axis == -1 ? 1 : 0;
    if (axis < -1 || axis >= rank) {
      return makeError(what + ": quantisation axis " + llvm::Twine(axis) +
                       " out of range for rank " + llvm::Twine(rank));
    }
    if (axis >= 0) {
      expected = layout.dims[Dim(axis)];
    }
    if (static_cast<int64_t>(quant->scales()->size()) != expected) {
      return makeError(what + ": " + llvm::Twine(quant->scales()->size()) +
                       " quantisation scales, expected " +
                       llvm::Twine(expected));
    }
    if (quant->zero_points() && quant->zero_points()->size() != 0 &&
        quant->zero_points()->size() != quant->scales()->size()) {
      return makeError(what + ": " + llvm::Twine(quant->zero_points()->size()) +
                       " zero points for " +
                       llvm::Twine(quant->scales()->size()) + " scales");
    }
  }
  // Strides in memory order: whole bytes (except sub-byte innermost) and
  // non-increasing over the non-trivial dimensions.
  shape::MemShape memDims = layout.getMemShape();
  shape::MemStrides memStrides = layout.getMemStrides();
  int64_t previous = -1;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t stride = memStrides[MemDim(i)];
    bool innermost = i == rank - 1;
    if (stride % 8 != 0 && (layout.elemBits >= 8 || !innermost)) {
      return makeError(what + ": stride " + llvm::Twine(stride) +
                       " bits of memory dimension " + llvm::Twine(i) +
                       " is not a whole number of bytes");
    }
    if (memDims[MemDim(i)] <= 1 || stride == 0) {
      continue;
    }
    if (previous >= 0 && stride > previous) {
      return makeError(
          what + ": strides [" +
          llvm::join(
              llvm::map_range(layout.strides,
                              [](int64_t s) { return std::to_string(s); }),
              ", ") +
          "] bits do not follow the dims order " + layout.order.getName());
    }
    previous = stride;
  }
  // The span: with the limits above, (dim - 1) * stride < 2^91 would overflow
  // int64, so accumulate in __int128 and check.
  __int128 lastBit = 0;
  __int128 numElements = 1;
  bool empty = false;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = layout.dims[Dim(i)];
    if (dim == 0) {
      empty = true;
    } else {
      lastBit += static_cast<__int128>(dim - 1) * layout.strides[Dim(i)];
      // Checked per dim, so the product stays below 2^48 * 2^63.
      numElements *= dim;
      if (numElements > kMaxSpanBytes) {
        return makeError(what + ": more than 2^48 elements");
      }
    }
  }
  if (!empty) {
    __int128 span = (lastBit + layout.elemBits + 7) / 8;
    if (span > kMaxSpanBytes) {
      return makeError(what + ": the layout spans more than 2^48 bytes");
    }
    layout.spanBytes = static_cast<int64_t>(span);
  }
  return layout;
}

} // namespace mlir::vpuc::blob
