//===- TestBlobs.h - Blobs shared by the blob tests -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A builder pre-filled with a small valid blob that uses every part of the
// schema, so that tests can break one thing at a time.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_BLOB_UNITTESTS_TESTBLOBS_H_
#define VPUC_BACKEND_BLOB_UNITTESTS_TESTBLOBS_H_

#include "backend/blob/BlobBuilder.h"
#include "kernels/abi/ArgPacker.h"

namespace mlir::vpuc::blob::testing {

/// Indices of the parts of the blob `makeFullBuilder` creates.
struct FullBlob {
  uint32_t inputTensor, cmxIn, cmxOut, outputTensor, constTensor, ddrTensor;
  uint32_t barrier0, barrier1, barrier2;
  uint32_t invocation;
};

/// The 160-byte arguments of a relu of f16 1x8x4x4 NHWC tensors at `in` and
/// `out` (descriptors, then dims and strides).
inline std::vector<uint8_t> getReluArgs(uint32_t in, uint32_t out) {
  abi::ArgPacker packer;
  for (auto [kind, address] : {std::make_pair(abi::ArgKind::MemRefIn, in),
                               std::make_pair(abi::ArgKind::MemRefOut, out)}) {
    packer.addMemRef(kind, address, {1, 4, 4, 8}, {2048, 512, 128, 16},
                     abi::DataType::F16, shape::DimsOrder::NHWC.code());
  }
  return packer.finish();
}

/// input x (f16 1x8x4x4 NHWC) -> DMA to CMX -> ACT "relu" -> DMA to output
/// y (relu reads x itself, relocated, in fact); a constant DMA'd to DDR
/// scratch, a UPA "copy" on the side. Without `relocate`, relu reads x_cmx
/// (a 1.1 blob).
inline BlobBuilder makeFullBuilder(FullBlob *parts = nullptr,
                                   bool relocate = true) {
  BlobBuilder builder("VPUX37XX");
  builder.setName("full");
  BlobBuilder::Resources &resources = builder.getResources();
  resources.clusters = 2;
  resources.shaves = 2;
  resources.dmaPorts = 2;
  resources.barriers = 2;
  resources.ddrScratchBytes = 4096;
  resources.cmxBytes = 65536;
  TensorTypeDesc type =
      tensorType(schema::DType::F16, {1, 8, 4, 4}, shape::DimsOrder::NHWC);
  builder.addInput("x", type);
  builder.addOutput("y", type);
  FullBlob p;
  p.inputTensor =
      builder.addTensor("x", schema::MemoryLocation::NETWORK_INPUT, 0, 0, type);
  p.cmxIn =
      builder.addTensor("x_cmx", schema::MemoryLocation::CMX_NN, 0, 0, type);
  p.cmxOut =
      builder.addTensor("y_cmx", schema::MemoryLocation::CMX_NN, 0, 256, type);
  p.outputTensor = builder.addTensor(
      "y", schema::MemoryLocation::NETWORK_OUTPUT, 0, 0, type);
  std::vector<uint8_t> weights(64, 0x3c);
  uint64_t constOffset = builder.addConstant(weights);
  TensorTypeDesc constType = tensorType(schema::DType::U8, {64});
  p.constTensor = builder.addTensor("w", schema::MemoryLocation::CONSTANT, 0,
                                    constOffset, constType);
  p.ddrTensor = builder.addTensor("w_ddr", schema::MemoryLocation::DDR_SCRATCH,
                                  0, 128, constType);
  p.barrier0 = builder.addBarrier(0);
  p.barrier1 = builder.addBarrier(1);
  p.barrier2 = builder.addBarrier(0);
  uint32_t text = builder.addKernelData("relu.text", std::vector<uint8_t>(16));
  uint32_t kernel = builder.addActKernel("relu", KernelDataRef{text, 0, 16});
  // relu reads the network input (a relocation) and writes y_cmx (WIN_F).
  p.invocation = builder.addActInvocationWithArgs(
      kernel, 0,
      getReluArgs(relocate ? 0 : abi::kWinFBase, abi::kWinFBase + 256),
      relocate ? std::vector<ActRelocationDesc>{{p.inputTensor, 0}}
               : std::vector<ActRelocationDesc>{});
  builder.setActRuntime({16384, 16384});
  builder.addDmaTask(0, p.inputTensor, p.cmxIn, {{}, {p.barrier0}}, "x/copy");
  builder.addActTask(0, 0, p.invocation, {{p.barrier0}, {p.barrier1}}, "relu");
  builder.addDmaTask(0, p.cmxOut, p.outputTensor, {{p.barrier1}, {}}, "y/copy");
  builder.addDmaTask(1, p.constTensor, p.ddrTensor, {{}, {p.barrier2}},
                     "w/copy");
  builder.addUpaTask(0, "copy", {p.ddrTensor}, {p.ddrTensor},
                     {{p.barrier2}, {}}, "w/upa", nullptr, 1);
  if (parts) {
    *parts = p;
  }
  return builder;
}

} // namespace mlir::vpuc::blob::testing

#endif // VPUC_BACKEND_BLOB_UNITTESTS_TESTBLOBS_H_
