//===- Dim.h - Logical and memory dimension indices -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Two strongly-typed dimension indices:
//
//  - `Dim` indexes the logical dimensions of a tensor, in the order the type's
//    shape lists them (for activations N, C, H, W = Dim(0..3));
//  - `MemDim` indexes the dimensions in memory order, MemDim(0) being the
//    outermost (largest stride) and MemDim(rank - 1) the innermost.
//
// A `DimsOrder` (DimsOrder.h) maps one to the other. The two classes are
// distinct, are only constructed explicitly from an integer and never convert
// back implicitly, so that mixing logical and memory positions is a compile
// error rather than a silent layout bug.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_DIM_H_
#define VPUC_CORE_SHAPE_DIM_H_

#include <cassert>
#include <cstddef>
#include <cstdint>

#include "llvm/ADT/Hashing.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::vpuc::shape {

namespace detail {

/// The common implementation of `Dim` and `MemDim`; `Tag` keeps the
/// instantiations distinct types.
template <typename Tag> class DimBase {
public:
  /// Makes the index `index`, which must be non-negative.
  constexpr explicit DimBase(int64_t index) : index(index) {
    assert(index >= 0 && "a dimension index must be non-negative");
  }

  /// The position as an integer, for indexing plain containers.
  constexpr int64_t ind() const { return index; }

  friend constexpr bool operator==(DimBase a, DimBase b) {
    return a.index == b.index;
  }
  friend constexpr bool operator!=(DimBase a, DimBase b) {
    return a.index != b.index;
  }
  friend constexpr bool operator<(DimBase a, DimBase b) {
    return a.index < b.index;
  }
  friend constexpr bool operator<=(DimBase a, DimBase b) {
    return a.index <= b.index;
  }
  friend constexpr bool operator>(DimBase a, DimBase b) {
    return a.index > b.index;
  }
  friend constexpr bool operator>=(DimBase a, DimBase b) {
    return a.index >= b.index;
  }
  friend llvm::hash_code hash_value(DimBase d) {
    return llvm::hash_value(d.index);
  }

private:
  int64_t index;
};

/// Distinguishes `Dim` from `MemDim`.
struct LogicalDimTag {};
/// Distinguishes `MemDim` from `Dim`.
struct MemoryDimTag {};

} // namespace detail

/// A logical dimension index: the position of a dimension in a type's shape.
class Dim : public detail::DimBase<detail::LogicalDimTag> {
public:
  using DimBase::DimBase;
};

/// A memory dimension index: MemDim(0) is the outermost dimension in memory.
class MemDim : public detail::DimBase<detail::MemoryDimTag> {
public:
  using DimBase::DimBase;
};

/// Prints `d<index>`, e.g. `d1`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Dim dim);
/// Prints `m<index>`, e.g. `m3`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, MemDim dim);

/// Named logical dimensions of 4D activations (NCHW) and filters (OIYX).
namespace dims4d {
/// Activation dimensions in the logical NCHW shape.
namespace act {
/// Batch.
inline constexpr Dim N(0);
/// Channels.
inline constexpr Dim C(1);
/// Height.
inline constexpr Dim H(2);
/// Width.
inline constexpr Dim W(3);
} // namespace act

/// Filter dimensions in the logical OIYX shape.
namespace filter {
/// Output channels.
inline constexpr Dim OC(0);
/// Input channels.
inline constexpr Dim IC(1);
/// Kernel height.
inline constexpr Dim KY(2);
/// Kernel width.
inline constexpr Dim KX(3);
} // namespace filter
} // namespace dims4d

} // namespace mlir::vpuc::shape

#endif // VPUC_CORE_SHAPE_DIM_H_
