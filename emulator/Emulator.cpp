//===- Emulator.cpp - Executes vpuc blobs ---------------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Preparation (regions, tensors, barriers, executors, kernel windows and
// arguments), the discrete-event run over the barrier state machine
// (Barriers.h), and the functional part of DMA and software tasks. See
// Emulator.h for the model.
//
//===----------------------------------------------------------------------===//

#include "emulator/Emulator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <queue>

#include "backend/blob/TensorLayout.h"
#include "backend/schema/UpaParams.h"
#include "core/numeric/Float16.h"
#include "core/shape/StridedCopy.h"
#include "emulator/Barriers.h"
#include "emulator/CostModel.h"
#include "emulator/HazardDetector.h"
#include "emulator/NceExecution.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::emu {

namespace schema = ::vpuc::schema;
using blob::TensorLayout;
using shape::Dim;
using shape::MemDim;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Never-written memory reads as all-ones bytes: NaN for floating types, so
/// that a missed write shows in the results even without the detector.
static constexpr uint8_t kUninitializedByte = 0xff;

/// Where the runtime maps tensors for software layers (the operands of UPA
/// layers, the relocated tensors of ACT invocations) in the 32-bit space:
/// above the three windows, each at a multiple of the alignment.
static constexpr uint64_t kTensorWindowsBase = 0x20000000;
static constexpr uint64_t kTensorWindowAlignment = 0x10000;

//===----------------------------------------------------------------------===//
// RunReport
//===----------------------------------------------------------------------===//

double RunReport::toMicroseconds(double cycles) const {
  return frequencyMhz > 0 ? cycles / frequencyMhz : 0;
}

void RunReport::printSummary(llvm::raw_ostream &os) const {
  size_t numTasks = tasks.size();
  os << "ran " << numTasks << (numTasks == 1 ? " task" : " tasks") << " in "
     << llvm::format("%.3f", toMicroseconds(totalCycles)) << " us ("
     << llvm::format("%.0f", totalCycles) << " cycles at "
     << llvm::format("%.0f", frequencyMhz) << " MHz)";
  if (!completed) {
    os << ", INCOMPLETE";
  }
  os << "\n";
  os << llvm::left_justify("executor", 10) << llvm::right_justify("tasks", 7)
     << llvm::right_justify("busy_us", 12) << llvm::right_justify("end_us", 12)
     << llvm::right_justify("busy", 8) << "\n";
  for (const ExecutorSummary &executor : executors) {
    double share =
        totalCycles > 0 ? 100.0 * executor.busyCycles / totalCycles : 0.0;
    os << llvm::left_justify(executor.name, 10)
       << llvm::right_justify(std::to_string(executor.tasks), 7)
       << llvm::format("%12.3f", toMicroseconds(executor.busyCycles))
       << llvm::format("%12.3f", toMicroseconds(executor.endCycles))
       << llvm::format("%7.1f%%", share) << "\n";
  }
  if (!dpus.empty()) {
    os << llvm::left_justify("dpu", 12) << llvm::right_justify("variants", 9)
       << llvm::right_justify("busy_us", 12) << llvm::right_justify("busy", 8)
       << "\n";
    for (const DpuSummary &dpu : dpus) {
      double share =
          totalCycles > 0 ? 100.0 * dpu.busyCycles / totalCycles : 0.0;
      os << llvm::left_justify(dpu.name, 12)
         << llvm::right_justify(std::to_string(dpu.variants), 9)
         << llvm::format("%12.3f", toMicroseconds(dpu.busyCycles))
         << llvm::format("%7.1f%%", share) << "\n";
    }
  }
  os << "roofline: " << llvm::format("%.3f", getRooflineRatio())
     << " (lower bound "
     << llvm::format("%.3f", toMicroseconds(roofline.getLowerBoundCycles()))
     << " us / latency " << llvm::format("%.3f", toMicroseconds(totalCycles))
     << " us)\n";
  os << "  nce: " << roofline.nceMacs << " MACs at "
     << llvm::format("%.0f", roofline.peakMacsPerCycle) << " MACs/cycle = "
     << llvm::format("%.3f", toMicroseconds(roofline.getComputeCycles()))
     << " us\n";
  os << "  ddr: " << roofline.getCompulsoryDdrBytes() << " bytes (inputs "
     << roofline.inputBytes << ", outputs " << roofline.outputBytes
     << ", constants read " << roofline.constantBytesRead << ") at "
     << llvm::format("%.3f", roofline.ddrBytesPerCycle) << " bytes/cycle = "
     << llvm::format("%.3f", toMicroseconds(roofline.getDdrCycles()))
     << " us\n";
  os << "cmx peak:";
  for (size_t c = 0; c < cmxPeakBytes.size(); ++c) {
    os << (c ? ", " : " ") << "CMX_NN[" << c << "] " << cmxPeakBytes[c]
       << " bytes";
  }
  if (cmxPeakBytes.empty()) {
    os << " no CMX";
  }
  os << "\n";
  os << "barriers: " << virtualBarriers << " virtual on "
     << physicalBarriersUsed << " physical\n";
  os << "ddr scratch dmas (spills and round trips): " << scratch.toDdr
     << " CMX->DDR (" << scratch.toDdrBytes << " bytes), " << scratch.fromDdr
     << " DDR->CMX (" << scratch.fromDdrBytes << " bytes)\n";
}

/// "DMA" of "DMA1", "ACT" of "ACT1.0".
static llvm::StringRef getExecutorKind(llvm::StringRef name) {
  return name.take_while([](char c) { return !llvm::isDigit(c); });
}

void RunReport::printProfile(llvm::raw_ostream &os, size_t count) const {
  // Per kind, in the order of the executors: busy cycles and tasks by layer.
  struct Layer {
    double busy = 0;
    uint32_t tasks = 0;
  };
  struct Kind {
    std::string name;
    double busy = 0;
    uint32_t tasks = 0;
    std::map<std::string, Layer> layers;
  };
  std::vector<Kind> kinds;
  auto kindOf = [&](llvm::StringRef executor) -> Kind & {
    llvm::StringRef name = getExecutorKind(executor);
    for (Kind &kind : kinds) {
      if (kind.name == name) {
        return kind;
      }
    }
    kinds.push_back({name.str(), 0, 0, {}});
    return kinds.back();
  };
  for (const ExecutorSummary &executor : executors) {
    kindOf(executor.name);
  }
  for (const TaskRecord &task : tasks) {
    const std::string &executor = executors[task.executor].name;
    Kind &kind = kindOf(executor);
    double busy = task.endCycles - task.startCycles;
    std::string layer = !task.location.empty()
                            ? task.location
                            : executor + " task " +
                                  std::to_string(task.position);
    Layer &entry = kind.layers[layer];
    entry.busy += busy;
    entry.tasks += 1;
    kind.busy += busy;
    kind.tasks += 1;
  }
  os << "profile: the " << count
     << " layers with the largest busy time per executor kind\n";
  for (const Kind &kind : kinds) {
    os << kind.name << ": " << kind.tasks
       << (kind.tasks == 1 ? " task" : " tasks") << ", busy "
       << llvm::format("%.3f", toMicroseconds(kind.busy)) << " us\n";
    std::vector<std::pair<std::string, Layer>> sorted(kind.layers.begin(),
                                                      kind.layers.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto &a, const auto &b) {
                       return a.second.busy > b.second.busy;
                     });
    if (sorted.empty()) {
      continue;
    }
    os << "  " << llvm::right_justify("busy_us", 12)
       << llvm::right_justify("share", 8) << llvm::right_justify("tasks", 7)
       << "  layer\n";
    for (size_t i = 0; i < std::min(count, sorted.size()); ++i) {
      const Layer &layer = sorted[i].second;
      double share = kind.busy > 0 ? 100.0 * layer.busy / kind.busy : 0.0;
      os << "  " << llvm::format("%12.3f", toMicroseconds(layer.busy))
         << llvm::format("%7.1f%%", share)
         << llvm::right_justify(std::to_string(layer.tasks), 7) << "  "
         << sorted[i].first << "\n";
    }
  }
}

