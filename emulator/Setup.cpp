//===- Setup.cpp - Preparing a blob for a run -----------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Checks a blob against the target, allocates its memory regions, resolves
// its tensors, programs its barriers and prepares its tasks: DMAs, ACT
// kernel invocations (windows, relocated tensors), UPA layers (operand
// windows and the argument buffer the runtime builds) and NCE cluster tasks
// (their DPUs).
//
//===----------------------------------------------------------------------===//

#include "emulator/EmulatorImpl.h"

#include <cstring>
#include <optional>

#include "backend/schema/UpaParams.h"
#include "emulator/HazardDetector.h"
#include "emulator/HazardFeed.h"
#include "kernels/pool/PoolRunner.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::emu {

using blob::TensorLayout;

/// Never-written memory reads as all-ones bytes: NaN for floating types, so
/// that a missed write shows in the results even without the detector.
static constexpr uint8_t kUninitializedByte = 0xff;

Emulator::Impl::Impl(const blob::BlobFile &file, const arch::ArchDesc &arch,
                     const KernelRegistry &kernels, EmulatorOptions options)
    : file(file), blob(file.get()), arch(arch), kernels(kernels),
      options(options), costModel(arch) {
  unsigned threads = options.threads == 0 ? threading::getDefaultThreadCount()
                                          : options.threads;
  if (threads > 1) {
    pool = std::make_unique<threading::ThreadPool>(threads);
    runner = std::make_unique<kernels::PoolRunner>(*pool);
  }
}

Emulator::Impl::~Impl() = default;

//===----------------------------------------------------------------------===//
// The target, memory regions and tensors
//===----------------------------------------------------------------------===//

uint32_t Emulator::Impl::getRegionId(schema::MemoryLocation location,
                                     uint32_t index) const {
  switch (location) {
  case schema::MemoryLocation::NETWORK_INPUT:
    return inputsBase + index;
  case schema::MemoryLocation::NETWORK_OUTPUT:
    return outputsBase + index;
  case schema::MemoryLocation::CONSTANT:
    return constantsId;
  case schema::MemoryLocation::DDR_SCRATCH:
    return ddrId;
  case schema::MemoryLocation::CMX_NN:
    return cmxBase + index;
  case schema::MemoryLocation::KERNEL_DATA:
    return kernelDataBase + index;
  default:
    // loadBlob rejects every other location.
    return 0;
  }
}

std::string Emulator::Impl::describeTask(uint32_t taskId) const {
  const Task &task = tasks[taskId];
  std::string text =
      executors[task.executor].name + " task " + std::to_string(task.position);
  if (!task.getLocation().empty()) {
    text += " '" + task.getLocation().str() + "'";
  }
  return text;
}

llvm::Error Emulator::Impl::checkTarget() {
  const schema::Resources &resources = *blob.header()->resources();
  auto exceeds = [&](llvm::StringRef what, uint64_t used, uint64_t available) {
    return makeError("the blob uses " + llvm::Twine(used) + " " + what +
                     " but target " + arch.name() + " has " +
                     llvm::Twine(available));
  };
  if (resources.clusters() > static_cast<uint64_t>(arch.nce().clusters())) {
    return exceeds("clusters", resources.clusters(), arch.nce().clusters());
  }
  if (resources.dma_ports() > static_cast<uint64_t>(arch.dma().ports())) {
    return exceeds("DMA ports", resources.dma_ports(), arch.dma().ports());
  }
  if (resources.barriers() > static_cast<uint64_t>(arch.barriers().usable())) {
    return exceeds("physical barriers", resources.barriers(),
                   arch.barriers().usable());
  }
  if (resources.cmx_bytes() >
      static_cast<uint64_t>(arch.cmx().bytes_per_cluster())) {
    return exceeds("bytes of CMX per cluster", resources.cmx_bytes(),
                   arch.cmx().bytes_per_cluster());
  }
  if (!blob.task_lists()) {
    return llvm::Error::success();
  }
  for (const schema::TaskList *list : *blob.task_lists()) {
    bool act = list->executor() == schema::ExecutorKind::ACT_SHAVE;
    bool upa = list->executor() == schema::ExecutorKind::UPA_SHAVE;
    if ((act && arch.shave().kind() != ::vpuc::arch::ACT) ||
        (upa && arch.shave().kind() != ::vpuc::arch::UPA)) {
      return makeError("task list " + blob::getExecutorName(*list) + " needs " +
                       (act ? "ACT" : "UPA") + " SHAVEs, which target " +
                       arch.name() + " does not have");
    }
    if ((act || upa) &&
        resources.shaves() > static_cast<uint64_t>(arch.shave().count())) {
      return exceeds("SHAVEs", resources.shaves(), arch.shave().count());
    }
    if (list->executor() == schema::ExecutorKind::NCE && !costModel.hasDpus()) {
      return makeError("task list " + blob::getExecutorName(*list) +
                       " needs DPUs with an f16 MAC rate, which target " +
                       arch.name() + " does not have");
    }
  }
  return llvm::Error::success();
}

