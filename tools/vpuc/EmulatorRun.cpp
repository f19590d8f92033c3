//===- EmulatorRun.cpp - Running a blob on the emulator -------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc/EmulatorRun.h"

#include "tools/vpuc/driver/BlobRun.h"

namespace mlir::vpuc::tools {

llvm::Expected<RunInputs> readRunInputs(llvm::StringRef path) {
  llvm::Expected<npy::ArrayMap> arrays = npy::readArrays(path);
  if (!arrays) {
    return arrays.takeError();
  }
  RunInputs inputs;
  inputs.positional = path.ends_with(".npy") && arrays->size() == 1;
  inputs.arrays = std::move(*arrays);
  return inputs;
}

llvm::Expected<EmulatorRun> runOnEmulator(const blob::BlobFile &blob,
                                          const arch::ArchDesc &arch,
                                          const RunInputs &inputs,
                                          const emu::EmulatorOptions &options,
                                          llvm::StringRef blobName) {
  llvm::Expected<std::unique_ptr<emu::Emulator>> emulator =
      driver::createEmulator(blob, arch, options, blobName);
  if (!emulator) {
    return emulator.takeError();
  }
  if (llvm::Error error =
          inputs.positional
              ? (*emulator)->setInput(0, inputs.arrays.begin()->second)
              : (*emulator)->setInputs(inputs.arrays)) {
    return std::move(error);
  }
  llvm::Expected<const emu::RunReport &> report = (*emulator)->run();
  if (!report) {
    return report.takeError();
  }
  EmulatorRun run;
  run.report = &*report;
  run.emulator = std::move(*emulator);
  return run;
}

} // namespace mlir::vpuc::tools
