//===- BroadcastDmas.cpp - one DMA for the copies of a constant -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements BroadcastDmasPass (see BroadcastDmas.td): after the memory
// placement, the DMAs of one constant to the same offset of the CMX of
// several clusters become one broadcast DMA.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/broadcast_dmas/BroadcastDmas.h"

#include <optional>

#include "core/arch/Arch.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "passes/vpuip/utils/TaskAccesses.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_BROADCASTDMASPASS
#include "passes/vpuip/broadcast_dmas/Passes.h.inc"

namespace {

/// A DMA of a constant into a placed CMX buffer: what it holds, its offset
/// and its cluster. Two DMAs with the same key and offset in different
/// clusters are copies of one broadcast.
struct ConstantCopy {
  ConstantCopyKey key;
  int64_t offset = 0;
  int64_t cluster = 0;

  bool isCopyOf(const ConstantCopy &other) const {
    return key == other.key && offset == other.offset;
  }
};

/// The copy `dma` makes when it loads a constant into a `VPUIP.StaticAlloc`
/// in CMX or a view of one (the part of a split DMA), or nothing.
std::optional<ConstantCopy> getConstantCopy(NNDMAOp dma) {
  Value output = dma.getOutputBuff();
  std::optional<ConstantCopyKey> key =
      getConstantCopyKey(dma.getInput(), output);
  BufferLocation location = getBufferLocation(output);
  std::optional<int64_t> offset = location.getAbsoluteOffset();
  if (!key || location.kind != BufferRootKind::StaticAllocation ||
      !location.exact || !offset) {
    return std::nullopt;
  }
  std::optional<int64_t> cluster =
      BufferType(llvm::cast<MemRefType>(output.getType())).getClusterIndex();
  if (!cluster) {
    return std::nullopt;
  }
  return ConstantCopy{*key, *offset, *cluster};
}

/// True if `dma` already writes the CMX of `cluster`.
bool writesCluster(NNDMAOp dma, int64_t cluster) {
  auto inCluster = [&](Value buffer) {
    return BufferType(llvm::cast<MemRefType>(buffer.getType()))
               .getClusterIndex() == cluster;
  };
  return inCluster(dma.getOutputBuff()) ||
         llvm::any_of(dma.getBroadcastBuffs(), inCluster);
}

/// True if the target named by `resources` broadcasts DMAs.
bool targetBroadcasts(ResourcesAttr resources) {
  llvm::Expected<arch::ArchDesc> desc =
      arch::loadArch(resources.getArchSource());
  if (!desc) {
    llvm::consumeError(desc.takeError());
    return false;
  }
  return desc->dma().broadcast();
}

struct BroadcastDmasPass
    : public impl::BroadcastDmasPassBase<BroadcastDmasPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (window < 1) {
      func.emitOpError() << "cannot broadcast DMAs within a window of "
                         << static_cast<int64_t>(window)
                         << " operations (option window of "
                            "vpuc-vpuip-broadcast-dmas): it is not positive";
      return signalPassFailure();
    }
    ResourcesAttr resources = getResources(func);
    if (!resources || resources.getClusters() < 2 ||
        !targetBroadcasts(resources)) {
      return;
    }
    for (Block &block : func.getBody()) {
      broadcastInBlock(block);
    }
  }

  /// Joins each DMA of the block with the latest earlier DMA it can, into
  /// the earlier one or the later one.
  void broadcastInBlock(Block &block) {
    SmallVector<Operation *> ops;
    for (Operation &op : block) {
      ops.push_back(&op);
    }
    // The memory accesses of each op, computed once (a join adds a write to
    // the op that absorbs the other: it is computed again).
    SmallVector<std::optional<TaskAccesses>> accesses(ops.size());
    auto getAccesses = [&](size_t k) -> const TaskAccesses & {
      if (!accesses[k]) {
        accesses[k] = getTaskAccesses(ops[k]);
      }
      return *accesses[k];
    };
    // The copy each DMA makes, computed once (a join leaves the copy of the
    // DMA that absorbs the other as it was).
    SmallVector<std::optional<ConstantCopy>> copies(ops.size());
    for (size_t k = 0; k < ops.size(); ++k) {
      if (auto dma = llvm::dyn_cast<NNDMAOp>(ops[k])) {
        copies[k] = getConstantCopy(dma);
      }
    }
    // True if no operation strictly between positions j and i touches the
    // bytes `dma` writes.
    auto untouchedBetween = [&](size_t j, size_t i, NNDMAOp dma) {
      TaskAccesses writes;
      writes.accesses.push_back({dma.getOutputBuff(),
                                 getBufferLocation(dma.getOutputBuff()),
                                 /*read=*/false, /*write=*/true});
      for (size_t k = j + 1; k < i; ++k) {
        if (ops[k] != nullptr && !isAllocationOrPure(ops[k]) &&
            conflict(getAccesses(k), writes)) {
          return false;
        }
      }
      return true;
    };
    for (size_t i = 0; i < ops.size(); ++i) {
      auto dma = llvm::dyn_cast_or_null<NNDMAOp>(ops[i]);
      const std::optional<ConstantCopy> &copy = copies[i];
      if (!dma || !copy || !dma.getBroadcastBuffs().empty()) {
        continue;
      }
      const size_t first =
          i > static_cast<size_t>(window) ? i - static_cast<size_t>(window) : 0;
      for (size_t j = i; j-- > first;) {
        auto earlier = llvm::dyn_cast_or_null<NNDMAOp>(ops[j]);
        const std::optional<ConstantCopy> &earlierCopy = copies[j];
        if (!earlier || !earlierCopy || !earlierCopy->isCopyOf(*copy) ||
            writesCluster(earlier, copy->cluster)) {
          continue;
        }
        // The later copy written early, or the earlier one written late.
        if (untouchedBetween(j, i, dma) && join(earlier, dma)) {
          ops[i] = nullptr;
          accesses[j].reset();
          break;
        }
        if (earlier.getBroadcastBuffs().empty() &&
            untouchedBetween(j, i, earlier) && join(dma, earlier)) {
          ops[j] = nullptr;
          accesses[i].reset();
          break;
        }
      }
    }
  }

  /// `dma`'s copy becomes a broadcast buffer of `into`, and its readers read
  /// the buffer; false (nothing changed) when the buffer is defined after
  /// `into` by something other than views and allocations.
  static bool join(NNDMAOp into, NNDMAOp dma) {
    Value buffer = dma.getOutputBuff();
    if (!canHoist(buffer, into)) {
      return false;
    }
    hoist(buffer, into);
    into.getBroadcastBuffsMutable().append(buffer);
    dma.getOutput().replaceAllUsesWith(buffer);
    dma.erase();
    return true;
  }

  /// True if `value` is defined before `point` or by views and allocations
  /// (pure, of operands that can be hoisted too), which can move before it.
  static bool canHoist(Value value, Operation *point) {
    Operation *def = value.getDefiningOp();
    if (def == nullptr || def->getBlock() != point->getBlock() ||
        def->isBeforeInBlock(point)) {
      return true;
    }
    return isAllocationOrPure(def) &&
           llvm::all_of(def->getOperands(), [&](Value operand) {
             return canHoist(operand, point);
           });
  }

  /// Moves the definitions canHoist accepted before `point`.
  static void hoist(Value value, Operation *point) {
    Operation *def = value.getDefiningOp();
    if (def == nullptr || def->getBlock() != point->getBlock() ||
        def->isBeforeInBlock(point)) {
      return;
    }
    for (Value operand : def->getOperands()) {
      hoist(operand, point);
    }
    def->moveBefore(point);
  }
};

} // namespace

} // namespace mlir::vpuc::VPUIP