llvm::Error Emulator::Impl::allocateRegions() {
  const schema::Header &header = *blob.header();
  uint32_t numInputs = getNumInputs();
  uint32_t numOutputs = getNumOutputs();
  uint32_t numClusters = header.resources()->clusters();
  uint32_t numKernelData = blob.kernel_data() ? blob.kernel_data()->size() : 0;

  struct Plan {
    std::string name;
    uint64_t size;
    bool readOnly, isDdr;
  };
  std::vector<Plan> plans;
  // Network inputs (read-only) and outputs, with their names.
  for (uint32_t i = 0; i < numInputs + numOutputs; ++i) {
    bool output = i >= numInputs;
    uint32_t index = output ? i - numInputs : i;
    schema::MemoryLocation location =
        output ? schema::MemoryLocation::NETWORK_OUTPUT
               : schema::MemoryLocation::NETWORK_INPUT;
    const schema::NetworkIO &io =
        output ? getOutputDesc(index) : getInputDesc(index);
    plans.push_back(
        {blob::getRegionName(location, index) + " '" + io.name()->str() + "'",
         file.getRegionSize(location, index), !output, true});
  }
  inputsBase = 0;
  outputsBase = numInputs;
  constantsId = plans.size();
  plans.push_back({"CONSTANT",
                   file.getRegionSize(schema::MemoryLocation::CONSTANT, 0),
                   true, true});
  ddrId = plans.size();
  plans.push_back({"DDR_SCRATCH",
                   file.getRegionSize(schema::MemoryLocation::DDR_SCRATCH, 0),
                   false, true});
  cmxBase = plans.size();
  for (uint32_t c = 0; c < numClusters; ++c) {
    plans.push_back({blob::getRegionName(schema::MemoryLocation::CMX_NN, c),
                     header.resources()->cmx_bytes(), false, false});
  }
  kernelDataBase = plans.size();
  for (uint32_t k = 0; k < numKernelData; ++k) {
    plans.push_back(
        {blob::getRegionName(schema::MemoryLocation::KERNEL_DATA, k),
         blob.kernel_data()->Get(k)->data()->size(), false, true});
  }
  uint64_t total = 0;
  for (const Plan &plan : plans) {
    total += plan.size;
    if (plan.size > options.maxMemoryBytes || total > options.maxMemoryBytes) {
      return makeError("the blob's memory regions need more than " +
                       llvm::Twine(options.maxMemoryBytes) +
                       " bytes, the emulator's limit (" + plan.name + ": " +
                       llvm::Twine(plan.size) + " bytes)");
    }
  }
  for (const Plan &plan : plans) {
    Region region;
    region.name = plan.name;
    region.readOnly = plan.readOnly;
    region.isDdr = plan.isDdr;
    region.bytes.assign(plan.size, kUninitializedByte);
    regions.push_back(std::move(region));
  }
  // std::copy_n, not memcpy: an empty section has no data pointer.
  if (blob.constants()) {
    std::copy_n(blob.constants()->data(), blob.constants()->size(),
                regions[constantsId].bytes.begin());
  }
  for (uint32_t k = 0; k < numKernelData; ++k) {
    const auto *data = blob.kernel_data()->Get(k)->data();
    std::copy_n(data->data(), data->size(),
                regions[kernelDataBase + k].bytes.begin());
  }
  for (uint32_t i = 0; i < numInputs + numOutputs; ++i) {
    bool output = i >= numInputs;
    const schema::NetworkIO &io =
        output ? getOutputDesc(i - numInputs) : getInputDesc(i);
    llvm::Expected<TensorLayout> layout =
        blob::getTensorLayout(*io.type(), output ? "output" : "input");
    if (!layout) {
      return layout.takeError();
    }
    (output ? outputLayouts : inputLayouts).push_back(std::move(*layout));
  }
  inputSet.assign(numInputs, false);
  return llvm::Error::success();
}

