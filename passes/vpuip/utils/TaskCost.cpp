//===- TaskCost.cpp - Estimated cycles of a VPUIP task ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements TaskCostModel::get and estimateTaskCost.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/TaskCost.h"

#include <algorithm>
#include <cmath>

#include "core/arch/Arch.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::VPUIP {

/// The bytes `value` spans (0 if it is not a VPUIP buffer).
static uint64_t getBytes(Value value) {
  FailureOr<BufferType> type = BufferType::get(value.getType());
  return succeeded(type) ? type->getTotalAllocSize().count() : 0;
}

/// The elements of `value` (0 if it is not a shaped type).
static uint64_t getElements(Value value) {
  auto type = llvm::dyn_cast<ShapedType>(value.getType());
  return type && type.hasStaticShape() ? type.getNumElements() : 0;
}

TaskCostModel TaskCostModel::get(ResourcesAttr resources) {
  TaskCostModel model;
  llvm::StringRef source = resources.getArchFile().empty()
                               ? resources.getArch()
                               : resources.getArchFile();
  llvm::Expected<arch::ArchDesc> desc = arch::loadArch(source);
  if (!desc) {
    llvm::consumeError(desc.takeError());
    return model;
  }
  // GB/s at the target's frequency in MHz: bytes per cycle.
  const double frequencyMhz = desc->frequency_mhz();
  model.dmaLatencyCycles = desc->dma().latency_cycles();
  model.dmaBytesPerCycle =
      std::max(1.0, desc->dma().bandwidth_gbps() * 1000.0 / frequencyMhz);
  model.macsPerDpuCycle =
      std::max<double>(1, arch::getMacsPerCycle(*desc, "f16"));
  model.nceOverheadCycles = desc->nce().task_overhead_cycles();
  model.shaveOverheadCycles = desc->shave().task_overhead_cycles();
  model.elementsPerShaveCycle = std::max<double>(1, desc->shave().fp16_lanes());
  return model;
}

/// `amount / rate` cycles, rounded up.
static uint64_t cyclesFor(uint64_t amount, double rate) {
  return static_cast<uint64_t>(std::ceil(static_cast<double>(amount) / rate));
}

uint64_t estimateTaskCost(TaskOpInterface task, ResourcesAttr resources,
                          const TaskCostModel &model) {
  uint64_t cycles = 1;
  if (auto dma = llvm::dyn_cast<NNDMAOp>(task.getOperation())) {
    cycles = model.dmaLatencyCycles +
             cyclesFor(getBytes(dma.getInput()), model.dmaBytesPerCycle);
  } else if (auto nce = llvm::dyn_cast<NCEClusterTaskOp>(task.getOperation())) {
    uint64_t perElement = 1;
    ArrayRef<int64_t> kernel = nce.getKernelSize();
    switch (nce.getTaskType()) {
    case NCETaskType::CONV: {
      auto input = llvm::cast<ShapedType>(nce.getInput().getType());
      perElement = kernel[0] * kernel[1] * input.getDimSize(1);
      break;
    }
    case NCETaskType::DWCONV:
    case NCETaskType::MAXPOOL:
    case NCETaskType::AVEPOOL:
      perElement = kernel[0] * kernel[1];
      break;
    default:
      break;
    }
    uint64_t macs = getElements(nce.getOutputBuff()) * perElement;
    uint64_t dpus = std::max<int64_t>(1, resources.getDpus());
    cycles =
        model.nceOverheadCycles + cyclesFor(macs, model.macsPerDpuCycle * dpus);
  } else if (task.getExecutorKind() == ExecutorKind::SHAVE_ACT ||
             task.getExecutorKind() == ExecutorKind::SHAVE_UPA) {
    uint64_t elements = 0;
    if (auto dps =
            llvm::dyn_cast<DestinationStyleOpInterface>(task.getOperation())) {
      for (OpOperand &init : dps.getDpsInitsMutable()) {
        elements += getElements(init.get());
      }
    }
    uint64_t shaves = task.getExecutorKind() == ExecutorKind::SHAVE_UPA
                          ? std::max<int64_t>(1, resources.getShaves())
                          : 1;
    cycles = model.shaveOverheadCycles +
             cyclesFor(elements, model.elementsPerShaveCycle * shaves);
  }
  return std::max<uint64_t>(1, cycles);
}

} // namespace mlir::vpuc::VPUIP
