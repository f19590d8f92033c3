//===- EltwiseInPlace.cpp - Eltwise tasks in place --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements EltwiseInPlacePass: an NCE eltwise task or an element-wise
// software kernel writes its result over an input buffer that nothing reads
// after it.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/eltwise_in_place/EltwiseInPlace.h"

#include "dialects/vpuip/ir/KernelDecl.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
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

/// Makes the task writing `outputBuff` write over one of `inputs` as the
/// pass description says, given the roots of the buffers the ops after it
/// use (`usedAfter`); returns the task's former output buffer, to erase, or
/// null when it does not qualify.
memref::AllocOp writeOverInput(OpOperand &outputBuff, ValueRange inputs,
                               const llvm::DenseSet<Value> &usedAfter) {
  auto output = outputBuff.get().getDefiningOp<memref::AllocOp>();
  if (!output || !output->hasOneUse()) {
    return nullptr;
  }
  for (Value operand : inputs) {
    memref::AllocOp input = getWholeAllocation(operand);
    if (input && input.getType() == output.getType() &&
        !usedAfter.contains(input.getResult())) {
      outputBuff.set(input.getResult());
      return output;
    }
  }
  return nullptr;
}

/// writeOverInput for an NCE eltwise task or an element-wise kernel with one
/// output; null for any other op.
memref::AllocOp writeOverInput(Operation *op,
                               const llvm::DenseSet<Value> &usedAfter,
                               SymbolTableCollection &tables) {
  if (auto task = llvm::dyn_cast<NCEClusterTaskOp>(op)) {
    if (!isEltwise(task.getTaskType())) {
      return nullptr;
    }
    SmallVector<Value, 2> inputs = {task.getInput()};
    if (Value input2 = task.getInput2()) {
      inputs.push_back(input2);
    }
    return writeOverInput(task.getOutputBuffMutable(), inputs, usedAfter);
  }
  auto kernel = llvm::dyn_cast<SwKernelOp>(op);
  if (!kernel || kernel.getOutputBuffs().size() != 1 ||
      !isElementwiseKernel(kernel, tables)) {
    return nullptr;
  }
  return writeOverInput(kernel.getOutputBuffsMutable()[0], kernel.getInputs(),
                        usedAfter);
}

struct EltwiseInPlacePass
    : public impl::EltwiseInPlacePassBase<EltwiseInPlacePass> {
  using Base::Base;

  void runOnOperation() override {
    // One walk from the end of each block: the roots of the buffers the ops
    // after a task use are known when the walk reaches it.
    SmallVector<memref::AllocOp> erased;
    SymbolTableCollection tables;
    getOperation().walk([&](Block *block) {
      llvm::DenseSet<Value> usedAfter;
      for (Operation &op : llvm::reverse(*block)) {
        if (memref::AllocOp output = writeOverInput(&op, usedAfter, tables)) {
          erased.push_back(output);
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
