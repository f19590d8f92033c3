//===- Infer.cpp - `vpuc infer` --------------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Runs a network with the IE reference interpreter (DESIGN.md section 10): reads an IE module
// (.mlir) or imports an ONNX model (.onnx), feeds it the tensors of an .npz archive (or one .npy
// file for a single-input network), and writes the outputs as .npz (or .npy for a single
// output). `--dump-layers` also writes every layer's result by layer name, into one .npz or a
// directory of .npy files with an index; `--timing` prints the import and run times (wall clock
// and process CPU time).
//
//===----------------------------------------------------------------------===//

#include <chrono>
#include <ctime>
#include <optional>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "core/npy/Npy.h"
#include "dialects/ie/interpreter/Interpreter.h"
#include "dialects/ie/interpreter/TensorConversion.h"
#include "frontend/onnx/OnnxImporter.h"
#include "tools/vpuc/Commands.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

namespace mlir::vpuc::tools {

namespace cl = llvm::cl;

cl::SubCommand &getInferCommand() {
  static cl::SubCommand command(
      "infer", "Run a network (IE IR .mlir or ONNX .onnx) with the IE reference interpreter\n"
               "on the tensors of an .npz/.npy file and write its outputs");
  return command;
}

namespace {

cl::opt<std::string> modelPath(cl::Positional, cl::desc("<model.mlir|model.onnx>"),
                               cl::Required, cl::sub(getInferCommand()));
cl::opt<std::string> inputsPath("inputs",
                                cl::desc("The input tensors by input name (.npz), or the "
                                         "single input of a one-input network (.npy)"),
                                cl::value_desc("in.npz|in.npy"), cl::Required,
                                cl::sub(getInferCommand()));
cl::opt<std::string> outputPath("o",
                                cl::desc("Where to write the outputs by output name (.npz), "
                                         "or the single output of a one-output network (.npy)"),
                                cl::value_desc("out.npz|out.npy"), cl::Required,
                                cl::sub(getInferCommand()));
cl::list<std::string> inputShapes("input-shape",
                                  cl::desc("For an ONNX model: the static shape of a model "
                                           "input, `name=DxDx...` (repeatable)"),
                                  cl::value_desc("name=shape"), cl::sub(getInferCommand()));
cl::opt<std::string> entryPoint("entry",
                                cl::desc("The function to run (default: the one named by "
                                         "IE.CNNNetwork, or the only function)"),
                                cl::value_desc("name"), cl::sub(getInferCommand()));
cl::opt<std::string> dumpLayersPath(
    "dump-layers",
    cl::desc("Also write every layer's result, named after the layer: into one .npz archive, "
             "or into a directory of .npy files listed in its layers.tsv"),
    cl::value_desc("dir|layers.npz"), cl::sub(getInferCommand()));
cl::opt<bool> timing("timing",
                     cl::desc("Print the import and run times (wall clock and CPU time)"),
                     cl::sub(getInferCommand()));

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "vpuc infer") << message << "\n";
  return kExitError;
}

int fail(llvm::Error error) { return fail(llvm::toString(std::move(error))); }

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// The process's CPU time in milliseconds (all threads): on a loaded machine it shows what
/// the work itself took, where wall time also counts waiting for a core.
double cpuMilliseconds() { return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

/// The interpreter allocates and frees activations layer after layer. glibc would return large
/// freed blocks to the system and map fresh pages (a page fault each) for the next layer; keep
/// them in the heap instead (about 15% of a convolutional network's run time).
void keepFreedMemory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20); // glibc's maximum: larger blocks are still mapped.
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
#endif
}

/// The dtype a layer result of `type` is dumped with: its element type's, else float32.
npy::DType getDumpDType(Type type) {
  if (auto shaped = llvm::dyn_cast<ShapedType>(type)) {
    llvm::Expected<npy::DType> dtype = IE::getDType(shaped.getElementType());
    if (dtype) {
      return *dtype;
    }
    llvm::consumeError(dtype.takeError());
  }
  return npy::DType::F32;
}

/// A file name for a layer: its name with characters other than letters, digits, '.', '-'
/// and '_' replaced by '_'.
std::string sanitizeFileName(llvm::StringRef name) {
  std::string result;
  for (char c : name) {
    result += (llvm::isAlnum(c) || c == '.' || c == '-' || c == '_') ? c : '_';
  }
  if (result.empty() || result == "." || result == "..") {
    result = "layer" + result;
  }
  return result;
}

