//===- TaskCost.cpp - Estimated cycles of a VPUIP task ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements loadCostModel and estimateTaskCost.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/TaskCost.h"

#include <algorithm>
#include <cmath>

#include "core/cost/CostModel.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/KernelDecl.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "kernels/abi/SwKernels.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

namespace mlir::vpuc::VPUIP {

llvm::Expected<cost::CostModel> loadCostModel(ResourcesAttr resources) {
  llvm::StringRef source = resources.getArchSource();
  llvm::Expected<cost::CostModel> model = cost::CostModel::load(source);
  if (!model) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "cannot load the target '" + source.str() +
            "' of the module's VPUIP.resources for the cost model: " +
            llvm::toString(model.takeError()));
  }
  return model;
}

std::string getMacRateName(Type elementType) {
  if (auto quantized = llvm::dyn_cast<quant::QuantizedType>(elementType)) {
    return (quantized.isSigned() ? "i" : "u") +
           std::to_string(quantized.getStorageTypeIntegralWidth());
  }
  if (auto integer = llvm::dyn_cast<IntegerType>(elementType)) {
    return (integer.isUnsigned() ? "u" : "i") +
           std::to_string(integer.getWidth());
  }
  std::string name;
  llvm::raw_string_ostream os(name);
  elementType.print(os);
  return name;
}

namespace {

/// The bytes of the elements of a buffer of `type`: the data, not the span of
/// a strided view (a slice of rows of a channel-major tensor spans the other
/// channels too).
uint64_t getDataBytes(const BufferType &type) {
  return type.getDataSize().toBytesCeil().count();
}

/// The bytes a task moves through DDR and through the CMX (of one cluster).
struct Traffic {
  uint64_t ddr = 0;
  uint64_t cmx = 0;

  /// Adds the bytes of `value`'s elements to the memory it lives in.
  void add(Value value) {
    FailureOr<BufferType> type = BufferType::get(value.getType());
    if (failed(type)) {
      return;
    }
    (type->getMemoryKind() == MemoryKind::CMX_NN ? cmx : ddr) +=
        getDataBytes(*type);
  }
};

/// The bytes of `value`'s elements (0 if it is not a VPUIP buffer).
uint64_t getBytes(Value value) {
  FailureOr<BufferType> type = BufferType::get(value.getType());
  return succeeded(type) ? getDataBytes(*type) : 0;
}

/// The elements of `value` (0 if it is not a shaped type).
int64_t getElements(Value value) {
  auto type = llvm::dyn_cast<ShapedType>(value.getType());
  return type && type.hasStaticShape() ? type.getNumElements() : 0;
}

/// MACs per output element of `nce`.
int64_t getMacsPerOutput(NCEClusterTaskOp nce) {
  ArrayRef<int64_t> kernel = nce.getKernelSize();
  switch (nce.getTaskType()) {
  case NCETaskType::CONV:
    return kernel[0] * kernel[1] *
           llvm::cast<ShapedType>(nce.getInput().getType()).getDimSize(1);
  case NCETaskType::DWCONV:
  case NCETaskType::MAXPOOL:
  case NCETaskType::AVEPOOL:
    return kernel[0] * kernel[1];
  default:
    return 1;
  }
}

double estimateNceCycles(NCEClusterTaskOp nce, ResourcesAttr resources,
                         const cost::CostModel &model) {
  Traffic traffic;
  for (Value value : {nce.getInput(), nce.getInput2(), nce.getWeights(),
                      nce.getWeightsTable(), nce.getOutputBuff()}) {
    if (value) {
      traffic.add(value);
    }
  }
  const int64_t macsPerOutput = getMacsPerOutput(nce);
  const double macsPerCycle = model.getDpuMacsPerCycle(getMacRateName(
      llvm::cast<ShapedType>(nce.getInput().getType()).getElementType()));
  SmallVector<DPUTaskOp> variants = nce.getDpuTasks();
  if (variants.empty()) {
    auto output = llvm::cast<ShapedType>(nce.getOutputBuff().getType());
    return model.getNceTaskCycles(output.getDimSize(3), output.getDimSize(2),
                                  output.getDimSize(1), macsPerOutput,
                                  std::max<int64_t>(1, resources.getDpus()),
                                  macsPerCycle, traffic.cmx);
  }
  llvm::SmallDenseMap<uint64_t, double> busy;
  for (DPUTaskOp variant : variants) {
    ArrayRef<int64_t> start = variant.getOutStart();
    ArrayRef<int64_t> end = variant.getOutEnd();
    const cost::MpeMode *mode =
        model.findMpeMode(stringifyMPEMode(variant.getMpe()));
    if (!mode) {
      mode = &model.getMpeModes().front();
    }
    busy[variant.getDpu()] += model.getDpuVariantCycles(
        end[0] - start[0] + 1, end[1] - start[1] + 1, end[2] - start[2] + 1,
        macsPerOutput, *mode, macsPerCycle);
  }
  double busiest = 0;
  for (const auto &entry : busy) {
    busiest = std::max(busiest, entry.second);
  }
  return model.getNceOverheadCycles() +
         model.getBodyCycles(busiest, 0, traffic.cmx);
}

} // namespace

