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
  emu::EmulatorOptions emulatorOptions;
  emulatorOptions.hazardCheck = options.hazardCheck;
  emulatorOptions.numerics = options.numerics;
  llvm::Expected<PreparedRun> prepared =
      prepareRun(*file, options.arch, emulatorOptions, "blob");
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
  // The lines of the problems and of the warnings.
  auto toLines = [](llvm::function_ref<void(llvm::raw_ostream &)> print) {
    std::string text;
    llvm::raw_string_ostream os(text);
    print(os);
    llvm::SmallVector<llvm::StringRef> lines;
    llvm::StringRef(text).split(lines, '\n', -1, /*KeepEmpty=*/false);
    std::vector<std::string> result;
    for (llvm::StringRef line : lines) {
      result.push_back(line.str());
    }
    return result;
  };
  result.problems =
      toLines([&](llvm::raw_ostream &os) { report->printProblems(os); });
  result.warnings =
      toLines([&](llvm::raw_ostream &os) { report->printWarnings(os); });
  if (report->completed) {
    result.outputs = emulator.getOutputs();
    result.layers = takeLayerOutputs(result.outputs);
  }
  return result;
}

} // namespace mlir::vpuc::driver
