//===- Execution.cpp - Running the tasks of a blob ------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The discrete-event run over the barrier state machine (Barriers.h): tasks
// start when their executor is free and their barriers allow, their
// functions run then (DMAs as strided copies, software layers as native
// kernels through the SHAVE ABI, NCE variants on their DPUs) with their
// accesses checked, and their durations come from the cost model. The run
// ends with the report: deadlocks, barriers that never completed, outputs
// nobody wrote, the roofline's inputs and the CMX peaks.
//
//===----------------------------------------------------------------------===//

#include "emulator/EmulatorImpl.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <optional>

#include "core/shape/StridedCopy.h"
#include "emulator/HazardDetector.h"
#include "emulator/HazardFeed.h"
#include "emulator/NceExecution.h"
#include "kernels/shave/KernelSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"

namespace mlir::vpuc::emu {

using blob::TensorLayout;
using shape::Dim;
using shape::MemDim;

//===----------------------------------------------------------------------===//
// Problems and memory use
//===----------------------------------------------------------------------===//

void Emulator::Impl::problem(ProblemKind kind, std::string message) {
  if (runProblems.size() >= options.maxProblems) {
    ++droppedRunProblems;
    return;
  }
  runProblems.push_back({kind, std::move(message)});
}

void Emulator::Impl::problems(ProblemKind kind,
                              std::vector<std::string> messages) {
  for (std::string &message : messages) {
    problem(kind, std::move(message));
  }
}

void Emulator::Impl::noteRead(uint32_t region, uint64_t offset,
                              const shape::MemShape &dims,
                              const shape::MemStrides &strides,
                              int64_t elemBits) {
  if (region != constantsId) {
    return;
  }
  const uint64_t size = regions[constantsId].bytes.size();
  forEachByteRun(offset, dims, strides, elemBits,
                 [&](uint64_t begin, uint64_t end) {
                   constantRead.insert(begin, std::min(end, size));
                 });
}

//===----------------------------------------------------------------------===//
// Numerics
//===----------------------------------------------------------------------===//

/// The type the numerics check reads for a blob element type, if it is a
/// floating-point one.
static std::optional<FloatType> getFloatType(schema::DType dtype) {
  switch (dtype) {
  case schema::DType::F16:
    return FloatType::F16;
  case schema::DType::BF16:
    return FloatType::BF16;
  case schema::DType::F32:
    return FloatType::F32;
  default:
    return std::nullopt;
  }
}

/// The same for a kernel argument's element type.
static std::optional<FloatType> getFloatType(abi::DataType type) {
  switch (type) {
  case abi::DataType::F16:
    return FloatType::F16;
  case abi::DataType::BF16:
    return FloatType::BF16;
  case abi::DataType::F32:
    return FloatType::F32;
  default:
    return std::nullopt;
  }
}

/// The numerics check's view of a kernel argument, when it holds floats.
static std::optional<FloatBuffer> getViewBuffer(const TensorView &view,
                                                std::string name) {
  std::optional<FloatType> type = getFloatType(view.type);
  if (!type || view.data == nullptr) {
    return std::nullopt;
  }
  FloatBuffer buffer;
  buffer.data = view.data;
  buffer.type = *type;
  shape::Shape dims = view.getLogicalDims();
  shape::Strides strides = view.getLogicalStrides();
  for (int64_t d = 0; d < dims.rank(); ++d) {
    buffer.dims.push_back(dims[Dim(d)]);
    buffer.strides.push_back(strides[Dim(d)] / 8);
  }
  buffer.name = std::move(name);
  return buffer;
}

std::optional<FloatBuffer>
Emulator::Impl::getFloatBuffer(const Tensor &tensor, std::string name) const {
  std::optional<FloatType> type = getFloatType(tensor.layout.dtype);
  if (!type) {
    return std::nullopt;
  }
  const TensorLayout &layout = tensor.layout;
  FloatBuffer buffer;
  buffer.data = regions[tensor.region].bytes.data() + tensor.offset;
  buffer.type = *type;
  for (int64_t d = 0; d < layout.dims.rank(); ++d) {
    buffer.dims.push_back(layout.dims[Dim(d)]);
    buffer.strides.push_back(layout.strides[Dim(d)] / 8);
  }
  buffer.name = std::move(name);
  return buffer;
}

void Emulator::Impl::checkNumerics(uint32_t taskId, TaskNumerics &numerics) {
  const Task &task = tasks[taskId];
  for (NumericsFinding &finding : numerics.afterRun()) {
    std::string layer = task.getLocation().str();
    auto key = std::make_tuple(layer, finding.kind, finding.buffer);
    if (!layer.empty()) {
      auto it = numericsIndex.find(key);
      if (it != numericsIndex.end()) {
        NumericsIssue &issue = report.numerics[it->second];
        issue.tasks += 1;
        issue.totalCount += finding.count;
        continue;
      }
    }
    if (addNumericsIssue(taskId, layer, std::move(finding)) && !layer.empty()) {
      numericsIndex[key] = report.numerics.size() - 1;
    }
  }
}

NumericsIssue *Emulator::Impl::addNumericsIssue(uint32_t taskId,
                                                std::string layer,
                                                NumericsFinding finding) {
  if (report.numerics.size() >= options.maxProblems) {
    ++report.droppedNumerics;
    return nullptr;
  }
  NumericsIssue &issue = report.numerics.emplace_back();
  issue.executor = tasks[taskId].executor;
  issue.position = tasks[taskId].position;
  issue.task = describeTask(taskId);
  issue.layer = std::move(layer);
  issue.totalCount = finding.count;
  issue.finding = std::move(finding);
  return &issue;
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
  problems(ProblemKind::BarrierMisuse, std::move(misuses));
  currentStart = now;
  taskVariants[taskId] = report.variants.size();
  TaskCost cost = execute(taskId, clock);
  executor.runningEnd = clock;
  executor.runningEnd[task.executor] = task.position + 1;
  TaskRecord record;
  record.executor = task.executor;
  record.position = task.position;
  record.startCycles = now;
  record.endCycles = now;
  record.amount = lastAmount;
  record.location = task.getLocation().str();
  taskRecords[taskId] = report.tasks.size();
  report.tasks.push_back(std::move(record));
  for (auto [resource, bytes] : cost.bytes) {
    if (resource == kDdrResource) {
      report.ddrBytes += bytes;
    }
  }
  Event::Kind next = cost.bodyCycles > 0 ? Event::BodyStart : Event::Finish;
  events.push({now + cost.fixedCycles, sequence++, next, taskId});
  taskCosts[taskId] = std::move(cost);
}

void Emulator::Impl::finish(uint32_t taskId, double now) {
  Task &task = tasks[taskId];
  Executor &executor = executors[task.executor];
  TaskRecord &record = report.tasks[taskRecords[taskId]];
  record.endCycles = now;
  executor.summary.tasks += 1;
  executor.summary.busyCycles += now - record.startCycles;
  executor.summary.endCycles = now;
  // The variants ran in the body, stretched when it shared the CMX.
  const TaskCost &cost = taskCosts[taskId];
  if (task.nce && cost.bodyCycles > 0) {
    double bodyStart = record.startCycles + cost.fixedCycles;
    double scale = (now - bodyStart) / cost.bodyCycles;
    for (size_t i = taskVariants[taskId]; i < report.variants.size(); ++i) {
      VariantRecord &variant = report.variants[i];
      if (variant.executor != task.executor ||
          variant.position != task.position) {
        break;
      }
      double cycles = variant.endCycles - variant.startCycles;
      variant.startCycles =
          bodyStart + (variant.startCycles - bodyStart) * scale;
      variant.endCycles = variant.startCycles + cycles * scale;
      report.dpus[task.variantDpus[variant.variant]].busyCycles +=
          cycles * (scale - 1);
    }
  }
  executor.busy = false;
  executor.next += 1;
  executor.clock = executor.runningEnd;
  llvm::SmallVector<uint32_t, 4> due;
  std::vector<std::string> misuses;
  barriers->finishTask(taskId, executor.clock, due, misuses);
  problems(ProblemKind::BarrierMisuse, std::move(misuses));
  for (uint32_t v : due) {
    events.push(
        {now + costModel.getBarrierCycles(), sequence++, Event::Release, v});
  }
}

//===----------------------------------------------------------------------===//
// Shared resources
//===----------------------------------------------------------------------===//

std::optional<uint32_t> Emulator::Impl::getResource(uint32_t region) const {
  if (isCmx(region)) {
    return getCmxResource(region - cmxBase);
  }
  if (region < regions.size() && regions[region].isDdr) {
    return kDdrResource;
  }
  return std::nullopt;
}

void Emulator::Impl::startBody(uint32_t taskId, double now) {
  advanceBodies(now);
  const TaskCost &cost = taskCosts[taskId];
  Body body;
  body.task = taskId;
  body.remaining = cost.bodyCycles;
  // A unit of progress is a cycle of the body alone.
  body.flow.cap = 1.0;
  for (auto [resource, bytes] : cost.bytes) {
    body.flow.uses.push_back(
        {resource, static_cast<double>(bytes) / cost.bodyCycles});
  }
  bodies.push_back(std::move(body));
  shareResources();
}

void Emulator::Impl::advanceBodies(double now) {
  double elapsed = now - bodiesTime;
  if (elapsed > 0) {
    for (Body &body : bodies) {
      body.remaining = std::max(0.0, body.remaining - body.rate * elapsed);
    }
  }
  bodiesTime = now;
}

void Emulator::Impl::shareResources() {
  std::vector<cost::Flow> flows;
  flows.reserve(bodies.size());
  for (const Body &body : bodies) {
    flows.push_back(body.flow);
  }
  std::vector<double> rates = cost::shareBandwidth(flows, resourceCapacity);
  for (size_t i = 0; i < bodies.size(); ++i) {
    bodies[i].rate = rates[i];
  }
}

std::pair<double, size_t> Emulator::Impl::getNextBodyEnd() const {
  double end = std::numeric_limits<double>::infinity();
  size_t index = 0;
  for (size_t i = 0; i < bodies.size(); ++i) {
    if (bodies[i].rate > 0) {
      double time = bodiesTime + bodies[i].remaining / bodies[i].rate;
      if (time < end) {
        end = time;
        index = i;
      }
    }
  }
  return {end, index};
}

void Emulator::Impl::addBytes(TaskCost &cost, uint32_t region,
                              uint64_t bytes) const {
  std::optional<uint32_t> resource = getResource(region);
  if (!resource || bytes == 0) {
    return;
  }
  for (auto &entry : cost.bytes) {
    if (entry.first == *resource) {
      entry.second += bytes;
      return;
    }
  }
  cost.bytes.push_back({*resource, bytes});
}

double Emulator::Impl::getBodyCycles(const TaskCost &cost,
                                     double computeCycles) const {
  uint64_t ddrBytes = 0, cmxBytes = 0;
  for (auto [resource, bytes] : cost.bytes) {
    if (resource == kDdrResource) {
      ddrBytes = bytes;
    } else {
      cmxBytes = std::max(cmxBytes, bytes);
    }
  }
  return costModel.getBodyCycles(computeCycles, ddrBytes, cmxBytes);
}

//===----------------------------------------------------------------------===//
// Tasks
//===----------------------------------------------------------------------===//

Emulator::Impl::TaskCost Emulator::Impl::execute(uint32_t taskId,
                                                 const VectorClock &clock) {
  Task &task = tasks[taskId];
  if (hazards) {
    hazards->beginTask(taskId, clock);
  }
  if (task.kind == schema::TaskKind::DmaTask) {
    return executeDma(task);
  }
  if (task.nce) {
    return executeNce(taskId, task);
  }
  return executeKernel(taskId, task);
}

Emulator::Impl::TaskCost Emulator::Impl::executeDma(Task &task) {
  const Tensor &src = tensors[task.src];
  const Tensor &dst = tensors[task.dst];
  const TensorLayout &layout = dst.layout;
  uint8_t *from = regions[src.region].bytes.data() + src.offset;
  if (hazards) {
    hazards->accessLayout(src.region, src.offset, src.memDims, src.memStrides,
                          src.layout.elemBits, false);
  }
  for (uint32_t index : task.destinations) {
    const Tensor &copy = tensors[index];
    uint8_t *to = regions[copy.region].bytes.data() + copy.offset;
    if (hazards) {
      hazards->accessLayout(copy.region, copy.offset, copy.memDims,
                            copy.memStrides, layout.elemBits, true);
    }
    if (layout.elemBits % 8 != 0) {
      // Identical compact layouts (checked by loadBlob).
      std::memmove(to, from, layout.spanBytes);
    } else {
      shape::stridedCopy(reinterpret_cast<const char *>(from), task.srcStrides,
                         reinterpret_cast<char *>(to), copy.memStrides,
                         copy.memDims, shape::Bit(layout.elemBits));
    }
    touch(copy);
  }
  uint64_t bytes = getElementBytes(layout);
  touch(src);
  noteRead(src.region, src.offset, src.memDims, src.memStrides,
           src.layout.elemBits);
  if (isCmx(src.region) && dst.region == ddrId) {
    report.scratch.toDdr += 1;
    report.scratch.toDdrBytes += bytes;
  } else if (src.region == ddrId && isCmx(dst.region)) {
    report.scratch.fromDdr += 1;
    report.scratch.fromDdrBytes += bytes;
  }
  lastAmount = bytes;
  TaskCost cost;
  cost.fixedCycles = costModel.getDmaLatencyCycles();
  // One read of the source, a write into each destination.
  addBytes(cost, src.region, bytes);
  for (uint32_t index : task.destinations) {
    addBytes(cost, tensors[index].region, bytes);
  }
  cost.bodyCycles = getBodyCycles(
      cost, static_cast<double>(bytes) / costModel.getDmaPortBytesPerCycle());
  return cost;
}

Emulator::Impl::TaskCost Emulator::Impl::executeKernel(uint32_t taskId,
                                                       Task &task) {
  TaskCost cost;
  cost.fixedCycles = costModel.getShaveOverheadCycles();
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
        return cost;
      }
      views.push_back(std::move(*view));
      writes.push_back(write);
    }
    offset += abi::getArgSize(kind);
  }
  std::optional<TaskNumerics> numerics;
  if (options.numerics != NumericsMode::Off) {
    numerics.emplace();
    std::string name = "kernel '" + kernel.name + "' argument ";
    size_t view = 0;
    offset = 0;
    for (size_t i = 0; i < kernel.signature.size(); ++i) {
      abi::ArgKind kind = kernel.signature[i];
      if (abi::isMemRefArg(kind)) {
        if (std::optional<FloatBuffer> buffer =
                getViewBuffer(views[view], name + std::to_string(i))) {
          if (writes[view]) {
            numerics->addOutput(std::move(*buffer));
          } else {
            numerics->addInput(std::move(*buffer));
          }
        }
        ++view;
      } else if (kind == abi::ArgKind::F32) {
        // A float scalar (a clamp bound, a pad value) is an input too.
        FloatBuffer scalar;
        scalar.data = task.args + offset;
        scalar.type = FloatType::F32;
        scalar.name = name + std::to_string(i);
        numerics->addInput(std::move(scalar));
      }
      offset += abi::getArgSize(kind);
    }
    if (numerics->hasNoOutputs()) {
      numerics.reset();
    }
  }
  int64_t elements = 0;
  for (size_t i = 0; i < views.size(); ++i) {
    if (writes[i]) {
      elements += views[i].getNumElements();
    }
    const TensorView &view = views[i];
    if (view.region != kNoRegion) {
      addBytes(cost, view.region,
               static_cast<uint64_t>(
                   (view.getNumElements() * view.elemBits + 7) / 8));
      touch(view.region, view.regionOffset,
            view.regionOffset + static_cast<uint64_t>(view.spanBytes));
      if (!writes[i]) {
        noteRead(view.region, view.regionOffset, view.dims, view.strides,
                 view.elemBits);
      }
    }
  }
  if (hazards) {
    // Reads first, then writes (a kernel may work in place).
    for (int pass = 0; pass < 2; ++pass) {
      for (size_t i = 0; i < views.size(); ++i) {
        const TensorView &view = views[i];
        if (writes[i] != (pass == 1) || view.region == kNoRegion) {
          continue;
        }
        hazards->accessLayout(view.region, view.regionOffset, view.dims,
                              view.strides, view.elemBits, writes[i]);
      }
    }
  }
  if (numerics) {
    numerics->beforeRun();
  }
  // The f16 stores of the kernel, counted for the underflow check.
  numeric::F16Underflow stored;
  std::optional<ScopedF16UnderflowCount> counting;
  if (numerics) {
    counting.emplace(stored);
  }
  llvm::Error error = kernel.run(task.args, context);
  counting.reset();
  if (error) {
    problem(ProblemKind::KernelError, "kernel error: " + describeTask(taskId) +
                                          ": " +
                                          llvm::toString(std::move(error)));
  } else if (numerics) {
    checkNumerics(taskId, *numerics);
    if (const FloatBuffer *output = numerics->getFirstOutput(FloatType::F16)) {
      underflow.add(task.getLocation(), taskId, stored, output->name,
                    output->getTensorDims());
    }
  }
  lastAmount = elements;
  int64_t work = kernel.work ? kernel.work(task.args, views) : elements;
  cost.bodyCycles =
      getBodyCycles(cost, costModel.getShaveComputeCycles(
                              work, kernel.cyclesPerVector, task.shaves));
  return cost;
}

