//===- FileRun.cpp - Run a network on .npz/.npy files ---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/FileRun.h"

#include <chrono>
#include <ctime>
#include <optional>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "core/npy/ArrayDump.h"
#include "core/npy/Npy.h"
#include "dialects/ie/interpreter/Interpreter.h"
#include "dialects/ie/interpreter/TensorConversion.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::IE {

namespace {

LogicalResult fail(const FileRunOptions &options, const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), options.toolName) << message << "\n";
  return failure();
}

using Clock = std::chrono::steady_clock;

/// The process's CPU time in milliseconds (all threads): on a loaded machine it
/// shows what the work itself took, where wall time also counts waiting for a
/// core.
double cpuMilliseconds() {
  return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

/// The real values of `tensor`, a result of a quantized type (held as its
/// storage integers): (value - zero point) * scale, per tensor or per channel
/// of the quantized dim. Null for any other type.
std::optional<HostTensor> dequantize(const HostTensor &tensor, Type type) {
  auto shaped = llvm::dyn_cast<ShapedType>(type);
  Type elementType = shaped ? shaped.getElementType() : Type();
  llvm::SmallVector<double, 4> scales;
  llvm::SmallVector<int64_t, 4> zeroPoints;
  int64_t inner = static_cast<int64_t>(tensor.data.size());
  if (auto perTensor =
          llvm::dyn_cast_or_null<quant::UniformQuantizedType>(elementType)) {
    scales.push_back(perTensor.getScale());
    zeroPoints.push_back(perTensor.getZeroPoint());
  } else if (auto perAxis =
                 llvm::dyn_cast_or_null<quant::UniformQuantizedPerAxisType>(
                     elementType)) {
    const int64_t axis = perAxis.getQuantizedDimension();
    if (axis < 0 || axis >= static_cast<int64_t>(tensor.shape.size()) ||
        tensor.shape[axis] !=
            static_cast<int64_t>(perAxis.getScales().size())) {
      return std::nullopt;
    }
    scales.assign(perAxis.getScales().begin(), perAxis.getScales().end());
    zeroPoints.assign(perAxis.getZeroPoints().begin(),
                      perAxis.getZeroPoints().end());
    inner = HostTensor::getNumElements(
        llvm::ArrayRef(tensor.shape).drop_front(axis + 1));
  } else {
    return std::nullopt;
  }
  HostTensor result = tensor;
  const int64_t channels = static_cast<int64_t>(scales.size());
  for (size_t i = 0; i < result.data.size(); ++i) {
    const int64_t channel = inner == 0 ? 0 : (i / inner) % channels;
    result.data[i] = static_cast<float>(
        (result.data[i] - static_cast<double>(zeroPoints[channel])) *
        scales[channel]);
  }
  return result;
}

/// The dtype a layer result of `type` is dumped with: its element type's, else
/// float32 (for a quantized type, whose real values are dumped).
npy::DType getDumpDType(Type type) {
  if (auto shaped = llvm::dyn_cast<ShapedType>(type)) {
    llvm::Expected<npy::DType> dtype = getDType(shaped.getElementType());
    if (dtype) {
      return *dtype;
    }
    llvm::consumeError(dtype.takeError());
  }
  return npy::DType::F32;
}

/// Writes `arrays` to `path`: an archive, or for a .npy path the only array.
llvm::Error writeOutputs(llvm::StringRef path, llvm::StringRef flag,
                         const npy::ArrayMap &arrays) {
  if (!path.ends_with(".npy")) {
    return npy::writeNpz(path, arrays);
  }
  if (arrays.size() != 1) {
    std::string names;
    for (const auto &entry : arrays) {
      names += (names.empty() ? "'" : ", '") + entry.first + "'";
    }
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   flag + " " + path +
                                       ": a .npy file holds one tensor but the "
                                       "network has " +
                                       std::to_string(arrays.size()) +
                                       " outputs (" + names +
                                       "); write an .npz");
  }
  return npy::writeNpy(path, arrays.begin()->second);
}

} // namespace

