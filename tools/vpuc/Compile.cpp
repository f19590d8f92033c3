//===- Compile.cpp - `vpuc compile`
//----------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Compiles a network (ONNX model, or IE IR .mlir) into a blob (DESIGN.md
// section 11): imports it as vpuc-translate does, runs a compilation mode (a
// registered pipeline spec, pipelines/<mode> .textproto) or a spec file on it
// for the target given by --arch, and writes the blob with the blob writer (or
// the final IR with --emit=mlir). The target reaches the pipeline through the
// `arch` option of vpuc-init-compiler: overridden where the spec runs that
// pass, run before the spec where it does not. The output is written to a
// temporary file renamed into place, so a failed compilation leaves nothing at
// the output path; an output that is not a regular file (/dev/null, a pipe)
// is written directly, never replaced.
//
// --dump-ir-after-each writes the module after every pass (as --emit=mlir
// writes the final one: with locations, so that the ONNX node names survive
// and `vpuc infer` can run an IE-level dump layer by layer), --timing prints
// MLIR's timing report, a terminal shows the pass being run, and a summary of
// the result ends the compilation.
//
// The accuracy check (--test-input and --test-reference): the blob written to
// the temporary file runs on the emulator (EmulatorRun.h, as for `vpuc run`,
// hazard checks on) and every output is compared with the reference
// (core/compare, as by `vpuc compare`); the summary gives each output's
// similarity. When the run fails or finds problems, or an output is below
// --tolerance, the compilation exits with 1 and the temporary file is removed
// (renamed into place with --keep-failed), so a file already at the output
// path stays as it was.
//
//===----------------------------------------------------------------------===//

#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "backend/blob/Blob.h"
#include "backend/export/BlobExport.h"
#include "core/arch/Arch.h"
#include "core/compare/Compare.h"
#include "core/npy/Npy.h"
#include "core/registry/Components.h"
#include "core/registry/Registry.h"
#include "core/support/Diagnostics.h"
#include "dialects/ie/ir/IEOps.h"
#include "emulator/Emulator.h"
#include "frontend/onnx/ModelLoader.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "tools/vpuc/Commands.h"
#include "tools/vpuc/EmulatorRun.h"
#include "tools/vpuc/driver/Pipeline.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::tools {

namespace cl = llvm::cl;

cl::SubCommand &getCompileCommand() {
  static cl::SubCommand command(
      "compile",
      "Compile a network (ONNX .onnx or IE IR .mlir) into a blob for a target");
  return command;
}

namespace {

/// The start of the remarks of driver::kFuseQuantizedPass that name the layers
/// it keeps in float.
constexpr llvm::StringLiteral kFloatRemarkPrefix = "stays in float: ";

enum class EmitKind { Blob, Mlir };
enum class ProgressKind { Auto, Always, Never };

cl::opt<std::string> modelPath(cl::Positional,
                               cl::desc("<model.onnx|model.mlir>"),
                               cl::Required, cl::sub(getCompileCommand()));
cl::opt<std::string>
    archName("arch",
             cl::desc("The target: a built-in target name (VPUX30XX, VPUX37XX) "
                      "or the path of a .textproto target description "
                      "(required)"),
             cl::value_desc("name|file.textproto"),
             cl::sub(getCompileCommand()));
cl::opt<std::string>
    modeName("mode",
             cl::desc("The compilation mode: a registered pipeline spec that "
                      "compiles a whole network (default: reference_sw)"),
             cl::value_desc("name"), cl::sub(getCompileCommand()));
cl::opt<std::string> pipelinePath(
    "pipeline",
    cl::desc("Run the pipeline spec in this file instead of a mode"),
    cl::value_desc("spec.textproto"), cl::sub(getCompileCommand()));
cl::list<std::string>
    pipelineOptions("pipeline-option",
                    cl::desc("Override an option of every occurrence of a pass "
                             "in the pipeline (repeatable)"),
                    cl::value_desc("pass.option=value"),
                    cl::sub(getCompileCommand()));
cl::opt<std::string>
    outputPath("o",
               cl::desc("The output file ('-' for standard output; default: "
                        "<model name>.blob in the current directory for a "
                        "blob, standard output for MLIR)"),
               cl::value_desc("file"), cl::sub(getCompileCommand()));
cl::opt<EmitKind> emitKind(
    "emit", cl::desc("What to write"), cl::init(EmitKind::Blob),
    cl::values(clEnumValN(EmitKind::Blob, "blob", "the blob (default)"),
               clEnumValN(EmitKind::Mlir, "mlir",
                          "the IR at the end of the pipeline")),
    cl::sub(getCompileCommand()));
cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("For an ONNX model: the static shape of a model "
                         "input, `name=DxDx...` (repeatable)"),
                cl::value_desc("name=shape"), cl::sub(getCompileCommand()));
cl::list<std::string> frozenInputs(
    "freeze-input",
    cl::desc("For an ONNX model: replace a model input by the constant in a "
             "file, `name=file.npy` or `name=file.npz` (its array `name`); "
             "the input is then no input of the network (repeatable)"),
    cl::value_desc("name=file"), cl::sub(getCompileCommand()));
