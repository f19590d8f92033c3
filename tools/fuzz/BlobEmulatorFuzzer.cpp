//===- BlobEmulatorFuzzer.cpp - Fuzz target of the blob loader + emulator -===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Input: the bytes of a blob. It must be refused by the loader (blob::loadBlob)
// or by the emulator's checks (Emulator::create) with an error, or run: every
// input is set to zeros and the blob runs to completion or stops with its
// problems reported (a deadlock, a bad access, ...). The run is bounded: each
// task runs once and the emulator refuses blobs whose memory exceeds a small
// budget, so a run that does not end within libFuzzer's -timeout is a finding.
// Only the built-in targets are used (an arch name that is a path is not
// read).
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "backend/blob/Blob.h"
#include "core/arch/Arch.h"
#include "core/npy/Npy.h"
#include "emulator/Emulator.h"
#include "tools/vpuc/driver/BlobRun.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::vpuc;

namespace {

/// The memory budget of a fuzzed blob (inputs, outputs, constants, scratch,
/// CMX and kernel buffers together).
constexpr uint64_t kMaxMemoryBytes = uint64_t(64) << 20;

/// The array type that feeds an input of element type `dtype`.
std::optional<npy::DType> getFeedType(blob::schema::DType dtype) {
  using blob::schema::DType;
  switch (dtype) {
  case DType::F32:
  case DType::F16:
  case DType::BF16:
    return npy::DType::F32;
  case DType::I8:
  case DType::I4:
    return npy::DType::I8;
  case DType::U8:
  case DType::U4:
    return npy::DType::U8;
  case DType::I16:
    return npy::DType::I16;
  case DType::U16:
    return npy::DType::U16;
  case DType::I32:
    return npy::DType::I32;
  case DType::U32:
    return npy::DType::U32;
  case DType::I64:
    return npy::DType::I64;
  case DType::U64:
    return npy::DType::U64;
  case DType::BOOL:
    return npy::DType::Bool;
  case DType::F64:
    return npy::DType::F64;
  default:
    return std::nullopt;
  }
}

/// A zero array for network input `io`, or nothing when its element count is
/// out of the budget (the emulator refused such blobs already).
std::optional<npy::Array> makeZeroInput(const blob::schema::NetworkIO &io) {
  std::optional<npy::DType> dtype = getFeedType(io.type()->dtype());
  if (!dtype) {
    return std::nullopt;
  }
  llvm::SmallVector<int64_t, 8> shape(io.type()->dims()->begin(),
                                      io.type()->dims()->end());
  int64_t count = 1;
  for (int64_t dim : shape) {
    if (dim < 0 || llvm::MulOverflow(count, dim, count) ||
        count > static_cast<int64_t>(kMaxMemoryBytes)) {
      return std::nullopt;
    }
  }
  return npy::Array::zeros(*dtype, shape);
}

bool isBuiltinArch(llvm::StringRef name) {
  for (const std::string &builtin : arch::getBuiltinArchNames()) {
    if (name.equals_insensitive(builtin)) {
      return true;
    }
  }
  return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<blob::BlobFile> file =
      blob::loadBlob(llvm::ArrayRef<uint8_t>(data, size));
  if (!file) {
    llvm::consumeError(file.takeError());
    return 0;
  }
  llvm::StringRef archName = file->get().header()->arch()->string_view();
  if (!isBuiltinArch(archName)) {
    return 0;
  }
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch(archName);
  if (!desc) {
    llvm::errs() << "built-in arch " << archName
                 << " does not load: " << llvm::toString(desc.takeError())
                 << "\n";
    abort();
  }
  emu::EmulatorOptions options;
  options.maxProblems = 8;
  options.maxMemoryBytes = kMaxMemoryBytes;
  llvm::Expected<std::unique_ptr<emu::Emulator>> emulator =
      driver::createEmulator(*file, *desc, options, "fuzz.blob");
  if (!emulator) {
    llvm::consumeError(emulator.takeError());
    return 0;
  }
  if (const auto *inputs = file->get().header()->inputs()) {
    for (unsigned i = 0; i < inputs->size(); ++i) {
      std::optional<npy::Array> array = makeZeroInput(*inputs->Get(i));
      if (!array) {
        return 0;
      }
      if (llvm::Error error = (*emulator)->setInput(i, *array)) {
        llvm::consumeError(std::move(error));
        return 0;
      }
    }
  }
  llvm::Expected<const emu::RunReport &> report = (*emulator)->run();
  if (!report) {
    llvm::consumeError(report.takeError());
    return 0;
  }
  if (report->completed && report->problems.empty()) {
    npy::ArrayMap outputs = (*emulator)->getOutputs();
    (void)outputs;
  }
  return 0;
}
