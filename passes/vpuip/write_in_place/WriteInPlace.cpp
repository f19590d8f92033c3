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

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "passes/vpuip/utils/BufferBoxes.h"
#include "passes/vpuip/utils/InPlace.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_WRITEINPLACEPASS
#include "passes/vpuip/write_in_place/Passes.h.inc" // IWYU pragma: keep

namespace {

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
    // it rewrites. The compute tasks (NCE tasks and software kernels) before
    // each op, which the rewrites do not change.
    SmallVector<NNDMAOp> copies;
    DenseMap<Operation *, int64_t> computeBefore;
    int64_t computeTasks = 0;
    for (Operation &op : block) {
      computeBefore[&op] = computeTasks;
      if (llvm::isa<NCEClusterTaskOp, SwKernelOp>(op)) {
        ++computeTasks;
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
      Operation *task = copy.getInput().getDefiningOp();
      if (!task || !computeBefore.count(task) ||
          computeBefore[copy] - computeBefore[task] - 1 > maxTasksBetween) {
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
