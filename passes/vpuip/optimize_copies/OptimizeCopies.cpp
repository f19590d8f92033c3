//===- OptimizeCopies.cpp - Remove DDR round trips of CMX data --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements OptimizeCopiesPass: the writers of every root buffer of the
// function body; then, for each DMA from DDR into a whole CMX allocation,
// the CMX buffers the region it reads was copied from (through DDR-to-DDR
// copies too) and the rewrite of the DMA into reads of those buffers; last,
// the erasure of the DDR allocations nothing reads any more (see
// OptimizeCopies.td).
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/optimize_copies/OptimizeCopies.h"

#include <algorithm>
#include <optional>

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "passes/vpuip/utils/BufferBoxes.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "passes/vpuip/utils/InPlace.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_OPTIMIZECOPIESPASS
#include "passes/vpuip/optimize_copies/Passes.h.inc" // IWYU pragma: keep

namespace {

/// A part of the region of DDR a fill reads, held by one CMX buffer.
struct Piece {
  /// The CMX buffer (the input of the DMA that copied it to DDR).
  Value source;
  /// Where the part starts in `source`.
  SmallVector<int64_t, 4> sourceOffsets;
  /// Where the part starts in the region read.
  SmallVector<int64_t, 4> targetOffsets;
  SmallVector<int64_t, 4> sizes;
};

/// What the rewrites did.
struct Counts {
  /// Fills replaced by the CMX buffer itself.
  int64_t sameCluster = 0;
  /// Fills replaced by CMX-to-CMX DMAs.
  int64_t toDma = 0;
  /// The CMX-to-CMX DMAs created for them.
  int64_t created = 0;
  /// DMAs into DDR erased with the DDR buffers they wrote.
  int64_t spills = 0;
  /// Pieces a task writes into the target instead of a CMX-to-CMX DMA.
  int64_t inPlace = 0;
};

/// True if every use of `value` is an input of a software kernel (which
/// reads it and takes any strided view).
bool readByKernelsOnly(Value value) {
  return !value.use_empty() &&
         llvm::all_of(value.getUses(), [](OpOperand &use) {
           auto kernel = llvm::dyn_cast<SwKernelOp>(use.getOwner());
           return kernel && use.getOperandNumber() < kernel.getInputs().size();
         });
}

/// Finds where the DDR data a fill reads came from and rewrites the fill.
class RoundTrips {
public:
  /// `cmxCapacity` (0 when unknown) and `cmxAlignment` are the target's CMX
  /// bytes per cluster and the alignment of a CMX buffer.
  RoundTrips(WriterMap &writers, int64_t depth, int64_t cmxCapacity,
             int64_t cmxAlignment)
      : writers(writers), depth(depth), cmxCapacity(cmxCapacity),
        cmxAlignment(std::max<int64_t>(1, cmxAlignment)) {}

