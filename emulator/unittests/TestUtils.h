//===- TestUtils.h - Helpers of the emulator tests --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Building small blobs (tensors in CMX with kernel arguments packed through
// the ABI), running them, and making arrays.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_EMULATOR_UNITTESTS_TESTUTILS_H_
#define VPUC_EMULATOR_UNITTESTS_TESTUTILS_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "backend/blob/BlobBuilder.h"
#include "core/numeric/Float16.h"
#include "emulator/Emulator.h"
#include "kernels/abi/ArgPacker.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::emu::testing {

/// A built-in target; fails the test if it does not load.
inline const arch::ArchDesc &getArch(llvm::StringRef name) {
  static std::map<std::string, arch::ArchDesc> cache;
  auto it = cache.find(name.str());
  if (it == cache.end()) {
    llvm::Expected<arch::ArchDesc> loaded = arch::loadArch(name);
    if (!loaded) {
      ADD_FAILURE() << llvm::toString(loaded.takeError());
      return cache[name.str()];
    }
    it = cache.emplace(name.str(), std::move(*loaded)).first;
  }
  return it->second;
}

/// A VPUX37XX builder with 2 tiles of 64 KB CMX, 2 DMA ports, 2 SHAVEs per
/// tile and `barriers` physical barriers.
inline blob::BlobBuilder make37xxBuilder(uint32_t barriers = 8) {
  blob::BlobBuilder builder("VPUX37XX");
  blob::BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 2;
  resources.shaves = 2;
  resources.dmaPorts = 2;
  resources.barriers = barriers;
  resources.ddrScratchBytes = 65536;
  resources.cmxBytes = 65536;
  builder.setActRuntime({16384, 16384});
  return builder;
}

/// A VPUX30XX builder: 1 cluster of 64 KB CMX, 1 DMA port, 16 UPA SHAVEs.
inline blob::BlobBuilder make30xxBuilder(uint32_t barriers = 8) {
  blob::BlobBuilder builder("VPUX30XX");
  blob::BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 1;
  resources.shaves = 16;
  resources.dmaPorts = 1;
  resources.barriers = barriers;
  resources.ddrScratchBytes = 65536;
  resources.cmxBytes = 65536;
  return builder;
}

/// Adds a tensor argument for `type` with data address `address`.
inline void addArg(abi::ArgPacker &packer, abi::ArgKind kind,
                   const blob::TensorTypeDesc &type, uint32_t address) {
  shape::DimsOrder order = type.getOrder();
  std::vector<int64_t> strides = type.getStrides();
  shape::MemShape memDims =
      order.toMemoryOrder(shape::Shape(llvm::ArrayRef<int64_t>(type.dims)));
  shape::MemStrides memStrides =
      order.toMemoryOrder(shape::Strides(llvm::ArrayRef<int64_t>(strides)));
  packer.addMemRef(kind, address,
                   std::vector<int64_t>(memDims.begin(), memDims.end()),
                   std::vector<int64_t>(memStrides.begin(), memStrides.end()),
                   static_cast<abi::DataType>(type.dtype), order.code());
}

/// Adds a tensor argument for `type` at `cmxOffset` of the invocation's tile
/// (a WIN_F address).
inline void addCmxArg(abi::ArgPacker &packer, abi::ArgKind kind,
                      const blob::TensorTypeDesc &type, uint64_t cmxOffset) {
  addArg(packer, kind, type, abi::kWinFBase + static_cast<uint32_t>(cmxOffset));
}

/// Adds a tensor argument for tensor reference `tensor` of type `type`,
/// which the runtime maps (a relocation, recorded in `relocations`).
inline void addRelocatedArg(abi::ArgPacker &packer, abi::ArgKind kind,
                            const blob::TensorTypeDesc &type, uint32_t tensor,
                            std::vector<blob::ActRelocationDesc> &relocations) {
  relocations.push_back({tensor, packer.getStructSize()});
  addArg(packer, kind, type, 0);
}

/// Adds an ACT kernel `name` (with a dummy 64-byte text) and an invocation on
/// `tile` with `args` and `relocations`; returns the invocation index.
inline uint32_t
addActCall(blob::BlobBuilder &builder, llvm::StringRef name, uint32_t tile,
           const abi::ArgPacker &args,
           std::vector<blob::ActRelocationDesc> relocations = {}) {
  uint32_t text =
      builder.addKernelData(name.str() + ".text", std::vector<uint8_t>(64, 0));
  uint32_t kernel =
      builder.addActKernel(name, blob::KernelDataRef{text, 0, 64});
  return builder.addActInvocationWithArgs(kernel, tile, args.finish(),
                                          std::move(relocations));
}

