//===- Npy.h - NumPy .npy / .npz reading and writing ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Reads and writes NumPy's .npy format (versions 1.0, 2.0, 3.0) and .npz
// archives (stored or deflated zip members, through minizip). Arrays are kept
// as raw little-endian bytes in C order: big-endian and Fortran-ordered files
// are converted on reading. Every failure is an llvm::Error whose message names
// the file (and archive member) and what is wrong with it.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_NPY_NPY_H_
#define VPUC_CORE_NPY_NPY_H_

#include <cassert>
#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::npy {

/// The element types vpuc exchanges through .npy files.
enum class DType { Bool, I8, U8, I16, U16, I32, U32, I64, U64, F16, F32, F64 };

/// Returns the NumPy name of a dtype ("float32", "int8", ...).
llvm::StringRef getDTypeName(DType dtype);

/// Returns the size of one element in bytes.
int64_t getDTypeSize(DType dtype);

/// Returns the dtype of a NumPy name ("float32", "f4", "int64", "bool", ...) or
/// an error.
llvm::Expected<DType> parseDTypeName(llvm::StringRef name);

/// An N-dimensional array: element type, shape and the elements as
/// little-endian bytes in C order.
struct Array {
  DType dtype = DType::F32;
  llvm::SmallVector<int64_t, 4> shape;
  std::vector<char> data;

  /// An array of `shape` filled with zero bytes.
  static Array zeros(DType dtype, llvm::ArrayRef<int64_t> shape);

  /// An array holding a copy of `values` (T must match the dtype's C++ type).
  template <typename T>
  static Array fromValues(DType dtype, llvm::ArrayRef<int64_t> shape,
                          llvm::ArrayRef<T> values) {
    Array array = zeros(dtype, shape);
    assert(static_cast<int64_t>(sizeof(T)) == getDTypeSize(dtype) &&
           "element type size does not match the dtype");
    assert(static_cast<int64_t>(values.size()) == array.getNumElements() &&
           "value count does not match the shape");
    if (!array.data.empty()) { // An empty vector's data() may be null.
      std::memcpy(array.data.data(), values.data(), array.data.size());
    }
    return array;
  }

  /// Number of elements (1 for a 0-d array).
  int64_t getNumElements() const;

  /// The elements viewed as T; T's size must equal the dtype's element size.
  template <typename T> llvm::ArrayRef<T> getValues() const {
    assert(static_cast<int64_t>(sizeof(T)) == getDTypeSize(dtype) &&
           "element type size does not match the dtype");
    return llvm::ArrayRef<T>(reinterpret_cast<const T *>(data.data()),
                             data.size() / sizeof(T));
  }
};

/// Named arrays in archive order (the member names without ".npy").
using ArrayMap =
    llvm::MapVector<std::string, Array, std::map<std::string, unsigned>>;

/// Parses the bytes of a .npy file. `sourceName` names it in error messages.
llvm::Expected<Array> parseNpy(llvm::StringRef bytes,
                               llvm::StringRef sourceName);

/// Returns the bytes of a version 1.0 .npy file (2.0 when the header needs it)
/// holding `array`.
std::string serializeNpy(const Array &array);

/// Reads a .npy file.
llvm::Expected<Array> readNpy(llvm::StringRef path);

/// Writes a .npy file.
llvm::Error writeNpy(llvm::StringRef path, const Array &array);

/// Reads every member of a .npz archive.
llvm::Expected<ArrayMap> readNpz(llvm::StringRef path);

/// Writes a .npz archive; members are deflated when `compress` is set (like
/// numpy.savez_compressed).
llvm::Error writeNpz(llvm::StringRef path, const ArrayMap &arrays,
                     bool compress = false);

/// Reads `path` as .npz when it ends in ".npz" and as a single .npy array
/// otherwise (named after the file's stem), so tools accept either.
llvm::Expected<ArrayMap> readArrays(llvm::StringRef path);

} // namespace mlir::vpuc::npy

#endif // VPUC_CORE_NPY_NPY_H_
