//===- Quantize.cpp - `vpuc quantize` -------------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Post-training quantization of an FP32 ONNX model into the QDQ format that
// `vpuc compile` compiles to INT8 (and ONNX Runtime runs): the plan of
// frontend/onnx/quantize, calibration on the IE reference interpreter over a
// directory of input samples (a min / max pass, then a histogram pass for the
// methods that need one, core/calibration), and the QDQ model written from
// the ranges. The ranges can be written to and read back from a calibration
// table (JSON).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/calibration/Calibration.h"
#include "core/compare/Compare.h"
#include "core/npy/Npy.h"
#include "dialects/ie/interpreter/Interpreter.h"
#include "dialects/ie/interpreter/TensorConversion.h"
#include "frontend/onnx/OnnxImporter.h"
#include "frontend/onnx/quantize/QdqModel.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "onnx/onnx_pb.h"
#include "tools/vpuc/Commands.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::tools {

namespace cl = llvm::cl;
namespace cal = calibration;
namespace qdq = onnx_frontend::quantize;

cl::SubCommand &getQuantizeCommand() {
  static cl::SubCommand command(
      "quantize",
      "Quantize an FP32 ONNX model to an INT8 QDQ ONNX model: calibrate the\n"
      "activation ranges on the reference interpreter over input samples");
  return command;
}

namespace {

cl::opt<std::string> modelPath(cl::Positional, cl::desc("<model.onnx>"),
                               cl::Required, cl::sub(getQuantizeCommand()));
cl::opt<std::string>
    outputPath("o", cl::desc("Where to write the QDQ model (.onnx)"),
               cl::value_desc("model.int8.onnx"), cl::Required,
               cl::sub(getQuantizeCommand()));
cl::opt<std::string> calibrationData(
    "calibration-data",
    cl::desc("A directory of input samples: one .npz per sample with an "
             "array per model input (a .npy for a one-input model)"),
    cl::value_desc("dir"), cl::sub(getQuantizeCommand()));
cl::opt<std::string> calibrationTable(
    "calibration-table",
    cl::desc("Read the activation ranges from this table (JSON, as "
             "--calibration-table-out writes it) instead of calibrating"),
    cl::value_desc("table.json"), cl::sub(getQuantizeCommand()));
cl::opt<std::string> calibrationTableOut(
    "calibration-table-out",
    cl::desc("Also write the activation ranges to this table (JSON)"),
    cl::value_desc("table.json"), cl::sub(getQuantizeCommand()));
cl::opt<std::string> methodName(
    "method",
    cl::desc("How a range is chosen: minmax, percentile, mse, kl, or auto "
             "(per tensor the one whose quantization keeps the highest "
             "cosine)"),
    cl::init("auto"), cl::sub(getQuantizeCommand()));
cl::opt<double>
    percentile("percentile",
               cl::desc("The share of the values the percentile method keeps "
                        "at each end, in percent"),
               cl::init(99.99), cl::sub(getQuantizeCommand()));
cl::opt<std::string>
    activationType("activation-type",
                   cl::desc("The activations' type: u8 (default) or i8"),
                   cl::init("u8"), cl::sub(getQuantizeCommand()));
cl::opt<bool> symmetricActivations(
    "symmetric-activations",
    cl::desc("Activation ranges symmetric about a fixed zero point (i8: 0, "
             "u8: 128)"),
    cl::sub(getQuantizeCommand()));
cl::opt<bool> perTensorWeights(
    "per-tensor-weights",
    cl::desc("One weight scale per layer instead of one per output channel"),
    cl::sub(getQuantizeCommand()));
cl::opt<bool> noBiasCorrection(
    "no-bias-correction",
    cl::desc("Do not correct the Conv and Gemm biases for the expected error "
             "of their quantized weights (from the channel means of their "
             "inputs)"),
    cl::sub(getQuantizeCommand()));
cl::list<std::string>
    keepFloat("keep-fp16",
              cl::desc("Keep these nodes (ONNX node names) in float "
                       "(comma-separated or repeated)"),
              cl::value_desc("name"), cl::CommaSeparated,
              cl::sub(getQuantizeCommand()));
cl::opt<double> targetCosine(
    "target-cosine",
    cl::desc("Keep the layers the network's output is most sensitive to in "
             "float until the QDQ model's outputs reach this cosine "
             "similarity to the FP32 model's on the first calibration "
             "samples (needs --calibration-data)"),
    cl::init(0.0), cl::sub(getQuantizeCommand()));
cl::opt<unsigned> evaluationSamples(
    "evaluation-samples",
    cl::desc("How many calibration samples --target-cosine evaluates on"),
    cl::init(4), cl::sub(getQuantizeCommand()));
cl::list<std::string>
    inputShapes("input-shape",
                cl::desc("The static shape of a model input, `name=DxDx...` "
                         "(repeatable)"),
                cl::value_desc("name=shape"), cl::sub(getQuantizeCommand()));

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "vpuc quantize") << message << "\n";
  return kExitError;
}