LogicalResult checkFileRunOptions(const FileRunOptions &options) {
  llvm::StringRef output(options.outputPath);
  if (!output.ends_with(".npz") && !output.ends_with(".npy")) {
    return fail(options, options.outputFlag + " " + options.outputPath +
                             ": expected an .npz or .npy file name");
  }
  llvm::StringRef dump(options.dumpLayersPath);
  if (!dump.empty() && dump.ends_with(".npy")) {
    return fail(options, options.dumpLayersFlag + " " + options.dumpLayersPath +
                             ": expected a directory or an .npz file name");
  }
  return success();
}

void keepFreedMemory() {
#if defined(__GLIBC__)
  // glibc would return large freed blocks to the system and map fresh pages (a
  // page fault each) for the next layer.
  mallopt(M_MMAP_THRESHOLD,
          32 << 20); // glibc's maximum: larger blocks are still mapped.
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
#endif
}

LogicalResult runOnFiles(ModuleOp module, const FileRunOptions &options,
                         FileRunTimes *times) {
  if (failed(checkFileRunOptions(options))) {
    return failure();
  }
  FailureOr<Interpreter> interpreter =
      Interpreter::create(module, options.entryPoint);
  if (failed(interpreter)) {
    return failure();
  }
  const std::string &inputsPath = options.inputsPath;
  llvm::Expected<npy::ArrayMap> arrays = npy::readArrays(inputsPath);
  if (!arrays) {
    return fail(options,
                options.inputsFlag + ": " + llvm::toString(arrays.takeError()));
  }
  llvm::ArrayRef<NetworkTensorInfo> inputInfos = interpreter->getInputs();
  if (llvm::StringRef(inputsPath).ends_with(".npy") && inputInfos.size() != 1) {
    std::string names;
    for (const NetworkTensorInfo &info : inputInfos) {
      names += (names.empty() ? "'" : ", '") + info.name + "'";
    }
    return fail(options,
                options.inputsFlag + " " + inputsPath +
                    ": a .npy file holds one tensor but the network has " +
                    llvm::Twine(inputInfos.size()) + " inputs" +
                    (names.empty() ? "" : " (" + names + ")") +
                    "; pass an .npz");
  }
  llvm::Expected<HostTensorMap> inputs = convertInputs(*arrays, inputInfos);
  if (!inputs) {
    return fail(options, options.inputsFlag + " " + inputsPath + ": " +
                             llvm::toString(inputs.takeError()));
  }

  std::optional<npy::ArrayDumpWriter> dumper;
  if (!options.dumpLayersPath.empty()) {
    llvm::Expected<npy::ArrayDumpWriter> created = npy::ArrayDumpWriter::create(
        options.dumpLayersPath, options.dumpLayersFlag);
    if (!created) {
      return fail(options, llvm::toString(created.takeError()));
    }
    dumper.emplace(std::move(*created));
  }
  // A quantized layer result is dumped as its real values.
  auto dumpLayer = [&](llvm::StringRef name, Value result,
                       const HostTensor &tensor) -> LogicalResult {
    std::optional<HostTensor> real = dequantize(tensor, result.getType());
    if (llvm::Error error =
            dumper->add(name, toArray(real ? *real : tensor,
                                      getDumpDType(result.getType())))) {
      return fail(options, llvm::toString(std::move(error)));
    }
    return success();
  };
  Clock::time_point start = Clock::now();
  double cpuStart = cpuMilliseconds();
  FailureOr<HostTensorMap> results =
      dumper ? interpreter->run(*inputs, dumpLayer) : interpreter->run(*inputs);
  if (failed(results)) {
    return failure();
  }
  if (times) {
    times->wallMs =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    times->cpuMs = cpuMilliseconds() - cpuStart;
  }

  llvm::Expected<npy::ArrayMap> outputs =
      convertOutputs(*results, interpreter->getOutputs());
  if (!outputs) {
    return fail(options, llvm::toString(outputs.takeError()));
  }
  if (llvm::Error error =
          writeOutputs(options.outputPath, options.outputFlag, *outputs)) {
    return fail(options, llvm::toString(std::move(error)));
  }
  if (dumper) {
    if (llvm::Error error = dumper->finish()) {
      return fail(options, llvm::toString(std::move(error)));
    }
  }
  return success();
}

} // namespace mlir::vpuc::IE
