//===- ProducerTile.cpp - The tile a kernel's inputs come from --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ProducerTile.h.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/ProducerTile.h"

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::vpuc::VPUIP {

namespace {

std::optional<int64_t> getTile(Value buffer) {
  return BufferType(llvm::cast<MemRefType>(buffer.getType())).getClusterIndex();
}

} // namespace

ProducerTiles::ProducerTiles(func::FuncOp func) {
  func.walk([&](CopyOp copy) {
    std::optional<int64_t> tile = getTile(copy.getInput());
    if (!tile || getTile(copy.getOutputBuff())) {
      return;
    }
    BufferLocation location = getBufferLocation(copy.getOutputBuff());
    if (location.exact && location.kind == BufferRootKind::Allocation) {
      writes[location.root].push_back({location, *tile});
    }
  });
}

std::optional<int64_t> ProducerTiles::getProducerTile(SwKernelOp kernel) const {
  std::optional<int64_t> producer;
  for (Value input : kernel.getInputs()) {
    if (getTile(input)) {
      continue;
    }
    BufferLocation location = getBufferLocation(input);
    auto found = writes.find(location.root);
    if (found == writes.end()) {
      continue;
    }
    for (const Write &write : found->second) {
      if (!write.location.mayOverlap(location)) {
        continue;
      }
      if (producer && *producer != write.tile) {
        return std::nullopt;
      }
      producer = write.tile;
    }
  }
  return producer;
}

} // namespace mlir::vpuc::VPUIP
