//===- DimsOrder.h - Packed permutation of dimensions -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `DimsOrder` is the layout of a tensor in memory: the permutation that lists
// the logical dimensions (`Dim`) from the outermost to the innermost memory
// dimension (`MemDim`).
//
// Encoding (the OpenVINO convention): a code of 4-bit digits, one per
// dimension, read from the most significant non-zero digit (outermost memory
// dimension) to the least significant one (innermost). Each digit is the
// logical dimension index PLUS ONE, so that 0 can mark the absence of further
// dimensions. Examples:
//
//   NCHW = 0x1234   memory order N, C, H, W (the default order of rank 4)
//   NHWC = 0x1342   memory order N, H, W, C (channels innermost)
//
// Ranks 0 (scalar, code 0) to 8 are supported. The equivalent MLIR form is the
// permutation AffineMap (d0, ..., dn-1) -> (d_p0, ..., d_pn-1) whose result i
// is the logical dimension stored at MemDim(i), e.g. NHWC is (d0, d1, d2, d3)
// -> (d0, d2, d3, d1). This is also the project-wide layout encoding of tensor
// and memref types (see ShapedTypeUtils.h).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_DIMSORDER_H_
#define VPUC_CORE_SHAPE_DIMSORDER_H_

#include <cstdint>
#include <string>

#include "core/shape/Dim.h"
#include "core/shape/Shape.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class AffineMap;
class MLIRContext;
} // namespace mlir

namespace mlir::vpuc::shape {

/// A permutation of 0..8 dimensions, packed in a 64-bit code (see file header).
class DimsOrder {
public:
  /// The largest supported rank.
  static constexpr unsigned kMaxRank = 8;
  /// The number of bits of one digit of the code.
  static constexpr unsigned kBitsPerDim = 4;

  /// The rank-0 (scalar) order.
  constexpr DimsOrder() = default;

  /// The order with `code`, which must be valid (see `isValidCode`).
  static DimsOrder fromCode(uint64_t code);
  /// True if `code` is a permutation of 1..n in n <= 8 digits, with no zero
  /// digit below the most significant non-zero digit.
  static bool isValidCode(uint64_t code);

  /// The order storing logical dimension `permutation[i]` at MemDim(i);
  /// `permutation` must be a permutation of 0..n-1 with n <= 8.
  static DimsOrder fromPermutation(llvm::ArrayRef<unsigned> permutation);
  /// Like `fromPermutation` but with logical dimensions.
  static DimsOrder fromPermutation(llvm::ArrayRef<Dim> permutation);
  /// True if `permutation` is a permutation of 0..n-1 with n <= 8.
  static bool isPermutation(llvm::ArrayRef<unsigned> permutation);

  /// The order of a permutation AffineMap (d0..dn-1) -> (d_p0..d_pn-1).
  /// Fails for maps that are not permutations (symbols, constants,
  /// expressions, repeated or dropped dims) and for ranks above 8.
  static FailureOr<DimsOrder> fromAffineMap(AffineMap map);
  /// The permutation AffineMap of this order (see file header).
  AffineMap toAffineMap(MLIRContext *context) const;

  /// The identity order of `rank` dimensions (rank <= 8).
  static DimsOrder getDefaultOrder(int64_t rank);

  /// Parses a name (`NCHW`, `NHWC`, `OIYX`, `SCALAR`, ...) or a hexadecimal
  /// code (`0x1324`), as produced by `getName`/printing. Fails on anything else
  /// (including invalid codes).
  static FailureOr<DimsOrder> parse(llvm::StringRef text);

  /// The packed code.
  constexpr uint64_t code() const { return packed; }
  /// The number of dimensions.
  int64_t rank() const;
  /// True if the memory order equals the logical order.
  bool isIdentity() const;

  /// The logical dimension stored at memory position `dim`.
  Dim dimAt(MemDim dim) const;
  /// The memory position of logical dimension `dim`.
  MemDim dimPos(Dim dim) const;
  /// True if `dim` is a dimension of this order.
  bool hasDim(Dim dim) const { return dim.ind() < rank(); }

  /// The logical dimensions from outermost to innermost in memory.
  llvm::SmallVector<Dim> toPermutation() const;

  /// Reorders a logical shape into memory order (ranks must match).
  MemShape toMemoryOrder(const Shape &shape) const;
  /// Reorders a memory-order shape back into logical order (ranks must match).
  Shape toLogicalOrder(const MemShape &shape) const;
  /// Reorders logical strides into memory order (ranks must match).
  MemStrides toMemoryOrder(const Strides &strides) const;
  /// Reorders memory-order strides back into logical order (ranks must match).
  Strides toLogicalOrder(const MemStrides &strides) const;

  /// The well-known name (e.g. `NHWC`, `SCALAR`) if there is one, else the
  /// hexadecimal code (e.g. `0x13245`). `parse` accepts both.
  std::string getName() const;

  friend constexpr bool operator==(DimsOrder a, DimsOrder b) {
    return a.packed == b.packed;
  }
  friend constexpr bool operator!=(DimsOrder a, DimsOrder b) {
    return a.packed != b.packed;
  }

  //===--------------------------------------------------------------------===//
  // Named orders
  //===--------------------------------------------------------------------===//

  /// Rank 1.
  static const DimsOrder C;
  /// Rank 2.
  static const DimsOrder NC, CN;
  /// Rank 3.
  static const DimsOrder CHW, HWC, HCW, CWH;
  /// Rank 4 activations (logical N, C, H, W).
  static const DimsOrder NCHW, NHWC, NCWH, NWCH, NWHC, NHCW;
  /// Rank 4 filters (logical O, I, Y, X); same codes as the activation orders.
  static const DimsOrder OIYX, OYXI, YXOI, IYXO;
  /// Rank 5 (logical N, C, D, H, W).
  static const DimsOrder NCDHW, NDHWC;
  /// Rank 5 grouped filters (logical G, O, I, Y, X).
  static const DimsOrder GOIYX, GOYXI;

private:
  constexpr explicit DimsOrder(uint64_t code) : packed(code) {}

  uint64_t packed = 0;
};

/// Prints `getName()`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, DimsOrder order);

} // namespace mlir::vpuc::shape

#endif // VPUC_CORE_SHAPE_DIMSORDER_H_
