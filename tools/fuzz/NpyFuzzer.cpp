//===- NpyFuzzer.cpp - Fuzz target of the .npy / .npz reader --------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Input: the bytes of a .npy file, or of a .npz archive (a zip file: the input
// starts with "PK"). Every input must be read or rejected with an error; an
// array that is read must survive serializeNpy -> parseNpy unchanged.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdlib>
#include <string>
#include <unistd.h>

#include "core/npy/Npy.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::vpuc;

namespace {

/// Aborts unless `array` reads back unchanged from its own serialisation.
void checkRoundTrip(const npy::Array &array) {
  std::string bytes = npy::serializeNpy(array);
  llvm::Expected<npy::Array> back = npy::parseNpy(bytes, "round-trip.npy");
  if (!back) {
    llvm::errs() << "round trip failed: " << llvm::toString(back.takeError())
                 << "\n";
    abort();
  }
  if (back->dtype != array.dtype || back->shape != array.shape ||
      back->data != array.data) {
    llvm::errs() << "round trip changed the array\n";
    abort();
  }
}

/// The file the .npz reader is given (it reads archives from a path only).
const std::string &scratchPath() {
  static const std::string path = [] {
    const char *dir = std::getenv("TEST_TMPDIR");
    return std::string(dir ? dir : "/tmp") + "/vpuc-npy-fuzzer-" +
           std::to_string(getpid()) + ".npz";
  }();
  return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  if (!bytes.starts_with("PK")) {
    llvm::Expected<npy::Array> array = npy::parseNpy(bytes, "fuzz.npy");
    if (!array) {
      llvm::consumeError(array.takeError());
      return 0;
    }
    checkRoundTrip(*array);
    return 0;
  }
  {
    std::error_code error;
    llvm::raw_fd_ostream os(scratchPath(), error);
    if (error) {
      llvm::errs() << "cannot write " << scratchPath() << "\n";
      abort();
    }
    os << bytes;
  }
  llvm::Expected<npy::ArrayMap> arrays = npy::readNpz(scratchPath());
  llvm::sys::fs::remove(scratchPath());
  if (!arrays) {
    llvm::consumeError(arrays.takeError());
    return 0;
  }
  for (const auto &[name, array] : *arrays) {
    checkRoundTrip(array);
  }
  return 0;
}