int fail(llvm::Error error) { return fail(llvm::toString(std::move(error))); }

/// The calibration samples of `dir`: its .npz and .npy files, sorted.
llvm::Expected<std::vector<std::string>> listSamples(llvm::StringRef dir) {
  if (!llvm::sys::fs::is_directory(dir)) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--calibration-data '" + dir +
                                       "' is not a directory");
  }
  std::vector<std::string> samples;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef path = it->path();
    if (path.ends_with(".npz") || path.ends_with(".npy")) {
      samples.push_back(path.str());
    }
  }
  if (ec) {
    return llvm::createStringError(ec, "cannot list '" + dir +
                                           "': " + ec.message());
  }
  if (samples.empty()) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--calibration-data '" + dir +
                                       "' holds no .npz or .npy sample");
  }
  llvm::sort(samples);
  return samples;
}

/// Progress on standard error, one overwritten line, on a terminal only.
class Progress {
public:
  explicit Progress(llvm::StringRef what, size_t total)
      : what(what.str()), total(total),
        enabled(llvm::sys::Process::StandardErrIsDisplayed()) {}
  void step(size_t done) {
    if (enabled) {
      llvm::errs() << "\r" << what << " " << done << "/" << total;
      llvm::errs().flush();
    }
  }
  ~Progress() {
    if (enabled) {
      llvm::errs() << "\r\033[K";
    }
  }

private:
  std::string what;
  size_t total;
  bool enabled;
};

/// One sample's inputs and the outputs the interpreter computed from them.
struct SampleRun {
  IE::HostTensorMap inputs;
  IE::HostTensorMap outputs;
};

/// Runs `interpreter` on the sample file `sample` (errors name the file).
llvm::Expected<SampleRun> runSample(const IE::Interpreter &interpreter,
                                    const std::string &sample) {
  auto error = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   sample + ": " + message);
  };
  llvm::Expected<npy::ArrayMap> arrays = npy::readArrays(sample);
  if (!arrays) {
    return error(llvm::toString(arrays.takeError()));
  }
  llvm::Expected<IE::HostTensorMap> inputs =
      IE::convertInputs(*arrays, interpreter.getInputs());
  if (!inputs) {
    return error(llvm::toString(inputs.takeError()));
  }
  FailureOr<IE::HostTensorMap> outputs = interpreter.run(*inputs);
  if (failed(outputs)) {
    return error("the interpreter failed on it");
  }
  return SampleRun{std::move(*inputs), std::move(*outputs)};
}

/// The calibration statistics of every tensor of `plan`.
class Calibrator {
public:
  Calibrator(const qdq::QuantPlan &plan, bool measureMeans) {
    for (const std::string &tensor : plan.calibrated) {
      stats[tensor];
    }
    if (measureMeans) {
      for (const std::string &tensor : plan.layerInputs) {
        sums[tensor];
      }
    }
  }