uint64_t estimateTaskCost(TaskOpInterface task, ResourcesAttr resources,
                          const cost::CostModel &model) {
  double cycles = 1;
  if (auto dma = llvm::dyn_cast<NNDMAOp>(task.getOperation())) {
    Traffic traffic;
    traffic.add(dma.getInput());
    traffic.add(dma.getOutputBuff());
    cycles =
        model.getDmaCycles(getBytes(dma.getInput()), traffic.ddr, traffic.cmx);
  } else if (auto nce = llvm::dyn_cast<NCEClusterTaskOp>(task.getOperation())) {
    cycles = estimateNceCycles(nce, resources, model);
  } else if (task.getExecutorKind() == ExecutorKind::SHAVE_ACT ||
             task.getExecutorKind() == ExecutorKind::SHAVE_UPA) {
    int64_t elements = 0;
    Traffic traffic;
    for (Value operand : task->getOperands()) {
      traffic.add(operand);
    }
    if (auto dps =
            llvm::dyn_cast<DestinationStyleOpInterface>(task.getOperation())) {
      for (OpOperand &init : dps.getDpsInitsMutable()) {
        elements += getElements(init.get());
      }
    }
    const auto shaves =
        static_cast<uint32_t>(task.getExecutorKind() == ExecutorKind::SHAVE_UPA
                                  ? std::max<int64_t>(1, resources.getShaves())
                                  : 1);
    // The kernel's own cost (kernels/abi/SwKernels.td), as the emulator
    // prices it; a count of the kernel's own is estimated by its outputs.
    SymbolTableCollection tables;
    const abi::KernelDecl *decl = nullptr;
    ValueRange inputs;
    if (auto act = llvm::dyn_cast<SwKernelOp>(task.getOperation())) {
      decl = getAbiKernel(act, tables);
      inputs = act.getInputs();
    } else if (auto upa = llvm::dyn_cast<UpaSwOp>(task.getOperation())) {
      decl = getAbiKernel(upa, tables);
      inputs = upa.getInputs();
    }
    double cyclesPerVector = 1.0;
    if (decl != nullptr) {
      cyclesPerVector = decl->cyclesPerVector;
      if (decl->work == abi::KernelWork::Inputs && !inputs.empty()) {
        elements = getElements(inputs.front());
      }
    }
    cycles = model.getShaveCycles(elements, cyclesPerVector, shaves,
                                  traffic.ddr, traffic.cmx);
  }
  return std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(cycles)));
}

uint64_t estimateDdrCycles(TaskOpInterface task, const cost::CostModel &model) {
  if (llvm::isa<NCEClusterTaskOp>(task.getOperation())) {
    return 0;
  }
  Traffic traffic;
  for (Value operand : task->getOperands()) {
    traffic.add(operand);
  }
  return static_cast<uint64_t>(std::ceil(static_cast<double>(traffic.ddr) /
                                         model.getDdrBytesPerCycle()));
}

} // namespace mlir::vpuc::VPUIP