/// Collects layer results, into one archive or as .npy files in a directory.
class LayerDumper {
public:
  static llvm::Expected<LayerDumper> create(llvm::StringRef path) {
    LayerDumper dumper;
    dumper.path = path.str();
    dumper.toArchive = path.ends_with(".npz");
    if (!dumper.toArchive) {
      if (std::error_code error = llvm::sys::fs::create_directories(path)) {
        return llvm::createStringError(error, "--dump-layers: cannot create the directory " +
                                                  path + ": " + error.message());
      }
      dumper.index.emplace();
    }
    return dumper;
  }

  LogicalResult add(llvm::StringRef name, Value result, const IE::HostTensor &tensor) {
    npy::Array array = IE::toArray(tensor, getDumpDType(result.getType()));
    // Names are unique in the archive / directory: repeated names get a "#N" / "_N" suffix.
    std::string key = unique(name.str(), toArchive ? "#" : "_", usedNames);
    if (toArchive) {
      arrays.insert({key, std::move(array)});
      return success();
    }
    std::string file = unique(sanitizeFileName(name), "_", usedFiles) + ".npy";
    llvm::SmallString<256> filePath(path);
    llvm::sys::path::append(filePath, file);
    if (llvm::Error error = npy::writeNpy(filePath, array)) {
      llvm::WithColor::error(llvm::errs(), "vpuc infer")
          << "--dump-layers: " << llvm::toString(std::move(error)) << "\n";
      return failure();
    }
    llvm::raw_string_ostream os(*index);
    os << file << "\t" << name << "\t";
    llvm::interleave(tensor.shape, os, "x");
    os << "\t" << npy::getDTypeName(array.dtype) << "\n";
    return success();
  }

  llvm::Error finish() {
    if (toArchive) {
      return npy::writeNpz(path, arrays);
    }
    llvm::SmallString<256> indexPath(path);
    llvm::sys::path::append(indexPath, "layers.tsv");
    std::error_code error;
    llvm::raw_fd_ostream os(indexPath, error);
    if (error) {
      return llvm::createStringError(error, "--dump-layers: cannot write " + indexPath + ": " +
                                                error.message());
    }
    os << "file\tlayer\tshape\tdtype\n" << *index;
    return llvm::Error::success();
  }

private:
  static std::string unique(std::string name, llvm::StringRef separator,
                            llvm::StringSet<> &used) {
    std::string candidate = name;
    for (int n = 2; !used.insert(candidate).second; ++n) {
      candidate = name + separator.str() + std::to_string(n);
    }
    return candidate;
  }

  std::string path;
  bool toArchive = false;
  npy::ArrayMap arrays;
  std::optional<std::string> index;
  llvm::StringSet<> usedNames, usedFiles;
};

/// Reads or imports the model; errors are reported through the context's diagnostics.
FailureOr<OwningOpRef<ModuleOp>> loadModel(MLIRContext &context, llvm::SourceMgr &sourceMgr) {
  if (llvm::StringRef(modelPath).ends_with(".onnx")) {
    onnx_frontend::ImportOptions options;
    for (const std::string &item : inputShapes) {
      std::string error = onnx_frontend::parseInputShape(item, options);
      if (!error.empty()) {
        fail("--input-shape: " + error);
        return failure();
      }
    }
    return onnx_frontend::importOnnxModel(&context, modelPath, options);
  }
  if (!inputShapes.empty()) {
    fail("--input-shape applies to ONNX models only; the shapes of " + modelPath +
         " are those of its IR");
    return failure();
  }
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module) {
    return failure();
  }
  return module;
}

/// Writes `arrays` to `path`: an archive, or for a .npy path the only array.
llvm::Error writeOutputs(llvm::StringRef path, const npy::ArrayMap &arrays) {
  if (!path.ends_with(".npy")) {
    return npy::writeNpz(path, arrays);
  }
  if (arrays.size() != 1) {
    std::string names;
    for (const auto &entry : arrays) {
      names += (names.empty() ? "'" : ", '") + entry.first + "'";
    }
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "-o " + path + ": a .npy file holds one tensor but the "
                                   "network has " + std::to_string(arrays.size()) +
                                       " outputs (" + names + "); write an .npz");
  }
  return npy::writeNpy(path, arrays.begin()->second);
}

} // namespace