  /// Rewrites the DMA `fill` from DDR into a whole CMX allocation when the
  /// region it reads holds CMX data only.
  void rewriteFill(NNDMAOp fill, Counts &counts) {
    memref::AllocOp target =
        getWholeAllocation(fill.getOutputBuff(), MemoryKind::CMX_NN);
    if (!target || !target->hasOneUse()) {
      return;
    }
    ArrayRef<Operation *> targetWriters =
        writers.getWriters(target.getResult());
    if (targetWriters.size() != 1 || targetWriters.front() != fill) {
      return;
    }
    std::optional<Box> region = getBox(fill.getInput());
    if (!region) {
      return;
    }
    SmallVector<Piece> pieces;
    SmallVector<Value> roots;
    SmallVector<int64_t, 4> origin(region->offsets.size(), 0);
    if (!resolve(*region, fill, origin, depth, pieces, roots)) {
      return;
    }
    if (pieces.size() == 1 &&
        isWhole(pieces.front().source, pieces.front().sourceOffsets,
                pieces.front().sizes) &&
        pieces.front().source.getType() == target.getType()) {
      // One CMX buffer of Y's type in Y's cluster: read it instead of Y.
      touched.insert(roots.begin(), roots.end());
      fill.getOutput().replaceAllUsesWith(pieces.front().source);
      fill.erase();
      target.erase();
      ++counts.sameCluster;
      return;
    }
    if (pieces.size() == 1 && readByKernelsOnly(fill.getOutput()) &&
        llvm::cast<MemRefType>(pieces.front().source.getType())
                .getMemorySpace() == target.getType().getMemorySpace()) {
      // A part of one CMX buffer in Y's cluster read by software kernels
      // only, which take strided views: they read the part instead of Y.
      touched.insert(roots.begin(), roots.end());
      const Piece &piece = pieces.front();
      OpBuilder builder(fill);
      Value view = builder.create<SubViewOp>(fill.getLoc(), piece.source,
                                             piece.sourceOffsets, piece.sizes);
      for (OpOperand &use :
           llvm::make_early_inc_range(fill.getOutput().getUses())) {
        use.set(view);
        retypeKernelArgument(llvm::cast<SwKernelOp>(use.getOwner()), use);
      }
      fill.erase();
      target.erase();
      ++counts.sameCluster;
      return;
    }
    // A piece that is a whole task result and cannot be in the CMX together
    // with the target is not copied: the task writes its part of the target.
    SmallVector<bool, 4> inPlace;
    for (const Piece &piece : pieces) {
      const bool fits = fitWithTarget(piece.source, target);
      inPlace.push_back(!fits && canTaskWriteInPlace(piece, target));
      if (!fits && !inPlace.back()) {
        return;
      }
    }
    touched.insert(roots.begin(), roots.end());
    OpBuilder builder(fill);
    Location loc = fill.getLoc();
    SmallVector<Value> parts;
    SmallVector<Operation *> newWriters;
    for (const Piece &piece : pieces) {
      Value from = piece.source;
      if (!isWhole(from, piece.sourceOffsets, piece.sizes)) {
        from = builder.create<SubViewOp>(loc, from, piece.sourceOffsets,
                                         piece.sizes);
      }
      Value into = target.getResult();
      if (!isWhole(into, piece.targetOffsets, piece.sizes)) {
        into = builder.create<SubViewOp>(loc, into, piece.targetOffsets,
                                         piece.sizes);
      }
      auto dma = builder.create<NNDMAOp>(loc, into.getType(), from, into,
                                         fill.getPort());
      parts.push_back(dma.getOutput());
      newWriters.push_back(dma);
    }
    Value result = parts.front();
    if (parts.size() > 1) {
      result = builder.create<ConcatViewOp>(loc, target.getType(), parts,
                                            target.getResult());
    }
    writers.replaceWriter(target.getResult(), fill, newWriters);
    fill.getOutput().replaceAllUsesWith(result);
    fill.erase();
    ++counts.toDma;
    counts.created += static_cast<int64_t>(pieces.size());
    for (auto [dma, place] : llvm::zip(newWriters, inPlace)) {
      if (place) {
        // The checks of canTaskWriteInPlace, with the DMA in place.
        std::optional<InPlaceCopy> plan =
            canWriteInPlace(llvm::cast<NNDMAOp>(dma), writers, CmxLimit());
        assert(plan && "a piece checked for an in-place write");
        writeInPlace(*plan, writers);
        --counts.created;
        ++counts.inPlace;
      }
    }
  }

  /// Erases the DDR allocations the rewritten fills read that nothing reads
  /// any more, with the DMAs writing them; then the DDR sources of erased
  /// DDR-to-DDR copies, which may have lost their last reader.
  void eraseUnread(Counts &counts) {
    DenseSet<Value> erased;
    SmallVector<Value> worklist(touched.begin(), touched.end());
    bool changed = true;
    while (changed) {
      changed = false;
      llvm::SmallSetVector<Value, 8> pending;
      for (Value root : worklist) {
        SmallVector<Operation *> ops;
        if (erased.contains(root) || !collectUnread(root, ops)) {
          pending.insert(root);
          continue;
        }
        llvm::sort(ops, [](Operation *a, Operation *b) {
          return a->isBeforeInBlock(b);
        });
        for (Operation *op : llvm::reverse(ops)) {
          if (auto dma = llvm::dyn_cast<NNDMAOp>(op)) {
            ++counts.spills;
            std::optional<Box> source = getBox(dma.getInput());
            if (source && isInMemory(source->root, MemoryKind::DDR)) {
              pending.insert(source->root);
            }
          }
          op->erase();
        }
        root.getDefiningOp()->erase();
        erased.insert(root);
        changed = true;
      }
      worklist.clear();
      for (Value root : pending) {
        if (!erased.contains(root)) {
          worklist.push_back(root);
        }
      }
    }
  }

private:
  /// True if a DMA from the CMX buffer `source` into `target` can run: both
  /// allocations fit in the CMX together when they are in one cluster.
  bool fitWithTarget(Value source, memref::AllocOp target) const {
    if (cmxCapacity <= 0) {
      return true;
    }
    BufferType sourceRoot(
        llvm::cast<MemRefType>(getBufferLocation(source).root.getType()));
    BufferType targetType(target.getType());
    if (sourceRoot.getClusterIndex() != targetType.getClusterIndex()) {
      return true;
    }
    auto aligned = [&](BufferType type) {
      return static_cast<int64_t>(
          llvm::alignTo(type.getTotalAllocSize().count(), cmxAlignment));
    };
    return aligned(sourceRoot) + aligned(targetType) <= cmxCapacity;
  }

