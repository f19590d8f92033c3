//===- OptimizeCopies.cpp - Remove DDR round trips of CMX data --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements OptimizeCopiesPass: the writers of every root buffer of the
// function body, then, for each DMA of a whole CMX buffer into a whole DDR
// allocation, the rewrite of the DMAs bringing that DDR allocation back into
// CMX (see OptimizeCopies.td).
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/optimize_copies/OptimizeCopies.h"

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "passes/vpuip/utils/BufferLocation.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_OPTIMIZECOPIESPASS
#include "passes/vpuip/optimize_copies/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The ops of one block writing each root buffer, in program order.
class WriterMap {
public:
  /// Records the writes of the ops of `block`. Fails when an op writes
  /// memory that cannot be located.
  LogicalResult build(Block &block) {
    for (Operation &op : block) {
      if (isMemoryEffectFree(&op)) {
        continue;
      }
      auto effects = llvm::dyn_cast<MemoryEffectOpInterface>(op);
      if (!effects) {
        // Unknown effects: every buffer operand may be written.
        for (Value operand : op.getOperands()) {
          if (llvm::isa<BaseMemRefType>(operand.getType()) &&
              failed(addWriter(operand, &op))) {
            return failure();
          }
        }
        continue;
      }
      SmallVector<MemoryEffects::EffectInstance> instances;
      effects.getEffects(instances);
      for (const MemoryEffects::EffectInstance &instance : instances) {
        if (!llvm::isa<MemoryEffects::Write>(instance.getEffect())) {
          continue;
        }
        Value value = instance.getValue();
        if (!value || !llvm::isa<BaseMemRefType>(value.getType()) ||
            failed(addWriter(value, &op))) {
          return failure();
        }
      }
    }
    return success();
  }

  /// The ops writing `root`.
  ArrayRef<Operation *> getWriters(Value root) const {
    auto it = writers.find(root);
    if (it == writers.end()) {
      return {};
    }
    return it->second;
  }

  /// Records that `newWriter` writes what `oldWriter` wrote in `root`.
  void replaceWriter(Value root, Operation *oldWriter, Operation *newWriter) {
    for (Operation *&writer : writers[root]) {
      if (writer == oldWriter) {
        writer = newWriter;
      }
    }
  }

private:
  LogicalResult addWriter(Value buffer, Operation *op) {
    BufferLocation location = getBufferLocation(buffer);
    if (location.kind == BufferRootKind::Unknown) {
      return failure();
    }
    SmallVector<Operation *, 2> &list = writers[location.root];
    if (list.empty() || list.back() != op) {
      list.push_back(op);
    }
    return success();
  }

  DenseMap<Value, SmallVector<Operation *, 2>> writers;
};

/// The whole `memref.alloc` that `buffer` is, in memory `kind`, or null.
static memref::AllocOp getWholeAllocation(Value buffer, MemoryKind kind) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc || !alloc.getDynamicSizes().empty() ||
      !alloc.getSymbolOperands().empty()) {
    return {};
  }
  FailureOr<BufferType> type = BufferType::get(alloc.getType());
  if (failed(type) || type->getMemoryKind() != kind) {
    return {};
  }
  return alloc;
}

