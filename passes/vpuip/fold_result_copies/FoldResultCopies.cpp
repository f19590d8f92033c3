//===- FoldResultCopies.cpp - Tasks write the results -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements FoldResultCopiesPass: the task computing a value copied into a
// network output buffer writes that buffer itself, and the copy goes.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/fold_result_copies/FoldResultCopies.h"

#include "dialects/vpuip/ir/KernelDecl.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "passes/vpuip/utils/InPlace.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_FOLDRESULTCOPIESPASS
#include "passes/vpuip/fold_result_copies/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The input and output buffer of a copy, or nulls for another op.
std::pair<Value, Value> getCopyBuffers(Operation *op) {
  if (auto copy = llvm::dyn_cast<CopyOp>(op)) {
    return {copy.getInput(), copy.getOutputBuff()};
  }
  if (auto dma = llvm::dyn_cast<NNDMAOp>(op)) {
    return {dma.getInput(), dma.getOutputBuff()};
  }
  return {};
}

/// Folds the copy `copy` (returned by `ret`) into the task computing its
/// input, as the pass description says; returns the task, or null when the
/// copy does not qualify.
Operation *foldCopy(Operation *copy, SymbolTableCollection &tables) {
  auto [input, output] = getCopyBuffers(copy);
  auto argument = llvm::dyn_cast_or_null<BlockArgument>(output);
  if (!argument || !argument.hasOneUse() || !copy->hasOneUse() ||
      !llvm::isa<func::ReturnOp>(*copy->user_begin())) {
    return nullptr;
  }
  auto result = llvm::dyn_cast<OpResult>(input);
  if (!result || !result.hasOneUse()) {
    return nullptr;
  }
  Operation *task = result.getOwner();
  auto kernel = llvm::dyn_cast<SwKernelOp>(task);
  if (!getCopyBuffers(task).first &&
      !(kernel && isElementwiseKernel(kernel, tables))) {
    return nullptr;
  }
  auto dps = llvm::cast<DestinationStyleOpInterface>(task);
  OpOperand *init = dps.getTiedOpOperand(result);
  auto alloc = init ? init->get().getDefiningOp<memref::AllocOp>() : nullptr;
  if (!alloc || !alloc->hasOneUse()) {
    return nullptr;
  }
  auto allocType = alloc.getType();
  auto argumentType = llvm::cast<MemRefType>(argument.getType());
  if (allocType.getShape() != argumentType.getShape() ||
      allocType.getElementType() != argumentType.getElementType() ||
      allocType.getMemorySpace() != argumentType.getMemorySpace()) {
    return nullptr;
  }
  init->set(argument);
  result.setType(argumentType);
  if (kernel) {
    retypeKernelArgument(kernel, *init);
  }
  copy->getResult(0).replaceAllUsesWith(result);
  copy->erase();
  alloc.erase();
  return task;
}

struct FoldResultCopiesPass
    : public impl::FoldResultCopiesPassBase<FoldResultCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SymbolTableCollection tables;
    func.walk([&](func::ReturnOp ret) {
      for (Value value : ret.getOperands()) {
        Operation *op = value.getDefiningOp();
        while (op && getCopyBuffers(op).first) {
          op = foldCopy(op, tables);
        }
      }
    });
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