cl::opt<std::string>
    dumpDir("dump-ir-after-each",
            cl::desc("Write the module after every pass into this directory "
                     "(created if needed), one numbered file per pass, "
                     "00-input.mlir being the imported module"),
            cl::value_desc("dir"), cl::sub(getCompileCommand()));
cl::opt<bool> timing(
    "timing",
    cl::desc("Print the time of the import, of every pass and of the blob "
             "export to standard error"),
    cl::sub(getCompileCommand()));
cl::opt<ProgressKind> progress(
    "progress",
    cl::desc(
        "Show the pass being run on one overwritten line of standard error"),
    cl::init(ProgressKind::Auto),
    cl::values(clEnumValN(ProgressKind::Auto, "auto",
                          "when standard error is a terminal"),
               clEnumValN(ProgressKind::Always, "always", "always"),
               clEnumValN(ProgressKind::Never, "never", "never")),
    cl::sub(getCompileCommand()));
cl::opt<bool> showRemarks(
    "remarks",
    cl::desc("Print the remarks of the passes (e.g. the VPURT statistics)"),
    cl::sub(getCompileCommand()));
cl::opt<bool> quiet("quiet", cl::desc("Do not print the summary"),
                    cl::sub(getCompileCommand()));
cl::opt<std::string> testInputPath(
    "test-input",
    cl::desc("Accuracy check: run the blob on the emulator (hazard checks on) "
             "with these inputs (by name, or one .npy for the first input) and "
             "compare every output with --test-reference; the blob is kept "
             "only when the run is clean and every output is within "
             "--tolerance"),
    cl::value_desc("in.npz|in.npy"), cl::sub(getCompileCommand()));
cl::opt<std::string> testReferencePath(
    "test-reference",
    cl::desc("Accuracy check: the expected outputs of the --test-input run, "
             "by output name (or one .npy for a single output)"),
    cl::value_desc("ref.npz|ref.npy"), cl::sub(getCompileCommand()));
cl::opt<std::string> toleranceText(
    "tolerance",
    cl::desc("Accuracy check: the minimum cosine[,euclidean] similarity of "
             "every output, as for `vpuc compare` (default: 0.999)"),
    cl::value_desc("cos[,euclid]"), cl::init("0.999"),
    cl::sub(getCompileCommand()));
cl::list<std::string> observeLayers(
    "observe-layers",
    cl::desc("Keep the outputs of these layers (ONNX node names; every layer "
             "when no name is given) as extra outputs of the blob, which "
             "`vpuc run --dump-layers` writes; the schedule then cannot "
             "overwrite them"),
    cl::value_desc("NAME,..."), cl::CommaSeparated, cl::ValueOptional,
    cl::sub(getCompileCommand()));
cl::opt<bool> keepFailed(
    "keep-failed",
    cl::desc("Accuracy check: write the blob even when the check fails"),
    cl::sub(getCompileCommand()));

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "vpuc compile") << message << "\n";
  return kExitError;
}

int fail(llvm::Error error) { return fail(llvm::toString(std::move(error))); }

using Clock = std::chrono::steady_clock;

//===----------------------------------------------------------------------===//
// Paths
//===----------------------------------------------------------------------===//

/// `path` made absolute, with `.` and `..` removed.
std::string normalizePath(llvm::StringRef path) {
  llvm::SmallString<256> result(path);
  llvm::sys::fs::make_absolute(result);
  llvm::sys::path::remove_dots(result, /*remove_dot_dot=*/true);
  return std::string(result);
}

/// True if `a` and `b` name the same file (or would, for files that do not
/// exist yet).
bool isSameFile(llvm::StringRef a, llvm::StringRef b) {
  bool equivalent = false;
  if (!llvm::sys::fs::equivalent(a, b, equivalent) && equivalent) {
    return true;
  }
  return normalizePath(a) == normalizePath(b);
}

/// The output path: -o, else the default of the emitted kind.
std::string getOutputPath() {
  if (!outputPath.empty()) {
    return outputPath;
  }
  if (emitKind == EmitKind::Mlir) {
    return "-";
  }
  return (llvm::sys::path::stem(modelPath) + ".blob").str();
}

//===----------------------------------------------------------------------===//
// Instrumentation
//===----------------------------------------------------------------------===//

/// Prints `module` as the IR files of the compilation are written (the dumps
/// and --emit=mlir): with its locations, so that the layers keep their ONNX
/// node names when the file is read back (`vpuc infer --dump-layers`). The
/// locations are printed in the parsable form (MLIR's pretty form cannot be
/// read back).
void printModule(Operation *module, llvm::raw_ostream &os) {
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
}

/// The top-level operation enclosing `op`.
Operation *getTopLevel(Operation *op) {
  while (Operation *parent = op->getParentOp()) {
    op = parent;
  }
  return op;
}

std::optional<std::string> describePrecisions(ModuleOp module);

/// Numbers the passes in the order they first run (a pass nested on functions
/// runs once per function, with one number), shows progress and dumps the
/// module after each pass.
class CompileInstrumentation : public PassInstrumentation {
public:
  CompileInstrumentation(int numPasses, bool showProgress, std::string dumpDir)
      : numPasses(numPasses), showProgress(showProgress),
        dumpDir(std::move(dumpDir)) {
    width = std::max<int>(2, std::to_string(numPasses).size());
  }

