//===- Emulator.cpp - Executes vpuc blobs ---------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The public face of the emulator, which forwards to Emulator::Impl
// (EmulatorImpl.h), and the inputs and outputs by name. See Emulator.h for
// the model.
//
//===----------------------------------------------------------------------===//

#include "emulator/Emulator.h"

#include <chrono>
#include <ctime>

#include "emulator/EmulatorImpl.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::emu {

Emulator::Emulator(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}

Emulator::~Emulator() = default;

llvm::Expected<std::unique_ptr<Emulator>>
Emulator::create(const blob::BlobFile &blob, const arch::ArchDesc &arch,
                 const KernelRegistry &kernels, EmulatorOptions options) {
  auto impl = std::make_unique<Impl>(blob, arch, kernels, options);
  if (llvm::Error error = impl->prepare()) {
    return std::move(error);
  }
  return std::unique_ptr<Emulator>(new Emulator(std::move(impl)));
}

llvm::Error Emulator::setInput(unsigned index, const npy::Array &array) {
  return impl->setInput(index, array);
}

llvm::Error Emulator::setInputs(const npy::ArrayMap &arrays) {
  std::vector<std::string> names;
  for (uint32_t i = 0, e = impl->getNumInputs(); i < e; ++i) {
    std::string name = impl->getInputDesc(i).name()->str();
    names.push_back(name);
    auto it = arrays.find(name);
    if (it == arrays.end()) {
      return makeError(
          "no array for network input '" + name + "' (given: " +
          llvm::join(llvm::map_range(
                         arrays, [](const auto &entry) { return entry.first; }),
                     ", ") +
          ")");
    }
    if (llvm::Error error = setInput(i, it->second)) {
      return error;
    }
  }
  for (const auto &entry : arrays) {
    if (!llvm::is_contained(names, entry.first)) {
      return makeError(
          "'" + entry.first +
          "' is not a network input (inputs: " + llvm::join(names, ", ") + ")");
    }
  }
  return llvm::Error::success();
}

llvm::Expected<const RunReport &> Emulator::run() {
  using Clock = std::chrono::steady_clock;
  Clock::time_point start = Clock::now();
  std::clock_t cpuStart = std::clock();
  llvm::Expected<const RunReport &> report = [&] {
    // The SHAVE kernels split their large loops over the emulator's threads.
    kernels::ScopedParallelRunner scope(impl->getKernelRunner());
    return impl->run();
  }();
  if (report) {
    HostTime time;
    time.wallMs =
        std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    time.cpuMs =
        1000.0 * static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC;
    impl->setHostTime(time);
  }
  return report;
}

npy::Array Emulator::getOutput(unsigned index) const {
  return impl->getOutput(index);
}

npy::ArrayMap Emulator::getOutputs() const {
  npy::ArrayMap outputs;
  for (uint32_t i = 0, e = impl->getNumOutputs(); i < e; ++i) {
    outputs.insert({impl->getOutputDesc(i).name()->str(), getOutput(i)});
  }
  return outputs;
}

llvm::Error Emulator::writeTrace(llvm::StringRef path) const {
  return impl->writeTrace(path);
}

std::string Emulator::describeTask(uint32_t executor, uint32_t position) const {
  return impl->describeTask(executor, position);
}

} // namespace mlir::vpuc::emu
