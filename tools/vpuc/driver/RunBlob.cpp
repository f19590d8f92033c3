//===- RunBlob.cpp - A blob run on the emulator in memory -----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// runBlob: `vpuc run` on bytes and arrays instead of files.
//
//===----------------------------------------------------------------------===//

#include "tools/vpuc/driver/BlobRun.h"
#include "tools/vpuc/driver/Driver.h"
#include "tools/vpuc/driver/LayerDump.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::driver {

llvm::Expected<RunResult> runBlob(llvm::ArrayRef<uint8_t> blob,
                                  const npy::ArrayMap &inputs,
                                  const RunOptions &options) {
  llvm::Expected<blob::BlobFile> file = blob::loadBlob(blob);
  if (!file) {
    return file.takeError();
  }
  llvm::Expected<PreparedRun> prepared =
      prepareRun(*file, options.arch, options.hazardCheck, "blob");
  if (!prepared) {
    return prepared.takeError();
  }
  emu::Emulator &emulator = *prepared->emulator;
  if (llvm::Error error = options.positional && inputs.size() == 1
                              ? emulator.setInput(0, inputs.begin()->second)
                              : emulator.setInputs(inputs)) {
    return std::move(error);
  }
  llvm::Expected<const emu::RunReport &> report = emulator.run();
  if (!report) {
    return report.takeError();
  }
  RunResult result;
  result.completed = report->completed;
  result.totalCycles = report->totalCycles;
  result.latencyUs = report->toMicroseconds(report->totalCycles);
  result.frequencyMhz = report->frequencyMhz;
  result.rooflineRatio = report->getRooflineRatio();
  {
    llvm::raw_string_ostream os(result.summary);
    report->printSummary(os);
  }
  std::string problems;
  {
    llvm::raw_string_ostream os(problems);
    report->printProblems(os);
  }
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(problems).split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines) {
    result.problems.push_back(line.str());
  }
  if (report->completed) {
    result.outputs = emulator.getOutputs();
    result.layers = takeLayerOutputs(result.outputs);
  }
  return result;
}

} // namespace mlir::vpuc::driver
