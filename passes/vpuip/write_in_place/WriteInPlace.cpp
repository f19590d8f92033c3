//===- WriteInPlace.cpp - Task results written where they go ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements WriteInPlacePass: every CMX-to-CMX DMA that copies the result of
// an NCE task or a software kernel into a part of another CMX buffer of its
// cluster, where nothing else writes that part, is removed and the task
// writes the part (the checks and the rewrite are passes/vpuip/utils/InPlace;
// see WriteInPlace.td).
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/write_in_place/WriteInPlace.h"

#include <optional>

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "passes/vpuip/utils/BufferBoxes.h"
#include "passes/vpuip/utils/InPlace.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_WRITEINPLACEPASS
#include "passes/vpuip/write_in_place/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The tile whose CMX the compute task `op` writes its result in, nullopt
/// when it writes outside CMX.
std::optional<int64_t> getTaskTile(Operation *op) {
  for (Value result : op->getResults()) {
    if (auto type = llvm::dyn_cast<MemRefType>(result.getType())) {
      return BufferType(type).getClusterIndex();
    }
  }
  return std::nullopt;
}

/// The compute tasks (NCE tasks and software kernels) before an op that
/// write the CMX of each tile, and those that write outside CMX.
struct TasksBefore {
  SmallVector<int64_t, 4> onTile;
  int64_t elsewhere = 0;

  /// The tasks that share the CMX of `tile` (or write elsewhere).
  int64_t on(int64_t tile) const {
    return elsewhere +
           (tile < static_cast<int64_t>(onTile.size()) ? onTile[tile] : 0);
  }
};

/// What the rewrites did.
struct Counts {
  int64_t nceTasks = 0;
  int64_t kernels = 0;
  int64_t bytes = 0;
};

struct WriteInPlacePass : public impl::WriteInPlacePassBase<WriteInPlacePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal()) {
      return;
    }
    Region &body = func.getBody();
    if (!body.hasOneBlock()) {
      func.emitOpError() << "has " << body.getBlocks().size()
                         << " blocks; writing task results in place needs a "
                            "body of one block";
      return signalPassFailure();
    }
    Block &block = body.front();
    WriterMap writers;
    if (failed(writers.build(block))) {
      // Some op writes memory the analysis cannot locate.
      return;
    }
    // The CMX-to-CMX DMAs, in program order; a rewrite erases only the DMA
    // it rewrites. The compute tasks before each op, which the rewrites do
    // not change.
    SmallVector<NNDMAOp> copies;
    DenseMap<Operation *, TasksBefore> computeBefore;
    TasksBefore tasks;
    for (Operation &op : block) {
      computeBefore[&op] = tasks;
      if (llvm::isa<NCEClusterTaskOp, SwKernelOp>(op)) {
        if (std::optional<int64_t> tile = getTaskTile(&op)) {
          if (*tile >= static_cast<int64_t>(tasks.onTile.size())) {
            tasks.onTile.resize(*tile + 1, 0);
          }
          ++tasks.onTile[*tile];
        } else {
          ++tasks.elsewhere;
        }
      }
      auto dma = llvm::dyn_cast<NNDMAOp>(op);
      if (dma && isInMemory(dma.getInput(), MemoryKind::CMX_NN) &&
          isInMemory(dma.getOutputBuff(), MemoryKind::CMX_NN)) {
        copies.push_back(dma);
      }
    }
    Counts counts;
    CmxLimit limit;
    if (ResourcesAttr resources = getResources(func)) {
      limit =
          getInPlaceLimit(resources.getCmxSize(), resources.getCmxAlignment());
    }
    for (NNDMAOp copy : copies) {
      // The destination is live from the task on: a copy long after it
      // (a skip connection) would keep a larger buffer in CMX meanwhile.
      // Only the tasks that use the same CMX count: those of the other
      // tiles (the other clusters' pieces of a layer) leave it alone.
      Operation *task = copy.getInput().getDefiningOp();
      std::optional<int64_t> tile =
          task ? getTaskTile(task) : std::optional<int64_t>();
      if (!task || !tile || !computeBefore.count(task) ||
          computeBefore[copy].on(*tile) - computeBefore[task].on(*tile) - 1 >
              maxTasksBetween) {
        continue;
      }
      std::optional<InPlaceCopy> plan = canWriteInPlace(copy, writers, limit);
      if (!plan) {
        continue;
      }
      InPlaceWrite done = writeInPlace(*plan, writers);
      ++(done.kernel ? counts.kernels : counts.nceTasks);
      counts.bytes += done.bytes;
    }
    support::Logger(getArgument())
        .info("@{0}: removed {1} CMX-to-CMX DMA task(s) ({2} of NCE tasks, "
              "{3} of software kernels), {4} bytes",
              func.getSymName(), counts.nceTasks + counts.kernels,
              counts.nceTasks, counts.kernels, counts.bytes);
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