double Roofline::getComputeCycles() const {
  return peakMacsPerCycle > 0 ? static_cast<double>(nceMacs) / peakMacsPerCycle
                              : 0.0;
}

double Roofline::getDdrCycles() const {
  return ddrBytesPerCycle > 0
             ? static_cast<double>(getCompulsoryDdrBytes()) / ddrBytesPerCycle
             : 0.0;
}

double Roofline::getLowerBoundCycles() const {
  return std::max(getComputeCycles(), getDdrCycles());
}

double RunReport::getRooflineRatio() const {
  return totalCycles > 0 ? roofline.getLowerBoundCycles() / totalCycles : 0.0;
}

void RunReport::printProblems(llvm::raw_ostream &os) const {
  for (const Problem &problem : problems) {
    os << "error: [" << getProblemKindName(problem.kind) << "] "
       << problem.message << "\n";
  }
  if (droppedProblems > 0) {
    os << "error: ... and " << droppedProblems << " more problems\n";
  }
}

//===----------------------------------------------------------------------===//
// Emulator::Impl
//===----------------------------------------------------------------------===//

namespace {

/// A memory region.
struct Region {
  std::string name;
  std::vector<uint8_t> bytes;
  bool readOnly = false;
  /// DDR-side (for DMA bandwidth): everything but CMX.
  bool isDdr = true;
};

/// A tensor reference resolved to a region.
struct Tensor {
  uint32_t region = 0;
  uint64_t offset = 0;
  TensorLayout layout;
  shape::MemShape memDims;
  shape::MemStrides memStrides;
};

/// A task, prepared.
struct Task {
  uint32_t executor = 0;
  uint32_t position = 0;
  const schema::Task *task = nullptr;
  schema::TaskKind kind = schema::TaskKind::NONE;
  // DMA.
  uint32_t src = 0, dst = 0;
  // Software layers.
  const KernelInfo *kernel = nullptr;
  llvm::SmallVector<Window, 4> windows;
  /// The packed parameter struct (host memory).
  const uint8_t *args = nullptr;
  /// UPA: the argument buffer the runtime built.
  std::vector<uint8_t> ownedArgs;
  /// ACT: the relocated descriptors' dataAddr fields (host memory in the
  /// invocation's data) and the addresses the runtime writes there before
  /// the kernel runs.
  llvm::SmallVector<std::pair<uint8_t *, uint32_t>, 2> relocations;
  uint32_t shaves = 1;
  // NCE.
  const schema::NceClusterTask *nce = nullptr;
  /// DpuSummary index of each variant.
  llvm::SmallVector<uint32_t, 4> variantDpus;
};

struct Executor {
  std::string name;
  std::vector<uint32_t> tasks;
  size_t next = 0;
  bool busy = false;
  /// Clock of the end of the last finished task.
  VectorClock clock;
  /// Clock of the end of the running task.
  VectorClock runningEnd;
  ExecutorSummary summary;
};

struct Event {
  double time;
  uint64_t sequence;
  enum Kind { Finish, Release } kind;
  uint32_t id;
  bool operator>(const Event &other) const {
    return time != other.time ? time > other.time : sequence > other.sequence;
  }
};

} // namespace

class Emulator::Impl {
public:
  Impl(const blob::BlobFile &file, const arch::ArchDesc &arch,
       const KernelRegistry &kernels, EmulatorOptions options)
      : file(file), blob(file.get()), arch(arch), kernels(kernels),
        options(options), costModel(arch) {}

  llvm::Error prepare();
  llvm::Error setInput(unsigned index, const npy::Array &array);
  llvm::Expected<const RunReport &> run();
  npy::Array getOutput(unsigned index) const;
  llvm::Error writeTrace(llvm::StringRef path) const;
  std::string describeTask(uint32_t task) const;
  std::string describeTask(uint32_t executor, uint32_t position) const {
    return describeTask(executors[executor].tasks[position]);
  }

  const schema::Blob &getBlob() const { return blob; }

private:
  // Preparation.
  llvm::Error checkTarget();
  llvm::Error allocateRegions();
  llvm::Error prepareTensors();
  void prepareBarriers();
  llvm::Error prepareTasks();
  llvm::Error prepareActTask(Task &task, const std::string &what);
  llvm::Error prepareUpaTask(Task &task, const std::string &what);
  llvm::Expected<uint32_t> mapTensor(Task &task, uint32_t tensorId, bool write,
                                     uint64_t &next, const std::string &what);
  uint32_t getRegionId(schema::MemoryLocation location, uint32_t index) const;

  // Running.
  void start(uint32_t taskId, double now);
  void finish(uint32_t taskId, double now);
  double execute(uint32_t taskId, const VectorClock &clock);
  double executeDma(Task &task);
  double executeKernel(uint32_t taskId, Task &task);
  double executeNce(uint32_t taskId, Task &task);
  llvm::Error prepareNceTask(Task &task, const std::string &what);
  void problem(ProblemKind kind, std::string message);
  void finishReport();

  const blob::BlobFile &file;
  const schema::Blob &blob;
  const arch::ArchDesc &arch;
  const KernelRegistry &kernels;
  EmulatorOptions options;
  CostModel costModel;

  std::vector<Region> regions;
  uint32_t inputsBase = 0, outputsBase = 0, constantsId = 0, ddrId = 0,
           cmxBase = 0, kernelDataBase = 0;
  std::vector<Tensor> tensors;
  std::vector<TensorLayout> inputLayouts, outputLayouts;
  std::vector<bool> inputSet;
  std::vector<Task> tasks;
  std::vector<Executor> executors;
  std::optional<Barriers> barriers;
  std::unique_ptr<HazardDetector> detector;

  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events;
  uint64_t sequence = 0;
  std::vector<Problem> runProblems;
  size_t droppedRunProblems = 0;
  bool ran = false;
  /// Bytes or elements of the task being executed (for its record).
  uint64_t lastAmount = 0;
  /// Start of the task being executed.
  double currentStart = 0;
  /// DpuSummary index by (executor, DPU).
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> dpuIndex;
  /// Per region, one past the highest byte a task touched.
  std::vector<uint64_t> regionPeak;
  /// The bytes of the constant section tasks read.
  std::vector<bool> constantRead;
  RunReport report;

