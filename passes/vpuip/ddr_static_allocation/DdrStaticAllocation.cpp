//===- DdrStaticAllocation.cpp - DDR scratch allocation ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements DdrStaticAllocationPass: live ranges of the DDR allocations of
// each function (through their aliases), placement by
// sched::allocateLinearScan, and the rewrite to VPUIP.StaticAlloc.
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/ddr_static_allocation/DdrStaticAllocation.h"

#include <algorithm>

#include "core/support/Logger.h"
#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPDialect.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "dialects/vpurt/ir/VPURTDialect.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "scheduler/allocator/LinearScanAllocator.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DEF_DDRSTATICALLOCATIONPASS
#include "passes/vpuip/ddr_static_allocation/Passes.h.inc" // IWYU pragma: keep

namespace {

/// The alignment used without the option and without target resources.
constexpr int64_t kDefaultAlignment = 64;

/// A DDR buffer of the function: a `memref.alloc` to place or a
/// `VPUIP.StaticAlloc` already placed.
struct Buffer {
  Operation *op;
  int64_t size = 0;
  /// Time steps (indices of top-level ops) of the first and last use.
  std::optional<unsigned> first, last;
};

/// "memref.alloc at loc(...)" for the allocator's messages.
static std::string describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getName() << " at " << op->getLoc();
  return text;
}

/// The memory one run of the allocation places buffers in: DDR, or the CMX
/// of one cluster.
struct Target {
  MemoryKind kind = MemoryKind::DDR;
  int64_t cluster = 0;
  /// Bytes available (0: unlimited).
  int64_t capacity = 0;

  /// True if `type` is a buffer in this memory (DDR in either spelling).
  bool contains(Type type) const {
    FailureOr<MemorySpaceAttr> space = getMemorySpace(type);
    if (failed(space) || space->getKind() != kind) {
      return false;
    }
    return kind == MemoryKind::DDR || space->getIndex().value_or(0) == cluster;
  }

  /// "DDR scratch heap" or "CMX_NN[c]" for messages.
  std::string describe() const {
    if (kind == MemoryKind::DDR) {
      return "DDR scratch heap";
    }
    return "CMX_NN[" + std::to_string(cluster) + "]";
  }
};

