//===- EltwiseInPlace.cpp - Eltwise tasks in place --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements EltwiseInPlacePass: an NCE eltwise task or an element-wise
// software kernel writes its result over an input buffer (or a part of one)
// that nothing reads after it.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/eltwise_in_place/EltwiseInPlace.h"

#include <optional>

#include "dialects/vpuip/ir/KernelDecl.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "passes/vpuip/utils/InPlace.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_ELTWISEINPLACEPASS
#include "passes/vpuip/eltwise_in_place/Passes.h.inc" // IWYU pragma: keep

namespace {

bool isEltwise(NCETaskType type) {
  return type == NCETaskType::ELTWISE_ADD || type == NCETaskType::ELTWISE_SUB ||
         type == NCETaskType::ELTWISE_MUL;
}

/// The bytes of the buffers the ops after a task use, per root.
class UsedAfter {
public:
  void add(Value buffer) {
    BufferLocation location = getBufferLocation(buffer);
    if (location.kind == BufferRootKind::Unknown) {
      unknown = true;
      return;
    }
    uses[location.root].push_back(location);
  }

  /// True if an op recorded may use a byte of `location`.
  bool overlaps(const BufferLocation &location) const {
    if (unknown) {
      return true;
    }
    auto found = uses.find(location.root);
    return found != uses.end() &&
           llvm::any_of(found->second, [&](const BufferLocation &use) {
             return use.mayOverlap(location);
           });
  }

private:
  llvm::DenseMap<Value, SmallVector<BufferLocation, 2>> uses;
  /// An op after the task uses a buffer the analysis cannot locate.
  bool unknown = false;
};

/// The location of `value` when it is all of a `memref.alloc` or a
/// unit-step view of one of type `type` (a row range of an NHWC buffer);
/// nullopt otherwise.
std::optional<BufferLocation> getAllocationPart(Value value, Type type) {
  BufferLocation location = getBufferLocation(value);
  if (location.kind != BufferRootKind::Allocation || !location.exact ||
      !location.root.getDefiningOp<memref::AllocOp>() ||
      value.getType() != type) {
    return std::nullopt;
  }
  return location;
}

/// Makes the task writing `outputBuff` write over one of `inputs` as the
/// pass description says, given the bytes the ops after it use
/// (`usedAfter`) and the CMX its readers must fit in (`limit`); returns the
/// task's former output buffer, to erase, or null when it does not qualify.
memref::AllocOp writeOverInput(OpOperand &outputBuff, ValueRange inputs,
                               const UsedAfter &usedAfter,
                               const CmxLimit &limit) {
  auto output = outputBuff.get().getDefiningOp<memref::AllocOp>();
  if (!output || !output->hasOneUse()) {
    return nullptr;
  }
  Value result = llvm::cast<DestinationStyleOpInterface>(outputBuff.getOwner())
                     .getTiedOpResult(&outputBuff);
  for (Value operand : inputs) {
    std::optional<BufferLocation> input =
        getAllocationPart(operand, output.getType());
    // The readers of the result then read the whole buffer the part is in.
    if (input && !usedAfter.overlaps(*input) &&
        usersFitWith(result, output,
                     llvm::cast<MemRefType>(input->root.getType()), limit)) {
      // All of an allocation: the allocation itself; a part: the view.
      auto alloc = input->root.getDefiningOp<memref::AllocOp>();
      outputBuff.set(alloc.getType() == output.getType() ? alloc.getResult()
                                                         : operand);
      return output;
    }
  }
  return nullptr;
}

/// writeOverInput for an NCE eltwise task or an element-wise kernel with one
/// output; null for any other op.
memref::AllocOp writeOverInput(Operation *op, const UsedAfter &usedAfter,
                               const CmxLimit &limit,
                               SymbolTableCollection &tables) {
  if (auto task = llvm::dyn_cast<NCEClusterTaskOp>(op)) {
    if (!isEltwise(task.getTaskType())) {
      return nullptr;
    }
    SmallVector<Value, 2> inputs = {task.getInput()};
    if (Value input2 = task.getInput2()) {
      inputs.push_back(input2);
    }
    return writeOverInput(task.getOutputBuffMutable(), inputs, usedAfter,
                          limit);
  }
  auto kernel = llvm::dyn_cast<SwKernelOp>(op);
  if (!kernel || kernel.getOutputBuffs().size() != 1 ||
      !isElementwiseKernel(kernel, tables)) {
    return nullptr;
  }
  return writeOverInput(kernel.getOutputBuffsMutable()[0], kernel.getInputs(),
                        usedAfter, limit);
}

struct EltwiseInPlacePass
    : public impl::EltwiseInPlacePassBase<EltwiseInPlacePass> {
  using Base::Base;

  void runOnOperation() override {
    // One walk from the end of each block: the bytes of the buffers the ops
    // after a task use are known when the walk reaches it.
    SmallVector<memref::AllocOp> erased;
    SymbolTableCollection tables;
    // The whole CMX: a task's buffers must be in it together.
    const CmxLimit limit = getCmxLimit(getOperation());
    getOperation().walk([&](Block *block) {
      UsedAfter usedAfter;
      for (Operation &op : llvm::reverse(*block)) {
        if (memref::AllocOp output =
                writeOverInput(&op, usedAfter, limit, tables)) {
          erased.push_back(output);
        }
        // A view reads nothing: the ops using it record the bytes they use.
        if (llvm::isa<ViewLikeOpInterface>(op)) {
          continue;
        }
        for (Value operand : op.getOperands()) {
          if (llvm::isa<BaseMemRefType>(operand.getType())) {
            usedAfter.add(operand);
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
