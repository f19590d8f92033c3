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

#include <algorithm>
#include <limits>
#include <optional>

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_CONVERTCOPIESTODMAPASS
#include "passes/vpuip/convert_copies_to_dma/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The bytes a DMA of `buffer` moves.
int64_t bytesOf(Value buffer) {
  return BufferType(llvm::cast<MemRefType>(buffer.getType()))
      .getDataSize()
      .toBytes()
      .count();
}

/// Emits the DMAs that copy `input` into `output` (buffers of one shape) on
/// `port`, each moving at most `maxBytes`, and appends their results to
/// `parts`: one DMA when the whole copy fits, otherwise the copy is cut along
/// the outermost dimension (in the memory order of `output`) of more than one
/// element into as few parts of nearly equal size as fit, each part cut
/// again if one index of that dimension is still too large. Fails when a
/// single element is larger than `maxBytes` or an element is smaller than a
/// byte (a part must start on a byte boundary).
LogicalResult emitDmas(OpBuilder &builder, Location loc, Value input,
                       Value output, int64_t port, int64_t maxBytes,
                       SmallVectorImpl<Value> &parts) {
  const int64_t bytes = bytesOf(input);
  if (bytes <= maxBytes) {
    parts.push_back(builder.create<NNDMAOp>(
        loc, output.getType(), input, output, static_cast<uint64_t>(port)));
    return success();
  }
  BufferType outType(llvm::cast<MemRefType>(output.getType()));
  if (outType.getElemTypeSize().count() < 8) {
    return failure();
  }
  ArrayRef<int64_t> shape = outType.getType().getShape();
  std::optional<int64_t> dim;
  for (shape::Dim candidate : outType.getOrder().toPermutation()) {
    if (shape[candidate.ind()] > 1) {
      dim = candidate.ind();
      break;
    }
  }
  if (!dim) {
    return failure();
  }
  const int64_t extent = shape[*dim];
  const int64_t sliceBytes = bytes / extent;
  const int64_t perPart = std::max<int64_t>(maxBytes / sliceBytes, 1);
  const int64_t count = (extent + perPart - 1) / perPart;
  SmallVector<int64_t> offsets(shape.size(), 0);
  SmallVector<int64_t> sizes(shape);
  for (int64_t i = 0, offset = 0; i < count; ++i) {
    const int64_t size = extent / count + (i < extent % count ? 1 : 0);
    offsets[*dim] = offset;
    sizes[*dim] = size;
    offset += size;
    Value inPart = builder.create<SubViewOp>(loc, input, offsets, sizes);
    Value outPart = builder.create<SubViewOp>(loc, output, offsets, sizes);
    if (failed(
            emitDmas(builder, loc, inPart, outPart, port, maxBytes, parts))) {
      return failure();
    }
  }
  return success();
}

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
      if (failed(emitDmas(builder, copy.getLoc(), copy.getInput(),
                          copy.getOutputBuff(), dmaPort, maxBytes, parts))) {
        copy.emitOpError()
            << "moves " << bytesOf(copy.getInput())
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