int runInfer() {
  llvm::StringRef model(modelPath);
  if (!model.ends_with(".onnx") && !model.ends_with(".mlir")) {
    return fail("unknown model format '" + modelPath + "': expected a .mlir or .onnx file");
  }
  llvm::StringRef output(outputPath);
  if (!output.ends_with(".npz") && !output.ends_with(".npy")) {
    return fail("-o " + outputPath + ": expected an .npz or .npy file name");
  }
  llvm::StringRef dump(dumpLayersPath);
  if (!dump.empty() && dump.ends_with(".npy")) {
    return fail("--dump-layers " + dumpLayersPath +
                ": expected a directory or an .npz file name");
  }
  if (!llvm::sys::fs::exists(modelPath)) {
    return fail(modelPath + ": no such file");
  }

  keepFreedMemory();
  DialectRegistry registry;
  onnx_frontend::registerImportDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Errors name their op by location; the op's whole text would bury the message.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  if (model.ends_with(".mlir")) {
    std::string error;
    if (!sourceMgr.AddIncludeFile(modelPath, llvm::SMLoc(), error)) {
      return fail(modelPath + ": cannot read the file");
    }
  }
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  Clock::time_point start = Clock::now();
  double cpuStart = cpuMilliseconds();
  FailureOr<OwningOpRef<ModuleOp>> module = loadModel(context, sourceMgr);
  if (failed(module)) {
    return kExitError;
  }
  const double importMs = millisecondsSince(start);
  const double importCpuMs = cpuMilliseconds() - cpuStart;

  FailureOr<IE::Interpreter> interpreter = IE::Interpreter::create(**module, entryPoint);
  if (failed(interpreter)) {
    return kExitError;
  }
  llvm::Expected<npy::ArrayMap> arrays = npy::readArrays(inputsPath);
  if (!arrays) {
    return fail("--inputs: " + llvm::toString(arrays.takeError()));
  }
  llvm::ArrayRef<IE::NetworkTensorInfo> inputInfos = interpreter->getInputs();
  if (llvm::StringRef(inputsPath).ends_with(".npy") && inputInfos.size() != 1) {
    std::string names;
    for (const IE::NetworkTensorInfo &info : inputInfos) {
      names += (names.empty() ? "'" : ", '") + info.name + "'";
    }
    return fail("--inputs " + inputsPath + ": a .npy file holds one tensor but the network has " +
                llvm::Twine(inputInfos.size()) + " inputs" +
                (names.empty() ? "" : " (" + names + ")") + "; pass an .npz");
  }
  llvm::Expected<IE::HostTensorMap> inputs = IE::convertInputs(*arrays, inputInfos);
  if (!inputs) {
    return fail("--inputs " + inputsPath + ": " + llvm::toString(inputs.takeError()));
  }

  std::optional<LayerDumper> dumper;
  if (!dump.empty()) {
    llvm::Expected<LayerDumper> created = LayerDumper::create(dump);
    if (!created) {
      return fail(created.takeError());
    }
    dumper.emplace(std::move(*created));
  }
  start = Clock::now();
  cpuStart = cpuMilliseconds();
  FailureOr<IE::HostTensorMap> results =
      dumper ? interpreter->run(*inputs,
                                [&](llvm::StringRef name, Value result,
                                    const IE::HostTensor &tensor) {
                                  return dumper->add(name, result, tensor);
                                })
             : interpreter->run(*inputs);
  if (failed(results)) {
    return kExitError;
  }
  const double runMs = millisecondsSince(start);
  const double runCpuMs = cpuMilliseconds() - cpuStart;

  llvm::Expected<npy::ArrayMap> outputs =
      IE::convertOutputs(*results, interpreter->getOutputs());
  if (!outputs) {
    return fail(outputs.takeError());
  }
  if (llvm::Error error = writeOutputs(output, *outputs)) {
    return fail(std::move(error));
  }
  if (dumper) {
    if (llvm::Error error = dumper->finish()) {
      return fail(std::move(error));
    }
  }
  if (timing) {
    llvm::outs() << llvm::format("import: %.2f ms (cpu %.2f ms)\nrun: %.2f ms (cpu %.2f ms)\n",
                                 importMs, importCpuMs, runMs, runCpuMs);
  }
  return kExitOk;
}

} // namespace mlir::vpuc::tools
