//===- BlobBuilder.h - Building vpuc blobs ----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A convenience layer over the generated flatbuffers builders: collect the
// parts of a blob (network I/O, tensors, constants, kernel data, barriers,
// tasks per executor), then `finish()` serialises them. Barrier producer and
// consumer counts are derived from the tasks unless set explicitly, task lists
// are emitted sorted by executor, and tensor strides default to the compact
// ones of their order. The builder checks nothing: run loadBlob on the result
// (tests build invalid blobs on purpose).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_BACKEND_BLOB_BLOBBUILDER_H_
#define VPUC_BACKEND_BLOB_BLOBBUILDER_H_

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "backend/blob/Blob.h"
#include "core/shape/DimsOrder.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::blob {

/// A tensor type for the builder.
struct TensorTypeDesc {
  schema::DType dtype = schema::DType::F16;
  /// Logical dims.
  std::vector<int64_t> dims;
  /// The memory layout; empty means the default order of the rank.
  std::optional<shape::DimsOrder> order;
  /// Strides in bits, logical order; empty means compact.
  std::vector<int64_t> strides;
  /// Optional per-tensor or per-axis quantisation.
  std::vector<float> scales;
  std::vector<int64_t> zeroPoints;
  int32_t quantAxis = -1;

  /// The order, defaulted.
  shape::DimsOrder getOrder() const;
  /// The strides, defaulted to compact.
  std::vector<int64_t> getStrides() const;
};

/// Shorthand for a compact tensor type.
TensorTypeDesc tensorType(schema::DType dtype, std::vector<int64_t> dims,
                          std::optional<shape::DimsOrder> order = std::nullopt);

/// Wait and update barriers of a task (virtual ids).
struct TaskBarriers {
  std::vector<uint32_t> waits;
  std::vector<uint32_t> updates;
};

/// A view of a kernel data buffer.
struct KernelDataRef {
  uint32_t buffer = 0;
  uint64_t offset = 0;
  uint64_t size = 0;
};

/// A kernel declaration (blob.fbs, KernelDeclaration).
struct KernelDeclarationDesc {
  std::string symbol;
  std::string entry;
  /// Each argument's role and type text, in declaration order.
  std::vector<std::pair<schema::KernelArgRole, std::string>> args;
};

/// A relocated descriptor of an ACT invocation (blob.fbs, ActRelocation).
struct ActRelocationDesc {
  /// The tensor (index into the tensors).
  uint32_t tensor = 0;
  /// Byte offset of the MemRefData descriptor in the invocation's data.
  uint32_t descriptor = 0;
};

/// An NCE cluster task for the builder (blob.fbs, NceClusterTask).
struct NceTaskDesc {
  schema::NceTaskType type = schema::NceTaskType::CONV;
  /// Tensor indices; kNoTensor when absent.
  uint32_t input = kNoTensor, input2 = kNoTensor, weights = kNoTensor,
           weightsTable = kNoTensor, output = kNoTensor;
  uint32_t kernelH = 1, kernelW = 1, strideH = 1, strideW = 1;
  uint32_t padTop = 0, padBottom = 0, padLeft = 0, padRight = 0;
  /// INT8 mode (since 2.1): the zero points of the input and the weights.
  int32_t inputZeroPoint = 0, weightsZeroPoint = 0;
  /// INT8 eltwise tasks (since 2.3): input2's zero point and the integer
  /// multipliers of the two inputs (ELTWISE_ADD / ELTWISE_SUB).
  int32_t input2ZeroPoint = 0, inputMult = 0, input2Mult = 0;
  /// One variant: an inclusive [x, y, z] box, its padding [top, bottom,
  /// left, right], its DPU and MPE mode.
  struct Variant {
    std::array<uint32_t, 3> start{}, end{};
    std::array<uint32_t, 4> pad{};
    uint32_t dpu = 0;
    schema::MpeMode mpe = schema::MpeMode::VECTOR;
  };
  std::vector<Variant> variants;
  /// The PPE; absent means no PpeTask table.
  struct Ppe {
    schema::PpeMode mode = schema::PpeMode::NONE;
    float clampLow = 0, clampHigh = 0, alpha = 0;
    std::vector<int32_t> quantMult, quantShift;
    int32_t quantPostShift = 0, outZeroPoint = 0;
  };
  std::optional<Ppe> ppe;
};

