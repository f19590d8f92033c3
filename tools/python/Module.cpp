//===- Module.cpp - The Python extension module _vpuc ---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The C++ half of the Python package `vpuc` (vpuc_init.py is the other):
// pybind11 bindings of the driver library (tools/vpuc/driver/Driver.h) and
// of the tensor comparison (core/compare), converting NumPy arrays to and from
// npy::Array and every llvm::Error to the exception vpuc.Error. The package's
// __init__.py gives the functions their Python signatures; these take plain
// arguments. The work runs without the GIL.
//
//===----------------------------------------------------------------------===//

#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "core/arch/Arch.h"
#include "core/compare/Compare.h"
#include "core/npy/Npy.h"
#include "core/registry/Components.h"
#include "core/registry/Registry.h"
#include "tools/vpuc/driver/Driver.h"
#include "tools/vpuc/driver/Pipeline.h"

namespace py = pybind11;

namespace mlir::vpuc::python {

namespace {

/// Raised in Python as vpuc.Error.
class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void raise(llvm::Error error) {
  throw Error(llvm::toString(std::move(error)));
}

template <typename T> T unwrap(llvm::Expected<T> value) {
  if (!value) {
    raise(value.takeError());
  }
  return std::move(*value);
}

/// The registry of every component, filled once per process.
const registry::Registry &getRegistry() {
  static const registry::Registry *instance = [] {
    auto *registry = new registry::Registry();
    registry::registerComponents(*registry);
    return registry;
  }();
  return *instance;
}

//===----------------------------------------------------------------------===//
// Arrays
//===----------------------------------------------------------------------===//

/// A copy of `array` (C-contiguous, native byte order: the package makes it
/// so) as an npy::Array; `name` names it in errors.
npy::Array toArray(const std::string &name, const py::array &array) {
  std::string dtypeName = py::str(array.dtype().attr("name"));
  llvm::Expected<npy::DType> dtype = npy::parseDTypeName(dtypeName);
  if (!dtype) {
    llvm::consumeError(dtype.takeError());
    throw Error("array '" + name + "': unsupported dtype " + dtypeName);
  }
  if (!(array.flags() & py::array::c_style) ||
      array.dtype().byteorder() == '>') {
    throw Error("array '" + name +
                "': expected a C-contiguous array in native byte order");
  }
  npy::Array result;
  result.dtype = *dtype;
  for (py::ssize_t i = 0; i < array.ndim(); ++i) {
    result.shape.push_back(array.shape(i));
  }
  result.data.resize(array.nbytes());
  std::memcpy(result.data.data(), array.data(), array.nbytes());
  return result;
}

/// A NumPy copy of `array`.
py::array toNumpy(const npy::Array &array) {
  py::dtype dtype(npy::getDTypeName(array.dtype).str());
  std::vector<py::ssize_t> shape(array.shape.begin(), array.shape.end());
  py::array result(dtype, shape);
  std::memcpy(result.mutable_data(), array.data.data(), array.data.size());
  return result;
}

/// The arrays of a dict {name: ndarray}, in its order.
npy::ArrayMap toArrayMap(const py::dict &arrays) {
  npy::ArrayMap result;
  for (const auto &[key, value] : arrays) {
    std::string name = py::str(key);
    result.insert({name, toArray(name, value.cast<py::array>())});
  }
  return result;
}

py::dict toDict(const npy::ArrayMap &arrays) {
  py::dict result;
  for (const auto &[name, array] : arrays) {
    result[py::str(name)] = toNumpy(array);
  }
  return result;
}

/// A model given by path or by its serialized ONNX bytes.
driver::ModelSource toModelSource(const std::string &path,
                                  const std::optional<py::bytes> &bytes,
                                  std::vector<std::string> inputShapes,
                                  const py::dict &frozenInputs) {
  driver::ModelSource model;
  model.path = path;
  if (bytes) {
    model.bytes = std::string(*bytes);
  }
  model.inputShapes = std::move(inputShapes);
  model.frozenInputs = toArrayMap(frozenInputs);
  return model;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

py::tuple compile(const std::string &modelPath,
                  const std::optional<py::bytes> &modelBytes,
                  const std::string &arch, const std::string &mode,
                  const std::string &pipeline,
                  std::vector<std::string> pipelineOptions,
                  std::vector<std::string> inputShapes,
                  const py::dict &frozenInputs,
                  std::vector<std::string> observeLayers) {
  driver::CompileRequest request;
  request.model = toModelSource(modelPath, modelBytes, std::move(inputShapes),
                                frozenInputs);
  request.arch = arch;
  request.mode = mode;
  request.pipelinePath = pipeline;
  request.pipelineOptions = std::move(pipelineOptions);
  request.observeLayers = std::move(observeLayers);
  const registry::Registry &registry = getRegistry();
  llvm::Expected<driver::CompileResult> result = [&] {
    py::gil_scoped_release release;
    return driver::compileModel(request, registry);
  }();
  driver::CompileResult compiled = unwrap(std::move(result));
  py::bytes blob(reinterpret_cast<const char *>(compiled.blob.data()),
                 compiled.blob.size());
  return py::make_tuple(blob, compiled.warnings);
}

py::dict run(const py::bytes &blob, const py::dict &inputs, bool positional,
             bool hazardCheck, const std::string &numerics,
             const std::string &arch) {
  npy::ArrayMap arrays = toArrayMap(inputs);
  std::string_view bytes = blob;
  driver::RunOptions options;
  options.hazardCheck = hazardCheck;
  if (numerics == "off") {
    options.numerics = emu::NumericsMode::Off;
  } else if (numerics == "error") {
    options.numerics = emu::NumericsMode::Error;
  } else if (numerics == "warn") {
    options.numerics = emu::NumericsMode::Warn;
  } else {
    throw Error("numerics must be 'warn', 'error' or 'off', not '" + numerics +
                "'");
  }
  options.arch = arch;
  options.positional = positional;
  llvm::Expected<driver::RunResult> result = [&] {
    py::gil_scoped_release release;
    return driver::runBlob(
        llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(bytes.data()),
                                bytes.size()),
        arrays, options);
  }();
  driver::RunResult ran = unwrap(std::move(result));
  py::dict report;
  report["outputs"] = toDict(ran.outputs);
  report["layers"] = toDict(ran.layers);
  report["completed"] = ran.completed;
  report["total_cycles"] = ran.totalCycles;
  report["latency_us"] = ran.latencyUs;
  report["frequency_mhz"] = ran.frequencyMhz;
  report["roofline_ratio"] = ran.rooflineRatio;
  report["problems"] = ran.problems;
  report["warnings"] = ran.warnings;
  report["summary"] = ran.summary;
  return report;
}

py::dict infer(const std::string &modelPath,
               const std::optional<py::bytes> &modelBytes,
               std::vector<std::string> inputShapes,
               const py::dict &frozenInputs, const py::dict &inputs,
               bool positional) {
  driver::ModelSource model = toModelSource(
      modelPath, modelBytes, std::move(inputShapes), frozenInputs);
  npy::ArrayMap arrays = toArrayMap(inputs);
  llvm::Expected<npy::ArrayMap> outputs = [&] {
    py::gil_scoped_release release;
    return driver::inferModel(model, arrays, positional, getRegistry());
  }();
  return toDict(unwrap(std::move(outputs)));
}

py::list compare(const py::dict &actual, const py::dict &reference,
                 const std::string &tolerance,
                 std::optional<double> maxAbsRelRange) {
  compare::Tolerance limits = unwrap(compare::parseTolerance(tolerance));
  if (maxAbsRelRange) {
    if (!(*maxAbsRelRange >= 0)) {
      throw Error("max_abs_rel_range must be a number >= 0");
    }
    limits.maxAbsErrorOfRange = *maxAbsRelRange;
  }
  npy::ArrayMap actualArrays = toArrayMap(actual);
  npy::ArrayMap referenceArrays = toArrayMap(reference);
  compare::Comparison comparison =
      unwrap(compare::compareArrays(actualArrays, referenceArrays, limits));
  if (!comparison.onlyInReference.empty()) {
    std::string names;
    for (const std::string &name : comparison.onlyInReference) {
      names += (names.empty() ? "'" : ", '") + name + "'";
    }
    throw Error("the actual tensors lack the reference's " + names);
  }
  py::list result;
  for (const compare::TensorReport &report : comparison.reports) {
    py::dict item;
    item["name"] = report.name;
    item["actual_name"] = report.actualName;
    item["shape"] = py::tuple(py::cast(
        std::vector<int64_t>(report.shape.begin(), report.shape.end())));
    item["cosine"] = report.metrics.cosine;
    item["euclidean"] = report.metrics.euclidean;
    item["max_abs_error"] = report.metrics.maxAbsError;
    item["reference_abs_max"] = report.metrics.referenceAbsMax;
    item["reference_range"] = report.metrics.referenceRange;
    item["num_elements"] = report.metrics.numElements;
    item["similar"] = report.similar;
    item["abs_error_within_limit"] = report.absErrorWithinLimit;
    item["abs_error_limit"] = report.absErrorLimit;
    item["passed"] = report.passed;
    result.append(item);
  }
  return result;
}

} // namespace

} // namespace mlir::vpuc::python