  /// True if `piece` is a whole task result that the task can write into
  /// its part of `target` instead (see passes/vpuip/utils/InPlace.h).
  bool canTaskWriteInPlace(const Piece &piece, memref::AllocOp target) const {
    if (!isWhole(piece.source, piece.sourceOffsets, piece.sizes)) {
      return false;
    }
    // The part's type; a part the view cannot take (none, for the boxes of
    // byte-sized elements resolved here) is not written in place, silently.
    ScopedDiagnosticHandler silence(target.getContext(),
                                    [](Diagnostic &) { return success(); });
    FailureOr<MemRefType> part = SubViewOp::inferResultType(
        [&] { return target.emitError(); }, target.getType(),
        piece.targetOffsets, piece.sizes, {});
    return succeeded(part) &&
           isInPlaceSource(piece.source, *part, target.getType(), writers,
                           getInPlaceLimit(cmxCapacity, cmxAlignment));
  }

  /// The DMAs writing the DDR allocation `root` and the boxes they write;
  /// `valid` when every writer is such a DMA and no two write a same
  /// element.
  struct DdrWriters {
    bool valid = false;
    SmallVector<std::pair<NNDMAOp, Box>> writes;
  };

  const DdrWriters &getDdrWriters(Value root) {
    auto [it, inserted] = ddrWriters.try_emplace(root);
    DdrWriters &info = it->second;
    if (!inserted) {
      return info;
    }
    memref::AllocOp alloc = getWholeAllocation(root, MemoryKind::DDR);
    if (!alloc ||
        BufferType(alloc.getType()).getElemTypeSize().count() % 8 != 0) {
      return info;
    }
    for (Operation *writer : writers.getWriters(root)) {
      auto dma = llvm::dyn_cast<NNDMAOp>(writer);
      std::optional<Box> box = dma ? getBox(dma.getOutputBuff()) : std::nullopt;
      if (!box || box->root != root) {
        return info;
      }
      for (const auto &write : info.writes) {
        if (box->intersect(write.second)) {
          return info;
        }
      }
      info.writes.push_back({dma, *box});
    }
    info.valid = true;
    return info;
  }

  /// Appends to `pieces` the CMX buffers holding `region` of a DDR
  /// allocation when `reader` reads it, placed at `origin` plus their offset
  /// in the region, following at most `copies` DDR-to-DDR copies; appends
  /// the DDR allocations looked at to `roots`. False unless the region is
  /// entirely written, before `reader`, by DMAs from CMX buffers that
  /// nothing writes after those DMAs.
  bool resolve(const Box &region, Operation *reader, ArrayRef<int64_t> origin,
               int64_t copies, SmallVectorImpl<Piece> &pieces,
               SmallVectorImpl<Value> &roots) {
    const DdrWriters &info = getDdrWriters(region.root);
    if (!info.valid) {
      return false;
    }
    roots.push_back(region.root);
    int64_t covered = 0;
    for (const auto &write : info.writes) {
      NNDMAOp dma = write.first;
      const Box &box = write.second;
      std::optional<Box> part = box.intersect(region);
      if (!part) {
        continue;
      }
      if (!dma->isBeforeInBlock(reader)) {
        return false;
      }
      covered += part->getNumElements();
      SmallVector<int64_t, 4> inWrite, target;
      for (size_t i = 0, e = part->offsets.size(); i < e; ++i) {
        inWrite.push_back(part->offsets[i] - box.offsets[i]);
        target.push_back(origin[i] + part->offsets[i] - region.offsets[i]);
      }
      Value input = dma.getInput();
      if (isInMemory(input, MemoryKind::CMX_NN)) {
        BufferLocation location = getBufferLocation(input);
        if (location.kind != BufferRootKind::Allocation) {
          return false;
        }
        // Nothing after the DMA writes the part of the buffer it read (a
        // task writing its result in place shares the buffer with the
        // DMAs filling the rest of it).
        std::optional<Box> read = getBox(input);
        for (Operation *writer : writers.getWriters(location.root)) {
          if (!writer->isBeforeInBlock(dma) &&
              !(read && read->root == location.root &&
                writesOutside(writer, *read))) {
            return false;
          }
        }
        pieces.push_back({input, inWrite, target, part->sizes});
        continue;
      }
      std::optional<Box> inputBox =
          isInMemory(input, MemoryKind::DDR) ? getBox(input) : std::nullopt;
      if (copies == 0 || !inputBox) {
        return false;
      }
      // A DDR-to-DDR copy: the part of its source it copied.
      Box source = *inputBox;
      for (size_t i = 0, e = inWrite.size(); i < e; ++i) {
        source.offsets[i] += inWrite[i];
      }
      source.sizes = part->sizes;
      if (!resolve(source, dma, target, copies - 1, pieces, roots)) {
        return false;
      }
    }
    return covered == region.getNumElements();
  }

