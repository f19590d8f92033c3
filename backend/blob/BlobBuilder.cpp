//===- BlobBuilder.cpp - Building vpuc blobs ------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "backend/blob/BlobBuilder.h"

#include "backend/blob/TensorLayout.h"

#include <algorithm>

#include "llvm/ADT/Hashing.h"

namespace mlir::vpuc::blob {

namespace fb = flatbuffers;

//===----------------------------------------------------------------------===//
// TensorTypeDesc
//===----------------------------------------------------------------------===//

shape::DimsOrder TensorTypeDesc::getOrder() const {
  if (order) {
    return *order;
  }
  return shape::DimsOrder::getDefaultOrder(dims.size());
}

std::vector<int64_t> TensorTypeDesc::getStrides() const {
  if (!strides.empty() || dims.empty()) {
    return strides;
  }
  // An order of another rank (an invalid blob on purpose): default strides.
  shape::DimsOrder layout = getOrder();
  if (layout.rank() != static_cast<int64_t>(dims.size())) {
    layout = shape::DimsOrder::getDefaultOrder(dims.size());
  }
  shape::Strides compact = getCompactStrides(
      shape::Shape(llvm::ArrayRef<int64_t>(dims)), layout, getDTypeBits(dtype));
  return std::vector<int64_t>(compact.begin(), compact.end());
}

TensorTypeDesc tensorType(schema::DType dtype, std::vector<int64_t> dims,
                          std::optional<shape::DimsOrder> order) {
  TensorTypeDesc desc;
  desc.dtype = dtype;
  desc.dims = std::move(dims);
  desc.order = order;
  return desc;
}

UpaParamsWriter softmaxParams(int32_t axis) {
  return [axis](fb::FlatBufferBuilder &fbb) {
    return std::make_pair(schema::UpaParams::SoftmaxParams,
                          schema::CreateSoftmaxParams(fbb, axis).Union());
  };
}

UpaParamsWriter clampParams(float min, float max) {
  return [min, max](fb::FlatBufferBuilder &fbb) {
    return std::make_pair(schema::UpaParams::ClampParams,
                          schema::CreateClampParams(fbb, min, max).Union());
  };
}

//===----------------------------------------------------------------------===//
// BlobBuilder
//===----------------------------------------------------------------------===//

BlobBuilder::BlobBuilder(llvm::StringRef arch)
    : arch(arch.str()), version(kSchemaMajor, kSchemaMinor) {}

uint32_t BlobBuilder::addInput(llvm::StringRef name,
                               const TensorTypeDesc &type) {
  inputs.push_back({name.str(), type});
  return inputs.size() - 1;
}

uint32_t BlobBuilder::addOutput(llvm::StringRef name,
                                const TensorTypeDesc &type) {
  outputs.push_back({name.str(), type});
  return outputs.size() - 1;
}

uint64_t BlobBuilder::addConstant(llvm::ArrayRef<uint8_t> bytes,
                                  uint64_t alignment) {
  // The same bytes, already in the section at a suitable offset, are shared.
  const size_t hash = llvm::hash_value(bytes);
  auto [first, last] = constantOffsets.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    const uint64_t existing = it->second;
    if ((alignment == 0 || existing % alignment == 0) &&
        existing + bytes.size() <= constants.size() &&
        std::equal(bytes.begin(), bytes.end(),
                   constants.begin() + static_cast<std::ptrdiff_t>(existing))) {
      return existing;
    }
  }
  uint64_t offset = alignment == 0 ? constants.size()
                                   : (constants.size() + alignment - 1) /
                                         alignment * alignment;
  constants.resize(offset, 0);
  constants.insert(constants.end(), bytes.begin(), bytes.end());
  constantOffsets.emplace(hash, offset);
  return offset;
}

uint32_t BlobBuilder::addKernelData(llvm::StringRef name,
                                    llvm::ArrayRef<uint8_t> bytes) {
  kernelData.push_back({name.str(), bytes.vec()});
  return kernelData.size() - 1;
}

uint32_t BlobBuilder::addTensor(llvm::StringRef name,
                                schema::MemoryLocation location,
                                uint32_t locationIndex, uint64_t offset,
                                const TensorTypeDesc &type) {
  tensors.push_back({name.str(), location, locationIndex, offset, type});
  return tensors.size() - 1;
}

uint32_t BlobBuilder::addBarrier(uint32_t physicalId) {
  barriers.push_back({physicalId, std::nullopt});
  return barriers.size() - 1;
}

void BlobBuilder::setBarrierCounts(uint32_t barrier, uint32_t producers,
                                   uint32_t consumers) {
  barriers.at(barrier).counts = std::make_pair(producers, consumers);
}