  void runBeforePass(Pass *pass, Operation *op) override {
    if (!isRealPass(pass)) {
      return;
    }
    // The IE network is complete: record its precisions (unless the
    // precision assignment already gave them).
    if (pass->getArgument() == "vpuc-convert-ie-to-vpu" && !precisionsSeen) {
      recordPrecisions(op);
    }
    int index = getIndex(pass);
    if (showProgress) {
      llvm::errs() << "\r\x1b[K[" << index << "/" << numPasses << "] "
                   << pass->getArgument();
      llvm::errs().flush();
      lineShown = true;
    }
  }

  void runAfterPass(Pass *pass, Operation *op) override {
    if (!isRealPass(pass)) {
      return;
    }
    // Every layer has its precision: record them before the HW passes add
    // their own layers (the channel expansion's pads and slices).
    if (pass->getArgument() == "vpuc-ie-convert-precision-to-fp16") {
      recordPrecisions(op);
    }
    dump(pass, op, "");
  }

  void runAfterPassFailed(Pass *pass, Operation *op) override {
    if (!isRealPass(pass)) {
      return;
    }
    failedPass = pass->getArgument().str();
    dump(pass, op, ".failed");
  }

  /// Records the precisions of the IE layers of the module enclosing `op`.
  void recordPrecisions(Operation *op) {
    precisionsSeen = true;
    if (auto module = llvm::dyn_cast<ModuleOp>(getTopLevel(op))) {
      precisions = describePrecisions(module);
    }
  }

  /// Clears the progress line (before other output, and at the end).
  void clearLine() {
    if (lineShown) {
      llvm::errs() << "\r\x1b[K";
      llvm::errs().flush();
      lineShown = false;
    }
  }

  /// The argument of the pass that failed, if one did.
  llvm::StringRef getFailedPass() const { return failedPass; }

  /// The precisions of the IE layers (describePrecisions) when the pipeline
  /// lowered a network with quantized tensors to VPU.
  const std::optional<std::string> &getPrecisions() const { return precisions; }

  /// The first error writing a file, if any (then cleared).
  std::optional<std::string> takeDumpError() { return std::move(dumpError); }

  /// Writes `module` as `<dir>/<name>`.
  LogicalResult writeModule(Operation *module, llvm::StringRef name) {
    llvm::SmallString<256> path(dumpDir);
    llvm::sys::path::append(path, name);
    std::error_code error;
    llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_Text);
    if (!error) {
      printModule(module, os);
      os.close();
      error = os.error();
    }
    if (error) {
      if (!dumpError) {
        dumpError = "--dump-ir-after-each: cannot write " + std::string(path) +
                    ": " + error.message();
      }
      return failure();
    }
    return success();
  }

private:
  /// Pass adaptors (the nested pass managers) have no argument.
  static bool isRealPass(Pass *pass) { return !pass->getArgument().empty(); }

  int getIndex(Pass *pass) {
    auto [it, inserted] = indices.try_emplace(pass, indices.size() + 1);
    return it->second;
  }

  void dump(Pass *pass, Operation *op, llvm::StringRef suffix) {
    if (dumpDir.empty()) {
      return;
    }
    std::string name;
    llvm::raw_string_ostream os(name);
    os << llvm::format("%0*d", width, getIndex(pass)) << "-"
       << pass->getArgument() << suffix << ".mlir";
    (void)writeModule(getTopLevel(op), os.str());
  }

  int numPasses;
  int width;
  bool showProgress;
  bool lineShown = false;
  std::string dumpDir;
  llvm::DenseMap<Pass *, int> indices;
  std::string failedPass;
  bool precisionsSeen = false;
  std::optional<std::string> precisions;
  std::optional<std::string> dumpError;
};

//===----------------------------------------------------------------------===//
// Accuracy check
//===----------------------------------------------------------------------===//

/// The test data of the accuracy check, read before the compilation.
struct AccuracyTest {
  RunInputs inputs;
  npy::ArrayMap reference;
  compare::Tolerance tolerance;
};

/// The outcome of the accuracy check of a blob.
struct AccuracyResult {
  /// How the run went ("ran 55 tasks in 47.107 us, no problems"), when it
  /// ran.
  std::optional<std::string> run;
  /// The outputs against the reference, when they could be compared.
  std::optional<compare::Comparison> comparison;
  /// Why the check failed; empty when it passed.
  std::string failure;
};

/// True when the accuracy check was asked for.
bool isAccuracyCheckRequested() {
  return testInputPath.getNumOccurrences() > 0 ||
         testReferencePath.getNumOccurrences() > 0;
}

