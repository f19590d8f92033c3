//===- AssignShaves.cpp - Spread software kernels over SHAVEs ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements AssignShavesPass: the (tile, SHAVE) of every VPUIP.SW.Kernel of
// a function body by a list schedule in program order on the cost model's
// cycles of each kernel (see AssignShaves.td).
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/assign_shaves/AssignShaves.h"

#include "core/cost/CostModel.h"
#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "passes/vpuip/utils/ProducerTile.h"
#include "passes/vpuip/utils/TaskCost.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_ASSIGNSHAVESPASS
#include "passes/vpuip/assign_shaves/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The tile whose CMX holds a buffer of `kernel`, if any.
static std::optional<int64_t> getCmxTile(SwKernelOp kernel) {
  for (Value buffer : kernel->getOperands()) {
    if (std::optional<int64_t> cluster =
            BufferType(llvm::cast<MemRefType>(buffer.getType()))
                .getClusterIndex()) {
      return cluster;
    }
  }
  return std::nullopt;
}

/// The state of one SHAVE in the list schedule.
struct Shave {
  /// When its last kernel finishes.
  int64_t free = 0;
  /// The cost of its kernels so far.
  int64_t work = 0;
  /// Its kernels so far.
  int64_t kernels = 0;
};

struct AssignShavesPass : public impl::AssignShavesPassBase<AssignShavesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal()) {
      return;
    }
    ResourcesAttr resources = getResources(func);
    if (!resources) {
      func.emitOpError() << "has no target resources (VPUIP.resources on the "
                            "module): the SHAVEs are unknown; run "
                            "vpuc-init-compiler first";
      return signalPassFailure();
    }
    WalkResult wrapped = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (llvm::isa<async::AsyncDialect>(op->getDialect())) {
        op->emitOpError() << "is already in the function: the executor of "
                             "each task is recorded when the tasks are "
                             "wrapped into async regions, so the SHAVEs "
                             "must be assigned before";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (wrapped.wasInterrupted()) {
      return signalPassFailure();
    }
    support::Logger log(getArgument());
    if (resources.getShaveKind() != ShaveKind::ACT) {
      log.info("@{0}: the target {1} has UPA SHAVEs: nothing to assign",
               func.getSymName(), resources.getArch());
      return;
    }

    llvm::Expected<cost::CostModel> model = loadCostModel(resources);
    if (!model) {
      func.emitOpError() << llvm::toString(model.takeError());
      return signalPassFailure();
    }
    int64_t tiles = resources.getClusters();
    int64_t perTile = resources.getShaves();
    SmallVector<Shave> shaves(tiles * perTile);
    // Estimated ready time of each value that has one (0 otherwise).
    DenseMap<Value, int64_t> ready;
    auto readyOf = [&](Operation *op) {
      int64_t time = 0;
      for (Value operand : op->getOperands()) {
        time = std::max(time, ready.lookup(operand));
      }
      return time;
    };
    ProducerTiles producers(func);
    Builder builder(func.getContext());
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      auto kernel = llvm::dyn_cast<SwKernelOp>(op);
      if (!kernel) {
        int64_t time = readyOf(op);
        for (Value result : op->getResults()) {
          ready[result] = time;
        }
        return WalkResult::advance();
      }
      int64_t operandsReady = readyOf(op);
      // The cycles of the kernel alone, as the emulator prices it.
      auto cost = static_cast<int64_t>(
          estimateTaskCost(llvm::cast<TaskOpInterface>(kernel.getOperation()),
                           resources, *model));
      int64_t first = 0, last = tiles * perTile;
      std::optional<int64_t> tile = getCmxTile(kernel);
      if (!tile) {
        tile = producers.getProducerTile(kernel);
      }
      if (tile && *tile < tiles) {
        first = *tile * perTile;
        last = first + perTile;
      }
      int64_t best = first;
      int64_t bestStart = std::max(operandsReady, shaves[best].free);
      for (int64_t index = first + 1; index < last; ++index) {
        int64_t start = std::max(operandsReady, shaves[index].free);
        if (start < bestStart ||
            (start == bestStart && shaves[index].work < shaves[best].work)) {
          best = index;
          bestStart = start;
        }
      }
      Shave &chosen = shaves[best];
      chosen.free = bestStart + cost;
      chosen.work += cost;
      ++chosen.kernels;
      for (Value result : kernel.getResults()) {
        ready[result] = chosen.free;
      }
      kernel.setTileAttr(builder.getI64IntegerAttr(best / perTile));
      int64_t shave = best % perTile;
      kernel.setShaveAttr(shave == 0 ? IntegerAttr()
                                     : builder.getI64IntegerAttr(shave));
      // The body holds only the run.
      return WalkResult::skip();
    });

    for (auto [index, shave] : llvm::enumerate(shaves)) {
      log.info("@{0}: tile {1} SHAVE {2}: {3} kernel(s), {4} cycle(s)",
               func.getSymName(), index / perTile, index % perTile,
               shave.kernels, shave.work);
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
