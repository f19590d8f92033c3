//===- EmulatorBenchmark.cpp - Throughput of the emulator -----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Emulator throughput on layer-sized tasks (a 1x64x56x56 f16 activation):
// permuting DMAs, an element-wise ACT kernel, a UPA softmax, each with and
// without the hazard detector. Not a test:
//   tools/bazel.sh run -c opt //emulator:emulator_benchmark
//
//===----------------------------------------------------------------------===//

#include "backend/blob/BlobBuilder.h"
#include "benchmark/benchmark.h"
#include "emulator/Emulator.h"
#include "kernels/abi/ArgPacker.h"

namespace mlir::vpuc::emu {
namespace {

namespace schema = ::vpuc::schema;
using blob::tensorType;
using blob::TensorTypeDesc;

constexpr int64_t kN = 1, kC = 64, kH = 56, kW = 56;
constexpr int64_t kElements = kN * kC * kH * kW;

const arch::ArchDesc &getArch(llvm::StringRef name) {
  static std::map<std::string, arch::ArchDesc> cache;
  auto it = cache.find(name.str());
  if (it == cache.end()) {
    it = cache.emplace(name.str(), llvm::cantFail(arch::loadArch(name))).first;
  }
  return it->second;
}

void addCmxArg(abi::ArgPacker &packer, abi::ArgKind kind,
               const TensorTypeDesc &type, uint32_t offset) {
  shape::DimsOrder order = type.getOrder();
  std::vector<int64_t> strides = type.getStrides();
  shape::MemShape dims =
      order.toMemoryOrder(shape::Shape(llvm::ArrayRef<int64_t>(type.dims)));
  shape::MemStrides memStrides =
      order.toMemoryOrder(shape::Strides(llvm::ArrayRef<int64_t>(strides)));
  packer.addMemRef(kind, abi::kWinFBase + offset,
                   std::vector<int64_t>(dims.begin(), dims.end()),
                   std::vector<int64_t>(memStrides.begin(), memStrides.end()),
                   static_cast<abi::DataType>(type.dtype), order.code());
}

/// x (NCHW) -> CMX (NHWC) -> [add x + x in CMX] -> y (NCHW).
std::vector<uint8_t> buildActBlob(bool withKernel) {
  blob::BlobBuilder builder("VPUX37XX");
  blob::BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 2;
  resources.shaves = 2;
  resources.dmaPorts = 2;
  resources.barriers = 4;
  resources.cmxBytes = 1982464;
  builder.setActRuntime({16384, 16384});
  TensorTypeDesc nchw = tensorType(schema::DType::F16, {kN, kC, kH, kW});
  TensorTypeDesc nhwc =
      tensorType(schema::DType::F16, {kN, kC, kH, kW}, shape::DimsOrder::NHWC);
  uint32_t bytes = kElements * 2;
  builder.addInput("x", nchw);
  builder.addOutput("y", nchw);
  uint32_t x =
      builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0, 0, nchw);
  uint32_t y = builder.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0,
                                 0, nchw);
  uint32_t in =
      builder.addTensor("in", schema::MemoryLocation::CMX_NN, 0, 0, nhwc);
  uint32_t out = builder.addTensor("out", schema::MemoryLocation::CMX_NN, 0,
                                   withKernel ? bytes : 0, nhwc);
  uint32_t b0 = builder.addBarrier(0), b1 = builder.addBarrier(1);
  builder.addDmaTask(0, x, in, {{}, {b0}}, "load");
  if (withKernel) {
    abi::ArgPacker args;
    addCmxArg(args, abi::ArgKind::MemRefIn, nhwc, 0);
    addCmxArg(args, abi::ArgKind::MemRefIn, nhwc, 0);
    addCmxArg(args, abi::ArgKind::MemRefOut, nhwc, bytes);
    uint32_t text = builder.addKernelData("add.text", std::vector<uint8_t>(64));
    uint32_t kernel =
        builder.addActKernel("add", blob::KernelDataRef{text, 0, 64});
    uint32_t invocation =
        builder.addActInvocationWithArgs(kernel, 0, args.finish());
    builder.addActTask(0, 0, invocation, {{b0}, {b1}}, "add");
    builder.addDmaTask(1, out, y, {{b1}, {}}, "store");
  } else {
    builder.addDmaTask(1, out, y, {{b0}, {}}, "store");
  }
  return builder.finish();
}

std::vector<uint8_t> buildUpaSoftmax() {
  blob::BlobBuilder builder("VPUX30XX");
  blob::BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 1;
  resources.shaves = 16;
  resources.dmaPorts = 1;
  TensorTypeDesc type = tensorType(schema::DType::F16, {kN, kC, kH, kW});
  builder.addInput("x", type);
  builder.addOutput("y", type);
  uint32_t x =
      builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0, 0, type);
  uint32_t y = builder.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0,
                                 0, type);
  // Along the channels: a strided row per pixel.
  builder.addUpaTask(0, "softmax", {x}, {y}, {}, "softmax",
                     blob::softmaxParams(1), 16);
  return builder.finish();
}

void runBenchmark(benchmark::State &state, const std::vector<uint8_t> &bytes,
                  int64_t bytesPerRun) {
  blob::BlobFile file = llvm::cantFail(blob::loadBlob(bytes));
  const arch::ArchDesc &arch = getArch(file.get().header()->arch()->str());
  EmulatorOptions options;
  options.hazardCheck = state.range(0) != 0;
  npy::Array input = npy::Array::zeros(npy::DType::F16, {kN, kC, kH, kW});
  for (auto _ : state) {
    std::unique_ptr<Emulator> emulator = llvm::cantFail(
        Emulator::create(file, arch, getBuiltinKernels(), options));
    llvm::cantFail(emulator->setInput(0, input));
    const RunReport &report = llvm::cantFail(emulator->run());
    benchmark::DoNotOptimize(report.totalCycles);
  }
  state.SetBytesProcessed(state.iterations() * bytesPerRun);
}

void BM_PermutingDmas(benchmark::State &state) {
  runBenchmark(state, buildActBlob(false), 2 * kElements * 2);
}
BENCHMARK(BM_PermutingDmas)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_ActAdd(benchmark::State &state) {
  runBenchmark(state, buildActBlob(true), 3 * kElements * 2);
}
BENCHMARK(BM_ActAdd)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_UpaSoftmaxAlongChannels(benchmark::State &state) {
  runBenchmark(state, buildUpaSoftmax(), kElements * 2);
}
BENCHMARK(BM_UpaSoftmaxAlongChannels)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond);

} // namespace
} // namespace mlir::vpuc::emu