/// Checks the options of the accuracy check and reads its test data; reports
/// and fails on bad usage or unreadable data.
FailureOr<AccuracyTest> readAccuracyTest() {
  bool hasInput = testInputPath.getNumOccurrences() > 0;
  bool hasReference = testReferencePath.getNumOccurrences() > 0;
  if (hasInput != hasReference) {
    fail(hasInput ? "--test-input needs --test-reference, the expected "
                    "outputs to compare the blob's with"
                  : "--test-reference needs --test-input, the inputs of the "
                    "test run of the blob");
    return failure();
  }
  if (emitKind == EmitKind::Mlir) {
    fail("--test-input and --test-reference check a blob; they do not apply "
         "with --emit=mlir");
    return failure();
  }
  AccuracyTest test;
  llvm::Expected<compare::Tolerance> tolerance =
      compare::parseTolerance(toleranceText);
  if (!tolerance) {
    fail("--tolerance: " + llvm::toString(tolerance.takeError()));
    return failure();
  }
  test.tolerance = *tolerance;
  llvm::Expected<RunInputs> inputs = readRunInputs(testInputPath);
  if (!inputs) {
    fail("--test-input: " + llvm::toString(inputs.takeError()));
    return failure();
  }
  test.inputs = std::move(*inputs);
  llvm::Expected<npy::ArrayMap> reference = npy::readArrays(testReferencePath);
  if (!reference) {
    fail("--test-reference: " + llvm::toString(reference.takeError()));
    return failure();
  }
  if (reference->empty()) {
    fail("--test-reference: " + testReferencePath +
         " holds no tensor; the accuracy check needs the expected outputs");
    return failure();
  }
  test.reference = std::move(*reference);
  return test;
}

/// "N things" with the plural of `noun` (an s added) unless N is 1.
std::string countOf(size_t count, llvm::StringRef noun) {
  return std::to_string(count) + " " + noun.str() + (count == 1 ? "" : "s");
}

/// The name of a compared output: "out", or "out ~ ref" when it was compared
/// with a reference tensor of another name.
std::string getPairName(const compare::TensorReport &report) {
  return report.actualName == report.name
             ? report.name
             : report.actualName + " ~ " + report.name;
}

/// Runs `blob` on `arch` with the test inputs, hazard checks on (printing the
/// numerics warnings and the problems found), and compares every output with
/// the reference: the check passes when the run completes without problems and
/// every output, and no other tensor, is in the reference and within the
/// tolerance.
AccuracyResult checkAccuracy(const blob::BlobFile &blob,
                             const arch::ArchDesc &arch,
                             const AccuracyTest &test,
                             llvm::StringRef blobName) {
  AccuracyResult result;
  emu::EmulatorOptions options;
  options.hazardCheck = true;
  llvm::Expected<EmulatorRun> run =
      runOnEmulator(blob, arch, test.inputs, options, blobName);
  if (!run) {
    result.failure = "the test run failed: " + llvm::toString(run.takeError());
    return result;
  }
  const emu::RunReport &report = *run->report;
  report.printWarnings(llvm::errs());
  report.printProblems(llvm::errs());
  size_t numProblems = report.problems.size() + report.droppedProblems;
  std::string runText;
  llvm::raw_string_ostream os(runText);
  os << "ran " << countOf(report.tasks.size(), "task") << " in "
     << llvm::format("%.3f", report.toMicroseconds(report.totalCycles))
     << " us, "
     << (numProblems == 0 ? std::string("no problems")
                          : countOf(numProblems, "problem"))
     << (report.warnings.empty()
             ? std::string()
             : ", " + countOf(report.warnings.size(), "warning"))
     << (report.completed ? "" : ", did not complete");
  result.run = os.str();
  if (!report.completed) {
    result.failure = "the test run did not complete (see the problems above)";
    return result;
  }
  if (numProblems > 0) {
    result.failure = "the test run found " + countOf(numProblems, "problem") +
                     " in the blob (listed above)";
  }
  llvm::Expected<compare::Comparison> comparison = compare::compareArrays(
      run->emulator->getOutputs(), test.reference, test.tolerance);
  if (!comparison) {
    if (result.failure.empty()) {
      result.failure = "cannot compare the outputs with " + testReferencePath +
                       ": " + llvm::toString(comparison.takeError());
    } else {
      llvm::consumeError(comparison.takeError());
    }
    return result;
  }
  result.comparison = std::move(*comparison);
  if (!result.failure.empty()) {
    return result;
  }
  const compare::Comparison &compared = *result.comparison;
  if (!compared.onlyInActual.empty()) {
    result.failure = "output '" + compared.onlyInActual.front() +
                     "' has no reference in " + testReferencePath;
  } else if (!compared.onlyInReference.empty()) {
    result.failure = "'" + compared.onlyInReference.front() + "' of " +
                     testReferencePath + " is not an output of the blob";
  } else if (const compare::TensorReport *first = compared.getFirstFailure()) {
    std::string text;
    llvm::raw_string_ostream message(text);
    size_t numFailures = compared.getNumFailures();
    if (numFailures == 1) {
      message << "output '" << first->actualName << "' is";
    } else {
      message << numFailures << " of " << compared.reports.size()
              << " outputs are";
    }
    message << " below the tolerance " << toleranceText;
    if (numFailures > 1) {
      message << ", the first '" << first->actualName << "'";
    }
    message << llvm::format(" (cosine %.7f, euclidean %.7f)",
                            first->metrics.cosine, first->metrics.euclidean);
    result.failure = message.str();
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Summary
//===----------------------------------------------------------------------===//

/// The functions with a body at the top level of `module`.
SmallVector<Operation *> getBodies(ModuleOp module) {
  SmallVector<Operation *> bodies;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto function = llvm::dyn_cast<FunctionOpInterface>(&op)) {
      if (!function.isExternal()) {
        bodies.push_back(&op);
      }
    }
  }
  return bodies;
}