llvm::Error Emulator::Impl::prepareTensors() {
  if (!blob.tensors()) {
    return llvm::Error::success();
  }
  for (const schema::TensorReference *ref : *blob.tensors()) {
    llvm::Expected<TensorLayout> layout =
        blob::getTensorLayout(*ref->type(), "tensor");
    if (!layout) {
      return layout.takeError();
    }
    Tensor tensor;
    tensor.region = getRegionId(ref->location(), ref->location_index());
    tensor.offset = ref->offset();
    tensor.memDims = layout->getMemShape();
    tensor.memStrides = layout->getMemStrides();
    tensor.layout = std::move(*layout);
    tensors.push_back(std::move(tensor));
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Barriers and tasks
//===----------------------------------------------------------------------===//

void Emulator::Impl::prepareBarriers() {
  barriers.emplace(blob.header()->resources()->barriers(),
                   blob.task_lists() ? blob.task_lists()->size() : 0,
                   [this](uint32_t task) { return describeTask(task); });
  if (!blob.barriers()) {
    return;
  }
  for (const schema::Barrier *entry : *blob.barriers()) {
    barriers->addBarrier(entry->physical_id(), entry->producer_count(),
                         entry->consumer_count());
  }
}

llvm::Error Emulator::Impl::lookupKernel(Task &task, llvm::StringRef name,
                                         const std::string &what) {
  task.kernel = kernels.lookup(name);
  if (!task.kernel) {
    return makeError(what + ": kernel '" + name +
                     "' is not implemented by the emulator (it has: " +
                     llvm::join(kernels.getNames(), ", ") + ")");
  }
  return llvm::Error::success();
}

llvm::Error Emulator::Impl::prepareActTask(Task &task,
                                           const std::string &what) {
  uint32_t index = task.task->kind_as_ActKernelTask()->invocation();
  const schema::ActKernelInvocation &invocation =
      *blob.act_invocations()->Get(index);
  const schema::ActKernel &actKernel =
      *blob.act_kernels()->Get(invocation.kernel());
  std::string name = actKernel.name()->str();
  if (llvm::Error error = lookupKernel(task, name, what)) {
    return error;
  }
  uint32_t argsSize = abi::getPackedArgSize(task.kernel->signature.data(),
                                            task.kernel->signature.size());
  const schema::KernelDataReference &data = *invocation.data();
  if (invocation.args_offset() + uint64_t(argsSize) > data.size()) {
    return makeError(what + ": the arguments of kernel '" + name + "' (" +
                     llvm::Twine(argsSize) + " bytes at offset " +
                     llvm::Twine(invocation.args_offset()) +
                     ") do not fit its data window of " +
                     llvm::Twine(data.size()) + " bytes");
  }
  Region &dataRegion = regions[kernelDataBase + data.buffer()];
  Region &cmx = regions[cmxBase + invocation.tile()];
  // The reference targets' kernels have no code: WIN_D is then empty.
  if (const schema::KernelDataReference *text = actKernel.text()) {
    Region &textRegion = regions[kernelDataBase + text->buffer()];
    task.windows.push_back(
        {abi::kWinDBase, text->size(), textRegion.bytes.data() + text->offset(),
         kernelDataBase + text->buffer(), text->offset(),
         /*writable=*/false, "WIN_D (kernel '" + name + "' text)"});
  }
  task.windows.push_back(
      {abi::kWinEBase, data.size(), dataRegion.bytes.data() + data.offset(),
       kernelDataBase + data.buffer(), data.offset(),
       /*writable=*/true,
       "WIN_E (invocation " + std::to_string(index) + " data)"});
  task.windows.push_back(
      {abi::kWinFBase, std::min<uint64_t>(cmx.bytes.size(), abi::kWindowSize),
       cmx.bytes.data(), cmxBase + invocation.tile(), 0,
       /*writable=*/true, "WIN_F (" + cmx.name + ")"});
  uint8_t *dataHost = dataRegion.bytes.data() + data.offset();
  task.args = dataHost + invocation.args_offset();
  // The relocated tensors: mapped outside the windows, their addresses
  // written into the descriptors when the task runs (loadBlob has checked
  // the descriptors).
  if (const auto *relocations = invocation.relocations()) {
    uint64_t next = abi::kTensorWindowsBase;
    for (const schema::ActRelocation *relocation : *relocations) {
      // Outputs are writable unless their region is read-only (writes to
      // such a tensor are then out-of-bounds accesses).
      llvm::Expected<uint32_t> address =
          mapTensor(task, relocation->tensor(), /*write=*/true, next, what);
      if (!address) {
        return address.takeError();
      }
      task.relocations.push_back({dataHost + relocation->descriptor() +
                                      offsetof(abi::MemRefData, dataAddr),
                                  *address});
    }
  }
  return llvm::Error::success();
}

llvm::Expected<uint32_t> Emulator::Impl::mapTensor(Task &task,
                                                   uint32_t tensorId,
                                                   bool write, uint64_t &next,
                                                   const std::string &what) {
  const Tensor &tensor = tensors[tensorId];
  uint64_t size = tensor.layout.spanBytes;
  if (size > abi::kWindowSize) {
    return makeError(what + ": tensor " + llvm::Twine(tensorId) + " (" +
                     llvm::Twine(size) +
                     " bytes) is larger than a SHAVE tensor window (" +
                     llvm::Twine(abi::kWindowSize) + " bytes)");
  }
  if (next + size > abi::kTensorWindowsEnd) {
    return makeError(what + ": tensor " + llvm::Twine(tensorId) +
                     " does not fit the 32-bit address space of the "
                     "SHAVEs next to the other tensors the task maps");
  }
  Region &region = regions[tensor.region];
  auto address = static_cast<uint32_t>(next);
  // A zero-element tensor maps no bytes (kernels never touch its data).
  task.windows.push_back(
      {address, size, size > 0 ? region.bytes.data() + tensor.offset : nullptr,
       tensor.region, tensor.offset, write && !region.readOnly,
       "window of tensor " + std::to_string(tensorId) + " (" + region.name +
           ")"});
  next = abi::getNextTensorWindow(next, size);
  return address;
}

llvm::Error Emulator::Impl::prepareUpaTask(Task &task,
                                           const std::string &what) {
  const schema::UpaLayerTask &upa = *task.task->kind_as_UpaLayerTask();
  if (llvm::Error error = lookupKernel(task, upa.kernel()->str(), what)) {
    return error;
  }
  task.shaves = upa.max_shaves();
  // Map every operand into a window of its own and describe it.
  abi::ArgPacker packer(abi::kWinEBase);
  uint64_t next = abi::kTensorWindowsBase;
  auto addOperand = [&](uint32_t tensorId, bool output) -> llvm::Error {
    llvm::Expected<uint32_t> address =
        mapTensor(task, tensorId, output, next, what);
    if (!address) {
      return address.takeError();
    }
    const Tensor &tensor = tensors[tensorId];
    std::vector<int64_t> dims(tensor.memDims.begin(), tensor.memDims.end());
    std::vector<int64_t> strides(tensor.memStrides.begin(),
                                 tensor.memStrides.end());
    packer.addMemRef(output ? abi::ArgKind::MemRefOut : abi::ArgKind::MemRefIn,
                     *address, dims, strides,
                     static_cast<abi::DataType>(tensor.layout.dtype),
                     tensor.layout.order.code());
    return llvm::Error::success();
  };
  for (uint32_t tensorId : *upa.inputs()) {
    if (llvm::Error error = addOperand(tensorId, false)) {
      return error;
    }
  }
  for (uint32_t tensorId : *upa.outputs()) {
    if (llvm::Error error = addOperand(tensorId, true)) {
      return error;
    }
  }
  if (llvm::Error error = schema::packUpaParams(upa, packer)) {
    return makeError(what + ": " + llvm::toString(std::move(error)));
  }
  if (llvm::Error error = checkSignature(*task.kernel, packer.getSignature(),
                                         "the UPA layer gives")) {
    return makeError(what + ": " + llvm::toString(std::move(error)));
  }
  task.ownedArgs = packer.finish();
  task.windows.push_back({abi::kWinEBase, task.ownedArgs.size(),
                          task.ownedArgs.data(), kNoRegion, 0,
                          /*writable=*/false, "argument buffer"});
  task.args = task.ownedArgs.data();
  return llvm::Error::success();
}

llvm::Error Emulator::Impl::prepareNceTask(Task &task,
                                           const std::string &what) {
  task.nce = task.task->kind_as_NceClusterTask();
  // The MACs run at the rate of the input's element type (INT8 since 2.1).
  std::string inType =
      blob::getDTypeName(tensors[task.nce->invariant()->input()].layout.dtype);
  if (costModel.getDpuMacsPerCycle(inType) <= 0) {
    return makeError(what + ": target " + arch.name() + " has no " + inType +
                     " MAC rate (nce.mac_rates) for the task's " + inType +
                     " input");
  }
  const auto &variants = *task.nce->variants();
  auto dpus = static_cast<uint64_t>(arch.nce().dpus_per_cluster());
  for (uint32_t v = 0; v < variants.size(); ++v) {
    uint32_t dpu = variants.Get(v)->dpu();
    if (dpu >= dpus) {
      return makeError(what + ", variant " + llvm::Twine(v) + ": DPU " +
                       llvm::Twine(dpu) + " out of range: target " +
                       arch.name() + " has " + llvm::Twine(dpus) +
                       " DPUs per cluster");
    }
    task.variantDpus.push_back(0);
    dpuIndex.try_emplace({task.executor, dpu}, 0);
    const char *mode = schema::EnumNameMpeMode(variants.Get(v)->mpe_mode());
    const cost::MpeMode *mpe = costModel.findMpeMode(mode);
    if (!mpe) {
      return makeError(what + ", variant " + llvm::Twine(v) + ": MPE mode " +
                       mode + ", which target " + arch.name() +
                       " does not have (nce.mpe_modes)");
    }
    task.variantModes.push_back(mpe);
  }
  return llvm::Error::success();
}

llvm::Error Emulator::Impl::prepareTasks() {
  if (!blob.task_lists()) {
    return llvm::Error::success();
  }
  uint32_t numLists = blob.task_lists()->size();
  // Tasks hold pointers into their own argument buffers: no reallocation.
  size_t numTasks = 0;
  for (const schema::TaskList *list : *blob.task_lists()) {
    numTasks += list->tasks()->size();
  }
  tasks.reserve(numTasks);
  for (uint32_t l = 0; l < numLists; ++l) {
    const schema::TaskList &list = *blob.task_lists()->Get(l);
    Executor executor;
    executor.name = blob::getExecutorName(list);
    executor.summary.name = executor.name;
    executors.push_back(std::move(executor));
  }
  for (uint32_t l = 0; l < numLists; ++l) {
    const schema::TaskList &list = *blob.task_lists()->Get(l);
    for (uint32_t p = 0, n = list.tasks()->size(); p < n; ++p) {
      Task task;
      task.executor = l;
      task.position = p;
      task.task = list.tasks()->Get(p);
      task.kind = task.task->kind_type();
      uint32_t id = tasks.size();
      executors[l].tasks.push_back(id);
      tasks.push_back(std::move(task));
      Task &added = tasks.back();
      if (llvm::Error error = prepareTask(added, describeTask(id))) {
        return error;
      }
      // The runtime counts an NCE task once per variant on its barriers.
      auto ids = [](const flatbuffers::Vector<uint32_t> *list) {
        return list ? llvm::SmallVector<uint32_t, 4>(list->begin(), list->end())
                    : llvm::SmallVector<uint32_t, 4>();
      };
      barriers->addTask(ids(added.task->wait_barriers()),
                        ids(added.task->update_barriers()),
                        added.nce ? added.nce->variants()->size() : 1);
    }
  }
  return llvm::Error::success();
}

llvm::Error Emulator::Impl::prepareTask(Task &task, const std::string &what) {
  switch (task.kind) {
  case schema::TaskKind::DmaTask: {
    const schema::DmaTask &dma = *task.task->kind_as_DmaTask();
    task.src = dma.src();
    task.dst = dma.dst();
    task.destinations = {task.dst};
    if (dma.broadcast() && dma.broadcast()->size() > 0) {
      if (!arch.dma().broadcast()) {
        return makeError(what + ": a broadcast DMA, but the DMA engines of " +
                         arch.name() + " do not broadcast");
      }
      task.destinations.append(dma.broadcast()->begin(),
                               dma.broadcast()->end());
    }
    const Tensor &src = tensors[task.src];
    const Tensor &dst = tensors[task.dst];
    for (int64_t d = 0; d < dst.memDims.rank(); ++d) {
      task.srcStrides.push_back(
          src.layout.strides[dst.layout.order.dimAt(shape::MemDim(d))]);
    }
    return llvm::Error::success();
  }
  case schema::TaskKind::ActKernelTask:
    return prepareActTask(task, what);
  case schema::TaskKind::UpaLayerTask:
    return prepareUpaTask(task, what);
  case schema::TaskKind::NceClusterTask:
    return prepareNceTask(task, what);
  default:
    return makeError(what + ": unsupported task kind");
  }
}

//===----------------------------------------------------------------------===//
// Preparation
//===----------------------------------------------------------------------===//

llvm::Error Emulator::Impl::prepare() {
  if (llvm::Error error = checkTarget()) {
    return error;
  }
  if (llvm::Error error = allocateRegions()) {
    return error;
  }
  if (llvm::Error error = prepareTensors()) {
    return error;
  }
  prepareBarriers();
  if (llvm::Error error = prepareTasks()) {
    return error;
  }
  // The DPUs in (executor, DPU) order.
  for (auto &[key, index] : dpuIndex) {
    index = report.dpus.size();
    DpuSummary summary;
    summary.name =
        executors[key.first].name + ".DPU" + std::to_string(key.second);
    report.dpus.push_back(std::move(summary));
  }
  for (Task &task : tasks) {
    if (!task.nce) {
      continue;
    }
    for (uint32_t v = 0; v < task.variantDpus.size(); ++v) {
      task.variantDpus[v] =
          dpuIndex.at({task.executor, task.nce->variants()->Get(v)->dpu()});
    }
  }
  VectorClock zero(executors.size(), 0);
  for (Executor &executor : executors) {
    executor.clock = zero;
  }
  if (options.hazardCheck) {
    std::vector<uint32_t> taskExecutor, taskPosition;
    for (const Task &task : tasks) {
      taskExecutor.push_back(task.executor);
      taskPosition.push_back(task.position);
    }
    detector = std::make_unique<HazardDetector>(
        std::move(taskExecutor), std::move(taskPosition),
        [this](uint32_t task) { return describeTask(task); });
    for (uint32_t r = 0; r < regions.size(); ++r) {
      // Inputs are marked written when they are set.
      bool hostWritten =
          r == constantsId ||
          (r >= kernelDataBase &&
           r < kernelDataBase +
                   (blob.kernel_data() ? blob.kernel_data()->size() : 0));
      detector->addRegion(regions[r].name, hostWritten,
                          regions[r].bytes.size());
    }
  }
  report.frequencyMhz = costModel.getFrequencyMhz();
  // DDR, then the CMX of each cluster.
  resourceCapacity.assign(1, costModel.getDdrBytesPerCycle());
  resourceCapacity.resize(1 + (kernelDataBase - cmxBase),
                          costModel.getCmxBytesPerCycle());
  taskCosts.assign(tasks.size(), TaskCost());
  taskRecords.assign(tasks.size(), 0);
  taskVariants.assign(tasks.size(), 0);
  regionPeak.assign(regions.size(), 0);
  constantRead = ByteRangeSet();
  Roofline &roofline = report.roofline;
  roofline.peakMacsPerCycle = costModel.getPeakMacsPerCycle("f16");
  if (const auto *counts = blob.header()->network_macs()) {
    roofline.hasNetworkMacs = true;
    for (const schema::MacCount *count : *counts) {
      std::string type = count->element_type()->str();
      double peak = costModel.getPeakMacsPerCycle(type);
      if (peak <= 0) {
        peak = roofline.peakMacsPerCycle;
      }
      if (peak > 0) {
        roofline.networkCycles += static_cast<double>(count->macs()) / peak;
      }
      roofline.networkMacs.push_back({type, count->macs()});
    }
  }
  if (std::optional<uint64_t> bytes = blob.header()->network_weight_bytes()) {
    roofline.networkWeightBytes = *bytes;
  }
  roofline.ddrBytesPerCycle = costModel.getDdrBytesPerCycle();
  for (const TensorLayout &layout : inputLayouts) {
    roofline.inputBytes += getElementBytes(layout);
  }
  for (const TensorLayout &layout : outputLayouts) {
    roofline.outputBytes += getElementBytes(layout);
  }
  report.virtualBarriers = barriers->getNumBarriers();
  report.physicalBarriersUsed = barriers->getNumPhysicalUsed();
  return llvm::Error::success();
}

} // namespace mlir::vpuc::emu
