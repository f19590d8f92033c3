//===- StridedCopy.h - Copies between strided memory layouts ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `stridedCopy` moves the elements of an N-dimensional array from one strided
// layout to another: the shared kernel of constant folding (reorder, pad,
// subview, broadcast), DMA emulation and reference interpretation.
//
// Shape and strides are given in one common memory order (`MemShape`,
// `MemStrides`, strides in bits as everywhere in core/shape). Strides may be
// zero (broadcast: the source element is read repeatedly) or negative; they
// and the element size must be whole bytes.
//
// The kernel first drops size-1 dimensions and merges neighbouring dimensions
// that are contiguous in both layouts, so a compact-to-compact copy is one
// memcpy; the innermost remaining dimension is then copied with one memcpy
// per contiguous run, or by a loop specialised on the element size, while the
// outer dimensions are walked iteratively.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_STRIDEDCOPY_H_
#define VPUC_CORE_SHAPE_STRIDEDCOPY_H_

#include "core/shape/Shape.h"

namespace mlir::vpuc::shape {

/// Copies the `shape.totalSize()` elements of `elemSize` each: the element at
/// memory index `idx` is read at `src + dot(idx, srcStrides)` and written at
/// `dst + dot(idx, dstStrides)` (offsets in bits, converted to bytes). The
/// ranks of `shape`, `srcStrides` and `dstStrides` must match, the shape must
/// be static, and the written bytes must not overlap the read ones or each
/// other. A rank-0 shape copies one element; a shape with a zero dimension
/// copies nothing.
void stridedCopy(const char *src, const MemStrides &srcStrides, char *dst,
                 const MemStrides &dstStrides, const MemShape &shape,
                 Bit elemSize);

} // namespace mlir::vpuc::shape

#endif // VPUC_CORE_SHAPE_STRIDEDCOPY_H_
