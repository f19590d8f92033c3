//===- Shape.h - Shapes and strides in logical and memory order -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Small vectors of int64_t indexed by a dimension type:
//
//  - `Shape` and `Strides` are indexed by `Dim` (logical order);
//  - `MemShape` and `MemStrides` are indexed by `MemDim` (memory order).
//
// Strides are always in BITS, so that sub-byte element types (e.g. 4-bit
// integers) have exact strides; `Bit` and `Byte` make unit conversions
// explicit. All four containers are distinct types without conversions between
// them: going from logical to memory order needs a `DimsOrder`.
//
// Dynamic sizes use mlir::ShapedType::kDynamic (INT64_MIN) and print as `?`.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_SHAPE_H_
#define VPUC_CORE_SHAPE_SHAPE_H_

#include <cassert>
#include <cstdint>
#include <initializer_list>
#include <limits>

#include "core/shape/Dim.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::vpuc::shape {

//===----------------------------------------------------------------------===//
// Bit / Byte
//===----------------------------------------------------------------------===//

class Byte;

/// A size or offset in bits.
class Bit {
public:
  /// `count` bits.
  constexpr explicit Bit(int64_t count) : value(count) {}
  /// The number of bits.
  constexpr int64_t count() const { return value; }
  /// The size in whole bytes; asserts that it is a multiple of 8 bits.
  Byte toBytes() const;
  /// The size in bytes, rounding partial bytes up.
  Byte toBytesCeil() const;

  friend constexpr bool operator==(Bit a, Bit b) { return a.value == b.value; }
  friend constexpr bool operator!=(Bit a, Bit b) { return a.value != b.value; }
  friend constexpr bool operator<(Bit a, Bit b) { return a.value < b.value; }
  friend constexpr bool operator<=(Bit a, Bit b) { return a.value <= b.value; }
  friend constexpr bool operator>(Bit a, Bit b) { return a.value > b.value; }
  friend constexpr bool operator>=(Bit a, Bit b) { return a.value >= b.value; }
  friend constexpr Bit operator+(Bit a, Bit b) {
    return Bit(a.value + b.value);
  }
  friend constexpr Bit operator-(Bit a, Bit b) {
    return Bit(a.value - b.value);
  }
  friend constexpr Bit operator*(Bit a, int64_t n) { return Bit(a.value * n); }
  friend constexpr Bit operator*(int64_t n, Bit a) { return Bit(a.value * n); }

private:
  int64_t value;
};

/// A size or offset in bytes.
class Byte {
public:
  /// `count` bytes.
  constexpr explicit Byte(int64_t count) : value(count) {}
  /// The number of bytes.
  constexpr int64_t count() const { return value; }
  /// The same size in bits.
  constexpr Bit toBits() const { return Bit(value * 8); }

  friend constexpr bool operator==(Byte a, Byte b) {
    return a.value == b.value;
  }
  friend constexpr bool operator!=(Byte a, Byte b) {
    return a.value != b.value;
  }
  friend constexpr bool operator<(Byte a, Byte b) { return a.value < b.value; }
  friend constexpr bool operator<=(Byte a, Byte b) {
    return a.value <= b.value;
  }
  friend constexpr bool operator>(Byte a, Byte b) { return a.value > b.value; }
  friend constexpr bool operator>=(Byte a, Byte b) {
    return a.value >= b.value;
  }
  friend constexpr Byte operator+(Byte a, Byte b) {
    return Byte(a.value + b.value);
  }
  friend constexpr Byte operator-(Byte a, Byte b) {
    return Byte(a.value - b.value);
  }
  friend constexpr Byte operator*(Byte a, int64_t n) {
    return Byte(a.value * n);
  }
  friend constexpr Byte operator*(int64_t n, Byte a) {
    return Byte(a.value * n);
  }

private:
  int64_t value;
};

inline Byte Bit::toBytes() const {
  assert(value % 8 == 0 && "Bit::toBytes: size is not a whole number of bytes");
  return Byte(value / 8);
}

inline Byte Bit::toBytesCeil() const {
  assert(value >= 0 && "Bit::toBytesCeil: negative size");
  return Byte((value + 7) / 8);
}

/// Prints e.g. `12 bits`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Bit bits);
/// Prints e.g. `3 bytes`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Byte bytes);

//===----------------------------------------------------------------------===//
// DimValues
//===----------------------------------------------------------------------===//

/// The marker of a dynamic size (equal to mlir::ShapedType::kDynamic).
inline constexpr int64_t kDynamicSize = std::numeric_limits<int64_t>::min();

