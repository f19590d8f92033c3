//===- ArrayDump.h - Named arrays into an .npz or a directory ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The writer of layer dumps (`vpuc infer --dump-layers`, `vpuc run
// --dump-layers`): arrays by name, in the order they come, into one .npz
// archive or, for any other path, into a directory of .npy files listed in its
// layers.tsv (file, layer name, shape, dtype).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CORE_NPY_ARRAYDUMP_H_
#define VPUC_CORE_NPY_ARRAYDUMP_H_

#include <optional>
#include <string>

#include "core/npy/Npy.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::npy {

class ArrayDumpWriter {
public:
  /// A writer to `path` (an .npz file, else a directory it creates); `flag`
  /// (the option that named the path) prefixes the errors.
  static llvm::Expected<ArrayDumpWriter> create(llvm::StringRef path,
                                                llvm::StringRef flag);

  /// Adds `array` under `name`. Names are unique in the dump: a repeated name
  /// gets a `#N` suffix in an archive, `_N` in a directory. In a directory the
  /// file is the name with characters other than letters, digits, '.', '-'
  /// and '_' replaced by '_', and is written at once.
  llvm::Error add(llvm::StringRef name, Array array);

  /// Writes the archive, or the directory's layers.tsv.
  llvm::Error finish();

private:
  ArrayDumpWriter() = default;

  std::string path;
  std::string flag;
  bool toArchive = false;
  ArrayMap arrays;
  std::optional<std::string> index;
  llvm::StringSet<> usedNames, usedFiles;
};

} // namespace mlir::vpuc::npy

#endif // VPUC_CORE_NPY_ARRAYDUMP_H_