  /// Runs `interpreter` over `samples` and adds the calibrated tensors to
  /// the statistics: their ranges (`histogram` false) or histograms.
  llvm::Error run(const IE::Interpreter &interpreter,
                  llvm::ArrayRef<std::string> samples, bool histogram) {
    Progress progress(histogram ? "calibrating (histograms)"
                                : "calibrating (ranges)",
                      samples.size());
    for (size_t i = 0; i < samples.size(); ++i) {
      progress.step(i);
      llvm::Expected<SampleRun> run = runSample(interpreter, samples[i]);
      if (!run) {
        return run.takeError();
      }
      const IE::HostTensorMap *inputs = &run->inputs;
      const IE::HostTensorMap *outputs = &run->outputs;
      auto find = [&](const std::string &tensor)
          -> llvm::Expected<const IE::HostTensor *> {
        if (auto it = outputs->find(tensor); it != outputs->end()) {
          return &it->second;
        }
        if (auto in = inputs->find(tensor); in != inputs->end()) {
          return &in->second;
        }
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "the calibration run has no tensor '" +
                                           tensor + "'");
      };
      for (auto &[tensor, tensorStats] : stats) {
        llvm::Expected<const IE::HostTensor *> values = find(tensor);
        if (!values) {
          return values.takeError();
        }
        if (histogram) {
          tensorStats.addHistogram((*values)->data);
        } else {
          tensorStats.addRange((*values)->data);
        }
      }
      for (auto &[tensor, channelSums] : histogram ? noSums : sums) {
        llvm::Expected<const IE::HostTensor *> values = find(tensor);
        if (!values) {
          return values.takeError();
        }
        addChannelSums(**values, channelSums);
      }
    }
    return llvm::Error::success();
  }

  /// The mean of each channel (dim 1) of the layer inputs.
  qdq::ChannelMeans getMeans() const {
    qdq::ChannelMeans means;
    for (const auto &[tensor, channelSums] : sums) {
      std::vector<double> &mean = means[tensor];
      for (const auto &[sum, count] : channelSums) {
        mean.push_back(count > 0 ? sum / count : 0.0);
      }
    }
    return means;
  }

  std::map<std::string, cal::TensorStats> stats;

private:
  using ChannelSums = std::vector<std::pair<double, double>>;

  static void addChannelSums(const IE::HostTensor &tensor, ChannelSums &sums) {
    if (tensor.shape.size() < 2) {
      return;
    }
    const int64_t channels = tensor.shape[1];
    int64_t inner = 1;
    for (size_t d = 2; d < tensor.shape.size(); ++d) {
      inner *= tensor.shape[d];
    }
    sums.resize(channels);
    for (size_t i = 0; i < tensor.data.size(); ++i) {
      auto &[sum, count] = sums[(i / inner) % channels];
      sum += tensor.data[i];
      count += 1.0;
    }
  }

  std::map<std::string, ChannelSums> sums;
  std::map<std::string, ChannelSums> noSums;
};

/// One row of the calibration table.
struct TableEntry {
  double min = 0.0, max = 0.0, lo = 0.0, hi = 0.0;
  std::string method;
};

/// The calibration table: the ranges, and the channel means of the layer
/// inputs that the bias correction uses.
struct CalibrationTable {
  std::map<std::string, TableEntry> entries;
  qdq::ChannelMeans means;
};

llvm::Error writeTable(llvm::StringRef path, const CalibrationTable &table,
                       const std::map<std::string, cal::QuantParams> &params) {
  const std::map<std::string, TableEntry> &entries = table.entries;
  llvm::json::Object tensors;
  for (const auto &[tensor, entry] : entries) {
    const cal::QuantParams &p = params.at(tensor);
    tensors[tensor] = llvm::json::Object{
        {"min", entry.min},         {"max", entry.max},
        {"lo", entry.lo},           {"hi", entry.hi},
        {"method", entry.method},   {"scale", static_cast<double>(p.scale)},
        {"zero_point", p.zeroPoint}};
  }
  llvm::json::Object means;
  for (const auto &[tensor, values] : table.means) {
    means[tensor] = llvm::json::Array(values);
  }
  llvm::json::Object root{{"activation_type", activationType.getValue()},
                          {"symmetric", symmetricActivations.getValue()},
                          {"tensors", std::move(tensors)},
                          {"channel_means", std::move(means)}};
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    return llvm::createStringError(ec, "cannot write '" + path +
                                           "': " + ec.message());
  }
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  return llvm::Error::success();
}