namespace detail {

/// A small vector of int64_t indexed by `DimT`. `Tag` keeps e.g. `Shape` and
/// `Strides` distinct even though both are indexed by `Dim`.
template <typename DimT, typename Tag> class DimValues {
public:
  using value_type = int64_t;
  using iterator = int64_t *;
  using const_iterator = const int64_t *;

  /// An empty (rank-0) vector.
  DimValues() = default;
  /// `rank` copies of `value`.
  DimValues(size_t rank, int64_t value) : values(rank, value) {}
  /// Copies `values`.
  explicit DimValues(llvm::ArrayRef<int64_t> values)
      : values(values.begin(), values.end()) {}
  /// Copies `values`; `Shape{1, 2, 3}` but not `Shape s = {1, 2, 3}`.
  explicit DimValues(std::initializer_list<int64_t> values) : values(values) {}

  /// The number of dimensions.
  size_t size() const { return values.size(); }
  /// The number of dimensions.
  int64_t rank() const { return static_cast<int64_t>(values.size()); }
  /// True for rank 0.
  bool empty() const { return values.empty(); }

  /// The value of dimension `dim`, which must be in range.
  int64_t &operator[](DimT dim) {
    assert(dim.ind() < rank() && "dimension index out of range");
    return values[dim.ind()];
  }
  /// The value of dimension `dim`, which must be in range.
  int64_t operator[](DimT dim) const {
    assert(dim.ind() < rank() && "dimension index out of range");
    return values[dim.ind()];
  }

  /// The values as plain integers (e.g. to build an MLIR type).
  llvm::ArrayRef<int64_t> raw() const { return values; }

  iterator begin() { return values.begin(); }
  iterator end() { return values.end(); }
  const_iterator begin() const { return values.begin(); }
  const_iterator end() const { return values.end(); }

  /// Appends a dimension.
  void push_back(int64_t value) { values.push_back(value); }
  /// Changes the rank; new dimensions get `value`.
  void resize(size_t rank, int64_t value = 0) { values.resize(rank, value); }

  friend bool operator==(const DimValues &a, const DimValues &b) {
    return a.values == b.values;
  }
  friend bool operator!=(const DimValues &a, const DimValues &b) {
    return a.values != b.values;
  }

private:
  llvm::SmallVector<int64_t, 6> values;
};

/// Tag of `Shape`.
struct ShapeTag {};
/// Tag of `MemShape`.
struct MemShapeTag {};
/// Tag of `Strides`.
struct StridesTag {};
/// Tag of `MemStrides`.
struct MemStridesTag {};

} // namespace detail

/// Sizes of the logical dimensions, indexed by `Dim`.
class Shape : public detail::DimValues<Dim, detail::ShapeTag> {
public:
  using DimValues::DimValues;
  /// True if no dimension is dynamic.
  bool isStatic() const;
  /// The number of elements (1 for rank 0); asserts the shape is static.
  int64_t totalSize() const;
};

/// Sizes of the dimensions in memory order, indexed by `MemDim`.
class MemShape : public detail::DimValues<MemDim, detail::MemShapeTag> {
public:
  using DimValues::DimValues;
  /// True if no dimension is dynamic.
  bool isStatic() const;
  /// The number of elements (1 for rank 0); asserts the shape is static.
  int64_t totalSize() const;
};

/// Strides in BITS of the logical dimensions, indexed by `Dim`.
class Strides : public detail::DimValues<Dim, detail::StridesTag> {
public:
  using DimValues::DimValues;
  /// The stride of `dim` as a `Bit`.
  Bit stride(Dim dim) const { return Bit((*this)[dim]); }
};

/// Strides in BITS in memory order, indexed by `MemDim`.
class MemStrides : public detail::DimValues<MemDim, detail::MemStridesTag> {
public:
  using DimValues::DimValues;
  /// The stride of `dim` as a `Bit`.
  Bit stride(MemDim dim) const { return Bit((*this)[dim]); }
};

/// Prints e.g. `[1, 3, ?, 224]`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Shape &shape);
/// Prints e.g. `[1, 3, ?, 224]`.
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const MemShape &shape);
/// Prints e.g. `[256, 128, 16]` (bits).
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Strides &strides);
/// Prints e.g. `[256, 128, 16]` (bits).
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const MemStrides &strides);

} // namespace mlir::vpuc::shape

#endif // VPUC_CORE_SHAPE_SHAPE_H_
