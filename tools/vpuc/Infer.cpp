//===- Infer.cpp - `vpuc infer`
//--------------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs a network with the IE reference interpreter (DESIGN.md section 10):
// reads an IE module (.mlir: also any IR `vpuc compile` writes, of which the
// tensor levels run) or imports an ONNX model (.onnx), feeds it the tensors of
// an .npz archive (or one .npy file for a single-input network), and writes
// the outputs as .npz (or .npy for a single output). `--dump-layers` also
// writes every layer's result by layer name, into one .npz or a directory of
// .npy files with an index; `--timing` prints the import and run times (wall
// clock and process CPU time). The process keeps the memory it frees
// (support::retainFreedMemory), so each layer's result reuses pages an earlier
// one faulted in.
//
//===----------------------------------------------------------------------===//

#include <chrono>
#include <ctime>

#include "core/registry/Components.h"
#include "core/registry/Registry.h"
#include "core/support/HostMemory.h"
#include "core/threading/ThreadPool.h"
#include "dialects/ie/interpreter/FileRun.h"
#include "frontend/onnx/ModelLoader.h"
#include "kernels/pool/PoolRunner.h"
#include "kernels/reference/Parallel.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "tools/vpuc/Commands.h"
#include "tools/vpuc/driver/Pipeline.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::tools {

namespace cl = llvm::cl;

cl::SubCommand &getInferCommand() {
  static cl::SubCommand command(
      "infer", "Run a network (IE IR .mlir or ONNX .onnx) with the IE "
               "reference interpreter\n"
               "on the tensors of an .npz/.npy file and write its outputs");
  return command;
}

namespace {

cl::opt<std::string> modelPath(cl::Positional,
                               cl::desc("<model.mlir|model.onnx>"),
                               cl::Required, cl::sub(getInferCommand()));
cl::opt<std::string>
    inputsPath("inputs",
               cl::desc("The input tensors by input name (.npz), or the "
                        "single input of a one-input network (.npy)"),
               cl::value_desc("in.npz|in.npy"), cl::Required,
               cl::sub(getInferCommand()));
cl::opt<std::string>
    outputPath("o",
               cl::desc("Where to write the outputs by output name (.npz), "
                        "or the single output of a one-output network (.npy)"),
               cl::value_desc("out.npz|out.npy"), cl::Required,
               cl::sub(getInferCommand()));
cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("For an ONNX model: the static shape of a model "
                         "input, `name=DxDx...` (repeatable)"),
                cl::value_desc("name=shape"), cl::sub(getInferCommand()));
cl::list<std::string> frozenInputs(
    "freeze-input",
    cl::desc("For an ONNX model: replace a model input by the constant in a "
             "file, `name=file.npy` or `name=file.npz` (its array `name`); "
             "the input is then no input of the network (repeatable)"),
    cl::value_desc("name=file"), cl::sub(getInferCommand()));
cl::opt<std::string>
    entryPoint("entry",
               cl::desc("The function to run (default: the one named by "
                        "IE.CNNNetwork, or the only function)"),
               cl::value_desc("name"), cl::sub(getInferCommand()));
cl::opt<std::string> dumpLayersPath(
    "dump-layers",
    cl::desc("Also write every layer's result, named after the layer: into one "
             ".npz archive, "
             "or into a directory of .npy files listed in its layers.tsv"),
    cl::value_desc("dir|layers.npz"), cl::sub(getInferCommand()));
cl::opt<unsigned>
    threads("threads",
            cl::desc("Threads that the large kernels (convolutions, matrix "
                     "products) are split over (default 0: all cores); the "
                     "results are the same for every count"),
            cl::value_desc("N"), cl::init(0), cl::sub(getInferCommand()));
cl::opt<bool>
    timing("timing",
           cl::desc("Print the import and run times (wall clock and CPU time)"),
           cl::sub(getInferCommand()));

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "vpuc infer") << message << "\n";
  return kExitError;
}

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

/// The process's CPU time in milliseconds (all threads): on a loaded machine it
/// shows what the work itself took, where wall time also counts waiting for a
/// core.
double cpuMilliseconds() {
  return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

} // namespace

int runInfer() {
  support::retainFreedMemory(); // See the file comment.
  llvm::StringRef model(modelPath);
  if (!model.ends_with(".onnx") && !model.ends_with(".mlir")) {
    return fail("unknown model format '" + modelPath +
                "': expected a .mlir or .onnx file");
  }
  IE::FileRunOptions runOptions;
  runOptions.inputsPath = inputsPath;
  runOptions.outputPath = outputPath;
  runOptions.dumpLayersPath = dumpLayersPath;
  runOptions.entryPoint = entryPoint;
  runOptions.toolName = "vpuc infer";
  if (failed(IE::checkFileRunOptions(runOptions))) {
    return kExitError;
  }
  if (!llvm::sys::fs::exists(modelPath)) {
    return fail(modelPath + ": no such file");
  }

  IE::keepFreedMemory();
  // Every dialect of the compiler, as `vpuc compile` has them: any IR it
  // writes parses (an IE-level dump carries the VPUIP.resources of its target,
  // a later one VPU, VPUIP and VPURT ops), and the interpreter then says which
  // op it cannot run rather than the parser which dialect it does not know.
  registry::Registry registry;
  registry::registerComponents(registry);
  std::unique_ptr<MLIRContext> contextOwner = driver::createContext(registry);
  MLIRContext &context = *contextOwner;
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  Clock::time_point start = Clock::now();
  double cpuStart = cpuMilliseconds();
  FailureOr<OwningOpRef<ModuleOp>> module = onnx_frontend::loadModel(
      context, sourceMgr, modelPath, inputShapes, frozenInputs, "vpuc infer");
  if (failed(module)) {
    return kExitError;
  }
  const double importMs = millisecondsSince(start);
  const double importCpuMs = cpuMilliseconds() - cpuStart;

  // The kernels split their large loops over the pool while the network
  // runs.
  threading::ThreadPool pool(threads);
  kernels::PoolRunner runner(pool);
  kernels::ScopedParallelRunner scope(pool.getThreadCount() > 1 ? &runner
                                                                : nullptr);
  IE::FileRunTimes runTimes;
  if (failed(IE::runOnFiles(**module, runOptions, &runTimes))) {
    return kExitError;
  }
  if (timing) {
    llvm::outs() << llvm::format(
        "import: %.2f ms (cpu %.2f ms)\nrun: %.2f ms (cpu %.2f ms)\n", importMs,
        importCpuMs, runTimes.wallMs, runTimes.cpuMs);
  }
  return kExitOk;
}

} // namespace mlir::vpuc::tools