/// The layers of a network: the ops of its function bodies that are neither
/// constants nor terminators.
int64_t countLayers(ModuleOp module) {
  int64_t count = 0;
  for (Operation *function : getBodies(module)) {
    function->walk([&](Operation *op) {
      if (op != function && op->getParentOp() == function &&
          !op->hasTrait<OpTrait::ConstantLike>() &&
          !op->hasTrait<OpTrait::IsTerminator>()) {
        ++count;
      }
    });
  }
  return count;
}

/// The precisions of the IE layers of a network that has quantized tensors,
/// as "N int8 layers, M f32, K f16 (Q quantize / dequantize)" (only the
/// nonzero counts), or nothing for a network without quantized tensors. A
/// layer is int8 if it reads or writes a quantized tensor, else of its
/// result's element type.
/// The name of the layer at `loc`: its ONNX node's (the first NameLoc), else
/// the location as printed.
std::string getLayerName(Location loc) {
  std::string name = support::getLocationName(loc);
  return name.empty() ? support::locationToString(loc) : name;
}

std::optional<std::string> describePrecisions(ModuleOp module) {
  std::map<std::string, int64_t> counts;
  int64_t conversions = 0;
  for (Operation *function : getBodies(module)) {
    function->walk([&](Operation *op) {
      if (op == function || op->getParentOp() != function ||
          op->getNumResults() == 0 || op->hasTrait<OpTrait::ConstantLike>() ||
          !llvm::isa<IE::IEDialect>(op->getDialect())) {
        return;
      }
      if (llvm::isa<IE::QuantizeOp, IE::DequantizeOp>(op)) {
        ++conversions;
        return;
      }
      auto isQuantized = [](Type type) {
        return llvm::isa<quant::QuantizedType>(getElementTypeOrSelf(type));
      };
      if (llvm::any_of(op->getOperandTypes(), isQuantized) ||
          llvm::any_of(op->getResultTypes(), isQuantized)) {
        ++counts["int8"];
        return;
      }
      std::string name;
      llvm::raw_string_ostream os(name);
      os << getElementTypeOrSelf(op->getResult(0).getType());
      ++counts[os.str()];
    });
  }
  if (conversions == 0 && !counts.count("int8")) {
    return std::nullopt;
  }
  std::vector<std::string> parts;
  for (llvm::StringRef key : {"int8", "f32", "f16"}) {
    auto it = counts.find(key.str());
    if (it != counts.end()) {
      parts.push_back(std::to_string(it->second) + " " + key.str());
      counts.erase(it);
    }
  }
  for (const auto &[key, count] : counts) {
    parts.push_back(std::to_string(count) + " " + key);
  }
  return llvm::join(parts, ", ") + " layers (" + std::to_string(conversions) +
         " quantize / dequantize)";
}

/// What the summary reports about the output.
struct OutputFacts {
  std::string path;
  uint64_t bytes = 0;
  /// From the blob (absent for --emit=mlir).
  std::optional<std::string> tasks;
  std::optional<std::string> barriers;
  std::optional<uint64_t> ddrScratchBytes;
  std::optional<uint64_t> constantBytes;
  /// For --emit=mlir: the ops of the function bodies at the end of the
  /// pipeline.
  std::optional<int64_t> opsOut;
  /// The precisions of the IE layers before the lowering to VPU
  /// (describePrecisions), for networks with quantized tensors.
  std::optional<std::string> precisions;
  /// The layers of a quantized network that read a dequantized tensor and
  /// stay in float, each as `name (reason)` (the remarks of
  /// vpuc-ie-fuse-quantized-layers).
  std::vector<std::string> floatLayers;
};

/// Fills the blob facts of the summary from a loaded blob.
void describeBlob(const blob::BlobFile &file, OutputFacts &facts) {
  const blob::schema::Blob &root = file.get();
  size_t total = 0;
  std::vector<std::string> perExecutor;
  if (root.task_lists()) {
    for (const blob::schema::TaskList *list : *root.task_lists()) {
      size_t size = list->tasks() ? list->tasks()->size() : 0;
      total += size;
      perExecutor.push_back(blob::getExecutorName(*list) + ": " +
                            std::to_string(size));
    }
  }
  facts.tasks =
      std::to_string(total) +
      (perExecutor.empty() ? "" : " (" + llvm::join(perExecutor, ", ") + ")");
  std::set<uint32_t> physical;
  size_t numBarriers = root.barriers() ? root.barriers()->size() : 0;
  for (size_t b = 0; b < numBarriers; ++b) {
    physical.insert(root.barriers()->Get(b)->physical_id());
  }
  facts.barriers = std::to_string(numBarriers) + " (on " +
                   std::to_string(physical.size()) + " physical)";
  facts.ddrScratchBytes = root.header()->resources()->ddr_scratch_bytes();
  facts.constantBytes = root.constants() ? root.constants()->size() : 0;
}

