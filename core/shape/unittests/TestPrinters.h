//===- TestPrinters.h - gtest printers of the shape types -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// PrintTo overloads so that gtest failure messages show shape values through
// their raw_ostream printers instead of raw bytes.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_SHAPE_UNITTESTS_TESTPRINTERS_H_
#define VPUC_CORE_SHAPE_UNITTESTS_TESTPRINTERS_H_

#include <ostream>
#include <string>

#include "core/shape/DimsOrder.h"
#include "core/shape/Shape.h"
#include "core/shape/StrideReqs.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::shape {

/// Prints `value` with its raw_ostream printer into a gtest stream.
template <typename T>
void printWithRawOstream(const T &value, std::ostream *os) {
  std::string text;
  llvm::raw_string_ostream stream(text);
  stream << value;
  *os << stream.str();
}

inline void PrintTo(Dim value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(MemDim value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(Bit value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(Byte value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(const Shape &value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(const MemShape &value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(const Strides &value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(const MemStrides &value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(DimsOrder value, std::ostream *os) {
  printWithRawOstream(value, os);
}
inline void PrintTo(const StrideReq &value, std::ostream *os) {
  printWithRawOstream(value, os);
}

} // namespace mlir::vpuc::shape

#endif // VPUC_CORE_SHAPE_UNITTESTS_TESTPRINTERS_H_