/// An f16 array from floats (rounded to nearest even).
inline npy::Array f16Array(std::vector<int64_t> shape,
                           const std::vector<float> &values) {
  std::vector<uint16_t> bits;
  for (float value : values) {
    bits.push_back(numeric::floatToF16Bits(value));
  }
  return npy::Array::fromValues<uint16_t>(npy::DType::F16, shape, bits);
}

/// An f32 array.
inline npy::Array f32Array(std::vector<int64_t> shape,
                           const std::vector<float> &values) {
  return npy::Array::fromValues<float>(npy::DType::F32, shape, values);
}

/// The elements of an f16 or f32 array as floats.
inline std::vector<float> toFloats(const npy::Array &array) {
  std::vector<float> values;
  if (array.dtype == npy::DType::F16) {
    for (uint16_t bits : array.getValues<uint16_t>()) {
      values.push_back(numeric::f16BitsToFloat(bits));
    }
  } else if (array.dtype == npy::DType::F32) {
    for (float value : array.getValues<float>()) {
      values.push_back(value);
    }
  } else {
    ADD_FAILURE() << "not a float array";
  }
  return values;
}

/// `count` values 0.25 * i - 1.5, a few of them negative.
inline std::vector<float> ramp(size_t count, float step = 0.25f,
                               float start = -1.5f) {
  std::vector<float> values;
  for (size_t i = 0; i < count; ++i) {
    values.push_back(start + step * static_cast<float>(i));
  }
  return values;
}

/// The result of a run.
struct RunResult {
  /// Non-empty when loading, creating or running failed (not for problems).
  std::string error;
  RunReport report;
  npy::ArrayMap outputs;
  std::unique_ptr<blob::BlobFile> file;
  std::unique_ptr<Emulator> emulator;

  /// The problems' messages.
  std::vector<std::string> messages() const {
    std::vector<std::string> result;
    for (const Problem &problem : report.problems) {
      result.push_back(problem.message);
    }
    return result;
  }
  /// Problems of `kind`.
  std::vector<std::string> messages(ProblemKind kind) const {
    std::vector<std::string> result;
    for (const Problem &problem : report.problems) {
      if (problem.kind == kind) {
        result.push_back(problem.message);
      }
    }
    return result;
  }
};

/// Loads, creates on `arch` (null: the built-in target `archName`, or the
/// blob's when empty), sets inputs, runs.
inline RunResult runBlobOn(const std::vector<uint8_t> &bytes,
                           const arch::ArchDesc *arch,
                           const npy::ArrayMap &inputs,
                           llvm::StringRef archName = "",
                           EmulatorOptions options = {}) {
  RunResult result;
  llvm::Expected<blob::BlobFile> file = blob::loadBlob(bytes);
  if (!file) {
    result.error = llvm::toString(file.takeError());
    return result;
  }
  result.file = std::make_unique<blob::BlobFile>(std::move(*file));
  std::string name = archName.empty()
                         ? result.file->get().header()->arch()->str()
                         : archName.str();
  llvm::Expected<std::unique_ptr<Emulator>> emulator = Emulator::create(
      *result.file, arch ? *arch : getArch(name), getBuiltinKernels(), options);
  if (!emulator) {
    result.error = llvm::toString(emulator.takeError());
    return result;
  }
  result.emulator = std::move(*emulator);
  if (llvm::Error error = result.emulator->setInputs(inputs)) {
    result.error = llvm::toString(std::move(error));
    return result;
  }
  llvm::Expected<const RunReport &> report = result.emulator->run();
  if (!report) {
    result.error = llvm::toString(report.takeError());
    return result;
  }
  result.report = *report;
  if (report->completed) {
    result.outputs = result.emulator->getOutputs();
  }
  return result;
}

/// runBlobOn the built-in target `archName` (the blob's when empty).
inline RunResult runBlob(const std::vector<uint8_t> &bytes,
                         const npy::ArrayMap &inputs,
                         llvm::StringRef archName = "",
                         EmulatorOptions options = {}) {
  return runBlobOn(bytes, nullptr, inputs, archName, options);
}

} // namespace mlir::vpuc::emu::testing

#endif // VPUC_EMULATOR_UNITTESTS_TESTUTILS_H_
