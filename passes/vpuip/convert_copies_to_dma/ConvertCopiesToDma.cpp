//===- ConvertCopiesToDma.cpp - VPUIP.Copy to VPUIP.NNDMA -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertCopiesToDmaPass: every VPUIP.Copy becomes a VPUIP.NNDMA
// on one port, after checking the port and the transfer size against the
// target resources.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/convert_copies_to_dma/ConvertCopiesToDma.h"

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_CONVERTCOPIESTODMAPASS
#include "passes/vpuip/convert_copies_to_dma/Passes.h.inc" // IWYU pragma: keep

namespace {

struct ConvertCopiesToDmaPass
    : public impl::ConvertCopiesToDmaPassBase<ConvertCopiesToDmaPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    auto dmaPort = static_cast<int64_t>(port);
    ResourcesAttr resources = getResources(func);
    if (dmaPort < 0) {
      func.emitOpError() << "cannot use DMA port " << dmaPort
                         << " (option port of "
                            "vpuc-vpuip-convert-copies-to-dma): it is negative";
      return signalPassFailure();
    }
    if (resources && dmaPort >= resources.getDmaPorts()) {
      func.emitOpError() << "cannot use DMA port " << dmaPort
                         << " (option port of "
                            "vpuc-vpuip-convert-copies-to-dma): the target "
                         << resources.getArch() << " has "
                         << resources.getDmaPorts() << " DMA port(s)";
      return signalPassFailure();
    }
    SmallVector<CopyOp> copies;
    func.walk([&](CopyOp copy) { copies.push_back(copy); });
    OpBuilder builder(func.getContext());
    for (CopyOp copy : copies) {
      if (resources) {
        int64_t bytes = BufferType(copy.getInput().getType())
                            .getDataSize()
                            .toBytes()
                            .count();
        if (bytes > resources.getDmaMaxTransfer()) {
          copy.emitOpError()
              << "moves " << bytes << " bytes, more than one DMA of the target "
              << resources.getArch() << " moves ("
              << resources.getDmaMaxTransfer()
              << " bytes); it must be tiled before it becomes a DMA";
          return signalPassFailure();
        }
      }
      builder.setInsertionPoint(copy);
      auto dma = builder.create<NNDMAOp>(
          copy.getLoc(), copy.getOutput().getType(), copy.getInput(),
          copy.getOutputBuff(), static_cast<uint64_t>(dmaPort));
      copy.getOutput().replaceAllUsesWith(dma.getOutput());
      copy.erase();
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
