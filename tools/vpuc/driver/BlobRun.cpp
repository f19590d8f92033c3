//===- BlobRun.cpp - A blob prepared for the emulator ---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc/driver/BlobRun.h"

#include <string>

namespace mlir::vpuc::driver {

llvm::Expected<std::unique_ptr<emu::Emulator>>
createEmulator(const blob::BlobFile &file, const arch::ArchDesc &arch,
               const emu::EmulatorOptions &options, llvm::StringRef blobName) {
  llvm::Expected<std::unique_ptr<emu::Emulator>> emulator =
      emu::Emulator::create(file, arch, emu::getBuiltinKernels(), options);
  if (!emulator) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   blobName + ": " +
                                       llvm::toString(emulator.takeError()));
  }
  return emulator;
}

llvm::Expected<PreparedRun> prepareRun(const blob::BlobFile &file,
                                       llvm::StringRef archName,
                                       const emu::EmulatorOptions &options,
                                       llvm::StringRef blobName) {
  std::string target =
      archName.empty() ? file.get().header()->arch()->str() : archName.str();
  llvm::Expected<arch::ArchDesc> arch = arch::loadArch(target);
  if (!arch) {
    return arch.takeError();
  }
  PreparedRun run;
  run.arch = std::make_unique<arch::ArchDesc>(std::move(*arch));
  llvm::Expected<std::unique_ptr<emu::Emulator>> emulator =
      createEmulator(file, *run.arch, options, blobName);
  if (!emulator) {
    return emulator.takeError();
  }
  run.emulator = std::move(*emulator);
  return run;
}

} // namespace mlir::vpuc::driver
