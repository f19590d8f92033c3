//===- EmulatorRun.h - Running a blob on the emulator -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The one way the vpuc subcommands run a blob on the emulator: `vpuc run`,
// and `vpuc compile`'s accuracy check of the blob it made. Reads the inputs
// (a .npz archive by name, or one .npy array for the first input), creates the
// emulator with the built-in kernels, feeds the inputs and runs the blob once.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_TOOLS_VPUC_EMULATORRUN_H_
#define VPUC_TOOLS_VPUC_EMULATORRUN_H_

#include <memory>

#include "emulator/Emulator.h"
#include "llvm/Support/Error.h"

namespace mlir::vpuc::tools {

/// The inputs of a run.
struct RunInputs {
  npy::ArrayMap arrays;
  /// The arrays come from a .npy file: its one unnamed array feeds the first
  /// input (a network with more inputs then reports the ones not set), as for
  /// `vpuc infer`.
  bool positional = false;
};

/// Reads the inputs of a run from `path`: a .npz archive (inputs by name) or a
/// .npy file (the first input).
llvm::Expected<RunInputs> readRunInputs(llvm::StringRef path);

/// A run that happened: the emulator (which holds the outputs and the trace)
/// and its report.
struct EmulatorRun {
  std::unique_ptr<emu::Emulator> emulator;
  const emu::RunReport *report = nullptr;
};

/// Runs `blob` once on `arch` with `inputs`. `blob` and `arch` must outlive
/// the result; `blobName` prefixes the errors of a blob the target cannot run.
/// Fails when the blob cannot run on the target, when the inputs do not match
/// the blob's or when the run cannot start; the defects found while running
/// (hazards, deadlocks, ...) are problems in the report, not errors.
llvm::Expected<EmulatorRun> runOnEmulator(const blob::BlobFile &blob,
                                          const arch::ArchDesc &arch,
                                          const RunInputs &inputs,
                                          const emu::EmulatorOptions &options,
                                          llvm::StringRef blobName);

} // namespace mlir::vpuc::tools

#endif // VPUC_TOOLS_VPUC_EMULATORRUN_H_
