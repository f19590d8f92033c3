//===- BufferBoxes.cpp - Boxes of allocations and their writers -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/BufferBoxes.h"

#include <algorithm>
#include <cassert>

#include <algorithm>

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "passes/vpuip/utils/BufferLocation.h"

namespace mlir::vpuc::VPUIP {

memref::AllocOp getWholeAllocation(Value buffer, MemoryKind kind) {
  auto alloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!alloc || !alloc.getDynamicSizes().empty() ||
      !alloc.getSymbolOperands().empty()) {
    return {};
  }
  FailureOr<BufferType> type = BufferType::get(alloc.getType());
  if (failed(type) || type->getMemoryKind() != kind) {
    return {};
  }
  return alloc;
}

bool isInMemory(Value value, MemoryKind kind) {
  FailureOr<BufferType> type = BufferType::get(value.getType());
  return succeeded(type) && type->getMemoryKind() == kind;
}

int64_t Box::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : sizes) {
    count *= size;
  }
  return count;
}

std::optional<Box> Box::intersect(const Box &other) const {
  Box result;
  result.root = root;
  for (size_t i = 0, e = offsets.size(); i < e; ++i) {
    int64_t begin = std::max(offsets[i], other.offsets[i]);
    int64_t end =
        std::min(offsets[i] + sizes[i], other.offsets[i] + other.sizes[i]);
    if (end <= begin) {
      return std::nullopt;
    }
    result.offsets.push_back(begin);
    result.sizes.push_back(end - begin);
  }
  return result;
}

std::optional<Box> getBox(Value buffer) {
  auto type = llvm::dyn_cast<MemRefType>(buffer.getType());
  if (!type || !type.hasStaticShape()) {
    return std::nullopt;
  }
  Box box;
  box.offsets.assign(type.getRank(), 0);
  box.sizes.assign(type.getShape().begin(), type.getShape().end());
  Value current = buffer;
  while (Operation *def = current.getDefiningOp()) {
    if (auto subView = llvm::dyn_cast<SubViewOp>(def)) {
      if (std::optional<ArrayRef<int64_t>> steps = subView.getStaticStrides();
          steps && llvm::any_of(*steps, [](int64_t s) { return s != 1; })) {
        return std::nullopt;
      }
      ArrayRef<int64_t> offsets = subView.getStaticOffsets();
      if (offsets.size() != box.offsets.size()) {
        return std::nullopt;
      }
      for (size_t i = 0, e = offsets.size(); i < e; ++i) {
        box.offsets[i] += offsets[i];
      }
      current = subView.getSource();
      continue;
    }
    if (auto concat = llvm::dyn_cast<ConcatViewOp>(def)) {
      current = concat.getOutputBuff();
      continue;
    }
    if (llvm::isa<memref::AllocOp>(def)) {
      break;
    }
    auto dps = llvm::dyn_cast<DestinationStyleOpInterface>(def);
    OpOperand *tied =
        dps ? dps.getTiedOpOperand(llvm::cast<OpResult>(current)) : nullptr;
    if (!tied || tied->get().getType() != current.getType()) {
      return std::nullopt;
    }
    current = tied->get();
  }
  if (!current.getDefiningOp<memref::AllocOp>()) {
    return std::nullopt;
  }
  box.root = current;
  return box;
}

std::optional<Box> getFilledBox(ArrayRef<Box> boxes) {
  assert(!boxes.empty() && "getFilledBox of no boxes");
  Box hull = boxes.front();
  SmallVector<int64_t, 4> upper(hull.offsets.size(), 0);
  int64_t volume = 0;
  for (const Box &box : boxes) {
    for (size_t dim = 0; dim < upper.size(); ++dim) {
      hull.offsets[dim] = std::min(hull.offsets[dim], box.offsets[dim]);
      upper[dim] = std::max(upper[dim], box.offsets[dim] + box.sizes[dim]);
    }
    volume += box.getNumElements();
  }
  for (size_t dim = 0; dim < upper.size(); ++dim) {
    hull.sizes[dim] = upper[dim] - hull.offsets[dim];
  }
  // Pairwise disjoint boxes as many elements as their hull fill it.
  for (size_t i = 0; i < boxes.size(); ++i) {
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      if (boxes[i].intersect(boxes[j])) {
        return std::nullopt;
      }
    }
  }
  if (volume != hull.getNumElements()) {
    return std::nullopt;
  }
  return hull;
}

bool isWhole(Value buffer, ArrayRef<int64_t> offsets, ArrayRef<int64_t> sizes) {
  return llvm::all_of(offsets, [](int64_t o) { return o == 0; }) &&
         llvm::cast<MemRefType>(buffer.getType()).getShape() == sizes;
}

bool writesOutside(Operation *writer, const Box &box) {
  auto dps = llvm::dyn_cast<DestinationStyleOpInterface>(writer);
  if (!dps) {
    return false;
  }
  for (Value init : dps.getDpsInits()) {
    if (getBufferLocation(init).root != box.root) {
      continue;
    }
    std::optional<Box> written = getBox(init);
    if (!written || written->root != box.root || written->intersect(box)) {
      return false;
    }
  }
  return true;
}

LogicalResult WriterMap::build(Block &block) {
  for (Operation &op : block) {
    if (isMemoryEffectFree(&op)) {
      continue;
    }
    auto effects = llvm::dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      // Unknown effects: every buffer operand may be written.
      for (Value operand : op.getOperands()) {
        if (llvm::isa<BaseMemRefType>(operand.getType()) &&
            failed(addWriter(operand, &op))) {
          return failure();
        }
      }
      continue;
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (!llvm::isa<MemoryEffects::Write>(instance.getEffect())) {
        continue;
      }
      Value value = instance.getValue();
      if (!value || !llvm::isa<BaseMemRefType>(value.getType()) ||
          failed(addWriter(value, &op))) {
        return failure();
      }
    }
  }
  return success();
}

ArrayRef<Operation *> WriterMap::getWriters(Value root) const {
  auto it = writers.find(root);
  if (it == writers.end()) {
    return {};
  }
  return it->second;
}

void WriterMap::replaceWriter(Value root, Operation *oldWriter,
                              ArrayRef<Operation *> newWriters) {
  SmallVector<Operation *, 2> &list = writers[root];
  auto it = llvm::find(list, oldWriter);
  if (it == list.end()) {
    return;
  }
  it = list.erase(it);
  list.insert(it, newWriters.begin(), newWriters.end());
}

LogicalResult WriterMap::addWriter(Value buffer, Operation *op) {
  BufferLocation location = getBufferLocation(buffer);
  if (location.kind == BufferRootKind::Unknown) {
    return failure();
  }
  SmallVector<Operation *, 2> &list = writers[location.root];
  if (list.empty() || list.back() != op) {
    list.push_back(op);
  }
  return success();
}

} // namespace mlir::vpuc::VPUIP
