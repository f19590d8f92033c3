//===- SplitDmas.cpp - Long DMAs in parts -----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements SplitDmasPass: every VPUIP.NNDMA moving more than max-bytes
// becomes NNDMAs of parts of its buffers joined by a VPUIP.ConcatView.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/split_dmas/SplitDmas.h"

#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "passes/vpuip/utils/DmaParts.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_SPLITDMASPASS
#include "passes/vpuip/split_dmas/Passes.h.inc" // IWYU pragma: keep

namespace {

struct SplitDmasPass : public impl::SplitDmasPassBase<SplitDmasPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const int64_t limit = maxBytes;
    if (limit < 0) {
      func.emitOpError() << "cannot cut DMAs into parts of " << limit
                         << " bytes (option max-bytes of "
                            "vpuc-vpuip-split-dmas): it is negative";
      return signalPassFailure();
    }
    SmallVector<NNDMAOp> dmas;
    WalkResult walk = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (llvm::isa<async::AsyncDialect>(op->getDialect())) {
        op->emitOpError() << "is already in the function: the DMAs must be "
                             "cut before the tasks are wrapped into async "
                             "regions";
        return WalkResult::interrupt();
      }
      auto dma = llvm::dyn_cast<NNDMAOp>(op);
      if (dma && limit > 0 && getDmaBytes(dma.getInput()) > limit) {
        dmas.push_back(dma);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted()) {
      return signalPassFailure();
    }

    OpBuilder builder(func.getContext());
    // The parts of constants, so that copies of one constant (into each
    // cluster) read the same parts.
    ConstantParts constants;
    for (NNDMAOp dma : dmas) {
      builder.setInsertionPoint(dma);
      SmallVector<Value> parts;
      if (failed(emitDmaParts(
              builder, dma.getLoc(), dma.getInput(), dma.getOutputBuff(),
              static_cast<int64_t>(dma.getPort()), limit, parts, &constants))) {
        continue;
      }
      dma.getOutput().replaceAllUsesWith(builder.create<ConcatViewOp>(
          dma.getLoc(), dma.getOutput().getType(), parts, dma.getOutputBuff()));
      dma.erase();
    }
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
