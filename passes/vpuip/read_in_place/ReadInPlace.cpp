//===- ReadInPlace.cpp - CMX copies read where they are ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements ReadInPlacePass: a CMX buffer that DMAs fill with one compact
// range of another buffer of the same CMX becomes a view of that range (see
// ReadInPlace.td).
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/read_in_place/ReadInPlace.h"

#include <algorithm>
#include <optional>

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "passes/vpuip/utils/BufferBoxes.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "passes/vpuip/utils/InPlace.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_READINPLACEPASS
#include "passes/vpuip/read_in_place/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The location of a compact buffer `value`, nullopt when it is strided or
/// its location is not exact.
std::optional<BufferLocation> getCompactLocation(Value value) {
  auto type = llvm::dyn_cast<MemRefType>(value.getType());
  if (!type || !BufferType(type).isCompact()) {
    return std::nullopt;
  }
  BufferLocation location = getBufferLocation(value);
  if (!location.exact || location.kind != BufferRootKind::Allocation) {
    return std::nullopt;
  }
  return location;
}

/// The offsets of a view of `source` of `type` starting `offset` bytes into
/// it, compact in the same order, if there is one.
std::optional<SmallVector<int64_t>>
getViewOffsets(MemRefType source, MemRefType type, int64_t offset) {
  BufferType from(source);
  if (from.getRank() != BufferType(type).getRank() ||
      from.getElementType() != type.getElementType()) {
    return std::nullopt;
  }
  shape::Strides strides = from.getStrides();
  const int64_t bitsPerByte = 8;
  int64_t bits = offset * bitsPerByte;
  SmallVector<int64_t> offsets(from.getRank(), 0);
  // The dims from the outermost in memory: the coordinate of the first byte.
  shape::DimsOrder order = from.getOrder();
  for (int64_t i = 0; i < from.getRank(); ++i) {
    const int64_t dim = order.dimAt(shape::MemDim(i)).ind();
    const int64_t stride = strides[shape::Dim(dim)];
    if (stride <= 0) {
      return std::nullopt;
    }
    offsets[dim] = bits / stride;
    bits %= stride;
  }
  if (bits != 0) {
    return std::nullopt;
  }
  auto silent = [] { return InFlightDiagnostic(); };
  FailureOr<MemRefType> view =
      SubViewOp::inferResultType(silent, source, offsets, type.getShape());
  if (failed(view) || *view != type) {
    return std::nullopt;
  }
  return offsets;
}

/// A CMX allocation `D` that DMAs fill from one range of another CMX
/// allocation `R`, and what its readers read.
struct Plan {
  memref::AllocOp destination;
  /// The DMAs writing `destination`, in program order.
  SmallVector<NNDMAOp, 4> fills;
  /// The join of the fills' results over `destination`, if any.
  ConcatViewOp join;
  /// The root read, and the offsets of the view of it that is
  /// `destination`.
  Value source;
  SmallVector<int64_t> viewOffsets;
};

