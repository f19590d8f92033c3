//===- TaskCost.cpp - Estimated cycles of a VPUIP task ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements estimateTaskCost.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/TaskCost.h"

#include <algorithm>

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
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

uint64_t estimateTaskCost(TaskOpInterface task, ResourcesAttr resources) {
  uint64_t cycles = 1;
  if (auto dma = llvm::dyn_cast<NNDMAOp>(task.getOperation())) {
    cycles = kDmaLatencyCycles +
             llvm::divideCeil(getBytes(dma.getInput()), kDmaBytesPerCycle);
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
    cycles = llvm::divideCeil(macs, kMacsPerDpuCycle * dpus);
  } else if (task.getExecutorKind() == ExecutorKind::SHAVE_ACT ||
             task.getExecutorKind() == ExecutorKind::SHAVE_UPA) {
    uint64_t elements = 0;
    if (auto dps =
            llvm::dyn_cast<DestinationStyleOpInterface>(task.getOperation())) {
      for (OpOperand &init : dps.getDpsInitsMutable()) {
        elements += getElements(init.get());
      }
    }
    uint64_t shaves = std::max<int64_t>(1, resources.getShaves());
    cycles = kShaveOverheadCycles +
             llvm::divideCeil(elements, kElementsPerShaveCycle * shaves);
  }
  return std::max<uint64_t>(1, cycles);
}

} // namespace mlir::vpuc::VPUIP
