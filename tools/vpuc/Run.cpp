//===- Run.cpp - `vpuc run` -----------------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs a blob on the emulator (emulator): reads the inputs from a .npz
// (or .npy) file by name, writes the outputs to a .npz file, prints the
// per-executor timing summary with the roofline, CMX peaks, barriers and DDR
// scratch traffic, optionally the layers that dominate each executor kind
// (--profile) and a Chrome/Perfetto trace.
// Exit codes: 0 when the run completed without problems; 1 when the
// emulator found problems in the blob (hazards, barrier misuse, deadlock,
// bad kernel arguments; outputs are still written when every task ran);
// 2 on bad input (unreadable blob or inputs, a blob the target cannot run).
//
//===----------------------------------------------------------------------===//

#include "backend/blob/Blob.h"
#include "core/npy/Npy.h"
#include "emulator/Emulator.h"
#include "tools/vpuc/Commands.h"
#include "tools/vpuc/driver/BlobRun.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::tools {

namespace cl = llvm::cl;

cl::SubCommand &getRunCommand() {
  static cl::SubCommand command(
      "run", "Run a blob on the emulator: inputs from .npz, outputs to .npz, "
             "hazard checks, estimated latency");
  return command;
}

namespace {

cl::opt<std::string> blobPath(cl::Positional, cl::desc("<m.blob>"),
                              cl::Required, cl::sub(getRunCommand()));
cl::opt<std::string> inputsPath("inputs",
                                cl::desc("Network inputs by name (.npz, or "
                                         ".npy for a single input)"),
                                cl::value_desc("in.npz"),
                                cl::sub(getRunCommand()));
cl::opt<std::string> outputPath("o", cl::desc("Where to write the outputs"),
                                cl::value_desc("out.npz"),
                                cl::sub(getRunCommand()));
cl::opt<std::string> tracePath("trace",
                               cl::desc("Write a Chrome/Perfetto trace"),
                               cl::value_desc("trace.json"),
                               cl::sub(getRunCommand()));
cl::opt<bool> noHazardCheck("no-hazard-check",
                            cl::desc("Do not track memory accesses for races "
                                     "and uninitialised reads"),
                            cl::sub(getRunCommand()));
cl::opt<std::string> profile(
    "profile",
    cl::desc("After the summary, list the N layers (task locations) with the "
             "largest busy time per executor kind (default N: 10)"),
    cl::value_desc("N"), cl::ValueOptional, cl::sub(getRunCommand()));
cl::opt<std::string> archName(
    "arch",
    cl::desc("Target name or .textproto path (default: the blob's arch)"),
    cl::sub(getRunCommand()));

int fail(llvm::Error error) {
  llvm::WithColor::error(llvm::errs(), "vpuc run")
      << llvm::toString(std::move(error)) << "\n";
  return kExitError;
}

} // namespace

int runRun() {
  size_t profileCount = 0;
  if (profile.getNumOccurrences() > 0) {
    profileCount = 10;
    if (!profile.empty() &&
        (llvm::StringRef(profile).getAsInteger(10, profileCount) ||
         profileCount == 0)) {
      return fail(llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "--profile takes a positive number of layers, not '" + profile +
              "'"));
    }
  }
  llvm::Expected<blob::BlobFile> file = blob::readBlobFile(blobPath);
  if (!file) {
    return fail(file.takeError());
  }
  llvm::Expected<driver::PreparedRun> prepared =
      driver::prepareRun(*file, archName, !noHazardCheck, blobPath);
  if (!prepared) {
    return fail(prepared.takeError());
  }
  emu::Emulator *emulator = prepared->emulator.get();
  npy::ArrayMap inputs;
  if (!inputsPath.empty()) {
    llvm::Expected<npy::ArrayMap> read = npy::readArrays(inputsPath);
    if (!read) {
      return fail(read.takeError());
    }
    inputs = std::move(*read);
  }
  // A .npy file holds one unnamed array: it feeds the first input (a network
  // with more inputs then reports the ones not set), as for `vpuc infer`.
  bool single =
      llvm::StringRef(inputsPath).ends_with(".npy") && inputs.size() == 1;
  if (llvm::Error error = single ? emulator->setInput(0, inputs.begin()->second)
                                 : emulator->setInputs(inputs)) {
    return fail(std::move(error));
  }
  llvm::Expected<const emu::RunReport &> report = emulator->run();
  if (!report) {
    return fail(report.takeError());
  }
  report->printSummary(llvm::outs());
  if (profileCount > 0) {
    report->printProfile(llvm::outs(), profileCount);
  }
  llvm::outs().flush();
  report->printProblems(llvm::errs());
  if (!tracePath.empty()) {
    if (llvm::Error error = emulator->writeTrace(tracePath)) {
      return fail(std::move(error));
    }
  }
  if (!outputPath.empty()) {
    if (!report->completed) {
      llvm::WithColor::error(llvm::errs(), "vpuc run")
          << "the run did not complete; no outputs written to " << outputPath
          << "\n";
    } else if (llvm::Error error =
                   npy::writeNpz(outputPath, emulator->getOutputs())) {
      return fail(std::move(error));
    }
  }
  return report->problems.empty() ? kExitOk : kExitCheckFailed;
}

} // namespace mlir::vpuc::tools
