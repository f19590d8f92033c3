//===- BlobRun.h - A blob prepared for the emulator -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// What `vpuc run` and the Python module share to run a blob: the target (the
// blob's own, or one given) and an emulator made ready for it.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_DRIVER_BLOBRUN_H_
#define VPUC_TOOLS_VPUC_DRIVER_BLOBRUN_H_

#include <memory>

#include "backend/blob/Blob.h"
#include "core/arch/Arch.h"
#include "emulator/Emulator.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::driver {

/// An emulator and the target it runs on (which must outlive it).
struct PreparedRun {
  std::unique_ptr<arch::ArchDesc> arch;
  std::unique_ptr<emu::Emulator> emulator;
};

/// An emulator of `file` on `arch` (both must outlive it) with the built-in
/// kernels; the errors of the emulator's checks are prefixed with `blobName`.
llvm::Expected<std::unique_ptr<emu::Emulator>>
createEmulator(const blob::BlobFile &file, const arch::ArchDesc &arch,
               const emu::EmulatorOptions &options, llvm::StringRef blobName);

/// Prepares `file` (which must outlive the result) for a run on the target
/// `archName`, or on the blob's own target when `archName` is empty, with the
/// built-in kernels and `options`. Errors of the emulator's checks are
/// prefixed with `blobName`.
llvm::Expected<PreparedRun> prepareRun(const blob::BlobFile &file,
                                       llvm::StringRef archName,
                                       const emu::EmulatorOptions &options,
                                       llvm::StringRef blobName);

} // namespace mlir::vpuc::driver

#endif // VPUC_TOOLS_VPUC_DRIVER_BLOBRUN_H_