/// Writes a UPA parameter table; returns its union type and offset.
using UpaParamsWriter =
    std::function<std::pair<schema::UpaParams, flatbuffers::Offset<void>>(
        flatbuffers::FlatBufferBuilder &)>;

/// SoftmaxParams{axis}.
UpaParamsWriter softmaxParams(int32_t axis);
/// ClampParams{min, max}.
UpaParamsWriter clampParams(float min, float max);

/// Collects the parts of a blob; see the file comment.
class BlobBuilder {
public:
  /// A blob for the target `arch` (e.g. "VPUX37XX").
  explicit BlobBuilder(llvm::StringRef arch);

  void setName(llvm::StringRef name) { this->name = name.str(); }
  void setGenerator(llvm::StringRef generator) {
    this->generator = generator.str();
  }
  /// Overrides the schema version (tests of version checks).
  void setVersion(uint16_t major, uint16_t minor) { version = {major, minor}; }
  /// Header.network_macs: the network's own MACs of layers running in
  /// `elementType` ("f16", "u8", ...).
  void addNetworkMacs(llvm::StringRef elementType, uint64_t macs) {
    networkMacs.push_back({elementType.str(), macs});
  }
  /// Header.network_weight_bytes: the bytes of the network's own constants.
  void setNetworkWeightBytes(uint64_t bytes) { networkWeightBytes = bytes; }

  /// Resources (Header.resources).
  struct Resources {
    uint32_t clusters = 1;
    uint32_t shaves = 1;
    uint32_t dmaPorts = 1;
    uint32_t barriers = 0;
    uint64_t ddrScratchBytes = 0;
    uint64_t cmxBytes = 0;
  };
  Resources &getResources() { return resources; }

  /// Adds a network input; returns its index (NETWORK_INPUT[index]).
  uint32_t addInput(llvm::StringRef name, const TensorTypeDesc &type);
  /// Adds a network output; returns its index.
  uint32_t addOutput(llvm::StringRef name, const TensorTypeDesc &type);
  /// Appends bytes to the constants section at the next multiple of
  /// `alignment`, unless the section already holds the same bytes at a
  /// multiple of `alignment` (constants are read-only, so tensors may share
  /// them); returns their offset.
  uint64_t addConstant(llvm::ArrayRef<uint8_t> bytes, uint64_t alignment = 64);
  /// Adds a kernel data buffer; returns its index.
  uint32_t addKernelData(llvm::StringRef name, llvm::ArrayRef<uint8_t> bytes);
  /// Adds a tensor reference; returns its index.
  uint32_t addTensor(llvm::StringRef name, schema::MemoryLocation location,
                     uint32_t locationIndex, uint64_t offset,
                     const TensorTypeDesc &type);
  /// Adds a virtual barrier on `physicalId`; returns its virtual id. Barriers
  /// must be added in the order of their uses (see blob.fbs, Barrier).
  uint32_t addBarrier(uint32_t physicalId);
  /// Fixes a barrier's counts instead of deriving them from the tasks.
  void setBarrierCounts(uint32_t barrier, uint32_t producers,
                        uint32_t consumers);

  /// Adds an ACT kernel with its code `text` (none for the reference targets)
  /// and declaration; returns its index.
  uint32_t addActKernel(llvm::StringRef name, std::optional<KernelDataRef> text,
                        std::optional<KernelDeclarationDesc> declaration = {});
  /// Adds an ACT kernel invocation; returns its index.
  uint32_t addActInvocation(uint32_t kernel, uint32_t tile, KernelDataRef data,
                            uint32_t argsOffset = 0,
                            std::vector<ActRelocationDesc> relocations = {});
  /// Adds a kernel data buffer holding `args` (e.g. from abi::ArgPacker) and
  /// an invocation using it as its data window; returns the invocation index.
  uint32_t
  addActInvocationWithArgs(uint32_t kernel, uint32_t tile,
                           llvm::ArrayRef<uint8_t> args,
                           std::vector<ActRelocationDesc> relocations = {});
  /// Declares the ACT runtime with per-tile stack sizes and, optionally, its
  /// code and declaration.
  void setActRuntime(std::vector<uint32_t> stackSizes,
                     std::optional<KernelDataRef> code = std::nullopt,
                     std::optional<KernelDeclarationDesc> declaration = {});