void printSummary(llvm::raw_ostream &os, llvm::StringRef archDisplay,
                  llvm::StringRef spec, int64_t layersIn,
                  const OutputFacts &facts, const AccuracyResult *accuracy,
                  double milliseconds) {
  auto line = [&](llvm::StringRef key) -> llvm::raw_ostream & {
    return os << "  " << llvm::left_justify(key, 13) << " ";
  };
  os << "vpuc compile summary\n";
  line("model:") << modelPath << " (" << layersIn << " layer"
                 << (layersIn == 1 ? "" : "s") << ")\n";
  if (facts.precisions) {
    line("precision:") << *facts.precisions << "\n";
  }
  for (auto [index, layer] : llvm::enumerate(facts.floatLayers)) {
    line(index == 0 ? "kept float:" : "") << layer << "\n";
  }
  line("arch:") << archDisplay << "\n";
  line(pipelinePath.empty() ? "mode:" : "pipeline:") << spec << "\n";
  if (facts.opsOut) {
    line("output:") << (facts.path == "-" ? "<stdout>" : facts.path)
                    << " (MLIR, " << facts.bytes << " bytes, " << *facts.opsOut
                    << " ops in function bodies)\n";
  } else {
    line("output:") << (facts.path == "-" ? "<stdout>" : facts.path)
                    << " (blob, " << facts.bytes << " bytes"
                    << (!accuracy || accuracy->failure.empty() ? ""
                        : keepFailed
                            ? "; kept, though the accuracy check failed"
                            : "; not kept: the accuracy check failed")
                    << ")\n";
  }
  if (facts.tasks) {
    line("tasks:") << *facts.tasks << "\n";
    line("barriers:") << *facts.barriers << "\n";
    line("DDR scratch:") << *facts.ddrScratchBytes << " bytes\n";
    line("constants:") << *facts.constantBytes << " bytes\n";
  }
  if (accuracy) {
    line("test:") << testInputPath << " against " << testReferencePath
                  << " (tolerance " << toleranceText << ")\n";
    if (accuracy->run) {
      line("test run:") << *accuracy->run << "\n";
    }
    if (accuracy->comparison) {
      for (auto [index, report] :
           llvm::enumerate(accuracy->comparison->reports)) {
        const compare::Metrics &m = report.metrics;
        line(index == 0 ? "accuracy:" : "")
            << getPairName(report)
            << llvm::format(": cosine %.7f, euclidean %.7f, max abs error "
                            "%.4g: ",
                            m.cosine, m.euclidean, m.maxAbsError)
            << (report.passed ? "ok" : "BELOW TOLERANCE") << "\n";
      }
    }
  }
  line("compile time:") << llvm::format("%.1f ms", milliseconds) << "\n";
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

/// The output file: a temporary file next to the destination, renamed into
/// place by `keep`, removed otherwise; or standard output, or a destination
/// that is not a regular file (a device such as /dev/null, a pipe), which
/// `keep` writes directly: a rename would replace it.
class OutputFile {
public:
  static llvm::Expected<OutputFile> open(llvm::StringRef path) {
    OutputFile file;
    file.path = path.str();
    if (path == "-") {
      return file;
    }
    llvm::sys::fs::file_status status;
    if (!llvm::sys::fs::status(path, status) && llvm::sys::fs::exists(status) &&
        !llvm::sys::fs::is_regular_file(status) &&
        !llvm::sys::fs::is_directory(status)) {
      return file;
    }
    llvm::Expected<llvm::sys::fs::TempFile> temp =
        llvm::sys::fs::TempFile::create(path + ".tmp-%%%%%%");
    if (!temp) {
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot write " + path + ": " +
                                         llvm::toString(temp.takeError()));
    }
    file.temp.emplace(std::move(*temp));
    return file;
  }

  OutputFile(OutputFile &&other)
      : path(std::move(other.path)), temp(std::move(other.temp)),
        pending(std::move(other.pending)) {
    // A moved-from TempFile is done; the moved-from object must not discard the
    // file.
    other.temp.reset();
  }
  OutputFile &operator=(OutputFile &&) = delete;
  ~OutputFile() { discard(); }

  /// Writes `bytes` into the temporary file (for standard output or a
  /// special file, keeps them until `keep`).
  llvm::Error write(llvm::StringRef bytes) {
    if (!temp) {
      pending = bytes.str();
      return llvm::Error::success();
    }
    llvm::raw_fd_ostream os(temp->FD, /*shouldClose=*/false);
    os << bytes;
    os.flush();
    if (os.has_error()) {
      std::error_code error = os.error();
      os.clear_error();
      return llvm::createStringError(error, "cannot write " + path + ": " +
                                                error.message());
    }
    return llvm::Error::success();
  }

  /// Moves the written file into place (or writes the bytes to standard
  /// output or the special file).
  llvm::Error keep() {
    if (!temp && path != "-") {
      std::error_code error;
      llvm::raw_fd_ostream os(path, error);
      if (!error) {
        os << pending;
        os.flush();
        error = os.error();
        os.clear_error();
      }
      pending.clear();
      if (error) {
        return llvm::createStringError(error, "cannot write " + path + ": " +
                                                  error.message());
      }
      return llvm::Error::success();
    }
    if (!temp) {
      llvm::outs() << pending;
      llvm::outs().flush();
      pending.clear();
      return llvm::Error::success();
    }
    llvm::Error error = temp->keep(path);
    temp.reset();
    if (error) {
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot write " + path + ": " +
                                         llvm::toString(std::move(error)));
    }
    return llvm::Error::success();
  }

  /// Removes the temporary file.
  void discard() {
    if (temp) {
      llvm::consumeError(temp->discard());
      temp.reset();
    }
  }