llvm::Expected<CalibrationTable> readTable(llvm::StringRef path) {
  auto error = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   path + ": " + message);
  };
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    return error(buffer.getError().message());
  }
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*buffer)->getBuffer());
  if (!json) {
    return error("not JSON: " + llvm::toString(json.takeError()));
  }
  const llvm::json::Object *root = json->getAsObject();
  const llvm::json::Object *tensors =
      root ? root->getObject("tensors") : nullptr;
  if (!tensors) {
    return error("no \"tensors\" object");
  }
  CalibrationTable table;
  std::map<std::string, TableEntry> &entries = table.entries;
  if (const llvm::json::Object *means = root->getObject("channel_means")) {
    for (const auto &[name, value] : *means) {
      const llvm::json::Array *array = value.getAsArray();
      std::vector<double> &mean = table.means[name.str()];
      for (const llvm::json::Value &element :
           array ? *array : llvm::json::Array()) {
        std::optional<double> number = element.getAsNumber();
        if (!number) {
          return error("the channel means of '" + name.str() +
                       "' are not numbers");
        }
        mean.push_back(*number);
      }
    }
  }
  for (const auto &[name, value] : *tensors) {
    const llvm::json::Object *object = value.getAsObject();
    std::optional<double> lo = object ? object->getNumber("lo") : std::nullopt;
    std::optional<double> hi = object ? object->getNumber("hi") : std::nullopt;
    if (!lo || !hi || !(*lo <= *hi)) {
      return error("tensor '" + name.str() +
                   "' has no numbers \"lo\" <= \"hi\"");
    }
    TableEntry entry;
    entry.lo = *lo;
    entry.hi = *hi;
    entry.min = object->getNumber("min").value_or(*lo);
    entry.max = object->getNumber("max").value_or(*hi);
    entry.method = object->getString("method").value_or("table").str();
    entries[name.str()] = entry;
  }
  return table;
}

/// Imports ONNX model bytes and runs them on the reference interpreter.
class ModelRunner {
public:
  ModelRunner() : context(makeRegistry()), diagnostics(sourceMgr, &context) {
    context.loadAllAvailableDialects();
    context.printOpOnDiagnostic(false);
  }

  /// Imports `bytes` (named `path` in diagnostics) as the model that run()
  /// runs.
  LogicalResult load(const std::string &bytes, llvm::StringRef path,
                     const onnx_frontend::ImportOptions &options) {
    interpreter.reset();
    module = {};
    FailureOr<OwningOpRef<ModuleOp>> imported =
        onnx_frontend::importOnnxModelFromBytes(&context, bytes, path, options);
    if (failed(imported)) {
      return failure();
    }
    module = std::move(*imported);
    FailureOr<IE::Interpreter> created = IE::Interpreter::create(*module);
    if (failed(created)) {
      return failure();
    }
    interpreter.emplace(std::move(*created));
    return success();
  }

  const IE::Interpreter &get() const { return *interpreter; }

private:
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    onnx_frontend::registerImportDialects(registry);
    return registry;
  }

  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics;
  OwningOpRef<ModuleOp> module;
  std::optional<IE::Interpreter> interpreter;
};

/// Runs the loaded model on `samples` and returns each sample's outputs.
llvm::Expected<std::vector<IE::HostTensorMap>>
runSamples(const IE::Interpreter &interpreter,
           llvm::ArrayRef<std::string> samples) {
  std::vector<IE::HostTensorMap> results;
  for (const std::string &sample : samples) {
    llvm::Expected<SampleRun> run = runSample(interpreter, sample);
    if (!run) {
      return run.takeError();
    }
    results.push_back(std::move(run->outputs));
  }
  return results;
}

/// The lowest cosine similarity of an output of `actual` to the same output
/// of `reference`, over the samples (-1 for a missing or misshapen output).
double getLowestCosine(const std::vector<IE::HostTensorMap> &actual,
                       const std::vector<IE::HostTensorMap> &reference) {
  double lowest = 1.0;
  for (size_t i = 0; i < reference.size(); ++i) {
    for (const auto &[name, expected] : reference[i]) {
      auto it = actual[i].find(name);
      if (it == actual[i].end() ||
          it->second.data.size() != expected.data.size()) {
        return -1.0;
      }
      lowest = std::min(
          lowest,
          compare::computeMetrics(it->second.data, expected.data).cosine);
    }
  }
  return lowest;
}

} // namespace