  /// Appends a DMA task to DMA port `port`; a broadcast DMA also writes the
  /// tensors `broadcast` (schema 2.7).
  void addDmaTask(uint32_t port, uint32_t src, uint32_t dst,
                  const TaskBarriers &barriers, llvm::StringRef location,
                  llvm::ArrayRef<uint32_t> broadcast = {});
  /// Appends an ACT kernel task to SHAVE `shave` of tile `tile`.
  void addActTask(uint32_t tile, uint32_t shave, uint32_t invocation,
                  const TaskBarriers &barriers, llvm::StringRef location);
  /// Appends a UPA layer task to UPA queue `queue`.
  void addUpaTask(uint32_t queue, llvm::StringRef kernel,
                  std::vector<uint32_t> inputs, std::vector<uint32_t> outputs,
                  const TaskBarriers &barriers, llvm::StringRef location,
                  UpaParamsWriter params = nullptr, uint32_t maxShaves = 1);

  /// Appends an NCE cluster task to the NCE list of `cluster`; it counts
  /// once per variant on its barriers.
  void addNceTask(uint32_t cluster, NceTaskDesc nce,
                  const TaskBarriers &barriers, llvm::StringRef location);

  /// Serialises the blob.
  std::vector<uint8_t> finish() const;

private:
  struct IO {
    std::string name;
    TensorTypeDesc type;
  };
  struct Tensor {
    std::string name;
    schema::MemoryLocation location;
    uint32_t locationIndex;
    uint64_t offset;
    TensorTypeDesc type;
  };
  struct Barrier {
    uint32_t physicalId;
    std::optional<std::pair<uint32_t, uint32_t>> counts;
  };
  struct KernelDataBuffer {
    std::string name;
    std::vector<uint8_t> bytes;
  };
  struct ActKernel {
    std::string name;
    std::optional<KernelDataRef> text;
    std::optional<KernelDeclarationDesc> declaration;
  };
  struct ActInvocation {
    uint32_t kernel;
    uint32_t tile;
    KernelDataRef data;
    uint32_t argsOffset;
    std::vector<ActRelocationDesc> relocations;
  };
  struct Task {
    schema::TaskKind kind;
    std::string location;
    TaskBarriers barriers;
    // DMA
    uint32_t src = 0, dst = 0;
    std::vector<uint32_t> broadcast;
    // ACT
    uint32_t invocation = 0;
    // UPA
    std::string kernel;
    std::vector<uint32_t> inputs, outputs;
    UpaParamsWriter params;
    uint32_t maxShaves = 1;
    // NCE
    NceTaskDesc nce;
  };
  using ListKey = std::tuple<schema::ExecutorKind, uint32_t, uint32_t>;

  std::string arch, name, generator = "vpuc BlobBuilder";
  std::pair<uint16_t, uint16_t> version;
  std::vector<std::pair<std::string, uint64_t>> networkMacs;
  std::optional<uint64_t> networkWeightBytes;
  Resources resources;
  std::vector<IO> inputs, outputs;
  std::vector<uint8_t> constants;
  /// The offset of each addConstant block, by the hash of its bytes.
  std::unordered_multimap<size_t, uint64_t> constantOffsets;
  std::vector<KernelDataBuffer> kernelData;
  std::vector<Tensor> tensors;
  std::vector<Barrier> barriers;
  std::vector<ActKernel> actKernels;
  std::vector<ActInvocation> actInvocations;
  std::optional<std::vector<uint32_t>> actStackSizes;
  std::optional<KernelDataRef> actRuntimeCode;
  std::optional<KernelDeclarationDesc> actRuntimeDeclaration;
  std::map<ListKey, std::vector<Task>> taskLists;
};

} // namespace mlir::vpuc::blob

#endif // VPUC_BACKEND_BLOB_BLOBBUILDER_H_