/// The plan for `alloc` when the pass description's conditions hold.
std::optional<Plan> getPlan(memref::AllocOp alloc, const WriterMap &writers,
                            const CmxLimit &limit) {
  BufferType type(alloc.getType());
  if (type.getMemoryKind() != MemoryKind::CMX_NN || !type.isCompact()) {
    return std::nullopt;
  }
  Plan plan;
  plan.destination = alloc;
  // The users: the DMAs filling it (directly or through views used only as
  // their outputs) and one join of their results.
  auto addFill = [&](Operation *user, Value buffer) {
    auto dma = llvm::dyn_cast<NNDMAOp>(user);
    if (!dma || dma.getOutputBuff() != buffer) {
      return false;
    }
    plan.fills.push_back(dma);
    return true;
  };
  for (Operation *user : alloc->getUsers()) {
    if (auto view = llvm::dyn_cast<SubViewOp>(user)) {
      if (!llvm::all_of(view->getUsers(), [&](Operation *viewUser) {
            return addFill(viewUser, view.getResult());
          })) {
        return std::nullopt;
      }
      continue;
    }
    if (auto join = llvm::dyn_cast<ConcatViewOp>(user)) {
      if (plan.join || join.getOutputBuff() != alloc.getResult()) {
        return std::nullopt;
      }
      plan.join = join;
      continue;
    }
    if (!addFill(user, alloc.getResult())) {
      return std::nullopt;
    }
  }
  if (plan.fills.empty()) {
    return std::nullopt;
  }
  llvm::sort(plan.fills, [](NNDMAOp a, NNDMAOp b) {
    return a->isBeforeInBlock(b.getOperation());
  });
  // Without a join, one DMA fills all of the allocation; with one, the join
  // takes exactly the fills' results.
  if (plan.join) {
    if (plan.join.getInputs().size() != plan.fills.size() ||
        !llvm::all_of(plan.join.getInputs(), [&](Value input) {
          auto dma = input.getDefiningOp<NNDMAOp>();
          return dma && llvm::is_contained(plan.fills, dma) &&
                 input.hasOneUse();
        })) {
      return std::nullopt;
    }
  } else if (plan.fills.size() != 1 ||
             plan.fills.front().getOutputBuff() != alloc.getResult() ||
             plan.fills.front().getInput().getType() != alloc.getType()) {
    // A lone DMA's readers read its source: it must have the buffer's type.
    return std::nullopt;
  }
  // Every fill copies a compact range of one allocation `R` in the same CMX
  // into the range of the allocation at the same distance.
  std::optional<int64_t> shift;
  int64_t bytes = 0;
  for (NNDMAOp fill : plan.fills) {
    std::optional<BufferLocation> from = getCompactLocation(fill.getInput());
    std::optional<BufferLocation> to = getCompactLocation(fill.getOutputBuff());
    if (!from || !to || to->root != alloc.getResult() ||
        from->root == alloc.getResult() ||
        (plan.source && from->root != plan.source) ||
        (shift && *shift != from->offset - to->offset)) {
      return std::nullopt;
    }
    plan.source = from->root;
    shift = from->offset - to->offset;
    bytes += to->size;
  }
  auto sourceAlloc = plan.source.getDefiningOp<memref::AllocOp>();
  if (!sourceAlloc || *shift < 0 ||
      BufferType(sourceAlloc.getType()).getMemorySpace() !=
          type.getMemorySpace() ||
      bytes != type.getTotalAllocSize().count()) {
    return std::nullopt;
  }
  // Only the fills write the allocation, and nothing writes `R` from the
  // first fill on: the view reads what the fills copied.
  ArrayRef<Operation *> destinationWriters = writers.getWriters(alloc);
  ArrayRef<Operation *> sourceWriters = writers.getWriters(plan.source);
  Operation *first = plan.fills.front();
  if (!llvm::all_of(
          destinationWriters,
          [&](Operation *op) { return llvm::is_contained(plan.fills, op); }) ||
      !llvm::all_of(sourceWriters, [&](Operation *op) {
        return op->getBlock() == first->getBlock() &&
               op->isBeforeInBlock(first);
      })) {
    return std::nullopt;
  }
  // The readers then read all of `R`: their buffers must still fit.
  Value read =
      plan.join ? plan.join.getResult() : plan.fills.front().getResult();
  if (!usersFitWith(read, alloc, sourceAlloc.getType(), limit)) {
    return std::nullopt;
  }
  std::optional<SmallVector<int64_t>> offsets =
      getViewOffsets(sourceAlloc.getType(), alloc.getType(), *shift);
  if (!offsets) {
    return std::nullopt;
  }
  plan.viewOffsets = std::move(*offsets);
  return plan;
}

struct ReadInPlacePass : public impl::ReadInPlacePassBase<ReadInPlacePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal() || !func.getBody().hasOneBlock()) {
      return;
    }
    Block &block = func.getBody().front();
    WriterMap writers;
    if (failed(writers.build(block))) {
      // Some op writes memory the analysis cannot locate.
      return;
    }
    // The whole CMX: a task's buffers must be in it together.
    const CmxLimit limit = getCmxLimit(func);
    SmallVector<memref::AllocOp> allocs(block.getOps<memref::AllocOp>());
    int64_t removed = 0;
    int64_t bytes = 0;
    for (memref::AllocOp alloc : allocs) {
      std::optional<Plan> plan = getPlan(alloc, writers, limit);
      if (!plan) {
        continue;
      }
      removed += static_cast<int64_t>(plan->fills.size());
      bytes += BufferType(alloc.getType()).getTotalAllocSize().count();
      rewrite(*plan);
    }
    support::Logger(getArgument())
        .info("@{0}: {1} CMX-to-CMX DMA task(s) read in place, {2} bytes",
              func.getSymName(), removed, bytes);
  }

  /// Replaces the allocation of `plan` by the view of its source: the join (if
  /// any) takes the fills' sources over the view, a lone fill's readers read
  /// its source, and the fills, the allocation and its views are erased.
  static void rewrite(Plan plan) {
    NNDMAOp first = plan.fills.front();
    OpBuilder builder(first);
    memref::AllocOp alloc = plan.destination;
    if (plan.join) {
      auto view = builder.create<SubViewOp>(alloc.getLoc(), plan.source,
                                            plan.viewOffsets,
                                            alloc.getType().getShape());
      SmallVector<Value, 4> sources;
      for (Value input : plan.join.getInputs()) {
        sources.push_back(input.getDefiningOp<NNDMAOp>().getInput());
      }
      plan.join.getInputsMutable().assign(sources);
      plan.join.getOutputBuffMutable().assign(view.getResult());
    } else {
      first.getResult().replaceAllUsesWith(first.getInput());
    }
    for (NNDMAOp fill : plan.fills) {
      Value output = fill.getOutputBuff();
      fill.erase();
      if (auto view = output.getDefiningOp<SubViewOp>();
          view && view->use_empty()) {
        view.erase();
      }
    }
    alloc.erase();
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
