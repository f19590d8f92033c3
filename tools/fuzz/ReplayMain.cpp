//===- ReplayMain.cpp - Runs a fuzz target over its corpus ----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The main of the corpus replay tests (`<target>_replay`, built with the
// project's compiler and no fuzzer runtime): calls the target's
// LLVMFuzzerTestOneInput once per file of every directory (recursively) or file
// named on the command line, so that every seed and every regression input of
// the corpus is checked in the normal test run. A crash of the target is the
// test's failure; a target rejects a wrong result with abort().
//
// Usage: <target>_replay PATH... (at least one file must be found).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
    __attribute__((weak));

int main(int argc, char **argv) {
  if (LLVMFuzzerInitialize) {
    LLVMFuzzerInitialize(&argc, &argv);
  }
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string path = argv[i];
    if (!llvm::sys::fs::is_directory(path)) {
      files.push_back(path);
      continue;
    }
    std::error_code error;
    for (llvm::sys::fs::recursive_directory_iterator it(path, error), end;
         it != end && !error; it.increment(error)) {
      if (!llvm::sys::fs::is_directory(it->path())) {
        files.push_back(it->path());
      }
    }
    if (error) {
      llvm::errs() << "replay: cannot list " << path << ": " << error.message()
                   << "\n";
      return 2;
    }
  }
  std::sort(files.begin(), files.end());
  if (files.empty()) {
    llvm::errs() << "replay: no corpus files given\n";
    return 2;
  }
  for (const std::string &file : files) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (!buffer) {
      llvm::errs() << "replay: cannot read " << file << ": "
                   << buffer.getError().message() << "\n";
      return 2;
    }
    llvm::outs() << "replay: " << file << " (" << (*buffer)->getBufferSize()
                 << " bytes)\n";
    llvm::outs().flush();
    // A copy in a heap block of its own size, so that ASan sees reads past
    // the end as libFuzzer would.
    size_t size = (*buffer)->getBufferSize();
    std::unique_ptr<uint8_t[]> bytes(new uint8_t[size]);
    std::copy((*buffer)->getBufferStart(), (*buffer)->getBufferEnd(),
              bytes.get());
    LLVMFuzzerTestOneInput(bytes.get(), size);
  }
  llvm::outs() << "replay: " << files.size() << " inputs ran\n";
  return 0;
}