private:
  OutputFile() = default;
  std::string path;
  std::optional<llvm::sys::fs::TempFile> temp;
  /// The bytes for standard output or the special file (the destinations
  /// without a temporary file).
  std::string pending;
};

} // namespace

int runCompile() {
  Clock::time_point start = Clock::now();

  // Arguments, checked before anything is read.
  llvm::StringRef model(modelPath);
  if (llvm::Error error = driver::checkModelPath(modelPath)) {
    return fail(std::move(error));
  }
  if (!inputShapes.empty() && !model.ends_with(".onnx")) {
    return fail("--input-shape applies to ONNX models only; the shapes of " +
                modelPath + " are those of its IR");
  }
  if (!frozenInputs.empty() && !model.ends_with(".onnx")) {
    return fail("--freeze-input applies to ONNX models only; the inputs of " +
                modelPath + " are those of its IR");
  }
  llvm::Expected<arch::ArchDesc> archDesc = driver::loadTarget(archName);
  if (!archDesc) {
    return fail(archDesc.takeError());
  }
  if (!modeName.empty() && !pipelinePath.empty()) {
    return fail("--mode and --pipeline are mutually exclusive");
  }
  std::string output = getOutputPath();
  if (output != "-") {
    if (isSameFile(output, modelPath)) {
      return fail("-o " + output +
                  " is the input model; choose another output path");
    }
    if (llvm::sys::fs::is_directory(output)) {
      return fail("-o " + output + " is a directory; give a file path");
    }
  } else if (emitKind == EmitKind::Blob && llvm::outs().is_displayed()) {
    return fail("-o -: refusing to write a binary blob to a terminal");
  }
  // The accuracy check: its options and test data, checked before the work.
  std::optional<AccuracyTest> accuracyTest;
  if (isAccuracyCheckRequested()) {
    FailureOr<AccuracyTest> test = readAccuracyTest();
    if (failed(test)) {
      return kExitError;
    }
    accuracyTest = std::move(*test);
  } else if (toleranceText.getNumOccurrences() > 0 || keepFailed) {
    return fail(std::string(toleranceText.getNumOccurrences() > 0
                                ? "--tolerance"
                                : "--keep-failed") +
                " applies to the accuracy check; give --test-input and "
                "--test-reference");
  }

  // The registry, the context and the spec.
  registry::Registry registry;
  registry::registerComponents(registry);
  std::unique_ptr<MLIRContext> contextOwner = driver::createContext(registry);
  MLIRContext &context = *contextOwner;
  if (!dumpDir.empty()) {
    // The module is printed after each pass: no pass may be running on another
    // function.
    context.disableMultithreading();
  }

  llvm::Expected<driver::SpecChoice> spec =
      driver::chooseSpec(registry, modeName, pipelinePath);
  if (!spec) {
    return fail(spec.takeError());
  }
  std::string specDisplay = spec->getDisplayName().str();

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  bool showProgress =
      progress == ProgressKind::Always ||
      (progress == ProgressKind::Auto && llvm::errs().is_displayed());
  // Lower the spec. The summary names the layers the low-precision pipeline
  // keeps in float, with the reasons vpuc-ie-fuse-quantized-layers gives as
  // remarks.
  // Declared before the pass manager, whose timing instrumentation refers to
  // it until the manager is destroyed (also on the error paths).
  DefaultTimingManager timingManager;
  timingManager.setEnabled(timing);
  TimingScope rootTimer = timingManager.getRootScope();
  PassManager pm(&context, ModuleOp::getOperationName());
  pm.enableVerifier(true);
  driver::PipelineOptions loweringOptions;
  loweringOptions.arch = archName;
  loweringOptions.overrides.assign(pipelineOptions.begin(),
                                   pipelineOptions.end());
  loweringOptions.floatLayerRemarks = true;
  for (const std::string &layer : observeLayers) {
    loweringOptions.observeLayers.push_back(layer.empty() ? "*" : layer);
  }
  FailureOr<driver::LoweredPipeline> lowered = driver::buildCompilePipeline(
      context, registry, *spec, loweringOptions, pm, llvm::errs());
  if (failed(lowered)) {
    return fail("cannot load the pipeline " + specDisplay);
  }
  int numPasses = lowered->numPasses;

  if (!dumpDir.empty()) {
    if (std::error_code error = llvm::sys::fs::create_directories(dumpDir)) {
      return fail("--dump-ir-after-each: cannot create the directory " +
                  dumpDir + ": " + error.message());
    }
  }
  // Opened before the work, so that an unwritable output fails at once.
  llvm::Expected<OutputFile> outputFile = OutputFile::open(output);
  if (!outputFile) {
    return fail(outputFile.takeError());
  }

  auto instrumentation = std::make_unique<CompileInstrumentation>(
      numPasses, showProgress, dumpDir);
  CompileInstrumentation &progressLine = *instrumentation;
  // Diagnostics start on a line of their own; remarks only on request.
  std::vector<std::string> floatLayers;
  ScopedDiagnosticHandler filter(&context, [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Remark) {
      std::string message = diag.str();
      if (llvm::StringRef reason = message;
          reason.consume_front(kFloatRemarkPrefix)) {
        floatLayers.push_back(getLayerName(diag.getLocation()) + " (" +
                              reason.str() + ")");
      }
      if (!showRemarks) {
        return success();
      }
    }
    progressLine.clearLine();
    return failure();
  });

  // Import.
  TimingScope importTimer = rootTimer.nest("import");
  FailureOr<OwningOpRef<ModuleOp>> module = onnx_frontend::loadModel(
      context, sourceMgr, modelPath, inputShapes, frozenInputs, "vpuc compile");
  importTimer.stop();
  if (failed(module)) {
    return kExitError;
  }
  int64_t layersIn = countLayers(**module);
  if (!dumpDir.empty() &&
      failed(progressLine.writeModule(module->get(), "00-input.mlir"))) {
    return fail(*progressLine.takeDumpError());
  }

  // Compile.
  pm.addInstrumentation(std::move(instrumentation));
  TimingScope pipelineTimer = rootTimer.nest("pipeline");
  pm.enableTiming(pipelineTimer);
  LogicalResult compiled = pm.run(**module);
  pipelineTimer.stop();
  progressLine.clearLine();
  if (std::optional<std::string> error = progressLine.takeDumpError()) {
    return fail(*error);
  }
  if (failed(compiled)) {
    if (!progressLine.getFailedPass().empty()) {
      return fail("pass '" + progressLine.getFailedPass() + "' failed on " +
                  modelPath + "; nothing was written");
    }
    return fail("the pipeline failed on " + modelPath +
                "; nothing was written");
  }

  // Emit.
  OutputFacts facts;
  facts.path = output;
  facts.precisions = progressLine.getPrecisions();
  facts.floatLayers = std::move(floatLayers);
  std::string bytes;
  std::optional<blob::BlobFile> blobFile;
  if (emitKind == EmitKind::Mlir) {
    llvm::raw_string_ostream os(bytes);
    printModule(module->get(), os);
    os.flush();
    facts.opsOut = 0;
    for (Operation *function : getBodies(**module)) {
      function->walk(
          [&](Operation *op) { *facts.opsOut += op != function ? 1 : 0; });
    }
  } else {
    TimingScope exportTimer = rootTimer.nest("export");
    FailureOr<std::vector<uint8_t>> blobBytes = blob::exportBlob(**module);
    exportTimer.stop();
    if (failed(blobBytes)) {
      return fail("cannot write the blob of " + modelPath +
                  "; nothing was written");
    }
    llvm::Expected<blob::BlobFile> loaded = blob::loadBlob(*blobBytes);
    if (!loaded) {
      return fail("the blob writer produced an invalid blob: " +
                  llvm::toString(loaded.takeError()));
    }
    describeBlob(*loaded, facts);
    bytes.assign(reinterpret_cast<const char *>(blobBytes->data()),
                 blobBytes->size());
    blobFile.emplace(std::move(*loaded));
  }
  facts.bytes = bytes.size();
  if (llvm::Error error = outputFile->write(bytes)) {
    return fail(std::move(error));
  }

  // The accuracy check of the blob written; a blob that fails it does not
  // replace the output (unless --keep-failed).
  std::optional<AccuracyResult> accuracy;
  if (accuracyTest) {
    TimingScope checkTimer = rootTimer.nest("accuracy check");
    accuracy = checkAccuracy(*blobFile, *archDesc, *accuracyTest, output);
  }
  bool checkFailed = accuracy && !accuracy->failure.empty();
  bool outputExisted = output != "-" && llvm::sys::fs::exists(output);
  if (checkFailed && !keepFailed) {
    outputFile->discard();
  } else if (llvm::Error error = outputFile->keep()) {
    return fail(std::move(error));
  }
  rootTimer.stop();
  timingManager.print();
  // Printed once: the manager would print an empty report again when destroyed.
  timingManager.setEnabled(false);

  if (!quiet) {
    double milliseconds =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    std::string archDisplay = archDesc->name();
    if (archDisplay != archName) {
      archDisplay += " (" + archName + ")";
    }
    printSummary(output == "-" ? llvm::errs() : llvm::outs(), archDisplay,
                 specDisplay, layersIn, facts, accuracy ? &*accuracy : nullptr,
                 milliseconds);
  }
  if (checkFailed) {
    std::string outcome;
    if (keepFailed) {
      outcome = output == "-"
                    ? "the blob was written to standard output "
                      "(--keep-failed)"
                    : "the blob was kept: " + output + " (--keep-failed)";
    } else if (output == "-") {
      outcome = "nothing was written to standard output (--keep-failed "
                "writes a failed blob)";
    } else if (outputExisted) {
      outcome = "the new blob was removed and the existing " + output +
                " left unchanged (--keep-failed keeps a failed blob)";
    } else {
      outcome = "the blob was removed (--keep-failed keeps it)";
    }
    llvm::outs().flush();
    llvm::WithColor::error(llvm::errs(), "vpuc compile")
        << "the accuracy check failed: " << accuracy->failure << "; " << outcome
        << "\n";
    return kExitCheckFailed;
  }
  return kExitOk;
}

} // namespace mlir::vpuc::tools
