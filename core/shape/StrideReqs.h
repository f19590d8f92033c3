//===- StrideReqs.h - Requirements on memory strides ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Per-memory-dimension stride requirements, e.g. what a DMA engine or a
// hardware unit accepts for its operands, and a solver for them.
//
// All strides are in BITS and in memory order (MemDim(0) outermost). The
// "minimum" stride of a memory dimension is what makes it not overlap the
// dimension inside it: the element size for the innermost dimension, and
// `stride[m + 1] * size[m + 1]` otherwise. A requirement is one of:
//
//  - Any:         no constraint beyond not overlapping (stride >= minimum);
//  - Compact:     the stride equals the minimum;
//  - Aligned(N):  the stride is a multiple of N bits (N > 0) and >= minimum;
//  - Fixed(N):    the stride is exactly N bits (N > 0).
//
// Several requirements may name the same dimension; they must all hold.
// Dimensions without a requirement are `Any`.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_STRIDEREQS_H_
#define VPUC_CORE_SHAPE_STRIDEREQS_H_

#include <string>

#include "core/shape/Dim.h"
#include "core/shape/Shape.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::vpuc::shape {

/// The kind of a `StrideReq`.
enum class StrideReqKind {
  /// No constraint beyond not overlapping.
  Any,
  /// Exactly the minimum (dense) stride.
  Compact,
  /// A multiple of a number of bits.
  Aligned,
  /// Exactly a number of bits.
  Fixed,
};

/// One requirement on the stride of one memory dimension.
class StrideReq {
public:
  /// No constraint on `dim` (documents intent; same as no requirement).
  static StrideReq any(MemDim dim) { return {dim, StrideReqKind::Any, 0}; }
  /// `dim` must be compact.
  static StrideReq compact(MemDim dim) {
    return {dim, StrideReqKind::Compact, 0};
  }
  /// The stride of `dim` must be a multiple of `alignment` (> 0).
  static StrideReq aligned(MemDim dim, Bit alignment);
  /// The stride of `dim` must be exactly `stride` (> 0).
  static StrideReq fixed(MemDim dim, Bit stride);

  /// The constrained memory dimension.
  MemDim memDim() const { return dim; }
  /// The kind of requirement.
  StrideReqKind kind() const { return reqKind; }
  /// The alignment (Aligned) or the stride (Fixed); 0 bits otherwise.
  Bit extent() const { return Bit(bits); }

  friend bool operator==(const StrideReq &a, const StrideReq &b) {
    return a.dim == b.dim && a.reqKind == b.reqKind && a.bits == b.bits;
  }

private:
  StrideReq(MemDim dim, StrideReqKind kind, int64_t bits)
      : dim(dim), reqKind(kind), bits(bits) {}

  MemDim dim;
  StrideReqKind reqKind;
  int64_t bits;
};

/// A set of stride requirements (empty: everything is `Any`).
class StrideReqs {
public:
  /// No requirements.
  StrideReqs() = default;
  /// The requirements in `reqs`.
  explicit StrideReqs(llvm::ArrayRef<StrideReq> reqs)
      : list(reqs.begin(), reqs.end()) {}

  /// Every one of the `rank` memory dimensions compact.
  static StrideReqs compact(int64_t rank);

  /// Adds a requirement; returns *this for chaining.
  StrideReqs &add(const StrideReq &req) {
    list.push_back(req);
    return *this;
  }

  /// The requirements in the order they were added.
  llvm::ArrayRef<StrideReq> reqs() const { return list; }
  /// True if there is no requirement.
  bool empty() const { return list.empty(); }

  /// The smallest strides for `shape` with elements of `elemSize` that satisfy
  /// every requirement: each dimension, from the innermost outwards, gets its
  /// minimum stride rounded up to its alignment, or its fixed stride. Fails if
  /// the requirements conflict for this shape (e.g. a fixed stride below the
  /// minimum, a compact stride that is not aligned, two fixed values), name a
  /// dimension beyond the rank, or the shape is dynamic; the reason goes to
  /// `*whyNot` when it is given.
  FailureOr<MemStrides> computeStrides(const MemShape &shape, Bit elemSize,
                                       std::string *whyNot = nullptr) const;

  /// Checks that `strides` of `shape` with elements of `elemSize` satisfy
  /// every requirement and do not overlap; the reason of a failure goes to
  /// `*whyNot` when it is given.
  LogicalResult checkStrides(const MemStrides &strides, const MemShape &shape,
                             Bit elemSize, std::string *whyNot = nullptr) const;

private:
  llvm::SmallVector<StrideReq, 4> list;
};

/// The dense strides of `shape` with elements of `elemSize` (static shape).
MemStrides computeCompactStrides(const MemShape &shape, Bit elemSize);

/// Prints e.g. `m2: aligned(128 bits)`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const StrideReq &req);
/// Prints e.g. `[m2: aligned(128 bits), m3: compact]`, or `[]` when empty.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const StrideReqs &reqs);

} // namespace mlir::vpuc::shape

#endif // VPUC_CORE_SHAPE_STRIDEREQS_H_
