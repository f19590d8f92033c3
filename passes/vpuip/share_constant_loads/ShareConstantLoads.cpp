//===- ShareConstantLoads.cpp - one CMX copy per constant -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ShareConstantLoadsPass (see ShareConstantLoads.td): a DMA that
// loads a constant into a CMX buffer a nearby earlier DMA already loaded it
// into is erased, and its readers read the earlier copy.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/share_constant_loads/ShareConstantLoads.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "passes/vpuip/utils/BufferBoxes.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_SHARECONSTANTLOADSPASS
#include "passes/vpuip/share_constant_loads/Passes.h.inc"

namespace {

/// The position (in `position`, by the user's ancestor in its block) of the
/// last use of `value`, through views of it, when every such use is an input
/// of a destination-style op (a task that reads it); nothing otherwise.
std::optional<int64_t>
getLastRead(Value value, Block &block,
            const llvm::DenseMap<Operation *, int64_t> &position) {
  int64_t last = 0;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (Operation *op = block.findAncestorOpInBlock(*user)) {
      last = std::max(last, position.lookup(op));
    }
    auto view = llvm::dyn_cast<ViewLikeOpInterface>(user);
    if (view && view.getViewSource() == value) {
      for (Value result : user->getResults()) {
        std::optional<int64_t> viewLast = getLastRead(result, block, position);
        if (!viewLast) {
          return std::nullopt;
        }
        last = std::max(last, *viewLast);
      }
      continue;
    }
    auto dps = llvm::dyn_cast<DestinationStyleOpInterface>(user);
    if (!dps || dps.isDpsInit(&use)) {
      return std::nullopt;
    }
  }
  return last;
}

/// A CMX copy of a constant that later loads of it may share: the DMA
/// making it and the position of its last reader so far.
struct Copy {
  NNDMAOp dma;
  int64_t lastRead = 0;
};

/// Emits that an option of the pass is not positive.
void emitNotPositive(func::FuncOp func, llvm::StringRef what, int64_t value,
                     llvm::StringRef unit, llvm::StringRef option) {
  func.emitOpError() << "cannot share constant " << what << " " << value << " "
                     << unit << " (option " << option
                     << " of vpuc-vpuip-share-constant-loads): it is not "
                        "positive";
}

struct ShareConstantLoadsPass
    : public impl::ShareConstantLoadsPassBase<ShareConstantLoadsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (window < 1) {
      emitNotPositive(func, "loads within a window of", window, "operations",
                      "window");
      return signalPassFailure();
    }
    if (maxBytes < 1) {
      emitNotPositive(func, "copies of at most", maxBytes, "bytes",
                      "max-bytes");
      return signalPassFailure();
    }
    int64_t erased = 0, bytes = 0;
    for (Block &block : func.getBody()) {
      shareInBlock(block, erased, bytes);
    }
    support::Logger(getArgument())
        .info("@{0}: erased {1} DMA(s) of constants ({2} bytes): their "
              "readers read an earlier copy",
              func.getSymName(), erased, bytes);
  }

  void shareInBlock(Block &block, int64_t &erased, int64_t &bytes) {
    SmallVector<Operation *> ops;
    llvm::DenseMap<Operation *, int64_t> position;
    for (Operation &op : block) {
      position[&op] = static_cast<int64_t>(ops.size());
      ops.push_back(&op);
    }
    // The latest copy of each constant content in each CMX buffer type
    // (which includes the cluster).
    llvm::DenseMap<std::pair<Attribute, Type>, Copy> copies;
    for (Operation *op : ops) {
      auto dma = llvm::dyn_cast<NNDMAOp>(op);
      if (!dma || !dma.getBroadcastBuffs().empty()) {
        continue;
      }
      std::optional<ConstantCopyKey> key =
          getConstantCopyKey(dma.getInput(), dma.getOutputBuff());
      memref::AllocOp alloc =
          getWholeAllocation(dma.getOutputBuff(), MemoryKind::CMX_NN);
      if (!key || !alloc || !alloc->hasOneUse()) {
        continue;
      }
      int64_t size = BufferType(alloc.getType()).getTotalAllocSize().count();
      std::optional<int64_t> lastRead =
          getLastRead(dma.getOutput(), block, position);
      if (size > maxBytes || !lastRead) {
        continue;
      }
      auto [copy, first] = copies.try_emplace(
          std::make_pair(key->content, Type(alloc.getType())),
          Copy{dma, *lastRead});
      if (first) {
        continue;
      }
      if (position[op] - copy->second.lastRead > window) {
        copy->second = Copy{dma, *lastRead};
        continue;
      }
      copy->second.lastRead = std::max(copy->second.lastRead, *lastRead);
      dma.getOutput().replaceAllUsesWith(copy->second.dma.getOutput());
      bytes += size;
      dma.erase();
      alloc.erase();
      ++erased;
    }
  }
};

} // namespace

} // namespace mlir::vpuc::VPUIP
