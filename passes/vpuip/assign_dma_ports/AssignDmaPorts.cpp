//===- AssignDmaPorts.cpp - Spread DMA tasks over the ports -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements AssignDmaPortsPass: the port of every VPUIP.NNDMA of a function
// body by the policy of the pass option (see AssignDmaPorts.td).
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/assign_dma_ports/AssignDmaPorts.h"

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_ASSIGNDMAPORTSPASS
#include "passes/vpuip/assign_dma_ports/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The port policies of the pass option `policy`.
enum class Policy { Balance, Cluster };

/// The cluster of the CMX end of `dma` (the destination's first), or
/// nullopt between DDR buffers.
static std::optional<int64_t> getCmxCluster(NNDMAOp dma) {
  if (std::optional<int64_t> cluster =
          BufferType(dma.getOutputBuff().getType()).getClusterIndex()) {
    return cluster;
  }
  return BufferType(dma.getInput().getType()).getClusterIndex();
}

struct AssignDmaPortsPass
    : public impl::AssignDmaPortsPassBase<AssignDmaPortsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    std::optional<Policy> kind = llvm::StringSwitch<std::optional<Policy>>(
                                     static_cast<std::string>(policy))
                                     .Case("balance", Policy::Balance)
                                     .Case("cluster", Policy::Cluster)
                                     .Default(std::nullopt);
    if (!kind) {
      func.emitOpError() << "has no DMA port policy '"
                         << static_cast<std::string>(policy)
                         << "' (option policy of "
                            "vpuc-vpuip-assign-dma-ports): expected balance "
                            "or cluster";
      return signalPassFailure();
    }
    if (func.isExternal()) {
      return;
    }
    ResourcesAttr resources = getResources(func);
    if (!resources) {
      func.emitOpError() << "has no target resources (VPUIP.resources on the "
                            "module): the number of DMA ports is unknown; "
                            "run vpuc-init-compiler first";
      return signalPassFailure();
    }
    int64_t ports = resources.getDmaPorts();
    SmallVector<NNDMAOp> dmas;
    WalkResult walk = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (llvm::isa<async::AsyncDialect>(op->getDialect())) {
        op->emitOpError() << "is already in the function: the executor of "
                             "each task is recorded when the tasks are "
                             "wrapped into async regions, so the DMA ports "
                             "must be assigned before";
        return WalkResult::interrupt();
      }
      if (auto dma = llvm::dyn_cast<NNDMAOp>(op)) {
        dmas.push_back(dma);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted()) {
      return signalPassFailure();
    }

    SmallVector<int64_t> bytes(ports, 0);
    SmallVector<int64_t> tasks(ports, 0);
    Builder builder(func.getContext());
    for (NNDMAOp dma : dmas) {
      int64_t size =
          BufferType(dma.getInput().getType()).getDataSize().toBytes().count();
      int64_t port = 0;
      if (*kind == Policy::Balance) {
        for (int64_t p = 1; p < ports; ++p) {
          if (bytes[p] < bytes[port]) {
            port = p;
          }
        }
      } else if (std::optional<int64_t> cluster = getCmxCluster(dma)) {
        port = *cluster % ports;
      }
      dma.setPortAttr(builder.getI64IntegerAttr(port));
      bytes[port] += size;
      ++tasks[port];
    }

    support::Logger log(getArgument());
    for (int64_t p = 0; p < ports; ++p) {
      log.info("@{0}: port {1}: {2} DMA task(s), {3} bytes", func.getSymName(),
               p, tasks[p], bytes[p]);
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
