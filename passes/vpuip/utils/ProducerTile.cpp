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

#include <algorithm>

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
  auto record = [&](Value buffer, int64_t tile) {
    if (getTile(buffer)) {
      return;
    }
    BufferLocation location = getBufferLocation(buffer);
    if (location.exact && location.kind == BufferRootKind::Allocation) {
      writes[location.root].push_back({location, tile});
    }
  };
  // In program order: a kernel on a producer tile writes its results there
  // too, for the kernels after it.
  func.walk([&](Operation *op) {
    if (auto copy = llvm::dyn_cast<CopyOp>(op)) {
      if (std::optional<int64_t> tile = getTile(copy.getInput())) {
        record(copy.getOutputBuff(), *tile);
      }
    } else if (auto kernel = llvm::dyn_cast<SwKernelOp>(op)) {
      if (std::optional<int64_t> tile = getProducerTile(kernel)) {
        for (Value output : kernel.getOutputBuffs()) {
          record(output, *tile);
        }
      }
    }
  });
}

std::optional<int64_t> ProducerTiles::getProducerTile(SwKernelOp kernel) const {
  // The inputs smaller than the largest output broadcast into it (a
  // squeeze-excitation scale): where the kernel runs is where its full-size
  // inputs are.
  int64_t outputElements = 0;
  for (Value output : kernel.getOutputBuffs()) {
    if (auto type = llvm::dyn_cast<MemRefType>(output.getType())) {
      outputElements = std::max(outputElements, type.getNumElements());
    }
  }
  std::optional<int64_t> producer;
  for (Value input : kernel.getInputs()) {
    auto type = llvm::dyn_cast<MemRefType>(input.getType());
    if (getTile(input) || (type && type.getNumElements() < outputElements)) {
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
