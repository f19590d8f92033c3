//===- MakeTestBlobs.cpp - Blobs for the lit tests of vpuc ----------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `make_test_blobs DIR` writes the small blobs the `vpuc info` and `vpuc run`
// lit tests use, built with backend/blob's BlobBuilder and the kernel ABI:
//
//   add.blob            VPUX37XX: a + b on an ACT SHAVE (DMA in, add, DMA out)
//   softmax_upa.blob    VPUX30XX: softmax along the last axis as a UPA layer
//   race.blob           two DMAs on different ports share CMX, no barrier
//   deadlock.blob       a task waits on a barrier nobody signals
//   unknown_kernel.blob an ACT kernel the emulator does not implement
//   version3.blob       schema version 3.0
//   invalid.blob        a tensor outside its region
//   truncated.blob      the first half of add.blob
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <string>

#include "backend/blob/BlobBuilder.h"
#include "kernels/abi/ArgPacker.h"

using namespace mlir::vpuc;
using blob::BlobBuilder;
using blob::tensorType;
using blob::TensorTypeDesc;
namespace schema = ::vpuc::schema;

namespace {

BlobBuilder make37xx(llvm::StringRef name) {
  BlobBuilder builder("VPUX37XX");
  builder.setName(name);
  builder.setGenerator("make_test_blobs");
  BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 2;
  resources.shaves = 2;
  resources.dmaPorts = 2;
  resources.barriers = 4;
  resources.ddrScratchBytes = 4096;
  resources.cmxBytes = 65536;
  builder.setActRuntime({16384, 16384});
  return builder;
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

/// y = a + b with a, b, y f16 1x2x3x4; `kernel` names the ACT kernel.
std::vector<uint8_t> makeAdd(llvm::StringRef kernel = "add") {
  BlobBuilder builder = make37xx("add");
  TensorTypeDesc type = tensorType(schema::DType::F16, {1, 2, 3, 4});
  TensorTypeDesc nhwc =
      tensorType(schema::DType::F16, {1, 2, 3, 4}, shape::DimsOrder::NHWC);
  builder.addInput("a", type);
  builder.addInput("b", type);
  builder.addOutput("y", type);
  uint32_t a =
      builder.addTensor("a", schema::MemoryLocation::NETWORK_INPUT, 0, 0, type);
  uint32_t b =
      builder.addTensor("b", schema::MemoryLocation::NETWORK_INPUT, 1, 0, type);
  uint32_t y = builder.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0,
                                 0, type);
  uint32_t aCmx =
      builder.addTensor("a_cmx", schema::MemoryLocation::CMX_NN, 0, 0, nhwc);
  uint32_t bCmx =
      builder.addTensor("b_cmx", schema::MemoryLocation::CMX_NN, 0, 64, type);
  uint32_t yCmx =
      builder.addTensor("y_cmx", schema::MemoryLocation::CMX_NN, 0, 128, type);
  uint32_t loaded = builder.addBarrier(0);
  uint32_t added = builder.addBarrier(1);
  abi::ArgPacker args;
  addCmxArg(args, abi::ArgKind::MemRefIn, nhwc, 0);
  addCmxArg(args, abi::ArgKind::MemRefIn, type, 64);
  addCmxArg(args, abi::ArgKind::MemRefOut, type, 128);
  uint32_t text = builder.addKernelData(kernel.str() + ".text",
                                        std::vector<uint8_t>(64, 0));
  uint32_t kernelIndex =
      builder.addActKernel(kernel, blob::KernelDataRef{text, 0, 64});
  uint32_t invocation =
      builder.addActInvocationWithArgs(kernelIndex, 0, args.finish());
  builder.addDmaTask(0, a, aCmx, {{}, {loaded}}, "a/load");
  builder.addDmaTask(1, b, bCmx, {{}, {loaded}}, "b/load");
  builder.addActTask(0, 0, invocation, {{loaded}, {added}}, "add");
  builder.addDmaTask(0, yCmx, y, {{added}, {}}, "y/store");
  return builder.finish();
}

std::vector<uint8_t> makeSoftmaxUpa() {
  BlobBuilder builder("VPUX30XX");
  builder.setName("softmax");
  BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 1;
  resources.shaves = 16;
  resources.dmaPorts = 1;
  resources.barriers = 0;
  resources.cmxBytes = 0;
  TensorTypeDesc type = tensorType(schema::DType::F16, {2, 5});
  builder.addInput("x", type);
  builder.addOutput("y", type);
  uint32_t x =
      builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0, 0, type);
  uint32_t y = builder.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0,
                                 0, type);
  builder.addUpaTask(0, "softmax", {x}, {y}, {}, "softmax",
                     blob::softmaxParams(-1), 8);
  return builder.finish();
}

/// x (u8[64]) -> CMX -> y, the two DMAs on different ports; `barrier` orders
/// them, `deadlock` makes the store wait on a barrier nobody signals.
std::vector<uint8_t> makeCopy(llvm::StringRef name, bool barrier,
                              bool deadlock) {
  BlobBuilder builder = make37xx(name);
  TensorTypeDesc type = tensorType(schema::DType::U8, {64});
  builder.addInput("x", type);
  builder.addOutput("y", type);
  uint32_t x =
      builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0, 0, type);
  uint32_t y = builder.addTensor("y", schema::MemoryLocation::NETWORK_OUTPUT, 0,
                                 0, type);
  uint32_t cmx =
      builder.addTensor("x_cmx", schema::MemoryLocation::CMX_NN, 1, 0, type);
  blob::TaskBarriers load, store;
  if (barrier || deadlock) {
    uint32_t b0 = builder.addBarrier(0);
    store.waits = {b0};
    if (barrier) {
      load.updates = {b0};
    } else {
      builder.setBarrierCounts(b0, 1, 1);
    }
  }
  builder.addDmaTask(0, x, cmx, load, "x/load");
  builder.addDmaTask(1, cmx, y, store, "y/store");
  return builder.finish();
}

std::vector<uint8_t> makeVersion3() {
  BlobBuilder builder = make37xx("future");
  builder.setVersion(3, 0);
  return builder.finish();
}

std::vector<uint8_t> makeInvalid() {
  BlobBuilder builder = make37xx("invalid");
  builder.addTensor("far", schema::MemoryLocation::CMX_NN, 1, 65530,
                    tensorType(schema::DType::F32, {4}));
  return builder.finish();
}

bool write(const std::string &path, const std::vector<uint8_t> &bytes) {
  std::FILE *file = std::fopen(path.c_str(), "wb");
  if (!file) {
    std::perror(path.c_str());
    return false;
  }
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
  return std::fclose(file) == 0 && ok;
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_test_blobs DIR\n");
    return 2;
  }
  std::string dir = argv[1];
  std::vector<uint8_t> add = makeAdd();
  std::vector<uint8_t> truncated(add.begin(), add.begin() + add.size() / 2);
  bool ok = write(dir + "/add.blob", add) &&
            write(dir + "/softmax_upa.blob", makeSoftmaxUpa()) &&
            write(dir + "/race.blob", makeCopy("race", false, false)) &&
            write(dir + "/deadlock.blob", makeCopy("deadlock", false, true)) &&
            write(dir + "/unknown_kernel.blob", makeAdd("gelu")) &&
            write(dir + "/version3.blob", makeVersion3()) &&
            write(dir + "/invalid.blob", makeInvalid()) &&
            write(dir + "/truncated.blob", truncated);
  return ok ? 0 : 1;
}
