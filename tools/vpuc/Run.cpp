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
// (--profile) and a Chrome/Perfetto trace. A blob compiled with observed
// layers (`vpuc compile --observe-layers`) also has a `layer:<name>` output per
// layer output: --dump-layers writes them by layer name, and -o only the
// network's outputs. The numerics check (tasks that make NaN or Inf from
// finite inputs, or saturate FP16) prints warnings; --strict-numerics makes
// them problems, --no-numerics-check turns it off. --timing prints the host
// time of the execution alone (wall clock and process CPU time), without
// process start-up, reading the blob and inputs or writing the outputs.
// --repeat N runs the blob N times, each on a new emulator, and fails when a
// run's outputs, problems or estimated latency differ from the first's; with
// --timing it also prints the median host time of the runs after the first:
// the steady state (warm caches) that a benchmark timing a runtime after its
// first run measures, beside the first run's cold figure.
// The process keeps the memory it frees (support::retainFreedMemory), so the
// kernels' scratch buffers are not page-faulted in anew on every task.
// Exit codes: 0 when the run completed without problems; 1 when the
// emulator found problems in the blob (hazards, barrier misuse, deadlock,
// bad kernel arguments, numerics with --strict-numerics; outputs are still
// written when every task ran); 2 on bad input (unreadable blob or inputs, a
// blob the target cannot run) and when --repeat's runs differ (an emulator
// that is not deterministic).
//
//===----------------------------------------------------------------------===//

#include "backend/blob/Blob.h"
#include "core/arch/Arch.h"
#include "core/npy/ArrayDump.h"
#include "core/npy/Npy.h"
#include "core/support/HostMemory.h"
#include "emulator/Emulator.h"
#include "tools/vpuc/Commands.h"
#include "tools/vpuc/EmulatorRun.h"
#include "tools/vpuc/driver/LayerDump.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
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
cl::opt<std::string> dumpLayersPath(
    "dump-layers",
    cl::desc("Write the outputs of the layers the blob observes (compiled "
             "with `vpuc compile --observe-layers`), by layer name, into an "
             ".npz archive or a directory of .npy files listed in its "
             "layers.tsv"),
    cl::value_desc("layers.npz|DIR"), cl::sub(getRunCommand()));
cl::opt<std::string> tracePath("trace",
                               cl::desc("Write a Chrome/Perfetto trace"),
                               cl::value_desc("trace.json"),
                               cl::sub(getRunCommand()));
cl::opt<bool> noHazardCheck("no-hazard-check",
                            cl::desc("Do not track memory accesses for races "
                                     "and uninitialised reads"),
                            cl::sub(getRunCommand()));
cl::opt<bool> strictNumerics(
    "strict-numerics",
    cl::desc("Fail the run (exit 1) when a task makes NaN or Inf from finite "
             "inputs or saturates FP16 (a warning otherwise)"),
    cl::sub(getRunCommand()));
cl::opt<bool> noNumericsCheck(
    "no-numerics-check",
    cl::desc("Do not check the task results for NaN, Inf and FP16 saturation"),
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
cl::opt<unsigned> threads(
    "threads",
    cl::desc("Threads that the large NCE tasks and SHAVE kernels are split "
             "over (default 0: all cores); the results are the same for "
             "every count"),
    cl::value_desc("N"), cl::init(0), cl::sub(getRunCommand()));
cl::opt<bool> timing(
    "timing",
    cl::desc("After the summary, print the host time of the execution (wall "
             "clock and CPU time), without start-up, loading the blob and the "
             "inputs or writing the outputs"),
    cl::sub(getRunCommand()));
cl::opt<unsigned> repeat(
    "repeat",
    cl::desc("Run the blob N times, each on a new emulator, and fail when a "
             "run differs from the first (outputs, problems, estimated "
             "latency); with --timing also print the median host time of "
             "the runs after the first (default 1)"),
    cl::value_desc("N"), cl::init(1), cl::sub(getRunCommand()));

int fail(llvm::Error error) {
  llvm::WithColor::error(llvm::errs(), "vpuc run")
      << llvm::toString(std::move(error)) << "\n";
  return kExitError;
}

/// True if `blob` has outputs of observed layers.
bool observesLayers(const blob::schema::Blob &blob) {
  const auto *outputs = blob.header()->outputs();
  return outputs &&
         llvm::any_of(*outputs, [](const blob::schema::NetworkIO *io) {
           return io->name() && driver::isLayerOutput(io->name()->str());
         });
}

/// Runs the blob `repeat - 1` more times after `first` and returns the host
/// wall times of those runs in milliseconds; fails at the first run whose
/// outputs, problems or estimated latency differ from `first`'s.
llvm::Expected<std::vector<double>>
runRepeats(const EmulatorRun &first, const blob::BlobFile &file,
           const arch::ArchDesc &arch, const RunInputs &inputs,
           const emu::EmulatorOptions &options) {
  std::vector<double> wallMs;
  const emu::RunReport &report = *first.report;
  npy::ArrayMap outputs;
  if (report.completed) {
    outputs = first.emulator->getOutputs();
  }
  for (unsigned k = 2; k <= repeat; ++k) {
    llvm::Expected<EmulatorRun> run =
        runOnEmulator(file, arch, inputs, options, blobPath);
    if (!run) {
      return run.takeError();
    }
    const emu::RunReport &again = *run->report;
    auto differs = [&](llvm::StringRef what) {
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "--repeat: run " + llvm::Twine(k) + " of " + llvm::Twine(repeat) +
              " of " + blobPath + " gave other " + what + " than run 1");
    };
    auto sameProblem = [](const emu::Problem &a, const emu::Problem &b) {
      return a.kind == b.kind && a.message == b.message;
    };
    if (again.completed != report.completed ||
        !llvm::equal(again.problems, report.problems, sameProblem)) {
      return differs("problems");
    }
    if (again.totalCycles != report.totalCycles) {
      return differs("estimated latency");
    }
    if (report.completed) {
      npy::ArrayMap next = run->emulator->getOutputs();
      for (const auto &[name, array] : outputs) {
        auto it = next.find(name);
        if (it == next.end() || it->second.dtype != array.dtype ||
            it->second.shape != array.shape || it->second.data != array.data) {
          return differs("bytes in output '" + name + "'");
        }
      }
    }
    wallMs.push_back(again.hostTime.wallMs);
  }
  return wallMs;
}

