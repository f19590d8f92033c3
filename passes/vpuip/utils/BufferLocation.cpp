//===- BufferLocation.cpp - Where the bytes of a buffer are -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements getBufferLocation (an iterative walk up the views and tied
// results) and BufferLocation::mayOverlap.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/BufferLocation.h"

#include <limits>

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::vpuc::VPUIP {

/// The bytes a value of `type` spans; unbounded for non-buffer types.
static int64_t getSpan(Type type) {
  FailureOr<BufferType> buffer = BufferType::get(type);
  if (failed(buffer)) {
    return std::numeric_limits<int64_t>::max();
  }
  return buffer->getTotalAllocSize().count();
}

static BufferRootKind classifyRoot(Value root) {
  if (auto arg = llvm::dyn_cast<BlockArgument>(root)) {
    Block *owner = arg.getOwner();
    if (owner->isEntryBlock() &&
        llvm::isa_and_nonnull<func::FuncOp>(owner->getParentOp())) {
      return BufferRootKind::Argument;
    }
    return BufferRootKind::Unknown;
  }
  Operation *def = root.getDefiningOp();
  if (llvm::isa<memref::AllocOp>(def)) {
    return BufferRootKind::Allocation;
  }
  if (llvm::isa<StaticAllocOp>(def)) {
    return BufferRootKind::StaticAllocation;
  }
  if (def->hasTrait<OpTrait::ConstantLike>() &&
      llvm::isa<MemRefType>(root.getType())) {
    return BufferRootKind::Constant;
  }
  return BufferRootKind::Unknown;
}

BufferLocation getBufferLocation(Value buffer) {
  BufferLocation location;
  location.size = getSpan(buffer.getType());
  Value current = buffer;
  while (Operation *def = current.getDefiningOp()) {
    if (auto subView = llvm::dyn_cast<SubViewOp>(def)) {
      location.offset += subView.getByteOffset();
      current = subView.getSource();
      continue;
    }
    if (auto concat = llvm::dyn_cast<ConcatViewOp>(def)) {
      current = concat.getOutputBuff();
      continue;
    }
    if (auto reshape = llvm::dyn_cast<GenericReshapeOp>(def)) {
      // The same bytes, from the first one.
      current = reshape.getInput();
      continue;
    }
    if (auto view = llvm::dyn_cast<ViewLikeOpInterface>(def)) {
      location.exact = false;
      current = view.getViewSource();
      continue;
    }
    if (auto dps = llvm::dyn_cast<DestinationStyleOpInterface>(def)) {
      if (OpOperand *tied =
              dps.getTiedOpOperand(llvm::cast<OpResult>(current))) {
        current = tied->get();
        continue;
      }
    }
    break;
  }
  location.root = current;
  location.kind = classifyRoot(current);
  if (!location.exact) {
    location.offset = 0;
    location.size = getSpan(current.getType());
  }
  return location;
}

std::optional<int64_t> BufferLocation::getAbsoluteOffset() const {
  if (kind != BufferRootKind::StaticAllocation) {
    return std::nullopt;
  }
  auto alloc = root.getDefiningOp<StaticAllocOp>();
  return static_cast<int64_t>(alloc.getOffset()) + offset;
}

/// True if [a, a + aSize) and [b, b + bSize) overlap (sizes may be
/// "unbounded", i.e. int64 max, so no end is computed).
static bool rangesOverlap(int64_t a, int64_t aSize, int64_t b, int64_t bSize) {
  return a <= b ? b - a < aSize : a - b < bSize;
}

bool BufferLocation::mayOverlap(const BufferLocation &other) const {
  if (size == 0 || other.size == 0) {
    return false;
  }
  if (root == other.root) {
    return rangesOverlap(offset, size, other.offset, other.size);
  }
  if (kind == BufferRootKind::Unknown ||
      other.kind == BufferRootKind::Unknown) {
    return true;
  }
  if (kind == BufferRootKind::Constant ||
      other.kind == BufferRootKind::Constant) {
    // Constants are read-only data of their own.
    return false;
  }
  if (kind == BufferRootKind::StaticAllocation &&
      other.kind == BufferRootKind::StaticAllocation &&
      isSameMemory(root.getType(), other.root.getType())) {
    return rangesOverlap(*getAbsoluteOffset(), size, *other.getAbsoluteOffset(),
                         other.size);
  }
  return false;
}

std::optional<ConstantCopyKey> getConstantCopyKey(Value source,
                                                  Value destination) {
  // A ConstantLike op folds to its value (a const.Declare to its content).
  Attribute content;
  FailureOr<BufferType> type = BufferType::get(destination.getType());
  if (!matchPattern(source, m_Constant(&content)) || failed(type)) {
    return std::nullopt;
  }
  return ConstantCopyKey{content, type->withMemorySpace(nullptr).getType()};
}

} // namespace mlir::vpuc::VPUIP