uint32_t
BlobBuilder::addActKernel(llvm::StringRef name,
                          std::optional<KernelDataRef> text,
                          std::optional<KernelDeclarationDesc> declaration) {
  actKernels.push_back({name.str(), text, std::move(declaration)});
  return actKernels.size() - 1;
}

uint32_t
BlobBuilder::addActInvocation(uint32_t kernel, uint32_t tile,
                              KernelDataRef data, uint32_t argsOffset,
                              std::vector<ActRelocationDesc> relocations) {
  actInvocations.push_back(
      {kernel, tile, data, argsOffset, std::move(relocations)});
  return actInvocations.size() - 1;
}

uint32_t BlobBuilder::addActInvocationWithArgs(
    uint32_t kernel, uint32_t tile, llvm::ArrayRef<uint8_t> args,
    std::vector<ActRelocationDesc> relocations) {
  uint32_t buffer =
      addKernelData("args" + std::to_string(actInvocations.size()), args);
  return addActInvocation(kernel, tile, {buffer, 0, args.size()}, 0,
                          std::move(relocations));
}

void BlobBuilder::setActRuntime(
    std::vector<uint32_t> stackSizes, std::optional<KernelDataRef> code,
    std::optional<KernelDeclarationDesc> declaration) {
  actStackSizes = std::move(stackSizes);
  actRuntimeCode = code;
  actRuntimeDeclaration = std::move(declaration);
}

void BlobBuilder::addDmaTask(uint32_t port, uint32_t src, uint32_t dst,
                             const TaskBarriers &barriers,
                             llvm::StringRef location,
                             llvm::ArrayRef<uint32_t> broadcast) {
  Task task;
  task.kind = schema::TaskKind::DmaTask;
  task.location = location.str();
  task.barriers = barriers;
  task.src = src;
  task.dst = dst;
  task.broadcast.assign(broadcast.begin(), broadcast.end());
  taskLists[{schema::ExecutorKind::DMA, 0, port}].push_back(std::move(task));
}

void BlobBuilder::addActTask(uint32_t tile, uint32_t shave, uint32_t invocation,
                             const TaskBarriers &barriers,
                             llvm::StringRef location) {
  Task task;
  task.kind = schema::TaskKind::ActKernelTask;
  task.location = location.str();
  task.barriers = barriers;
  task.invocation = invocation;
  taskLists[{schema::ExecutorKind::ACT_SHAVE, tile, shave}].push_back(
      std::move(task));
}

void BlobBuilder::addUpaTask(uint32_t queue, llvm::StringRef kernel,
                             std::vector<uint32_t> inputs,
                             std::vector<uint32_t> outputs,
                             const TaskBarriers &barriers,
                             llvm::StringRef location, UpaParamsWriter params,
                             uint32_t maxShaves) {
  Task task;
  task.kind = schema::TaskKind::UpaLayerTask;
  task.location = location.str();
  task.barriers = barriers;
  task.kernel = kernel.str();
  task.inputs = std::move(inputs);
  task.outputs = std::move(outputs);
  task.params = std::move(params);
  task.maxShaves = maxShaves;
  taskLists[{schema::ExecutorKind::UPA_SHAVE, 0, queue}].push_back(
      std::move(task));
}

void BlobBuilder::addNceTask(uint32_t cluster, NceTaskDesc nce,
                             const TaskBarriers &barriers,
                             llvm::StringRef location) {
  Task task;
  task.kind = schema::TaskKind::NceClusterTask;
  task.location = location.str();
  task.barriers = barriers;
  task.nce = std::move(nce);
  taskLists[{schema::ExecutorKind::NCE, cluster, 0}].push_back(std::move(task));
}

/// Writes an NCE cluster task.
static fb::Offset<void> writeNceTask(fb::FlatBufferBuilder &fbb,
                                     const NceTaskDesc &nce) {
  auto invariant = schema::CreateNceInvariant(
      fbb, nce.type, nce.input, nce.input2, nce.weights, nce.weightsTable,
      nce.output, nce.kernelH, nce.kernelW, nce.strideH, nce.strideW,
      nce.padTop, nce.padBottom, nce.padLeft, nce.padRight, nce.inputZeroPoint,
      nce.weightsZeroPoint, nce.input2ZeroPoint, nce.inputMult, nce.input2Mult);
  std::vector<fb::Offset<schema::DpuVariant>> variants;
  for (const NceTaskDesc::Variant &variant : nce.variants) {
    variants.push_back(schema::CreateDpuVariant(
        fbb, variant.start[0], variant.start[1], variant.start[2],
        variant.end[0], variant.end[1], variant.end[2], variant.pad[0],
        variant.pad[1], variant.pad[2], variant.pad[3], variant.dpu,
        variant.mpe));
  }
  auto variantsOffset = fbb.CreateVector(variants);
  fb::Offset<schema::PpeTask> ppe;
  if (nce.ppe) {
    const NceTaskDesc::Ppe &p = *nce.ppe;
    ppe = schema::CreatePpeTaskDirect(
        fbb, p.mode, p.clampLow, p.clampHigh, p.alpha,
        p.quantMult.empty() ? nullptr : &p.quantMult,
        p.quantShift.empty() ? nullptr : &p.quantShift, p.quantPostShift,
        p.outZeroPoint);
  }
  return schema::CreateNceClusterTask(fbb, invariant, variantsOffset, ppe)
      .Union();
}

