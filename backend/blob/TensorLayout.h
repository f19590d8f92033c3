//===- TensorLayout.h - Checked layouts of blob tensors ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `TensorLayout` is a blob TensorType after checking: element type and size,
// logical dims, strides in bits and DimsOrder as core/shape types, and the
// number of bytes the layout spans. `getTensorLayout` enforces the rules of
// blob.fbs's TensorType with overflow-safe arithmetic, so that every later
// use (region bounds, strided copies, kernels) can trust the numbers.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_BLOB_TENSORLAYOUT_H_
#define VPUC_BACKEND_BLOB_TENSORLAYOUT_H_

#include <cstdint>

#include "backend/blob/Blob.h"
#include "core/shape/DimsOrder.h"
#include "core/shape/Shape.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::blob {

/// The largest dimension size a blob may use (2^40 - 1).
inline constexpr int64_t kMaxDimSize = (int64_t(1) << 40) - 1;
/// The largest number of bytes a tensor layout may span, and of elements it
/// may have (2^48).
inline constexpr int64_t kMaxSpanBytes = int64_t(1) << 48;

/// A checked tensor layout.
struct TensorLayout {
  schema::DType dtype = schema::DType::UNDEFINED;
  /// Bits per element.
  int64_t elemBits = 0;
  shape::DimsOrder order;
  /// Logical dimensions.
  shape::Shape dims;
  /// Strides in bits, logical order.
  shape::Strides strides;
  /// Bytes from the first byte of element 0 to one past the last byte of the
  /// element at the largest offset; 0 when the tensor has no elements.
  int64_t spanBytes = 0;

  /// Product of the dims (1 for rank 0).
  int64_t getNumElements() const;
  /// The dims in memory order.
  shape::MemShape getMemShape() const { return order.toMemoryOrder(dims); }
  /// The strides in memory order.
  shape::MemStrides getMemStrides() const {
    return order.toMemoryOrder(strides);
  }
  /// True when the strides are the compact ones of the order.
  bool isCompact() const;
  /// True when no two elements share a bit (so the layout can be written).
  bool isNonOverlapping() const;
  /// Prints e.g. "f16 1x16x8x8 NHWC" (strides only when not compact).
  std::string describe() const;
};

/// Checks `type` as blob.fbs's TensorType says; `what` names the tensor in
/// errors (e.g. "tensor 3 'x'").
llvm::Expected<TensorLayout> getTensorLayout(const schema::TensorType &type,
                                             llvm::StringRef what);

/// The compact strides in bits of `dims` laid out in `order` with elements of
/// `elemBits`, in logical order.
shape::Strides getCompactStrides(const shape::Shape &dims,
                                 shape::DimsOrder order, int64_t elemBits);

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_BLOB_TENSORLAYOUT_H_