int runQuantize() {
  std::optional<cal::Method> method = cal::parseMethod(methodName);
  if (!method) {
    return fail("unknown --method '" + methodName +
                "': expected minmax, percentile, mse, kl or auto");
  }
  if (!(percentile > 50.0 && percentile <= 100.0)) {
    return fail("--percentile must be in (50, 100], got " +
                std::to_string(percentile.getValue()));
  }
  if (activationType != "u8" && activationType != "i8") {
    return fail("unknown --activation-type '" + activationType +
                "': expected u8 or i8");
  }
  if (targetCosine < 0.0 || targetCosine > 1.0) {
    return fail("--target-cosine must be in (0, 1], got " +
                llvm::formatv("{0}", targetCosine.getValue()).str());
  }
  if (calibrationData.empty() == calibrationTable.empty()) {
    return fail("give either --calibration-data DIR or --calibration-table "
                "table.json");
  }
  if (!llvm::sys::fs::exists(modelPath)) {
    return fail(modelPath + ": no such file");
  }
  bool same = false;
  if (!llvm::sys::fs::equivalent(modelPath, outputPath, same) && same) {
    return fail("-o '" + outputPath +
                "' is the input model; write the QDQ "
                "model to another file");
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> modelBytes =
      llvm::MemoryBuffer::getFile(modelPath, /*IsText=*/false);
  if (!modelBytes) {
    return fail(modelPath + ": " + modelBytes.getError().message());
  }
  onnx::ModelProto model;
  if (!model.ParseFromArray((*modelBytes)->getBufferStart(),
                            static_cast<int>((*modelBytes)->getBufferSize()))) {
    return fail(modelPath + ": not an ONNX model (the protobuf does not "
                            "parse)");
  }

  llvm::Expected<int64_t> originalOpset = qdq::prepareModel(model);
  if (!originalOpset) {
    return fail(modelPath + ": " + llvm::toString(originalOpset.takeError()));
  }
  qdq::QuantizeOptions options;
  options.activationType.isSigned = activationType == "i8";
  options.activationType.symmetric = symmetricActivations;
  options.perChannelWeights = !perTensorWeights;
  options.keepFloat.insert(keepFloat.begin(), keepFloat.end());
  llvm::Expected<qdq::QuantPlan> plan = qdq::planQuantization(model, options);
  if (!plan) {
    return fail(modelPath + ": " + llvm::toString(plan.takeError()));
  }

  onnx_frontend::ImportOptions importOptions;
  for (const std::string &shape : inputShapes) {
    std::string error = onnx_frontend::parseInputShape(shape, importOptions);
    if (!error.empty()) {
      return fail(error);
    }
  }
  std::vector<std::string> samples;
  if (!calibrationData.empty()) {
    llvm::Expected<std::vector<std::string>> listed =
        listSamples(calibrationData);
    if (!listed) {
      return fail(listed.takeError());
    }
    samples = std::move(*listed);
  }
  ModelRunner runner;

  CalibrationTable table;
  std::map<std::string, TableEntry> &entries = table.entries;
  if (!calibrationTable.empty()) {
    llvm::Expected<CalibrationTable> read = readTable(calibrationTable);
    if (!read) {
      return fail(read.takeError());
    }
    if (!noBiasCorrection) {
      table.means = std::move(read->means);
    }
    for (const std::string &tensor : plan->calibrated) {
      auto it = read->entries.find(tensor);
      if (it == read->entries.end()) {
        return fail(calibrationTable + ": no range for tensor '" + tensor +
                    "'");
      }
      entries[tensor] = it->second;
    }
  } else {
    llvm::Expected<std::string> calibrationModel =
        qdq::addCalibrationOutputs(model, *plan);
    if (!calibrationModel) {
      return fail(modelPath + ": " +
                  llvm::toString(calibrationModel.takeError()));
    }
    if (failed(runner.load(*calibrationModel, modelPath, importOptions))) {
      return kExitError;
    }
    const IE::Interpreter &interpreter = runner.get();
    Calibrator calibrator(*plan, /*measureMeans=*/!noBiasCorrection);
    if (llvm::Error error = calibrator.run(interpreter, samples, false)) {
      return fail(std::move(error));
    }
    if (*method != cal::Method::MinMax) {
      if (llvm::Error error = calibrator.run(interpreter, samples, true)) {
        return fail(std::move(error));
      }
    }
    for (const auto &[tensor, stats] : calibrator.stats) {
      if (!stats.hasRange()) {
        return fail("tensor '" + tensor + "' held only NaNs");
      }
      TableEntry entry;
      entry.min = stats.getMin();
      entry.max = stats.getMax();
      const cal::Method used =
          *method == cal::Method::Auto
              ? stats.pickMethod(options.activationType, percentile)
              : *method;
      std::tie(entry.lo, entry.hi) =
          stats.getRange(used, options.activationType, percentile);
      entry.method = cal::getMethodName(used).str();
      entries[tensor] = entry;
    }
    table.means = calibrator.getMeans();
  }

  std::map<std::string, cal::QuantParams> params;
  std::map<std::string, int> methods;
  for (const auto &[tensor, entry] : entries) {
    params[tensor] =
        cal::getQuantParams(entry.lo, entry.hi, options.activationType);
    ++methods[entry.method];
  }
  if (!calibrationTableOut.empty()) {
    if (llvm::Error error = writeTable(calibrationTableOut, table, params)) {
      return fail(std::move(error));
    }
  }
  // The QDQ model with the nodes `keep` in float too. A tensor whose
  // parameters the full plan shared from another takes that one's.
  auto build = [&](const std::set<std::string> &keep,
                   qdq::QuantPlan &built) -> llvm::Expected<onnx::ModelProto> {
    qdq::QuantizeOptions keptOptions = options;
    keptOptions.keepFloat.insert(keep.begin(), keep.end());
    llvm::Expected<qdq::QuantPlan> planned =
        qdq::planQuantization(model, keptOptions);
    if (!planned) {
      return planned.takeError();
    }
    std::map<std::string, cal::QuantParams> keptParams;
    for (const std::string &tensor : planned->calibrated) {
      auto it = params.find(plan->getParamsSource(tensor));
      if (it == params.end()) {
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "no calibration range for tensor '" +
                                           tensor + "'");
      }
      keptParams[tensor] = it->second;
    }
    onnx::ModelProto written = model;
    if (llvm::Error error = qdq::writeQdqModel(written, *planned, keptParams,
                                               keptOptions, table.means)) {
      return std::move(error);
    }
    built = std::move(*planned);
    return written;
  };

  // --target-cosine: the layers kept in float, most sensitive first.
  std::set<std::string> kept;
  double reached = 0.0;
  if (targetCosine > 0.0) {
    if (samples.empty()) {
      return fail("--target-cosine needs --calibration-data: it evaluates "
                  "on the first samples");
    }
    llvm::ArrayRef<std::string> evaluation(samples);
    evaluation =
        evaluation.take_front(std::max(1u, evaluationSamples.getValue()));
    std::string fp32;
    model.SerializeToString(&fp32);
    if (failed(runner.load(fp32, modelPath, importOptions))) {
      return kExitError;
    }
    llvm::Expected<std::vector<IE::HostTensorMap>> reference =
        runSamples(runner.get(), evaluation);
    if (!reference) {
      return fail(reference.takeError());
    }
    auto evaluate =
        [&](const std::set<std::string> &keep) -> llvm::Expected<double> {
      qdq::QuantPlan built;
      llvm::Expected<onnx::ModelProto> candidate = build(keep, built);
      if (!candidate) {
        return candidate.takeError();
      }
      std::string bytes;
      candidate->SerializeToString(&bytes);
      if (failed(runner.load(bytes, outputPath, importOptions))) {
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "the QDQ model does not import");
      }
      llvm::Expected<std::vector<IE::HostTensorMap>> outputs =
          runSamples(runner.get(), evaluation);
      if (!outputs) {
        return outputs.takeError();
      }
      return getLowestCosine(*outputs, *reference);
    };
    llvm::Expected<double> cosine = evaluate({});
    if (!cosine) {
      return fail(cosine.takeError());
    }
    reached = *cosine;
    if (reached < targetCosine) {
      // Each layer's sensitivity: the cosine with it alone in float.
      std::vector<std::pair<double, std::string>> sensitivity;
      {
        Progress progress("measuring each layer's sensitivity",
                          plan->layers.size());
        for (size_t i = 0; i < plan->layers.size(); ++i) {
          progress.step(i);
          llvm::Expected<double> alone = evaluate({plan->layers[i]});
          if (!alone) {
            return fail(alone.takeError());
          }
          sensitivity.emplace_back(*alone, plan->layers[i]);
        }
      }
      llvm::stable_sort(sensitivity, [](const auto &a, const auto &b) {
        return a.first > b.first;
      });
      Progress progress("keeping layers in float", sensitivity.size());
      for (const auto &[alone, layer] : sensitivity) {
        progress.step(kept.size());
        kept.insert(layer);
        llvm::Expected<double> together = evaluate(kept);
        if (!together) {
          return fail(together.takeError());
        }
        reached = *together;
        if (reached >= targetCosine) {
          break;
        }
      }
    }
  }

  qdq::QuantPlan finalPlan;
  llvm::Expected<onnx::ModelProto> written = build(kept, finalPlan);
  if (!written) {
    return fail(modelPath + ": " + llvm::toString(written.takeError()));
  }
  std::string bytes;
  if (!written->SerializeToString(&bytes)) {
    return fail("cannot serialize the QDQ model");
  }
  std::error_code ec;
  llvm::raw_fd_ostream os(outputPath, ec, llvm::sys::fs::OF_None);
  if (ec) {
    return fail("cannot write '" + outputPath + "': " + ec.message());
  }
  os << bytes;
  os.close();

  llvm::outs() << "vpuc quantize: " << modelPath << " -> " << outputPath
               << "\n";
  if (*originalOpset < 13) {
    llvm::outs() << "  opset:        " << *originalOpset
                 << " converted to 13 (ONNX version converter)\n";
  }
  std::vector<std::string> inFloat(keepFloat.begin(), keepFloat.end());
  inFloat.insert(inFloat.end(), kept.begin(), kept.end());
  llvm::outs() << "  layers:       " << finalPlan.layers.size() << " quantized";
  if (!inFloat.empty()) {
    llvm::outs() << ", kept in float: " << llvm::join(inFloat, ", ");
  }
  llvm::outs() << "\n  activations:  " << finalPlan.calibrated.size()
               << " calibrated, " << finalPlan.shared.size()
               << " sharing their input's parameters ("
               << activationType.getValue()
               << (symmetricActivations ? ", symmetric" : "") << ")\n";
  llvm::outs() << "  weights:      i8, symmetric, "
               << (perTensorWeights ? "per tensor" : "per output channel")
               << "\n";
  llvm::outs() << "  biases:       "
               << (table.means.empty()
                       ? "not corrected"
                       : "corrected for the weights' quantization error")
               << "\n";
  llvm::outs() << "  ranges:       ";
  llvm::ListSeparator separator(", ");
  for (const auto &[name, count] : methods) {
    llvm::outs() << separator << name << " " << count;
  }
  llvm::outs() << "\n";
  if (targetCosine > 0.0) {
    llvm::outs() << "  target:       cosine "
                 << llvm::format("%g", targetCosine.getValue())
                 << (reached >= targetCosine ? " reached: " : " NOT reached: ")
                 << llvm::format("%.5f", reached) << " on "
                 << std::min<size_t>(samples.size(),
                                     std::max(1u, evaluationSamples.getValue()))
                 << " samples with " << kept.size()
                 << " layers kept in float\n";
    if (reached < targetCosine) {
      llvm::WithColor::error(llvm::errs(), "vpuc quantize")
          << "the QDQ model's outputs reach cosine "
          << llvm::format("%.5f", reached) << ", below --target-cosine "
          << llvm::format("%g", targetCosine.getValue())
          << " (the model was written)\n";
      return kExitCheckFailed;
    }
  }
  return kExitOk;
}

} // namespace mlir::vpuc::tools