static fb::Offset<schema::TensorType>
writeTensorType(fb::FlatBufferBuilder &fbb, const TensorTypeDesc &type) {
  fb::Offset<schema::QuantParams> quant;
  if (!type.scales.empty()) {
    quant = schema::CreateQuantParamsDirect(fbb, &type.scales, &type.zeroPoints,
                                            type.quantAxis);
  }
  std::vector<int64_t> strides = type.getStrides();
  return schema::CreateTensorTypeDirect(
      fbb, &type.dims, &strides, type.getOrder().code(), type.dtype, quant);
}

std::vector<uint8_t> BlobBuilder::finish() const {
  fb::FlatBufferBuilder fbb(1024);

  // Barrier counts from the tasks.
  std::vector<std::pair<uint32_t, uint32_t>> counts(barriers.size());
  for (const auto &[key, tasks] : taskLists) {
    for (const Task &task : tasks) {
      // An NCE task counts once per variant.
      auto weight = static_cast<uint32_t>(
          task.kind == schema::TaskKind::NceClusterTask
              ? std::max<size_t>(1, task.nce.variants.size())
              : 1);
      for (uint32_t id : task.barriers.updates) {
        if (id < counts.size()) {
          counts[id].first += weight;
        }
      }
      for (uint32_t id : task.barriers.waits) {
        if (id < counts.size()) {
          counts[id].second += weight;
        }
      }
    }
  }

  auto writeIOs = [&](const std::vector<IO> &ios) {
    std::vector<fb::Offset<schema::NetworkIO>> offsets;
    for (const IO &io : ios) {
      offsets.push_back(schema::CreateNetworkIODirect(
          fbb, io.name.c_str(), writeTensorType(fbb, io.type)));
    }
    return fbb.CreateVector(offsets);
  };
  auto inputsOffset = writeIOs(inputs);
  auto outputsOffset = writeIOs(outputs);
  schema::SchemaVersion schemaVersion(version.first, version.second);
  auto resourcesOffset = schema::CreateResources(
      fbb, resources.clusters, resources.shaves, resources.dmaPorts,
      resources.barriers, resources.ddrScratchBytes, resources.cmxBytes);
  fb::Offset<fb::Vector<fb::Offset<schema::MacCount>>> macsOffset;
  if (!networkMacs.empty()) {
    std::vector<fb::Offset<schema::MacCount>> counts;
    for (const auto &[type, macs] : networkMacs) {
      counts.push_back(schema::CreateMacCountDirect(fbb, type.c_str(), macs));
    }
    macsOffset = fbb.CreateVector(counts);
  }
  auto header = schema::CreateHeader(
      fbb, &schemaVersion, fbb.CreateString(arch), fbb.CreateString(name),
      fbb.CreateString(generator), resourcesOffset, inputsOffset, outputsOffset,
      macsOffset, networkWeightBytes);

  std::vector<fb::Offset<schema::TensorReference>> tensorOffsets;
  for (const Tensor &tensor : tensors) {
    tensorOffsets.push_back(schema::CreateTensorReferenceDirect(
        fbb, tensor.name.c_str(), tensor.location, tensor.locationIndex,
        tensor.offset, writeTensorType(fbb, tensor.type)));
  }

  std::vector<fb::Offset<schema::Barrier>> barrierOffsets;
  for (size_t i = 0; i < barriers.size(); ++i) {
    auto [producers, consumers] = barriers[i].counts.value_or(counts[i]);
    barrierOffsets.push_back(schema::CreateBarrier(fbb, barriers[i].physicalId,
                                                   producers, consumers));
  }

  auto writeKernelRef = [&](const KernelDataRef &ref) {
    return schema::CreateKernelDataReference(fbb, ref.buffer, ref.offset,
                                             ref.size);
  };

  std::vector<fb::Offset<schema::TaskList>> listOffsets;
  for (const auto &[key, tasks] : taskLists) {
    std::vector<fb::Offset<schema::Task>> taskOffsets;
    for (const Task &task : tasks) {
      fb::Offset<void> kind;
      switch (task.kind) {
      case schema::TaskKind::DmaTask:
        kind = schema::CreateDmaTask(fbb, task.src, task.dst,
                                     task.broadcast.empty()
                                         ? 0
                                         : fbb.CreateVector(task.broadcast))
                   .Union();
        break;
      case schema::TaskKind::ActKernelTask:
        kind = schema::CreateActKernelTask(fbb, task.invocation).Union();
        break;
      case schema::TaskKind::UpaLayerTask: {
        std::pair<schema::UpaParams, fb::Offset<void>> params = {
            schema::UpaParams::NONE, 0};
        if (task.params) {
          params = task.params(fbb);
        }
        kind = schema::CreateUpaLayerTaskDirect(
                   fbb, task.kernel.c_str(), &task.inputs, &task.outputs,
                   task.maxShaves, params.first, params.second)
                   .Union();
        break;
      }
      case schema::TaskKind::NceClusterTask:
        kind = writeNceTask(fbb, task.nce);
        break;
      default:
        break;
      }
      taskOffsets.push_back(schema::CreateTaskDirect(
          fbb, task.location.c_str(), &task.barriers.waits,
          &task.barriers.updates, task.kind, kind));
    }
    auto [executor, cluster, index] = key;
    listOffsets.push_back(schema::CreateTaskListDirect(fbb, executor, cluster,
                                                       index, &taskOffsets));
  }

  fb::Offset<fb::Vector<uint8_t>> constantsOffset;
  if (!constants.empty()) {
    fbb.ForceVectorAlignment(constants.size(), sizeof(uint8_t), 32);
    constantsOffset = fbb.CreateVector(constants);
  }
  std::vector<fb::Offset<schema::KernelData>> kernelDataOffsets;
  for (const KernelDataBuffer &buffer : kernelData) {
    kernelDataOffsets.push_back(schema::CreateKernelDataDirect(
        fbb, buffer.name.c_str(), &buffer.bytes));
  }
  auto writeDeclaration =
      [&](const std::optional<KernelDeclarationDesc> &declaration) {
        if (!declaration) {
          return fb::Offset<schema::KernelDeclaration>();
        }
        std::vector<fb::Offset<schema::KernelDeclArg>> args;
        for (const auto &[role, type] : declaration->args) {
          args.push_back(
              schema::CreateKernelDeclArgDirect(fbb, role, type.c_str()));
        }
        return schema::CreateKernelDeclarationDirect(
            fbb, declaration->symbol.c_str(), declaration->entry.c_str(),
            &args);
      };
  std::vector<fb::Offset<schema::ActKernel>> kernelOffsets;
  for (const ActKernel &kernel : actKernels) {
    fb::Offset<schema::KernelDataReference> text;
    if (kernel.text) {
      text = writeKernelRef(*kernel.text);
    }
    kernelOffsets.push_back(schema::CreateActKernelDirect(
        fbb, kernel.name.c_str(), text, writeDeclaration(kernel.declaration)));
  }
  std::vector<fb::Offset<schema::ActKernelInvocation>> invocationOffsets;
  for (const ActInvocation &invocation : actInvocations) {
    fb::Offset<fb::Vector<const schema::ActRelocation *>> relocations;
    if (!invocation.relocations.empty()) {
      std::vector<schema::ActRelocation> structs;
      for (const ActRelocationDesc &relocation : invocation.relocations) {
        structs.emplace_back(relocation.tensor, relocation.descriptor);
      }
      relocations = fbb.CreateVectorOfStructs(structs);
    }
    invocationOffsets.push_back(schema::CreateActKernelInvocation(
        fbb, invocation.kernel, invocation.tile,
        writeKernelRef(invocation.data), invocation.argsOffset, relocations));
  }
  fb::Offset<schema::ActKernelRuntime> runtime;
  if (actStackSizes) {
    fb::Offset<schema::KernelDataReference> code;
    if (actRuntimeCode) {
      code = writeKernelRef(*actRuntimeCode);
    }
    runtime = schema::CreateActKernelRuntimeDirect(
        fbb, &*actStackSizes, code, writeDeclaration(actRuntimeDeclaration));
  }

  auto root = schema::CreateBlob(fbb, header, fbb.CreateVector(tensorOffsets),
                                 fbb.CreateVector(barrierOffsets),
                                 fbb.CreateVector(listOffsets), constantsOffset,
                                 fbb.CreateVector(kernelDataOffsets),
                                 fbb.CreateVector(kernelOffsets),
                                 fbb.CreateVector(invocationOffsets), runtime);
  schema::FinishBlobBuffer(fbb, root);
  return std::vector<uint8_t>(fbb.GetBufferPointer(),
                              fbb.GetBufferPointer() + fbb.GetSize());
}

} // namespace mlir::vpuc::blob
