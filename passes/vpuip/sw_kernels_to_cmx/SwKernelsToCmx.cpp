//===- SwKernelsToCmx.cpp - Software kernels on CMX -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements SwKernelsToCmxPass: each activation-SHAVE kernel whose
// activations fit its tile's CMX reads CMX copies of its inputs and writes
// CMX buffers that are then copied to its outputs.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/sw_kernels_to_cmx/SwKernelsToCmx.h"

#include <optional>

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_SWKERNELSTOCMXPASS
#include "passes/vpuip/sw_kernels_to_cmx/Passes.h.inc" // IWYU pragma: keep

namespace {

/// Whether `buffer` is (a view of) a constant, which the kernel keeps
/// reading in DDR.
bool isConstant(Value buffer) {
  return getBufferLocation(buffer).kind == BufferRootKind::Constant;
}

/// The compact buffer of `buffer`'s shape, element type and order in the CMX
/// of `tile`.
MemRefType getCmxType(Value buffer, int64_t tile) {
  BufferType type(llvm::cast<MemRefType>(buffer.getType()));
  return BufferType::getCompact(
             type.getShape(), type.getElementType(), type.getOrder(),
             MemorySpaceAttr::getCMX(buffer.getContext(), tile))
      .getType();
}

/// The operands of `kernel` to move into CMX (DDR buffers that are not
/// constants), or std::nullopt when the kernel stays as it is: nothing to
/// move, a sub-byte buffer, or CMX buffers that do not fit `cmxSize`
/// together. `bytes` receives the aligned size of the new buffers.
std::optional<SmallVector<OpOperand *>> getOperandsToMove(SwKernelOp kernel,
                                                          int64_t cmxSize,
                                                          int64_t cmxAlignment,
                                                          int64_t &bytes) {
  SmallVector<OpOperand *> moved;
  llvm::DenseSet<Value> counted;
  int64_t total = 0;
  bytes = 0;
  for (OpOperand &operand : kernel->getOpOperands()) {
    BufferType type(llvm::cast<MemRefType>(operand.get().getType()));
    if (type.getElemTypeSize().count() < 8) {
      return std::nullopt;
    }
    const bool inDdr = !type.getClusterIndex().has_value();
    if (inDdr && isConstant(operand.get())) {
      continue;
    }
    if (inDdr) {
      moved.push_back(&operand);
    }
    // A buffer passed twice (x * x) is counted, and copied, once.
    if (!counted.insert(operand.get()).second) {
      continue;
    }
    const auto size = static_cast<int64_t>(
        llvm::alignTo(type.getDataSize().toBytes().count(), cmxAlignment));
    total += size;
    if (inDdr) {
      bytes += size;
    }
  }
  if (moved.empty() || total > cmxSize) {
    return std::nullopt;
  }
  return moved;
}

/// Rewrites `kernel` to read CMX copies of the inputs in `moved` and write
/// new CMX buffers for the outputs in `moved`, copied to the original output
/// buffers afterwards (the users of the kernel's results read the copies).
void moveToCmx(SwKernelOp kernel, ArrayRef<OpOperand *> moved) {
  OpBuilder builder(kernel);
  Location loc = kernel.getLoc();
  const int64_t tile = kernel.getTile();
  const unsigned numInputs = kernel.getInputs().size();
  Block &body = kernel.getBody().front();
  // An input read twice (x * x) is copied once.
  llvm::DenseMap<Value, Value> inputCopies;
  for (OpOperand *operand : moved) {
    const unsigned index = operand->getOperandNumber();
    Value original = operand->get();
    MemRefType cmxType = getCmxType(original, tile);
    builder.setInsertionPoint(kernel);
    if (index < numInputs) {
      Value &cmx = inputCopies[original];
      if (!cmx) {
        cmx = builder.create<CopyOp>(
            loc, cmxType, original,
            builder.create<memref::AllocOp>(loc, cmxType));
      }
      operand->set(cmx);
      body.getArgument(index).setType(cmxType);
      continue;
    }
    Value cmx = builder.create<memref::AllocOp>(loc, cmxType);
    operand->set(cmx);
    body.getArgument(index).setType(cmxType);
    OpResult result = kernel->getResult(index - numInputs);
    result.setType(cmxType);
    builder.setInsertionPointAfter(kernel);
    auto copy =
        builder.create<CopyOp>(loc, original.getType(), result, original);
    result.replaceAllUsesExcept(copy.getOutput(), copy);
  }
}

struct SwKernelsToCmxPass final
    : impl::SwKernelsToCmxPassBase<SwKernelsToCmxPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    support::Logger log(getArgument());
    ResourcesAttr resources = getResources(func);
    if (!resources || resources.getShaveKind() != ShaveKind::ACT) {
      log.info("@{0}: the target has no activation SHAVEs: nothing to move",
               func.getName());
      return;
    }
    const int64_t cmxAlignment =
        std::max<int64_t>(1, resources.getCmxAlignment());
    SmallVector<SwKernelOp> kernels;
    func.walk([&](SwKernelOp kernel) { kernels.push_back(kernel); });
    int64_t count = 0;
    int64_t totalBytes = 0;
    for (SwKernelOp kernel : kernels) {
      int64_t bytes = 0;
      std::optional<SmallVector<OpOperand *>> moved = getOperandsToMove(
          kernel, resources.getCmxSize(), cmxAlignment, bytes);
      if (!moved) {
        continue;
      }
      moveToCmx(kernel, *moved);
      ++count;
      totalBytes += bytes;
    }
    log.info("@{0}: {1} of {2} kernel(s) moved to CMX, {3} bytes of new CMX "
             "buffers",
             func.getName(), count, kernels.size(), totalBytes);
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
