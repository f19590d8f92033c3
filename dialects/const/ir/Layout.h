//===- Layout.h - Memory order helpers for constants ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The project's layout convention for ranked tensors: the memory order is the
// `encoding` when that is an `AffineMapAttr` permutation, whose results list
// the logical dimensions from the outermost to the innermost in memory; no
// encoding means the identity order. These helpers work on any rank and will
// be replaced by core/shape's DimsOrder.
//
// Also the strided copy kernel the layout transformations share.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_LAYOUT_H_
#define VPUC_DIALECTS_CONST_IR_LAYOUT_H_

#include <cstdint>

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::Const::layout {

/// Returns true if `type` is a ranked tensor whose encoding is absent or a
/// permutation map of its rank.
bool hasSupportedLayout(Type type);

/// The memory order of `type` as a permutation: `perm[i]` is the logical
/// dimension stored at memory position `i` (0 = outermost). Requires
/// `hasSupportedLayout(type)`.
SmallVector<unsigned> getMemoryPermutation(ShapedType type);

/// Returns true if the memory order of `type` is the identity.
bool hasIdentityOrder(ShapedType type);

/// Returns `type` (a ranked tensor) with memory order `order`; the encoding is
/// dropped when `order` is the identity.
RankedTensorType withOrder(RankedTensorType type, AffineMap order);

/// Returns `values` (one per logical dimension) in memory order `perm`.
SmallVector<int64_t> toMemory(ArrayRef<int64_t> values,
                              ArrayRef<unsigned> perm);

/// Row-major strides (in elements) of `shape`.
SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape);

/// Copies `shape` elements of `elemBytes` bytes each: element `idx` is read at
/// `src + dot(idx, srcStrides) * elemBytes` and written at
/// `dst + dot(idx, dstStrides) * elemBytes`. Strides are in elements and may
/// be zero (broadcast).
void stridedCopy(const char *src, ArrayRef<int64_t> srcStrides, char *dst,
                 ArrayRef<int64_t> dstStrides, ArrayRef<int64_t> shape,
                 size_t elemBytes);

} // namespace mlir::vpuc::Const::layout

#endif // VPUC_DIALECTS_CONST_IR_LAYOUT_H_
