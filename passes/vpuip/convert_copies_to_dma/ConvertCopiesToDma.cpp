//===- ConvertCopiesToDma.cpp - VPUIP.Copy to VPUIP.NNDMA -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ConvertCopiesToDmaPass: every VPUIP.Copy becomes a VPUIP.NNDMA
// on one port, or, when it moves more bytes than one DMA of the target may,
// several NNDMAs of parts of its buffers joined by a VPUIP.ConcatView.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/convert_copies_to_dma/ConvertCopiesToDma.h"

#include <limits>

#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "passes/vpuip/utils/DmaParts.h"
#include "llvm/ADT/SmallVector.h"

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
    const int64_t maxBytes = resources ? resources.getDmaMaxTransfer()
                                       : std::numeric_limits<int64_t>::max();
    SmallVector<CopyOp> copies;
    func.walk([&](CopyOp copy) { copies.push_back(copy); });
    OpBuilder builder(func.getContext());
    for (CopyOp copy : copies) {
      builder.setInsertionPoint(copy);
      SmallVector<Value> parts;
      if (failed(emitDmaParts(builder, copy.getLoc(), copy.getInput(),
                              copy.getOutputBuff(), dmaPort, maxBytes,
                              parts))) {
        copy.emitOpError()
            << "moves " << getDmaBytes(copy.getInput())
            << " bytes, more than one DMA of the target " << resources.getArch()
            << " moves (" << resources.getDmaMaxTransfer()
            << " bytes), and cannot be cut into DMAs that fit: one element is "
               "larger or smaller than a byte";
        return signalPassFailure();
      }
      Value result = parts.front();
      if (parts.size() > 1) {
        result = builder.create<ConcatViewOp>(copy.getLoc(),
                                              copy.getOutput().getType(), parts,
                                              copy.getOutputBuff());
      }
      copy.getOutput().replaceAllUsesWith(result);
      copy.erase();
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