/// Writes the layer outputs of a run to --dump-layers.
llvm::Error writeLayerDump(npy::ArrayMap &layers) {
  llvm::Expected<npy::ArrayDumpWriter> writer =
      npy::ArrayDumpWriter::create(dumpLayersPath, "--dump-layers");
  if (!writer) {
    return writer.takeError();
  }
  for (auto &[name, array] : layers) {
    if (llvm::Error error = writer->add(name, std::move(array))) {
      return error;
    }
  }
  return writer->finish();
}

} // namespace

int runRun() {
  support::retainFreedMemory(); // See the file comment.
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
  if (repeat == 0) {
    return fail(llvm::createStringError(llvm::inconvertibleErrorCode(),
                                        "--repeat takes a positive number of "
                                        "runs"));
  }
  if (strictNumerics && noNumericsCheck) {
    return fail(llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--strict-numerics and --no-numerics-check exclude each other"));
  }
  llvm::Expected<blob::BlobFile> file = blob::readBlobFile(blobPath);
  if (!file) {
    return fail(file.takeError());
  }
  if (!dumpLayersPath.empty() && !observesLayers(file->get())) {
    return fail(llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--dump-layers: " + blobPath +
            " has no layer outputs; compile it with `vpuc compile "
            "--observe-layers` to observe every layer (or "
            "--observe-layers=NAME,... for some)"));
  }
  std::string target =
      archName.empty() ? file->get().header()->arch()->str() : archName;
  llvm::Expected<arch::ArchDesc> arch = arch::loadArch(target);
  if (!arch) {
    return fail(arch.takeError());
  }
  RunInputs inputs;
  if (!inputsPath.empty()) {
    llvm::Expected<RunInputs> read = readRunInputs(inputsPath);
    if (!read) {
      return fail(read.takeError());
    }
    inputs = std::move(*read);
  }
  emu::EmulatorOptions options;
  options.hazardCheck = !noHazardCheck;
  options.threads = threads;
  options.numerics = noNumericsCheck  ? emu::NumericsMode::Off
                     : strictNumerics ? emu::NumericsMode::Error
                                      : emu::NumericsMode::Warn;
  llvm::Expected<EmulatorRun> run =
      runOnEmulator(*file, *arch, inputs, options, blobPath);
  if (!run) {
    return fail(run.takeError());
  }
  llvm::Expected<std::vector<double>> repeatMs =
      runRepeats(*run, *file, *arch, inputs, options);
  if (!repeatMs) {
    return fail(repeatMs.takeError());
  }
  const emu::RunReport *report = run->report;
  emu::Emulator &emulator = *run->emulator;
  report->printSummary(llvm::outs());
  if (profileCount > 0) {
    report->printProfile(llvm::outs(), profileCount);
  }
  if (timing) {
    llvm::outs() << llvm::format("run: %.2f ms (cpu %.2f ms)\n",
                                 report->hostTime.wallMs,
                                 report->hostTime.cpuMs);
    if (!repeatMs->empty()) {
      std::vector<double> sorted = *repeatMs;
      llvm::sort(sorted);
      llvm::outs() << llvm::format(
          "repeated runs: median %.2f ms, min %.2f ms over %zu runs after the "
          "first\n",
          sorted[(sorted.size() - 1) / 2], sorted.front(), sorted.size());
    }
  }
  llvm::outs().flush();
  report->printWarnings(llvm::errs());
  report->printProblems(llvm::errs());
  if (!tracePath.empty()) {
    if (llvm::Error error = emulator.writeTrace(tracePath)) {
      return fail(std::move(error));
    }
  }
  if (!report->completed) {
    for (const std::string &path :
         {outputPath.getValue(), dumpLayersPath.getValue()}) {
      if (!path.empty()) {
        llvm::WithColor::error(llvm::errs(), "vpuc run")
            << "the run did not complete; no outputs written to " << path
            << "\n";
      }
    }
  } else if (!outputPath.empty() || !dumpLayersPath.empty()) {
    npy::ArrayMap outputs = emulator.getOutputs();
    npy::ArrayMap layers = driver::takeLayerOutputs(outputs);
    if (!outputPath.empty()) {
      if (llvm::Error error = npy::writeNpz(outputPath, outputs)) {
        return fail(std::move(error));
      }
    }
    if (!dumpLayersPath.empty()) {
      if (llvm::Error error = writeLayerDump(layers)) {
        return fail(std::move(error));
      }
    }
  }
  return report->problems.empty() ? kExitOk : kExitCheckFailed;
}

} // namespace mlir::vpuc::tools