PYBIND11_MODULE(_vpuc, m) {
  using namespace mlir::vpuc;
  m.doc() = "vpuc's compiler, emulator and reference interpreter (use the "
            "package `vpuc`, which wraps this module)";
  py::register_exception<python::Error>(m, "Error");
  m.def("compile", &python::compile, py::arg("model_path"),
        py::arg("model_bytes"), py::arg("arch"), py::arg("mode"),
        py::arg("pipeline"), py::arg("pipeline_options"),
        py::arg("input_shapes"), py::arg("frozen_inputs"),
        py::arg("observe_layers"));
  m.def("run", &python::run, py::arg("blob"), py::arg("inputs"),
        py::arg("positional"), py::arg("hazard_check"), py::arg("numerics"),
        py::arg("arch"));
  m.def("infer", &python::infer, py::arg("model_path"), py::arg("model_bytes"),
        py::arg("input_shapes"), py::arg("frozen_inputs"), py::arg("inputs"),
        py::arg("positional"));
  m.def("compare", &python::compare, py::arg("actual"), py::arg("reference"),
        py::arg("tolerance"), py::arg("max_abs_rel_range"));
  m.def("modes", [] { return driver::getModes(python::getRegistry()); });
  m.def("archs", [] { return arch::getBuiltinArchNames(); });
}
