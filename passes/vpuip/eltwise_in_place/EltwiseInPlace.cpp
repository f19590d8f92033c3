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
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

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

/// Makes `task` write over one of its inputs as the pass description says,
/// given the roots of the buffers the ops after it use (`usedAfter`); returns
/// the task's former output buffer, to erase, or null when it does not
/// qualify.
memref::AllocOp writeOverInput(NCEClusterTaskOp task,
                               const llvm::DenseSet<Value> &usedAfter) {
  auto output = task.getOutputBuff().getDefiningOp<memref::AllocOp>();
  if (!output || !output->hasOneUse()) {
    return nullptr;
  }
  SmallVector<Value, 2> inputs = {task.getInput()};
  if (Value input2 = task.getInput2()) {
    inputs.push_back(input2);
  }
  for (Value operand : inputs) {
    memref::AllocOp input = getWholeAllocation(operand);
    if (input && input.getType() == output.getType() &&
        !usedAfter.contains(input.getResult())) {
      task.getOutputBuffMutable().assign(input.getResult());
      return output;
    }
  }
  return nullptr;
}

struct EltwiseInPlacePass
    : public impl::EltwiseInPlacePassBase<EltwiseInPlacePass> {
  using Base::Base;

  void runOnOperation() override {
    // One walk from the end of each block: the roots of the buffers the ops
    // after a task use are known when the walk reaches it.
    SmallVector<memref::AllocOp> erased;
    getOperation().walk([&](Block *block) {
      llvm::DenseSet<Value> usedAfter;
      for (Operation &op : llvm::reverse(*block)) {
        auto task = llvm::dyn_cast<NCEClusterTaskOp>(&op);
        if (task && isEltwise(task.getTaskType())) {
          if (memref::AllocOp output = writeOverInput(task, usedAfter)) {
            erased.push_back(output);
          }
        }
        for (Value operand : op.getOperands()) {
          if (llvm::isa<BaseMemRefType>(operand.getType())) {
            usedAfter.insert(getBufferLocation(operand).root);
          }
        }
      }
    });
    for (memref::AllocOp output : erased) {
      output.erase();
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