  /// Records that a task touches bytes [begin, end) of `region`.
  void touch(uint32_t region, uint64_t begin, uint64_t end) {
    if (region < regionPeak.size() && end > begin) {
      regionPeak[region] = std::max(regionPeak[region], end);
    }
  }
  /// Records a task's read of a layout in `region` (for the constants read).
  void noteRead(uint32_t region, uint64_t offset, const shape::MemShape &dims,
                const shape::MemStrides &strides, int64_t elemBits);
};

//===----------------------------------------------------------------------===//
// Preparation
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
  if (task.task->location() && task.task->location()->size() > 0) {
    text += " '" + task.task->location()->str() + "'";
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
  uint32_t numInputs = header.inputs() ? header.inputs()->size() : 0;
  uint32_t numOutputs = header.outputs() ? header.outputs()->size() : 0;
  uint32_t numClusters = header.resources()->clusters();
  uint32_t numKernelData = blob.kernel_data() ? blob.kernel_data()->size() : 0;

  struct Plan {
    std::string name;
    uint64_t size;
    bool readOnly, isDdr;
  };
  std::vector<Plan> plans;
  auto ioName = [](const schema::NetworkIO *io, const std::string &region) {
    return region + " '" + io->name()->str() + "'";
  };
  inputsBase = 0;
  for (uint32_t i = 0; i < numInputs; ++i) {
    plans.push_back(
        {ioName(header.inputs()->Get(i),
                blob::getRegionName(schema::MemoryLocation::NETWORK_INPUT, i)),
         file.getRegionSize(schema::MemoryLocation::NETWORK_INPUT, i), true,
         true});
  }
  outputsBase = plans.size();
  for (uint32_t i = 0; i < numOutputs; ++i) {
    plans.push_back(
        {ioName(header.outputs()->Get(i),
                blob::getRegionName(schema::MemoryLocation::NETWORK_OUTPUT, i)),
         file.getRegionSize(schema::MemoryLocation::NETWORK_OUTPUT, i), false,
         true});
  }
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
  if (blob.constants()) {
    std::memcpy(regions[constantsId].bytes.data(), blob.constants()->data(),
                blob.constants()->size());
  }
  for (uint32_t k = 0; k < numKernelData; ++k) {
    const auto *data = blob.kernel_data()->Get(k)->data();
    std::memcpy(regions[kernelDataBase + k].bytes.data(), data->data(),
                data->size());
  }
  for (uint32_t i = 0; i < numInputs; ++i) {
    llvm::Expected<TensorLayout> layout =
        blob::getTensorLayout(*header.inputs()->Get(i)->type(), "input");
    if (!layout) {
      return layout.takeError();
    }
    inputLayouts.push_back(std::move(*layout));
  }
  for (uint32_t i = 0; i < numOutputs; ++i) {
    llvm::Expected<TensorLayout> layout =
        blob::getTensorLayout(*header.outputs()->Get(i)->type(), "output");
    if (!layout) {
      return layout.takeError();
    }
    outputLayouts.push_back(std::move(*layout));
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

llvm::Error Emulator::Impl::prepareActTask(Task &task,
                                           const std::string &what) {
  uint32_t index = task.task->kind_as_ActKernelTask()->invocation();
  const schema::ActKernelInvocation &invocation =
      *blob.act_invocations()->Get(index);
  const schema::ActKernel &actKernel =
      *blob.act_kernels()->Get(invocation.kernel());
  std::string name = actKernel.name()->str();
  task.kernel = kernels.lookup(name);
  if (!task.kernel) {
    return makeError(what + ": kernel '" + name +
                     "' is not implemented by the emulator (it has: " +
                     llvm::join(kernels.getNames(), ", ") + ")");
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
  const schema::KernelDataReference &text = *actKernel.text();
  Region &textRegion = regions[kernelDataBase + text.buffer()];
  Region &dataRegion = regions[kernelDataBase + data.buffer()];
  Region &cmx = regions[cmxBase + invocation.tile()];
  task.windows.push_back(
      {abi::kWinDBase, text.size(), textRegion.bytes.data() + text.offset(),
       kernelDataBase + text.buffer(), text.offset(),
       /*writable=*/false, "WIN_D (kernel '" + name + "' text)"});
  task.windows.push_back(
      {abi::kWinEBase, data.size(), dataRegion.bytes.data() + data.offset(),
       kernelDataBase + data.buffer(), data.offset(),
       /*writable=*/true,
       "WIN_E (invocation " + std::to_string(index) + " data)"});
  task.windows.push_back(
      {abi::kWinFBase, std::min<uint64_t>(cmx.bytes.size(), abi::kWindowSize),
       cmx.bytes.data(), cmxBase + invocation.tile(), 0,
       /*writable=*/true, "WIN_F (" + cmx.name + ")"});
  task.args = task.windows[1].host + invocation.args_offset();
  // The relocated tensors: mapped outside the windows, their addresses
  // written into the descriptors when the task runs (loadBlob has checked
  // the descriptors).
  if (const auto *relocations = invocation.relocations()) {
    uint64_t next = kTensorWindowsBase;
    for (const schema::ActRelocation *relocation : *relocations) {
      // Outputs are writable unless their region is read-only (writes to
      // such a tensor are then out-of-bounds accesses).
      llvm::Expected<uint32_t> address =
          mapTensor(task, relocation->tensor(), /*write=*/true, next, what);
      if (!address) {
        return address.takeError();
      }
      task.relocations.push_back({task.windows[1].host +
                                      relocation->descriptor() +
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
  if (size > abi::kWindowSize || next + size > 0x100000000ull) {
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
  next = (next + std::max<uint64_t>(size, 1) + kTensorWindowAlignment - 1) /
         kTensorWindowAlignment * kTensorWindowAlignment;
  return address;
}

llvm::Error Emulator::Impl::prepareUpaTask(Task &task,
                                           const std::string &what) {
  const schema::UpaLayerTask &upa = *task.task->kind_as_UpaLayerTask();
  std::string name = upa.kernel()->str();
  task.kernel = kernels.lookup(name);
  if (!task.kernel) {
    return makeError(what + ": kernel '" + name +
                     "' is not implemented by the emulator (it has: " +
                     llvm::join(kernels.getNames(), ", ") + ")");
  }
  task.shaves = upa.max_shaves();
  // Map every operand into a window of its own and describe it.
  abi::ArgPacker packer(abi::kWinEBase);
  uint64_t next = kTensorWindowsBase;
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
      std::string what = describeTask(id);
      switch (added.kind) {
      case schema::TaskKind::DmaTask:
        added.src = added.task->kind_as_DmaTask()->src();
        added.dst = added.task->kind_as_DmaTask()->dst();
        break;
      case schema::TaskKind::ActKernelTask:
        if (llvm::Error error = prepareActTask(added, what)) {
          return error;
        }
        break;
      case schema::TaskKind::UpaLayerTask:
        if (llvm::Error error = prepareUpaTask(added, what)) {
          return error;
        }
        break;
      case schema::TaskKind::NceClusterTask:
        if (llvm::Error error = prepareNceTask(added, what)) {
          return error;
        }
        break;
      default:
        return makeError(what + ": unsupported task kind");
      }
      // The runtime counts an NCE task once per variant on its barriers.
      llvm::SmallVector<uint32_t, 4> waits, updates;
      if (added.task->wait_barriers()) {
        waits.assign(added.task->wait_barriers()->begin(),
                     added.task->wait_barriers()->end());
      }
      if (added.task->update_barriers()) {
        updates.assign(added.task->update_barriers()->begin(),
                       added.task->update_barriers()->end());
      }
      barriers->addTask(waits, updates,
                        added.nce ? added.nce->variants()->size() : 1);
    }
  }
  return llvm::Error::success();
}

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
  regionPeak.assign(regions.size(), 0);
  constantRead.assign(regions[constantsId].bytes.size(), false);
  Roofline &roofline = report.roofline;
  roofline.peakMacsPerCycle = static_cast<double>(
      arch::getMacsPerCycle(arch, "f16") * arch.nce().dpus_per_cluster() *
      arch.nce().clusters());
  roofline.ddrBytesPerCycle = arch::getDdrBytesPerCycle(arch);
  auto elementBytes = [](const TensorLayout &layout) {
    return static_cast<uint64_t>(
        (layout.getNumElements() * layout.elemBits + 7) / 8);
  };
  for (const TensorLayout &layout : inputLayouts) {
    roofline.inputBytes += elementBytes(layout);
  }
  for (const TensorLayout &layout : outputLayouts) {
    roofline.outputBytes += elementBytes(layout);
  }
  report.virtualBarriers = barriers->getNumBarriers();
  report.physicalBarriersUsed = barriers->getNumPhysicalUsed();
  return llvm::Error::success();
}

void Emulator::Impl::noteRead(uint32_t region, uint64_t offset,
                              const shape::MemShape &dims,
                              const shape::MemStrides &strides,
                              int64_t elemBits) {
  if (region != constantsId) {
    return;
  }
  forEachByteRun(offset, dims, strides, elemBits,
                 [&](uint64_t begin, uint64_t end) {
                   end = std::min<uint64_t>(end, constantRead.size());
                   for (uint64_t b = begin; b < end; ++b) {
                     constantRead[b] = true;
                   }
                 });
}

//===----------------------------------------------------------------------===//
// Network inputs and outputs
//===----------------------------------------------------------------------===//

/// The npy type that holds `dtype` exactly, if any.
static std::optional<npy::DType> getNpyType(schema::DType dtype) {
  switch (dtype) {
  case schema::DType::F32:
    return npy::DType::F32;
  case schema::DType::F16:
    return npy::DType::F16;
  case schema::DType::I8:
    return npy::DType::I8;
  case schema::DType::U8:
    return npy::DType::U8;
  case schema::DType::I16:
    return npy::DType::I16;
  case schema::DType::U16:
    return npy::DType::U16;
  case schema::DType::I32:
    return npy::DType::I32;
  case schema::DType::U32:
    return npy::DType::U32;
  case schema::DType::I64:
    return npy::DType::I64;
  case schema::DType::U64:
    return npy::DType::U64;
  case schema::DType::BOOL:
    return npy::DType::Bool;
  default:
    return std::nullopt;
  }
}

/// Bit offset of every element of `layout` in logical row-major order.
static std::vector<int64_t> getElementBitOffsets(const TensorLayout &layout) {
  std::vector<int64_t> offsets;
  int64_t rank = layout.dims.rank();
  offsets.reserve(layout.getNumElements());
  llvm::SmallVector<int64_t, 8> index(rank, 0);
  if (layout.getNumElements() == 0) {
    return offsets;
  }
  while (true) {
    int64_t bit = 0;
    for (int64_t d = 0; d < rank; ++d) {
      bit += index[d] * layout.strides[Dim(d)];
    }
    offsets.push_back(bit);
    int64_t d = rank;
    while (d > 0) {
      --d;
      if (++index[d] < layout.dims[Dim(d)]) {
        break;
      }
      index[d] = 0;
      if (d == 0) {
        return offsets;
      }
    }
    if (rank == 0) {
      return offsets;
    }
  }
}

/// Copies compact logical row-major bytes into a layout (or back, with
/// `toLayout` false), for element types of whole bytes.
static void copyLogical(const TensorLayout &layout, uint8_t *layoutData,
                        uint8_t *compact, bool toLayout) {
  shape::MemShape dims(layout.dims.raw());
  shape::MemStrides layoutStrides(layout.strides.raw());
  shape::MemStrides compactStrides(
      blob::getCompactStrides(
          layout.dims, shape::DimsOrder::getDefaultOrder(layout.dims.rank()),
          layout.elemBits)
          .raw());
  if (toLayout) {
    shape::stridedCopy(reinterpret_cast<const char *>(compact), compactStrides,
                       reinterpret_cast<char *>(layoutData), layoutStrides,
                       dims, shape::Bit(layout.elemBits));
  } else {
    shape::stridedCopy(reinterpret_cast<const char *>(layoutData),
                       layoutStrides, reinterpret_cast<char *>(compact),
                       compactStrides, dims, shape::Bit(layout.elemBits));
  }
}

llvm::Error Emulator::Impl::setInput(unsigned index, const npy::Array &array) {
  if (index >= inputLayouts.size()) {
    return makeError("the network has no input " + llvm::Twine(index));
  }
  const TensorLayout &layout = inputLayouts[index];
  std::string what =
      "input '" + blob.header()->inputs()->Get(index)->name()->str() + "'";
  if (llvm::ArrayRef<int64_t>(array.shape) != layout.dims.raw()) {
    auto text = [](llvm::ArrayRef<int64_t> dims) {
      return dims.empty()
                 ? std::string("scalar")
                 : llvm::join(
                       llvm::map_range(
                           dims, [](int64_t d) { return std::to_string(d); }),
                       "x");
    };
    return makeError(what + ": array of shape " + text(array.shape) +
                     " for an input of shape " + text(layout.dims.raw()));
  }
  int64_t count = layout.getNumElements();
  // The elements in the blob's element type, logical row-major order.
  std::vector<uint8_t> compact;
  std::optional<npy::DType> same = getNpyType(layout.dtype);
  bool isFloatArray = array.dtype == npy::DType::F16 ||
                      array.dtype == npy::DType::F32 ||
                      array.dtype == npy::DType::F64;
  auto element = [&](int64_t i) -> double {
    switch (array.dtype) {
    case npy::DType::F16: {
      uint16_t bits;
      std::memcpy(&bits, array.data.data() + 2 * i, 2);
      return numeric::f16BitsToFloat(bits);
    }
    case npy::DType::F32: {
      float value;
      std::memcpy(&value, array.data.data() + 4 * i, 4);
      return value;
    }
    case npy::DType::F64: {
      double value;
      std::memcpy(&value, array.data.data() + 8 * i, 8);
      return value;
    }
    case npy::DType::I8:
      return static_cast<int8_t>(array.data[i]);
    case npy::DType::U8:
      return array.data[i];
    default:
      return 0;
    }
  };
  if (same && *same == array.dtype) {
    compact.assign(array.data.begin(), array.data.end());
  } else if (isFloatArray && (layout.dtype == schema::DType::F32 ||
                              layout.dtype == schema::DType::F16 ||
                              layout.dtype == schema::DType::BF16)) {
    int64_t size = layout.elemBits / 8;
    compact.resize(count * size);
    for (int64_t i = 0; i < count; ++i) {
      float value = static_cast<float>(element(i));
      if (layout.dtype == schema::DType::F32) {
        std::memcpy(compact.data() + 4 * i, &value, 4);
      } else {
        uint16_t bits = layout.dtype == schema::DType::F16
                            ? numeric::floatToF16Bits(value)
                            : numeric::floatToBF16Bits(value);
        std::memcpy(compact.data() + 2 * i, &bits, 2);
      }
    }
  } else if ((layout.dtype == schema::DType::I4 &&
              array.dtype == npy::DType::I8) ||
             (layout.dtype == schema::DType::U4 &&
              array.dtype == npy::DType::U8)) {
    bool isSigned = layout.dtype == schema::DType::I4;
    for (int64_t i = 0; i < count; ++i) {
      double value = element(i);
      if (value < (isSigned ? -8 : 0) || value > (isSigned ? 7 : 15)) {
        return makeError(what + ": element " + llvm::Twine(i) + " (" +
                         llvm::Twine(static_cast<int>(value)) +
                         ") does not fit " + blob::getDTypeName(layout.dtype));
      }
    }
  } else {
    return makeError(what + ": an array of " + npy::getDTypeName(array.dtype) +
                     " cannot feed a " + blob::getDTypeName(layout.dtype) +
                     " input");
  }
  Region &region = regions[inputsBase + index];
  if (layout.elemBits % 8 == 0) {
    copyLogical(layout, region.bytes.data(), compact.data(),
                /*toLayout=*/true);
  } else {
    std::vector<int64_t> offsets = getElementBitOffsets(layout);
    for (int64_t i = 0; i < count; ++i) {
      uint8_t nibble = static_cast<uint8_t>(array.data[i]) & 0xf;
      uint8_t &byte = region.bytes[offsets[i] / 8];
      int shift = offsets[i] % 8;
      byte = static_cast<uint8_t>((byte & ~(0xf << shift)) | (nibble << shift));
    }
  }
  if (detector) {
    forEachByteRun(0, layout.getMemShape(), layout.getMemStrides(),
                   layout.elemBits, [&](uint64_t begin, uint64_t end) {
                     detector->hostWrite(inputsBase + index, begin, end);
                   });
  }
  inputSet[index] = true;
  return llvm::Error::success();
}

npy::Array Emulator::Impl::getOutput(unsigned index) const {
  const TensorLayout &layout = outputLayouts[index];
  const Region &region = regions[outputsBase + index];
  std::vector<int64_t> shape(layout.dims.begin(), layout.dims.end());
  int64_t count = layout.getNumElements();
  if (layout.elemBits % 8 != 0) {
    bool isSigned = layout.dtype == schema::DType::I4;
    npy::Array array =
        npy::Array::zeros(isSigned ? npy::DType::I8 : npy::DType::U8, shape);
    std::vector<int64_t> offsets = getElementBitOffsets(layout);
    for (int64_t i = 0; i < count; ++i) {
      int value = (region.bytes[offsets[i] / 8] >> (offsets[i] % 8)) & 0xf;
      if (isSigned && value >= 8) {
        value -= 16;
      }
      array.data[i] = static_cast<char>(value);
    }
    return array;
  }
  std::vector<uint8_t> compact(count * (layout.elemBits / 8));
  copyLogical(layout, const_cast<uint8_t *>(region.bytes.data()),
              compact.data(), /*toLayout=*/false);
  if (layout.dtype == schema::DType::BF16) {
    npy::Array array = npy::Array::zeros(npy::DType::F32, shape);
    for (int64_t i = 0; i < count; ++i) {
      uint16_t bits;
      std::memcpy(&bits, compact.data() + 2 * i, 2);
      float value = numeric::bf16BitsToFloat(bits);
      std::memcpy(array.data.data() + 4 * i, &value, 4);
    }
    return array;
  }
  npy::Array array = npy::Array::zeros(*getNpyType(layout.dtype), shape);
  std::memcpy(array.data.data(), compact.data(), compact.size());
  return array;
}

//===----------------------------------------------------------------------===//
// Problems
//===----------------------------------------------------------------------===//

void Emulator::Impl::problem(ProblemKind kind, std::string message) {
  if (runProblems.size() >= options.maxProblems) {
    ++droppedRunProblems;
    return;
  }
  runProblems.push_back({kind, std::move(message)});
}

//===----------------------------------------------------------------------===//
// Running tasks
//===----------------------------------------------------------------------===//

void Emulator::Impl::start(uint32_t taskId, double now) {
  Task &task = tasks[taskId];
  Executor &executor = executors[task.executor];
  executor.busy = true;
  VectorClock clock = executor.clock;
  std::vector<std::string> misuses;
  barriers->startTask(taskId, now, clock, misuses);
  for (std::string &message : misuses) {
    problem(ProblemKind::BarrierMisuse, std::move(message));
  }
  currentStart = now;
  double duration = execute(taskId, clock);
  executor.runningEnd = clock;
  executor.runningEnd[task.executor] = task.position + 1;
  TaskRecord record;
  record.executor = task.executor;
  record.position = task.position;
  record.startCycles = now;
  record.endCycles = now + duration;
  record.amount = lastAmount;
  if (task.task->location()) {
    record.location = task.task->location()->str();
  }
  report.tasks.push_back(std::move(record));
  executor.summary.tasks += 1;
  executor.summary.busyCycles += duration;
  executor.summary.endCycles = now + duration;
  events.push({now + duration, sequence++, Event::Finish, taskId});
}

void Emulator::Impl::finish(uint32_t taskId, double now) {
  Executor &executor = executors[tasks[taskId].executor];
  executor.busy = false;
  executor.next += 1;
  executor.clock = executor.runningEnd;
  llvm::SmallVector<uint32_t, 4> due;
  std::vector<std::string> misuses;
  barriers->finishTask(taskId, executor.clock, due, misuses);
  for (std::string &message : misuses) {
    problem(ProblemKind::BarrierMisuse, std::move(message));
  }
  for (uint32_t v : due) {
    events.push(
        {now + costModel.getBarrierCycles(), sequence++, Event::Release, v});
  }
}

double Emulator::Impl::execute(uint32_t taskId, const VectorClock &clock) {
  Task &task = tasks[taskId];
  if (detector) {
    detector->beginTask(taskId, clock);
  }
  if (task.kind == schema::TaskKind::DmaTask) {
    return executeDma(task);
  }
  if (task.nce) {
    return executeNce(taskId, task);
  }
  return executeKernel(taskId, task);
}

double Emulator::Impl::executeDma(Task &task) {
  const Tensor &src = tensors[task.src];
  const Tensor &dst = tensors[task.dst];
  const TensorLayout &layout = dst.layout;
  uint8_t *from = regions[src.region].bytes.data() + src.offset;
  uint8_t *to = regions[dst.region].bytes.data() + dst.offset;
  if (detector) {
    detector->accessLayout(src.region, src.offset, src.memDims, src.memStrides,
                           src.layout.elemBits, false);
    detector->accessLayout(dst.region, dst.offset, dst.memDims, dst.memStrides,
                           layout.elemBits, true);
  }
  if (layout.elemBits % 8 != 0) {
    // Identical compact layouts (checked by loadBlob).
    std::memmove(to, from, layout.spanBytes);
  } else {
    // Source strides along the destination's memory dimensions.
    shape::MemStrides srcStrides;
    for (int64_t d = 0; d < dst.memDims.rank(); ++d) {
      srcStrides.push_back(src.layout.strides[layout.order.dimAt(MemDim(d))]);
    }
    shape::stridedCopy(reinterpret_cast<const char *>(from), srcStrides,
                       reinterpret_cast<char *>(to), dst.memStrides,
                       dst.memDims, shape::Bit(layout.elemBits));
  }
  uint64_t bytes = (layout.getNumElements() * layout.elemBits + 7) / 8;
  bool ddr = regions[src.region].isDdr || regions[dst.region].isDdr;
  touch(src.region, src.offset, src.offset + src.layout.spanBytes);
  touch(dst.region, dst.offset, dst.offset + layout.spanBytes);
  noteRead(src.region, src.offset, src.memDims, src.memStrides,
           src.layout.elemBits);
  bool srcCmx = src.region >= cmxBase && src.region < kernelDataBase;
  bool dstCmx = dst.region >= cmxBase && dst.region < kernelDataBase;
  if (srcCmx && dst.region == ddrId) {
    report.scratch.toDdr += 1;
    report.scratch.toDdrBytes += bytes;
  } else if (src.region == ddrId && dstCmx) {
    report.scratch.fromDdr += 1;
    report.scratch.fromDdrBytes += bytes;
  }
  lastAmount = bytes;
  return costModel.getDmaCycles(bytes, ddr);
}

double Emulator::Impl::executeKernel(uint32_t taskId, Task &task) {
  const KernelInfo &kernel = *task.kernel;
  // What the runtime does before it starts an ACT kernel.
  for (auto [field, address] : task.relocations) {
    std::memcpy(field, &address, sizeof(address));
  }
  KernelContext context(task.windows);
  llvm::SmallVector<TensorView, 4> views;
  llvm::SmallVector<bool, 4> writes;
  uint32_t offset = 0;
  for (size_t i = 0; i < kernel.signature.size(); ++i) {
    abi::ArgKind kind = kernel.signature[i];
    if (abi::isMemRefArg(kind)) {
      abi::MemRefData desc;
      std::memcpy(&desc, task.args + offset, sizeof(desc));
      bool write = kind == abi::ArgKind::MemRefOut;
      bool outOfBounds = false;
      llvm::Expected<TensorView> view = context.view(desc, write, &outOfBounds);
      if (!view) {
        problem(
            outOfBounds ? ProblemKind::OutOfBounds : ProblemKind::KernelError,
            std::string(outOfBounds ? "out-of-bounds access: "
                                    : "invalid kernel argument: ") +
                describeTask(taskId) + ", kernel '" + kernel.name +
                "' argument " + std::to_string(i) + ": " +
                llvm::toString(view.takeError()) + "; the task was skipped");
        lastAmount = 0;
        return costModel.getShaveCycles(0, kernel.cyclesPerVector, task.shaves);
      }
      views.push_back(std::move(*view));
      writes.push_back(write);
    }
    offset += abi::getArgSize(kind);
  }
  int64_t elements = 0;
  for (size_t i = 0; i < views.size(); ++i) {
    if (writes[i]) {
      elements += views[i].getNumElements();
    }
    const TensorView &view = views[i];
    if (view.region != kNoRegion) {
      touch(view.region, view.regionOffset,
            view.regionOffset + static_cast<uint64_t>(view.spanBytes));
      if (!writes[i]) {
        noteRead(view.region, view.regionOffset, view.dims, view.strides,
                 view.elemBits);
      }
    }
  }
  if (detector) {
    // Reads first, then writes (a kernel may work in place).
    for (int pass = 0; pass < 2; ++pass) {
      for (size_t i = 0; i < views.size(); ++i) {
        const TensorView &view = views[i];
        if (writes[i] != (pass == 1) || view.region == kNoRegion) {
          continue;
        }
        detector->accessLayout(view.region, view.regionOffset, view.dims,
                               view.strides, view.elemBits, writes[i]);
      }
    }
  }
  if (llvm::Error error = kernel.run(task.args, context)) {
    problem(ProblemKind::KernelError, "kernel error: " + describeTask(taskId) +
                                          ": " +
                                          llvm::toString(std::move(error)));
  }
  lastAmount = elements;
  int64_t work = kernel.work ? kernel.work(task.args, views) : elements;
  return costModel.getShaveCycles(work, kernel.cyclesPerVector, task.shaves);
}

double Emulator::Impl::executeNce(uint32_t taskId, Task &task) {
  const schema::NceClusterTask &nce = *task.nce;
  const schema::NceInvariant &inv = *nce.invariant();
  NceInvariantDesc desc = getNceInvariantDesc(nce);
  auto activation = [&](uint32_t id) {
    const Tensor &tensor = tensors[id];
    NceActivation view;
    view.data = regions[tensor.region].bytes.data() + tensor.offset;
    view.channels = tensor.layout.dims[Dim(1)];
    view.height = tensor.layout.dims[Dim(2)];
    view.width = tensor.layout.dims[Dim(3)];
    view.strideC = tensor.layout.strides[Dim(1)] / 8;
    view.strideH = tensor.layout.strides[Dim(2)] / 8;
    view.strideW = tensor.layout.strides[Dim(3)] / 8;
    return view;
  };
  for (uint32_t id : {inv.input(), inv.input2(), inv.weights(),
                      inv.weights_table(), inv.output()}) {
    if (id != blob::kNoTensor) {
      const Tensor &tensor = tensors[id];
      touch(tensor.region, tensor.offset,
            tensor.offset + tensor.layout.spanBytes);
    }
  }
  NceActivation input = activation(inv.input());
  NceActivation output = activation(inv.output());
  std::optional<NceActivation> input2;
  if (inv.input2() != blob::kNoTensor) {
    input2 = activation(inv.input2());
  }
  double overhead = costModel.getNceOverheadCycles();
  const auto &variants = *nce.variants();
  auto box = [&](uint32_t v) {
    const schema::DpuVariant &variant = *variants.Get(v);
    NceBox result;
    result.x0 = variant.start_x();
    result.y0 = variant.start_y();
    result.z0 = variant.start_z();
    result.x1 = variant.end_x();
    result.y1 = variant.end_y();
    result.z1 = variant.end_z();
    return result;
  };

  // The weights table, read from CMX now: one row per output channel (each
  // variant reads the rows of its channels).
  if (detector && isNceWeighted(desc.type)) {
    const Tensor &table = tensors[inv.weights_table()];
    for (uint32_t v = 0; v < variants.size(); ++v) {
      NceBox out = box(v);
      detector->access(table.region, table.offset + out.z0 * 16,
                       table.offset + (out.z1 + 1) * 16, false);
    }
  }
  std::vector<NceChannelWeights> channelWeights;
  std::vector<uint64_t> weightsOffsets;
  uint64_t blockBytes = 0;
  if (isNceWeighted(desc.type)) {
    const Tensor &table = tensors[inv.weights_table()];
    const Tensor &weights = tensors[inv.weights()];
    const uint8_t *rows = regions[table.region].bytes.data() + table.offset;
    blockBytes = desc.kernelH * desc.kernelW *
                 (desc.type == schema::NceTaskType::CONV ? input.channels : 1) *
                 2;
    for (int64_t k = 0; k < output.channels; ++k) {
      uint32_t words[4];
      std::memcpy(words, rows + k * 16, sizeof(words));
      std::string row = "weights table row " + std::to_string(k);
      if (words[1] != 0xFFFFFFFFu) {
        problem(ProblemKind::KernelError,
                "invalid NCE task: " + describeTask(taskId) + ": " + row +
                    " has sparsity offset " + std::to_string(words[1]) +
                    ", but only dense weights (0xFFFFFFFF) are modelled; the "
                    "task was skipped");
        lastAmount = 0;
        return overhead;
      }
      if (words[0] > weights.layout.spanBytes ||
          blockBytes > weights.layout.spanBytes - words[0]) {
        problem(ProblemKind::OutOfBounds,
                "out-of-bounds access: " + describeTask(taskId) + ": " + row +
                    " points at weights byte " + std::to_string(words[0]) +
                    ", but the block of " + std::to_string(blockBytes) +
                    " bytes must end within the " +
                    std::to_string(weights.layout.spanBytes) +
                    " bytes of the weights; the task was skipped");
        lastAmount = 0;
        return overhead;
      }
      NceChannelWeights entry;
      entry.weights =
          regions[weights.region].bytes.data() + weights.offset + words[0];
      entry.scale = llvm::bit_cast<float>(words[2]);
      entry.bias = llvm::bit_cast<float>(words[3]);
      channelWeights.push_back(entry);
      weightsOffsets.push_back(weights.offset + words[0]);
    }
  }

  if (detector) {
    // A box of an activation tensor, as the detector sees it.
    auto accessBox = [&](uint32_t id, const NceBox &part, bool write) {
      const Tensor &tensor = tensors[id];
      const TensorLayout &layout = tensor.layout;
      uint64_t offset = tensor.offset + (part.z0 * layout.strides[Dim(1)] +
                                         part.y0 * layout.strides[Dim(2)] +
                                         part.x0 * layout.strides[Dim(3)]) /
                                            8;
      shape::Shape dims(llvm::ArrayRef<int64_t>{1, part.z1 - part.z0 + 1,
                                                part.y1 - part.y0 + 1,
                                                part.x1 - part.x0 + 1});
      detector->accessLayout(tensor.region, offset,
                             layout.order.toMemoryOrder(dims),
                             tensor.memStrides, layout.elemBits, write);
    };
    for (uint32_t v = 0; v < variants.size(); ++v) {
      NceBox out = box(v);
      accessBox(inv.input(), getNceInputBox(desc, out, input), false);
      if (input2) {
        accessBox(inv.input2(), out, false);
      }
      if (isNceWeighted(desc.type)) {
        uint32_t weightsRegion = tensors[inv.weights()].region;
        for (int64_t k = out.z0; k <= out.z1; ++k) {
          detector->access(weightsRegion, weightsOffsets[k],
                           weightsOffsets[k] + blockBytes, false);
        }
      }
    }
    for (uint32_t v = 0; v < variants.size(); ++v) {
      accessBox(inv.output(), box(v), true);
    }
  }

  // Each variant on its DPU; the DPUs of the cluster run in parallel.
  int64_t macsPerOutput = getNceMacsPerOutput(desc, input.channels);
  std::map<uint32_t, double> dpuTime;
  uint64_t elements = 0;
  for (uint32_t v = 0; v < variants.size(); ++v) {
    const schema::DpuVariant &variant = *variants.Get(v);
    NceBox out = box(v);
    computeNceBox(desc, input, input2 ? &*input2 : nullptr, channelWeights,
                  output, out);
    double cycles = costModel.getDpuVariantCycles(
        out.x1 - out.x0 + 1, out.y1 - out.y0 + 1, out.z1 - out.z0 + 1,
        macsPerOutput, variant.mpe_mode() == schema::MpeMode::MATRIX);
    double &busy = dpuTime[variant.dpu()];
    VariantRecord record;
    record.executor = task.executor;
    record.position = task.position;
    record.variant = v;
    record.dpu = variant.dpu();
    record.startCycles = currentStart + overhead + busy;
    record.endCycles = record.startCycles + cycles;
    record.macs = static_cast<uint64_t>(out.getNumElements()) *
                  static_cast<uint64_t>(macsPerOutput);
    report.variants.push_back(record);
    report.roofline.nceMacs += record.macs;
    DpuSummary &summary = report.dpus[task.variantDpus[v]];
    summary.variants += 1;
    summary.busyCycles += cycles;
    busy += cycles;
    elements += out.getNumElements();
  }
  double longest = 0;
  for (const auto &entry : dpuTime) {
    longest = std::max(longest, entry.second);
  }
  lastAmount = elements;
  return overhead + longest;
}

//===----------------------------------------------------------------------===//
// The run
//===----------------------------------------------------------------------===//

llvm::Expected<const RunReport &> Emulator::Impl::run() {
  if (ran) {
    return makeError("the emulator has already run this blob");
  }
  for (size_t i = 0; i < inputSet.size(); ++i) {
    if (!inputSet[i]) {
      return makeError("network input '" +
                       blob.header()->inputs()->Get(i)->name()->str() +
                       "' was not set");
    }
  }
  ran = true;
  // Every physical barrier starts with its first use.
  barriers->programFirstUses(0);
  double now = 0;
  while (true) {
    // Start every task that can start now; a start can complete a barrier
    // and so let another executor go.
    bool progress = true;
    while (progress) {
      progress = false;
      for (Executor &executor : executors) {
        if (executor.busy || executor.next >= executor.tasks.size()) {
          continue;
        }
        uint32_t taskId = executor.tasks[executor.next];
        if (barriers->isReady(taskId)) {
          start(taskId, now);
          progress = true;
        }
      }
    }
    if (events.empty()) {
      break;
    }
    Event event = events.top();
    events.pop();
    now = event.time;
    if (event.kind == Event::Finish) {
      finish(event.id, now);
    } else {
      barriers->release(event.id, now);
    }
  }
  finishReport();
  return report;
}

void Emulator::Impl::finishReport() {
  // Deadlock: tasks that never ran, with what each stuck executor waits for.
  // (Every task that started has finished.)
  size_t notRun = 0;
  for (const Executor &executor : executors) {
    notRun += executor.tasks.size() - executor.next;
  }
  report.completed = notRun == 0;
  if (notRun > 0) {
    std::string message = "deadlock: " + std::to_string(notRun) + " of " +
                          std::to_string(tasks.size()) + " tasks never ran";
    for (const Executor &executor : executors) {
      if (executor.next >= executor.tasks.size()) {
        continue;
      }
      uint32_t taskId = executor.tasks[executor.next];
      message +=
          "\n  " + describeTask(taskId) + " " + barriers->whyBlocked(taskId);
    }
    problem(ProblemKind::Deadlock, message);
  } else {
    // Barriers whose counts never allowed them to complete.
    for (std::string &message : barriers->getIncompleteUses()) {
      problem(ProblemKind::BarrierMisuse, std::move(message));
    }
  }
  // Outputs nobody wrote.
  if (detector && report.completed) {
    for (size_t i = 0; i < outputLayouts.size(); ++i) {
      const TensorLayout &layout = outputLayouts[i];
      std::string what = "network output '" +
                         blob.header()->outputs()->Get(i)->name()->str() + "'";
      forEachByteRun(0, layout.getMemShape(), layout.getMemStrides(),
                     layout.elemBits, [&](uint64_t begin, uint64_t end) {
                       detector->checkWritten(outputsBase + i, begin, end,
                                              what);
                     });
    }
  }
  for (const Barriers::Release &release : barriers->getReleases()) {
    report.barriers.push_back({release.barrier, release.time});
  }
  report.problems = runProblems;
  report.droppedProblems = droppedRunProblems;
  if (detector) {
    size_t room = options.maxProblems > report.problems.size()
                      ? options.maxProblems - report.problems.size()
                      : 0;
    size_t dropped = 0;
    for (Problem &problem : detector->getProblems(room, &dropped)) {
      report.problems.push_back(std::move(problem));
    }
    report.droppedProblems += dropped;
  }
  report.roofline.constantBytesRead =
      std::count(constantRead.begin(), constantRead.end(), true);
  for (uint32_t r = cmxBase; r < kernelDataBase; ++r) {
    report.cmxPeakBytes.push_back(regionPeak[r]);
  }
  for (const Executor &executor : executors) {
    report.executors.push_back(executor.summary);
    report.totalCycles =
        std::max(report.totalCycles, executor.summary.endCycles);
  }
}

llvm::Error Emulator::Impl::writeTrace(llvm::StringRef path) const {
  std::error_code errorCode;
  llvm::raw_fd_ostream os(path, errorCode);
  if (errorCode) {
    return makeError(path + ": " + errorCode.message());
  }
  auto us = [&](double cycles) { return report.toMicroseconds(cycles); };
  llvm::json::OStream json(os);
  json.object([&] {
    json.attribute("displayTimeUnit", "ns");
    json.attributeArray("traceEvents", [&] {
      std::string process = blob.header()->arch()->str();
      if (blob.header()->name() && blob.header()->name()->size() > 0) {
        process += " '" + blob.header()->name()->str() + "'";
      }
      json.object([&] {
        json.attribute("name", "process_name");
        json.attribute("ph", "M");
        json.attribute("pid", 0);
        json.attributeObject("args", [&] { json.attribute("name", process); });
      });
      uint32_t barrierTrack = executors.size();
      uint32_t dpuTrackBase = barrierTrack + 1;
      for (uint32_t d = 0; d < report.dpus.size(); ++d) {
        json.object([&] {
          json.attribute("name", "thread_name");
          json.attribute("ph", "M");
          json.attribute("pid", 0);
          json.attribute("tid", dpuTrackBase + d);
          json.attributeObject(
              "args", [&] { json.attribute("name", report.dpus[d].name); });
        });
      }
      for (const VariantRecord &record : report.variants) {
        const Task &task =
            tasks[executors[record.executor].tasks[record.position]];
        std::string name =
            task.task->location() && task.task->location()->size() > 0
                ? task.task->location()->str()
                : blob::getTaskKindName(task.kind);
        json.object([&] {
          json.attribute("name", name + " #" + std::to_string(record.variant));
          json.attribute("cat", "DPU");
          json.attribute("ph", "X");
          json.attribute("pid", 0);
          json.attribute("tid",
                         dpuTrackBase + task.variantDpus[record.variant]);
          json.attribute("ts", us(record.startCycles));
          json.attribute("dur", us(record.endCycles - record.startCycles));
          json.attributeObject("args", [&] {
            json.attribute("task", record.position);
            json.attribute("variant", record.variant);
            json.attribute("macs", static_cast<int64_t>(record.macs));
          });
        });
      }
      for (uint32_t e = 0; e <= barrierTrack; ++e) {
        json.object([&] {
          json.attribute("name", "thread_name");
          json.attribute("ph", "M");
          json.attribute("pid", 0);
          json.attribute("tid", e);
          json.attributeObject("args", [&] {
            json.attribute("name", e < barrierTrack ? executors[e].name
                                                    : std::string("barriers"));
          });
        });
      }
      for (const TaskRecord &record : report.tasks) {
        uint32_t taskId = executors[record.executor].tasks[record.position];
        const Task &task = tasks[taskId];
        std::string name =
            task.task->location() && task.task->location()->size() > 0
                ? task.task->location()->str()
                : blob::getTaskKindName(task.kind);
        json.object([&] {
          json.attribute("name", name);
          json.attribute("cat", blob::getTaskKindName(task.kind));
          json.attribute("ph", "X");
          json.attribute("pid", 0);
          json.attribute("tid", record.executor);
          json.attribute("ts", us(record.startCycles));
          json.attribute("dur", us(record.endCycles - record.startCycles));
          json.attributeObject("args", [&] {
            json.attribute("task", record.position);
            if (task.kernel) {
              json.attribute("kernel", task.kernel->name);
              json.attribute("elements", static_cast<int64_t>(record.amount));
            } else if (task.nce) {
              json.attribute(
                  "operation",
                  blob::getNceTaskTypeName(task.nce->invariant()->task_type()));
              json.attribute("variants", task.nce->variants()->size());
              json.attribute("elements", static_cast<int64_t>(record.amount));
            } else {
              json.attribute("bytes", static_cast<int64_t>(record.amount));
            }
            json.attributeArray("wait", [&] {
              for (uint32_t v : barriers->getWaits(taskId)) {
                json.value(v);
              }
            });
            json.attributeArray("update", [&] {
              for (uint32_t v : barriers->getUpdates(taskId)) {
                json.value(v);
              }
            });
          });
        });
      }
      for (const BarrierRecord &record : report.barriers) {
        json.object([&] {
          json.attribute("name", "barrier " + std::to_string(record.barrier) +
                                     " released");
          json.attribute("cat", "barrier");
          json.attribute("ph", "i");
          json.attribute("s", "t");
          json.attribute("pid", 0);
          json.attribute("tid", barrierTrack);
          json.attribute("ts", us(record.cycles));
          json.attributeObject("args", [&] {
            json.attribute("physical", barriers->getPhysical(record.barrier));
          });
        });
      }
    });
  });
  os << "\n";
  os.close();
  if (os.has_error()) {
    return makeError(path + ": " + os.error().message());
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Emulator
//===----------------------------------------------------------------------===//

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
  const schema::Header &header = *impl->getBlob().header();
  uint32_t numInputs = header.inputs() ? header.inputs()->size() : 0;
  std::vector<std::string> names;
  for (uint32_t i = 0; i < numInputs; ++i) {
    std::string name = header.inputs()->Get(i)->name()->str();
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

llvm::Expected<const RunReport &> Emulator::run() { return impl->run(); }

npy::Array Emulator::getOutput(unsigned index) const {
  return impl->getOutput(index);
}

npy::ArrayMap Emulator::getOutputs() const {
  npy::ArrayMap outputs;
  const schema::Header &header = *impl->getBlob().header();
  uint32_t numOutputs = header.outputs() ? header.outputs()->size() : 0;
  for (uint32_t i = 0; i < numOutputs; ++i) {
    outputs.insert({header.outputs()->Get(i)->name()->str(), getOutput(i)});
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
