//===- TaskAccesses.cpp - The buffers a task reads and writes ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements getTaskAccesses and conflict.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/TaskAccesses.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::vpuc::VPUIP {

TaskAccesses getTaskAccesses(Operation *op) {
  TaskAccesses result;
  auto effects = llvm::dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects) {
    for (Value operand : op->getOperands()) {
      // Without effects, every buffer operand may be read and written.
      if (llvm::isa<BaseMemRefType>(operand.getType())) {
        result.accesses.push_back(
            {operand, getBufferLocation(operand), true, true});
      }
    }
    return result;
  }
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  for (const MemoryEffects::EffectInstance &instance : instances) {
    bool isRead = llvm::isa<MemoryEffects::Read>(instance.getEffect());
    bool isWrite = llvm::isa<MemoryEffects::Write>(instance.getEffect());
    if (!isRead && !isWrite) {
      continue;
    }
    Value value = instance.getValue();
    if (!value || !llvm::isa<BaseMemRefType>(value.getType())) {
      result.touchesAll = true;
      continue;
    }
    result.accesses.push_back(
        {value, getBufferLocation(value), isRead, isWrite});
  }
  return result;
}

bool conflict(
    const TaskAccesses &a, const TaskAccesses &b,
    llvm::function_ref<bool(const BufferAccess &, const BufferAccess &)>
        ignore) {
  if (a.touchesAll || b.touchesAll) {
    return true;
  }
  for (const BufferAccess &x : a.accesses) {
    for (const BufferAccess &y : b.accesses) {
      if ((x.write || y.write) && x.location.mayOverlap(y.location) &&
          !(ignore && ignore(x, y))) {
        return true;
      }
    }
  }
  return false;
}

bool isAllocationOrPure(Operation *op) {
  if (isMemoryEffectFree(op)) {
    return true;
  }
  auto effects = llvm::dyn_cast<MemoryEffectOpInterface>(op);
  return effects && effects.onlyHasEffect<MemoryEffects::Allocate>();
}

} // namespace mlir::vpuc::VPUIP
