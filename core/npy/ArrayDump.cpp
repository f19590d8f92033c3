//===- ArrayDump.cpp - Named arrays into an .npz or a directory -----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/npy/ArrayDump.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::npy {

namespace {

/// A file name for a layer: its name with characters other than letters,
/// digits, '.', '-' and '_' replaced by '_'.
std::string sanitizeFileName(llvm::StringRef name) {
  std::string result;
  for (char c : name) {
    result += (llvm::isAlnum(c) || c == '.' || c == '-' || c == '_') ? c : '_';
  }
  if (result.empty() || result == "." || result == "..") {
    result = "layer" + result;
  }
  return result;
}

/// `name`, or `name<separator>N` for the first N >= 2 not in `used`; added to
/// `used`.
std::string makeUnique(const std::string &name, llvm::StringRef separator,
                       llvm::StringSet<> &used) {
  std::string candidate = name;
  for (int n = 2; !used.insert(candidate).second; ++n) {
    candidate = name + separator.str() + std::to_string(n);
  }
  return candidate;
}

} // namespace

llvm::Expected<ArrayDumpWriter> ArrayDumpWriter::create(llvm::StringRef path,
                                                        llvm::StringRef flag) {
  ArrayDumpWriter writer;
  writer.path = path.str();
  writer.flag = flag.str();
  writer.toArchive = path.ends_with(".npz");
  if (!writer.toArchive) {
    if (std::error_code error = llvm::sys::fs::create_directories(path)) {
      return llvm::createStringError(error, flag +
                                                ": cannot create the "
                                                "directory " +
                                                path + ": " + error.message());
    }
    writer.index.emplace();
  }
  return writer;
}

llvm::Error ArrayDumpWriter::add(llvm::StringRef name, Array array) {
  std::string key = makeUnique(name.str(), toArchive ? "#" : "_", usedNames);
  if (toArchive) {
    arrays.insert({key, std::move(array)});
    return llvm::Error::success();
  }
  std::string file =
      makeUnique(sanitizeFileName(name), "_", usedFiles) + ".npy";
  llvm::SmallString<256> filePath(path);
  llvm::sys::path::append(filePath, file);
  if (llvm::Error error = writeNpy(filePath, array)) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   flag + ": " +
                                       llvm::toString(std::move(error)));
  }
  llvm::raw_string_ostream os(*index);
  os << file << "\t" << name << "\t";
  llvm::interleave(array.shape, os, "x");
  os << "\t" << getDTypeName(array.dtype) << "\n";
  return llvm::Error::success();
}

llvm::Error ArrayDumpWriter::finish() {
  if (toArchive) {
    return writeNpz(path, arrays);
  }
  llvm::SmallString<256> indexPath(path);
  llvm::sys::path::append(indexPath, "layers.tsv");
  std::error_code error;
  llvm::raw_fd_ostream os(indexPath, error);
  if (error) {
    return llvm::createStringError(error, flag + ": cannot write " + indexPath +
                                              ": " + error.message());
  }
  os << "file\tlayer\tshape\tdtype\n" << *index;
  return llvm::Error::success();
}

} // namespace mlir::vpuc::npy