struct OptimizeCopiesPass
    : public impl::OptimizeCopiesPassBase<OptimizeCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal()) {
      return;
    }
    Region &body = func.getBody();
    if (!body.hasOneBlock()) {
      func.emitOpError() << "has " << body.getBlocks().size()
                         << " blocks; removing DDR round trips needs a body "
                            "of one block";
      return signalPassFailure();
    }
    Block &block = body.front();
    WriterMap writers;
    if (failed(writers.build(block))) {
      // Some op writes memory the analysis cannot locate: any rewrite might
      // change what it reads or writes.
      return;
    }
    // The DMAs from CMX to DDR. The rewrites erase only DMAs from DDR, and
    // each of these when it is visited.
    SmallVector<NNDMAOp> spills;
    for (Operation &op : block) {
      auto dma = llvm::dyn_cast<NNDMAOp>(op);
      if (dma &&
          BufferType(dma.getInput().getType()).getMemoryKind() ==
              MemoryKind::CMX_NN &&
          BufferType(dma.getOutputBuff().getType()).getMemoryKind() ==
              MemoryKind::DDR) {
        spills.push_back(dma);
      }
    }
    Counts counts;
    for (NNDMAOp spill : spills) {
      removeRoundTrips(spill, writers, counts);
    }
    support::Logger(getArgument())
        .info("@{0}: removed {1} DMA task(s): {2} DDR round trip(s) within "
              "a cluster, {3} across clusters, {4} DMA(s) to DDR erased",
              func.getSymName(), counts.sameCluster + counts.spills,
              counts.sameCluster, counts.otherCluster, counts.spills);
  }

  /// What the rewrites did.
  struct Counts {
    /// Fills replaced by the CMX buffer itself.
    int64_t sameCluster = 0;
    /// Fills replaced by a CMX-to-CMX DMA.
    int64_t otherCluster = 0;
    /// DMAs to DDR erased.
    int64_t spills = 0;
  };

  /// Rewrites the DMAs bringing the destination of `spill` back into CMX.
  static void removeRoundTrips(NNDMAOp spill, WriterMap &writers,
                               Counts &counts) {
    // X: a whole CMX allocation, not written after the spill.
    Value source = spill.getInput();
    BufferType sourceType(llvm::cast<MemRefType>(source.getType()));
    BufferLocation sourceLocation = getBufferLocation(source);
    if (sourceLocation.kind != BufferRootKind::Allocation ||
        !sourceLocation.exact || sourceLocation.offset != 0 ||
        sourceLocation.root.getType() != source.getType()) {
      return;
    }
    for (Operation *writer : writers.getWriters(sourceLocation.root)) {
      if (!writer->isBeforeInBlock(spill)) {
        return;
      }
    }
    // D: a whole DDR allocation written by the spill only.
    memref::AllocOp ddr =
        getWholeAllocation(spill.getOutputBuff(), MemoryKind::DDR);
    if (!ddr || !ddr->hasOneUse()) {
      return;
    }
    ArrayRef<Operation *> ddrWriters = writers.getWriters(ddr.getResult());
    if (ddrWriters.size() != 1 || ddrWriters.front() != spill) {
      return;
    }
    // The fills D -> Y.
    SmallVector<NNDMAOp> fills;
    for (Operation *user : spill.getOutput().getUsers()) {
      auto fill = llvm::dyn_cast<NNDMAOp>(user);
      if (!fill || fill.getInput() != spill.getOutput()) {
        continue;
      }
      memref::AllocOp target =
          getWholeAllocation(fill.getOutputBuff(), MemoryKind::CMX_NN);
      if (!target || !target->hasOneUse() ||
          sourceType.withMemorySpace(
              BufferType(target.getType()).getMemorySpace()) !=
              BufferType(target.getType())) {
        continue;
      }
      ArrayRef<Operation *> targetWriters =
          writers.getWriters(target.getResult());
      if (targetWriters.size() != 1 || targetWriters.front() != fill) {
        continue;
      }
      fills.push_back(fill);
    }
    OpBuilder builder(spill.getContext());
    for (NNDMAOp fill : fills) {
      auto target = fill.getOutputBuff().getDefiningOp<memref::AllocOp>();
      if (target.getType() == source.getType()) {
        // Same cluster: read X instead of its copy.
        fill.getOutput().replaceAllUsesWith(source);
        fill.erase();
        target.erase();
        ++counts.sameCluster;
        continue;
      }
      // Another cluster: one CMX-to-CMX DMA.
      builder.setInsertionPoint(fill);
      auto direct =
          builder.create<NNDMAOp>(fill.getLoc(), fill.getOutput().getType(),
                                  source, fill.getOutputBuff(), fill.getPort());
      writers.replaceWriter(target.getResult(), fill, direct);
      fill.getOutput().replaceAllUsesWith(direct.getOutput());
      fill.erase();
      ++counts.otherCluster;
    }
    if (spill.getOutput().use_empty()) {
      spill.erase();
      ddr.erase();
      ++counts.spills;
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