Emulator::Impl::TaskCost Emulator::Impl::executeNce(uint32_t taskId,
                                                    Task &task) {
  const schema::NceClusterTask &nce = *task.nce;
  const schema::NceInvariant &inv = *nce.invariant();
  NceInvariantDesc desc = getNceInvariantDesc(nce);
  auto activation = [&](uint32_t id) {
    const Tensor &tensor = tensors[id];
    NceActivation view;
    view.data = regions[tensor.region].bytes.data() + tensor.offset;
    view.dtype = tensor.layout.dtype;
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
      touch(tensors[id]);
    }
  }
  NceActivation input = activation(inv.input());
  NceActivation output = activation(inv.output());
  std::optional<NceActivation> input2;
  if (inv.input2() != blob::kNoTensor) {
    input2 = activation(inv.input2());
  }
  double overhead = costModel.getNceOverheadCycles();
  TaskCost cost;
  cost.fixedCycles = overhead;
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
  if (hazards && isNceWeighted(desc.type)) {
    const Tensor &table = tensors[inv.weights_table()];
    for (uint32_t v = 0; v < variants.size(); ++v) {
      NceBox out = box(v);
      hazards->access(table.region, table.offset + out.z0 * 16,
                      table.offset + (out.z1 + 1) * 16, false);
    }
  }
  // INT8 mode (loadBlob checked the element types): the weights table of an
  // integer output holds multipliers, shifts and integer biases.
  bool int8 = input.dtype != schema::DType::F16;
  bool intOut = output.dtype != schema::DType::F16;
  std::vector<NceChannelWeights> channelWeights;
  std::vector<uint64_t> weightsOffsets;
  uint64_t blockBytes = 0;
  if (isNceWeighted(desc.type)) {
    channelWeights.reserve(output.channels);
    weightsOffsets.reserve(output.channels);
    const Tensor &table = tensors[inv.weights_table()];
    const Tensor &weights = tensors[inv.weights()];
    desc.weightsType = weights.layout.dtype;
    const uint8_t *rows = regions[table.region].bytes.data() + table.offset;
    blockBytes = desc.kernelH * desc.kernelW *
                 (desc.type == schema::NceTaskType::CONV ? input.channels : 1) *
                 (int8 ? 1 : 2);
    for (int64_t k = 0; k < output.channels; ++k) {
      uint32_t words[4];
      std::memcpy(words, rows + k * 16, sizeof(words));
      auto row = [k] { return "weights table row " + std::to_string(k); };
      if (words[1] != 0xFFFFFFFFu) {
        problem(ProblemKind::KernelError,
                "invalid NCE task: " + describeTask(taskId) + ": " + row() +
                    " has sparsity offset " + std::to_string(words[1]) +
                    ", but only dense weights (0xFFFFFFFF) are modelled; the "
                    "task was skipped");
        lastAmount = 0;
        return cost;
      }
      if (words[0] > weights.layout.spanBytes ||
          blockBytes >
              static_cast<uint64_t>(weights.layout.spanBytes - words[0])) {
        problem(ProblemKind::OutOfBounds,
                "out-of-bounds access: " + describeTask(taskId) + ": " + row() +
                    " points at weights byte " + std::to_string(words[0]) +
                    ", but the block of " + std::to_string(blockBytes) +
                    " bytes must end within the " +
                    std::to_string(weights.layout.spanBytes) +
                    " bytes of the weights; the task was skipped");
        lastAmount = 0;
        return cost;
      }
      NceChannelWeights entry;
      entry.weights =
          regions[weights.region].bytes.data() + weights.offset + words[0];
      if (intOut) {
        // Word 2 = (mult << 8) | shift, shift <= 63; word 3 = bias.
        uint32_t shift = words[2] & 0xFF;
        if (shift > blob::kMaxQuantShift) {
          problem(ProblemKind::KernelError,
                  "invalid NCE task: " + describeTask(taskId) + ": " + row() +
                      " (output channel " + std::to_string(k) +
                      ") has word 2 0x" + llvm::utohexstr(words[2], false, 8) +
                      ", whose shift " + std::to_string(shift) + " is above " +
                      std::to_string(blob::kMaxQuantShift) +
                      " (an integer output's word 2 is (mult << 8) | "
                      "shift); the task was skipped");
          lastAmount = 0;
          return cost;
        }
        entry.mult = words[2] >> 8;
        entry.shift = shift;
        entry.intBias = static_cast<int32_t>(words[3]);
      } else {
        entry.scale = llvm::bit_cast<float>(words[2]);
        entry.bias = llvm::bit_cast<float>(words[3]);
      }
      channelWeights.push_back(entry);
      weightsOffsets.push_back(weights.offset + words[0]);
    }
  }

  if (hazards) {
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
      hazards->accessLayout(tensor.region, offset,
                            layout.order.toMemoryOrder(dims), tensor.memStrides,
                            layout.elemBits, write);
    };
    for (uint32_t v = 0; v < variants.size(); ++v) {
      NceBox out = box(v);
      accessBox(inv.input(), getNceInputBox(desc, out, input), false);
      if (input2) {
        accessBox(inv.input2(), out, false);
      }
      if (isNceWeighted(desc.type)) {
        // The channels' blocks, one access per run of blocks that follow
        // each other in memory (the usual packing): the detector's state and
        // reports are those of one access per block (a race's range grows
        // over accesses that follow on).
        uint32_t weightsRegion = tensors[inv.weights()].region;
        for (int64_t k = out.z0; k <= out.z1;) {
          uint64_t begin = weightsOffsets[k];
          uint64_t end = begin + blockBytes;
          for (++k; k <= out.z1 && weightsOffsets[k] == end; ++k) {
            end += blockBytes;
          }
          hazards->access(weightsRegion, begin, end, false);
        }
      }
    }
    for (uint32_t v = 0; v < variants.size(); ++v) {
      accessBox(inv.output(), box(v), true);
    }
  }

  // The numerics check: the variants' output boxes, read against their input
  // boxes, the weights and the weights table's scales and biases.
  std::optional<TaskNumerics> numerics;
  if (options.numerics != NumericsMode::Off &&
      output.dtype == schema::DType::F16) {
    numerics.emplace();
    const TensorLayout &outLayout = tensors[inv.output()].layout;
    // The box of an activation as a part of its tensor.
    auto boxBuffer = [&](const NceActivation &tensor, const NceBox &part,
                         const TensorLayout &layout, const char *name) {
      FloatBuffer buffer;
      buffer.data = tensor.data + part.z0 * tensor.strideC +
                    part.y0 * tensor.strideH + part.x0 * tensor.strideW;
      buffer.type = FloatType::F16;
      buffer.dims = {1, part.z1 - part.z0 + 1, part.y1 - part.y0 + 1,
                     part.x1 - part.x0 + 1};
      buffer.strides = {0, tensor.strideC, tensor.strideH, tensor.strideW};
      buffer.origin = {0, part.z0, part.y0, part.x0};
      buffer.tensorDims.assign(layout.dims.begin(), layout.dims.end());
      buffer.name = name;
      return buffer;
    };
    for (uint32_t v = 0; v < variants.size(); ++v) {
      NceBox out = box(v);
      if (input.dtype == schema::DType::F16) {
        numerics->addInput(boxBuffer(input, getNceInputBox(desc, out, input),
                                     tensors[inv.input()].layout, "input"));
      }
      if (input2 && input2->dtype == schema::DType::F16) {
        numerics->addInput(
            boxBuffer(*input2, out, tensors[inv.input2()].layout, "input2"));
      }
      numerics->addOutput(boxBuffer(output, out, outLayout, "output"));
    }
    if (isNceWeighted(desc.type)) {
      if (std::optional<FloatBuffer> weights =
              getFloatBuffer(tensors[inv.weights()], "weights")) {
        numerics->addInput(std::move(*weights));
      }
      if (!channelWeights.empty()) {
        // The FP32 scale and bias of each channel.
        FloatBuffer scales;
        scales.data =
            reinterpret_cast<const uint8_t *>(&channelWeights.front().scale);
        scales.type = FloatType::F32;
        scales.dims = {static_cast<int64_t>(channelWeights.size()), 2};
        scales.strides = {sizeof(NceChannelWeights),
                          offsetof(NceChannelWeights, bias) -
                              offsetof(NceChannelWeights, scale)};
        scales.name = "weights table";
        numerics->addInput(std::move(scales));
      }
    }
    numerics->beforeRun();
  }

  // Each variant on its DPU; the DPUs of the cluster run in parallel.
  int64_t macsPerOutput = getNceMacsPerOutput(desc, input.channels);
  // The MACs run at the rate of the input's element type.
  const std::string inputType = blob::getDTypeName(input.dtype);
  double macsPerCycle = costModel.getDpuMacsPerCycle(inputType);
  // The whole target's rate, for the roofline's executed-MACs term.
  double peakMacsPerCycle = costModel.getPeakMacsPerCycle(inputType);
  std::map<uint32_t, double> dpuTime;
  uint64_t elements = 0;
  // The FP32 results and f16 stores of an F16 task, for the underflow check.
  numeric::F16Underflow stored;
  bool countUnderflow = numerics && input.dtype == schema::DType::F16;
  for (uint32_t v = 0; v < variants.size(); ++v) {
    const schema::DpuVariant &variant = *variants.Get(v);
    NceBox out = box(v);
    if (std::optional<NceOverflow> overflow = computeNceBox(
            desc, input, input2 ? &*input2 : nullptr, channelWeights, output,
            out, pool.get(), countUnderflow ? &stored : nullptr)) {
      problem(ProblemKind::Overflow,
              "accumulator overflow: " + describeTask(taskId) + ", variant " +
                  std::to_string(v) + ": the 32-bit accumulator of output " +
                  "element (channel " + std::to_string(overflow->channel) +
                  ", y " + std::to_string(overflow->y) + ", x " +
                  std::to_string(overflow->x) + ") reaches " +
                  std::to_string(overflow->sum) + "; the task was stopped");
      lastAmount = elements;
      cost.fixedCycles += dpuTime[variant.dpu()];
      return cost;
    }
    double cycles = costModel.getDpuVariantCycles(
        out.x1 - out.x0 + 1, out.y1 - out.y0 + 1, out.z1 - out.z0 + 1,
        macsPerOutput, *task.variantModes[v], macsPerCycle);
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
    Roofline &roofline = report.roofline;
    roofline.nceMacs += record.macs;
    roofline.nceCycles += static_cast<double>(record.macs) / peakMacsPerCycle;
    if (desc.type == schema::NceTaskType::CONV ||
        desc.type == schema::NceTaskType::DWCONV) {
      roofline.nceConvMacs += record.macs;
    }
    if (int8) {
      roofline.nceInt8Macs += record.macs;
    }
    DpuSummary &summary = report.dpus[task.variantDpus[v]];
    summary.variants += 1;
    summary.busyCycles += cycles;
    busy += cycles;
    elements += out.getNumElements();
  }
  if (numerics) {
    checkNumerics(taskId, *numerics);
  }
  if (countUnderflow) {
    const TensorLayout &outLayout = tensors[inv.output()].layout;
    underflow.add(task.getLocation(), taskId, stored, "output",
                  llvm::SmallVector<int64_t, 4>(outLayout.dims.begin(),
                                                outLayout.dims.end()));
  }
  double longest = 0;
  for (const auto &entry : dpuTime) {
    longest = std::max(longest, entry.second);
  }
  lastAmount = elements;
  // The DPUs read their inputs, weights and table and write their output in
  // CMX.
  for (uint32_t id : {inv.input(), inv.input2(), inv.weights(),
                      inv.weights_table(), inv.output()}) {
    if (id != blob::kNoTensor) {
      addBytes(cost, tensors[id].region, getElementBytes(tensors[id].layout));
    }
  }
  cost.bodyCycles = getBodyCycles(cost, longest);
  return cost;
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
      return makeError("network input '" + getInputDesc(i).name()->str() +
                       "' was not set");
    }
  }
  ran = true;
  if (detector) {
    // The detector on a thread of its own pays off once its work outweighs
    // starting the thread and handing it the calls: not on runs of a few
    // tasks (mlp's 57: 0.1 ms slower on 2.5 ms), clearly on ppocr's 1308.
    constexpr size_t kConcurrentHazardTasks = 256;
    hazards = std::make_unique<HazardFeed>(
        *detector, pool != nullptr && tasks.size() >= kConcurrentHazardTasks);
  }
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
    if (events.empty() && bodies.empty()) {
      break;
    }
    // The next event, or the end of the first body in progress.
    auto [bodyEnd, index] = getNextBodyEnd();
    if (!events.empty() && events.top().time <= bodyEnd) {
      Event event = events.top();
      events.pop();
      now = event.time;
      switch (event.kind) {
      case Event::BodyStart:
        startBody(event.id, now);
        break;
      case Event::Finish:
        finish(event.id, now);
        break;
      case Event::Release:
        barriers->release(event.id, now);
        break;
      }
      continue;
    }
    if (bodies.empty() || !std::isfinite(bodyEnd)) {
      // Unreachable with positive bandwidths (arch::parseArchDesc checks
      // them): a body that cannot progress.
      problem(ProblemKind::Deadlock,
              "the timing model stalled: " + describeTask(bodies.front().task) +
                  " cannot progress (a shared resource has no bandwidth)");
      break;
    }
    now = bodyEnd;
    advanceBodies(now);
    uint32_t taskId = bodies[index].task;
    bodies.erase(bodies.begin() + static_cast<ptrdiff_t>(index));
    shareResources();
    finish(taskId, now);
  }
  if (hazards) {
    hazards->finish();
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
    problems(ProblemKind::BarrierMisuse, barriers->getIncompleteUses());
  }
  // Outputs nobody wrote.
  if (detector && report.completed) {
    for (size_t i = 0; i < outputLayouts.size(); ++i) {
      const TensorLayout &layout = outputLayouts[i];
      std::string what =
          "network output '" + getOutputDesc(i).name()->str() + "'";
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
  // The underflow finding of the run (one issue, see RunUnderflow).
  if (std::optional<RunUnderflow::Finding> lost = underflow.getFinding()) {
    if (NumericsIssue *issue = addNumericsIssue(lost->firstTask, lost->layer,
                                                std::move(lost->finding))) {
      issue->tasks = lost->tasks;
      issue->laterLayers = std::move(lost->laterLayers);
    }
  }
  // The numerics issues: warnings, or problems of the run.
  for (const NumericsIssue &issue : report.numerics) {
    if (options.numerics == NumericsMode::Error) {
      problem(ProblemKind::Numerics, issue.getMessage());
    } else {
      report.warnings.push_back({ProblemKind::Numerics, issue.getMessage()});
    }
  }
  if (options.numerics == NumericsMode::Error) {
    droppedRunProblems += report.droppedNumerics;
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
  report.roofline.constantBytesRead = constantRead.bytes();
  for (uint32_t r = cmxBase; r < kernelDataBase; ++r) {
    report.cmxPeakBytes.push_back(regionPeak[r]);
  }
  for (const Executor &executor : executors) {
    report.executors.push_back(executor.summary);
    report.totalCycles =
        std::max(report.totalCycles, executor.summary.endCycles);
  }
  checkTiming();
}

void Emulator::Impl::checkTiming() {
  if (!report.completed || report.totalCycles <= 0) {
    return;
  }
  // Relative slack for the floating-point sums of the event times.
  constexpr double kSlack = 1e-9;
  const Roofline &roofline = report.roofline;
  double bound = roofline.getLowerBoundCycles();
  if (bound > report.totalCycles * (1 + kSlack)) {
    report.problems.push_back(
        {ProblemKind::Timing,
         "the latency of " + std::to_string(report.totalCycles) +
             " cycles is below the roofline's lower bound of " +
             std::to_string(bound) +
             " cycles (the network's MACs at the peak rates, or the "
             "compulsory DDR bytes at the DDR bandwidth)"});
  }
  double ddrLimit = roofline.ddrBytesPerCycle * report.totalCycles;
  if (static_cast<double>(report.ddrBytes) > ddrLimit * (1 + kSlack)) {
    report.problems.push_back(
        {ProblemKind::Timing,
         "the tasks moved " + std::to_string(report.ddrBytes) +
             " DDR bytes in " + std::to_string(report.totalCycles) +
             " cycles, more than the effective DDR bandwidth of " +
             std::to_string(roofline.ddrBytesPerCycle) +
             " bytes per cycle allows"});
  }
}

} // namespace mlir::vpuc::emu