struct DdrStaticAllocationPass
    : public impl::DdrStaticAllocationPassBase<DdrStaticAllocationPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t align = alignment;
    if (align < 0 || (align != 0 && !llvm::isPowerOf2_64(align))) {
      module.emitError() << "alignment " << align
                         << " of vpuc-vpuip-ddr-static-allocation is not a "
                            "power of two";
      return signalPassFailure();
    }
    if (static_cast<int64_t>(maxSize) < 0) {
      module.emitError() << "max-size " << static_cast<int64_t>(maxSize)
                         << " of vpuc-vpuip-ddr-static-allocation is negative";
      return signalPassFailure();
    }
    ResourcesAttr resources = getResources(module);
    support::Logger log(getArgument());
    if (memory == "CMX_NN") {
      // Every cluster's CMX on its own, within the target's usable CMX.
      if (!resources) {
        module.emitError() << "the CMX allocation (memory=CMX_NN) needs the "
                              "target resources (#VPUIP.resources) for the "
                              "CMX size and clusters";
        return signalPassFailure();
      }
      const int64_t baseAlignment =
          std::max<int64_t>(align, resources.getCmxAlignment());
      for (int64_t cluster = 0; cluster < resources.getClusters(); ++cluster) {
        Target target{MemoryKind::CMX_NN, cluster,
                      maxSize != 0
                          ? std::min<int64_t>(maxSize, resources.getCmxSize())
                          : resources.getCmxSize()};
        for (auto func : module.getOps<func::FuncOp>()) {
          if (!func.isExternal() &&
              failed(allocate(func, target, baseAlignment, log))) {
            return signalPassFailure();
          }
        }
      }
      return;
    }
    if (memory != "DDR") {
      module.emitError() << "memory '" << memory
                         << "' of vpuc-vpuip-ddr-static-allocation is not DDR "
                            "or CMX_NN";
      return signalPassFailure();
    }
    int64_t baseAlignment = align != 0 ? align : kDefaultAlignment;
    if (resources) {
      baseAlignment =
          align != 0 ? std::max<int64_t>(align, resources.getDdrAlignment())
                     : resources.getDdrAlignment();
    }

    std::optional<int64_t> heapSize;
    Target target{MemoryKind::DDR, 0, static_cast<int64_t>(maxSize)};
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal()) {
        continue;
      }
      FailureOr<int64_t> peak = allocate(func, target, baseAlignment, log);
      if (failed(peak)) {
        return signalPassFailure();
      }
      heapSize = std::max(heapSize.value_or(0), *peak);
    }
    if (heapSize) {
      recordHeapSize(module, *heapSize);
    }
  }

  /// Sets the DDR entry of `VPURT.section_sizes` to at least `size`.
  void recordHeapSize(ModuleOp module, int64_t size) {
    MLIRContext *context = module.getContext();
    StringRef name = VPURT::VPURTDialect::kSectionSizesAttrName;
    NamedAttrList entries;
    if (auto existing = module->getAttrOfType<DictionaryAttr>(name)) {
      entries.append(existing.getValue());
      if (auto ddr = existing.getAs<IntegerAttr>("DDR")) {
        size = std::max(size, ddr.getInt());
      }
    }
    entries.set("DDR", IntegerAttr::get(IntegerType::get(context, 64), size));
    module->setAttr(name, entries.getDictionary(context));
  }

  /// Places the buffers of `func` in `target`; returns the size it needs.
  FailureOr<int64_t> allocate(func::FuncOp func, const Target &target,
                              int64_t baseAlignment,
                              const support::Logger &log) {
    const int64_t capacity = target.capacity;
    Region &body = func.getBody();
    if (!body.hasOneBlock()) {
      return func.emitOpError()
             << "has " << body.getBlocks().size()
             << " blocks; the DDR allocation needs a body of one block, "
                "whose order is the schedule";
    }
    Block &block = body.front();
    if (auto executes = block.getOps<async::ExecuteOp>(); !executes.empty()) {
      return (*executes.begin()).emitOpError()
             << "is not supported by the DDR allocation, which runs before "
                "tasks are wrapped into async regions (the order of the "
                "function body must be the schedule)";
    }

    // The buffers, in program order.
    llvm::MapVector<Value, Buffer> buffers;
    DenseMap<Operation *, unsigned> step;
    for (auto [index, op] : llvm::enumerate(block)) {
      step[&op] = index;
      if (auto alloc = llvm::dyn_cast<memref::AllocOp>(op)) {
        if (!target.contains(alloc.getType())) {
          continue;
        }
        FailureOr<BufferType> type = BufferType::get(alloc.getType());
        if (failed(type)) {
          return alloc.emitOpError() << "allocates " << alloc.getType()
                                     << ", which is not a static VPUIP buffer";
        }
        buffers[alloc.getResult()] = {alloc, type->getTotalAllocSize().count()};
      } else if (auto alloc = llvm::dyn_cast<StaticAllocOp>(op)) {
        if (target.contains(alloc.getType())) {
          buffers[alloc.getResult()] = {
              alloc, BufferType(alloc.getType()).getTotalAllocSize().count()};
        }
      }
    }

    // Live ranges: every use of an alias by an op that is not a view.
    SmallVector<memref::DeallocOp> deallocs;
    DenseMap<Value, Value> rootOf;
    func.walk([&](Operation *op) {
      if (llvm::isa<ViewLikeOpInterface>(op)) {
        return;
      }
      for (Value operand : op->getOperands()) {
        if (!llvm::isa<BaseMemRefType>(operand.getType())) {
          continue;
        }
        auto [it, inserted] = rootOf.try_emplace(operand);
        if (inserted) {
          it->second = getBufferLocation(operand).root;
        }
        auto buffer = buffers.find(it->second);
        if (buffer == buffers.end()) {
          continue;
        }
        unsigned time = step.lookup(block.findAncestorOpInBlock(*op));
        Buffer &b = buffer->second;
        b.first = std::min(b.first.value_or(time), time);
        b.last = std::max(b.last.value_or(time), time);
        if (auto dealloc = llvm::dyn_cast<memref::DeallocOp>(op);
            dealloc && llvm::isa<memref::AllocOp>(b.op)) {
          deallocs.push_back(dealloc);
        }
      }
    });

    // The requests: the allocations, then the static allocations (merged
    // into one fixed request per group of overlapping byte ranges).
    std::vector<sched::BufferRequest> requests;
    SmallVector<memref::AllocOp> allocs;
    struct Fixed {
      int64_t begin, end;
      unsigned start, stop;
    };
    SmallVector<Fixed> fixed;
    for (auto &[value, buffer] : buffers) {
      unsigned def = step.lookup(buffer.op);
      unsigned start = buffer.first.value_or(def);
      unsigned stop = buffer.last.value_or(def) + 1;
      if (auto alloc = llvm::dyn_cast<memref::AllocOp>(buffer.op)) {
        if (capacity != 0 && buffer.size > capacity) {
          return alloc.emitOpError()
                 << "allocates " << buffer.size << " bytes, more than the "
                 << target.describe() << " of " << capacity << " bytes"
                 << (target.kind == MemoryKind::DDR ? " (max-size)" : "");
        }
        BufferType type(alloc.getType());
        int64_t elemBytes =
            std::max<int64_t>(1, type.getElemTypeSize().count() / 8);
        int64_t align = std::max<int64_t>(
            {baseAlignment, static_cast<int64_t>(llvm::PowerOf2Ceil(elemBytes)),
             static_cast<int64_t>(alloc.getAlignment().value_or(1))});
        sched::BufferRequest request;
        request.id = allocs.size();
        request.name = describe(alloc);
        request.size = buffer.size;
        request.alignment = align;
        request.start = start;
        request.end = stop;
        requests.push_back(request);
        allocs.push_back(alloc);
        continue;
      }
      auto alloc = llvm::cast<StaticAllocOp>(buffer.op);
      auto offset = static_cast<int64_t>(alloc.getOffset());
      fixed.push_back({offset, offset + buffer.size, start, stop});
    }
    llvm::sort(fixed, [](const Fixed &a, const Fixed &b) {
      return a.begin < b.begin;
    });
    for (unsigned i = 0, e = fixed.size(); i < e;) {
      Fixed group = fixed[i];
      for (++i; i < e && fixed[i].begin < group.end; ++i) {
        group.end = std::max(group.end, fixed[i].end);
        group.start = std::min(group.start, fixed[i].start);
        group.stop = std::max(group.stop, fixed[i].stop);
      }
      if (group.end == group.begin) {
        continue;
      }
      sched::BufferRequest request;
      request.id = allocs.size() + requests.size();
      request.name = "VPUIP.StaticAlloc<" + std::to_string(group.begin) + ">";
      request.size = group.end - group.begin;
      request.start = group.start;
      request.end = group.stop;
      request.fixedOffset = group.begin;
      requests.push_back(request);
    }

    sched::AllocatorOptions options;
    options.strategy = greedyBySize ? sched::AllocationStrategy::Best
                                    : sched::AllocationStrategy::LinearScan;
    if (capacity != 0) {
      options.capacity = capacity;
    }
    llvm::Expected<sched::Allocation> allocation =
        sched::allocateLinearScan(requests, options);
    if (!allocation) {
      return func.emitOpError()
             << "cannot place its "
             << (target.kind == MemoryKind::DDR ? std::string("DDR")
                                                : target.describe())
             << " buffers"
             << (capacity != 0 ? " within the " + target.describe() + " of " +
                                     std::to_string(capacity) + " bytes"
                               : std::string())
             << " (time steps are the indices of the ops of the body): "
             << llvm::toString(allocation.takeError());
    }

    OpBuilder builder(func.getContext());
    for (auto [index, alloc] : llvm::enumerate(allocs)) {
      builder.setInsertionPoint(alloc);
      auto placed = builder.create<StaticAllocOp>(
          alloc.getLoc(), alloc.getType(), allocation->offsets[index]);
      alloc.getResult().replaceAllUsesWith(placed.getResult());
    }
    for (memref::DeallocOp dealloc : deallocs) {
      dealloc.erase();
    }
    for (memref::AllocOp alloc : allocs) {
      alloc.erase();
    }

    int64_t peak = static_cast<int64_t>(allocation->peakSize);
    if (target.kind != MemoryKind::DDR) {
      log.info("@{0}: {1} buffer(s) placed in {2}, {3} bytes used (lower "
               "bound {4} bytes)",
               func.getSymName(), allocs.size(), target.describe(), peak,
               sched::maxLiveBytes(requests));
      return peak;
    }
    log.info("@{0}: {1} DDR buffer(s) placed, scratch heap {2} bytes (lower "
             "bound {3} bytes)",
             func.getSymName(), allocs.size(), peak,
             sched::maxLiveBytes(requests));
    return peak;
  }
};

} // namespace
} // namespace mlir::vpuc::VPUIP