  /// True if nothing reads the DDR allocation `root`: its uses are views,
  /// joins and DMAs writing it (collected in `ops`), and their uses too.
  static bool collectUnread(Value root, SmallVectorImpl<Operation *> &ops) {
    llvm::SmallSetVector<Value, 8> values;
    llvm::SmallPtrSet<Operation *, 8> seen;
    values.insert(root);
    for (size_t i = 0; i < values.size(); ++i) {
      for (OpOperand &use : values[i].getUses()) {
        Operation *user = use.getOwner();
        auto dma = llvm::dyn_cast<NNDMAOp>(user);
        if (dma && &use != &dma.getOutputBuffMutable()) {
          return false;
        }
        if (!dma && !llvm::isa<SubViewOp, ConcatViewOp>(user)) {
          return false;
        }
        if (seen.insert(user).second) {
          ops.push_back(user);
          values.insert(user->getResult(0));
        }
      }
    }
    return true;
  }

  WriterMap &writers;
  int64_t depth;
  int64_t cmxCapacity;
  int64_t cmxAlignment;
  DenseMap<Value, DdrWriters> ddrWriters;
  /// The DDR allocations read through by rewritten fills.
  llvm::SmallSetVector<Value, 8> touched;
};

struct OptimizeCopiesPass
    : public impl::OptimizeCopiesPassBase<OptimizeCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal()) {
      return;
    }
    Region &body = func.getBody();
    if (!body.hasOneBlock()) {
      func.emitOpError() << "has " << body.getBlocks().size()
                         << " blocks; removing DDR round trips needs a body "
                            "of one block";
      return signalPassFailure();
    }
    if (ddrCopyDepth < 0) {
      func.emitOpError() << "ddr-copy-depth must be at least 0, not "
                         << static_cast<int64_t>(ddrCopyDepth);
      return signalPassFailure();
    }
    Block &block = body.front();
    WriterMap writers;
    if (failed(writers.build(block))) {
      // Some op writes memory the analysis cannot locate: any rewrite might
      // change what it reads or writes.
      return;
    }
    // The DMAs from DDR to CMX, in program order. A rewrite erases only the
    // fill it rewrites and creates only CMX-to-CMX DMAs.
    SmallVector<NNDMAOp> fills;
    for (Operation &op : block) {
      auto dma = llvm::dyn_cast<NNDMAOp>(op);
      if (dma && isInMemory(dma.getInput(), MemoryKind::DDR) &&
          isInMemory(dma.getOutputBuff(), MemoryKind::CMX_NN)) {
        fills.push_back(dma);
      }
    }
    Counts counts;
    ResourcesAttr resources = getResources(func);
    RoundTrips roundTrips(writers, ddrCopyDepth,
                          resources ? resources.getCmxSize() : 0,
                          resources ? resources.getCmxAlignment() : 1);
    for (NNDMAOp fill : fills) {
      roundTrips.rewriteFill(fill, counts);
    }
    roundTrips.eraseUnread(counts);
    support::Logger(getArgument())
        .info("@{0}: removed {1} DMA task(s): {2} DDR round trip(s) within "
              "a cluster, {3} replaced by {4} CMX-to-CMX DMA(s), {5} DMA(s) "
              "into DDR erased, {6} part(s) written in place by their task",
              func.getSymName(),
              counts.sameCluster + counts.toDma + counts.spills -
                  counts.created,
              counts.sameCluster, counts.toDma, counts.created, counts.spills,
              counts.inPlace);
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
