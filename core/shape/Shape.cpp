//===- Shape.cpp - Shapes and strides in logical and memory order -*- C++ -*-=//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Printing of dimension indices, units, shapes and strides; shape sizes.
//
//===----------------------------------------------------------------------===//

#include "core/shape/Shape.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::shape {

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Dim dim) {
  return os << 'd' << dim.ind();
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, MemDim dim) {
  return os << 'm' << dim.ind();
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Bit bits) {
  return os << bits.count() << (bits.count() == 1 ? " bit" : " bits");
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, Byte bytes) {
  return os << bytes.count() << (bytes.count() == 1 ? " byte" : " bytes");
}

static void printValues(llvm::raw_ostream &os, llvm::ArrayRef<int64_t> values) {
  os << '[';
  llvm::interleaveComma(values, os, [&](int64_t value) {
    if (value == kDynamicSize) {
      os << '?';
    } else {
      os << value;
    }
  });
  os << ']';
}

static int64_t product(llvm::ArrayRef<int64_t> values) {
  int64_t result = 1;
  for (int64_t value : values) {
    assert(value != kDynamicSize && "totalSize: the shape has dynamic sizes");
    assert(value >= 0 && "totalSize: negative dimension size");
    result *= value;
  }
  return result;
}

bool Shape::isStatic() const {
  return !llvm::is_contained(raw(), kDynamicSize);
}

int64_t Shape::totalSize() const { return product(raw()); }

bool MemShape::isStatic() const {
  return !llvm::is_contained(raw(), kDynamicSize);
}

int64_t MemShape::totalSize() const { return product(raw()); }

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Shape &shape) {
  printValues(os, shape.raw());
  return os;
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const MemShape &shape) {
  printValues(os, shape.raw());
  return os;
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Strides &strides) {
  printValues(os, strides.raw());
  return os;
}

llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                              const MemStrides &strides) {
  printValues(os, strides.raw());
  return os;
}

} // namespace mlir::vpuc::shape
