//===- EltwiseInPlace.cpp - Eltwise tasks in place --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements EltwiseInPlacePass: an NCE eltwise task writes its result over
// an input buffer that nothing reads after it.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/eltwise_in_place/EltwiseInPlace.h"

#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "passes/vpuip/utils/BufferLocation.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_ELTWISEINPLACEPASS
#include "passes/vpuip/eltwise_in_place/Passes.h.inc" // IWYU pragma: keep

namespace {

bool isEltwise(NCETaskType type) {
  return type == NCETaskType::ELTWISE_ADD || type == NCETaskType::ELTWISE_SUB ||
         type == NCETaskType::ELTWISE_MUL;
}

/// The allocation `value` is all of, or null.
memref::AllocOp getWholeAllocation(Value value) {
  BufferLocation location = getBufferLocation(value);
  auto alloc = location.kind == BufferRootKind::Allocation
                   ? location.root.getDefiningOp<memref::AllocOp>()
                   : nullptr;
  if (!alloc || !location.exact || location.offset != 0 ||
      value.getType() != alloc.getType()) {
    return nullptr;
  }
  return alloc;
}

/// True if an op after `task` in its block has an operand in `root`.
bool isUsedAfter(Operation *task, Value root) {
  for (Operation *op = task->getNextNode(); op; op = op->getNextNode()) {
    for (Value operand : op->getOperands()) {
      if (llvm::isa<BaseMemRefType>(operand.getType()) &&
          getBufferLocation(operand).root == root) {
        return true;
      }
    }
  }
  return false;
}

/// Makes `task` write over one of its inputs as the pass description says;
/// returns false when it does not qualify.
bool writeOverInput(NCEClusterTaskOp task) {
  auto output = task.getOutputBuff().getDefiningOp<memref::AllocOp>();
  if (!output || !output->hasOneUse()) {
    return false;
  }
  for (OpOperand *operand :
       {&task.getInputMutable(), task.getInput2Mutable().empty()
                                     ? nullptr
                                     : &task.getInput2Mutable()[0]}) {
    if (operand == nullptr) {
      continue;
    }
    memref::AllocOp input = getWholeAllocation(operand->get());
    if (!input || input.getType() != output.getType() ||
        isUsedAfter(task, input)) {
      continue;
    }
    task.getOutputBuffMutable().assign(input.getResult());
    output.erase();
    return true;
  }
  return false;
}

struct EltwiseInPlacePass
    : public impl::EltwiseInPlacePassBase<EltwiseInPlacePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<NCEClusterTaskOp> tasks;
    getOperation().walk([&](NCEClusterTaskOp task) {
      if (isEltwise(task.getTaskType())) {
        tasks.push_back(task);
      }
    });
    for (NCEClusterTaskOp task : tasks) {
      writeOverInput(task);
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
