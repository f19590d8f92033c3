//===- InPlace.cpp - A task writing where its result is copied --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "passes/vpuip/utils/InPlace.h"

#include <algorithm>
#include <cassert>

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "passes/vpuip/utils/BufferBoxes.h"
#include "passes/vpuip/utils/BufferLocation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::VPUIP {

namespace {

/// True if `use` is one of the operands of `range`.
bool isIn(OpOperand &use, MutableOperandRange range) {
  return llvm::any_of(range,
                      [&](OpOperand &operand) { return &operand == &use; });
}

/// Appends to `readers` the tasks reading `value` (but `skip`); true if
/// every use of it reads it as a buffer that may be strided: a DMA's input,
/// an NCE task's input or input2, a software kernel's input, or the source
/// of a `VPUIP.SubView` whose uses do.
bool collectReaders(Value value, Operation *skip,
                    SmallVectorImpl<Operation *> &readers) {
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (user == skip) {
      continue;
    }
    if (auto subView = llvm::dyn_cast<SubViewOp>(user)) {
      if (!collectReaders(subView.getResult(), nullptr, readers)) {
        return false;
      }
      continue;
    }
    auto dma = llvm::dyn_cast<NNDMAOp>(user);
    auto task = llvm::dyn_cast<NCEClusterTaskOp>(user);
    auto kernel = llvm::dyn_cast<SwKernelOp>(user);
    const bool reads = (dma && &use == &dma.getInputMutable()) ||
                       (task && (&use == &task.getInputMutable() ||
                                 isIn(use, task.getInput2Mutable()))) ||
                       (kernel && isIn(use, kernel.getInputsMutable()));
    if (!reads) {
      return false;
    }
    readers.push_back(user);
  }
  return true;
}

/// Updates the users of `value`, whose type changed (see
/// collectReaders): views are rebuilt on it, kernels' bodies retyped.
void retypeReaders(Value value) {
  for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
    Operation *user = use.getOwner();
    if (auto kernel = llvm::dyn_cast<SwKernelOp>(user)) {
      retypeKernelArgument(kernel, use);
      continue;
    }
    auto subView = llvm::dyn_cast<SubViewOp>(user);
    if (!subView) {
      continue;
    }
    OpBuilder builder(subView);
    SmallVector<int64_t, 4> steps;
    if (std::optional<ArrayRef<int64_t>> given = subView.getStaticStrides()) {
      steps.assign(given->begin(), given->end());
    }
    auto rebuilt = builder.create<SubViewOp>(subView.getLoc(), value,
                                             subView.getStaticOffsets(),
                                             subView.getStaticSizes(), steps);
    rebuilt->setDiscardableAttrs(subView->getDiscardableAttrDictionary());
    subView.getResult().replaceAllUsesWith(rebuilt.getResult());
    subView.erase();
    retypeReaders(rebuilt.getResult());
  }
}

/// The unit-step `VPUIP.SubView`s from the `memref.alloc` `root` to
/// `buffer`, root first; false when `buffer` is another kind of view of it.
bool getViewChain(Value buffer, Value root, SmallVectorImpl<SubViewOp> &chain) {
  Value current = buffer;
  while (current != root) {
    auto subView = current.getDefiningOp<SubViewOp>();
    if (!subView) {
      return false;
    }
    chain.push_back(subView);
    current = subView.getSource();
  }
  std::reverse(chain.begin(), chain.end());
  return true;
}

/// True if every op writing `root` but `copy` writes boxes of it that do not
/// meet `part`.
bool othersWriteElsewhere(const WriterMap &writers, Value root, Operation *copy,
                          const Box &part) {
  return llvm::all_of(writers.getWriters(root), [&](Operation *writer) {
    return writer == copy || writesOutside(writer, part);
  });
}

/// The task buffer `source` is the result of (see isInPlaceSource).
struct SourceTask {
  OpResult result;
  OpOperand *init = nullptr;
  memref::AllocOp buffer;
};

/// True if the CMX buffers of `task` in `buffer`'s cluster, with
/// `destination` in place of `buffer`, fit in `limit` together.
bool fitsWith(Operation *task, memref::AllocOp buffer, MemRefType destination,
              const CmxLimit &limit) {
  if (limit.capacity <= 0) {
    return true;
  }
  auto aligned = [&](Type type) {
    return static_cast<int64_t>(llvm::alignTo(
        BufferType(llvm::cast<MemRefType>(type)).getTotalAllocSize().count(),
        std::max<int64_t>(1, limit.alignment)));
  };
  int64_t bytes = aligned(destination);
  llvm::SmallPtrSet<void *, 8> roots;
  for (Value operand : task->getOperands()) {
    Value root = getBufferLocation(operand).root;
    if (!root || root == buffer.getResult()) {
      continue;
    }
    FailureOr<BufferType> type = BufferType::get(root.getType());
    if (failed(type) || type->getMemoryKind() != MemoryKind::CMX_NN ||
        type->getClusterIndex() !=
            BufferType(buffer.getType()).getClusterIndex() ||
        !roots.insert(root.getAsOpaquePointer()).second) {
      continue;
    }
    bytes += aligned(root.getType());
  }
  return bytes <= limit.capacity;
}

std::optional<SourceTask> getSourceTask(Value source, MemRefType part,
                                        MemRefType destination,
                                        const WriterMap &writers,
                                        const CmxLimit &limit,
                                        Operation *skip) {
  auto result = llvm::dyn_cast<OpResult>(source);
  if (!result || !llvm::isa<NCEClusterTaskOp, SwKernelOp>(result.getOwner())) {
    return std::nullopt;
  }
  Operation *task = result.getOwner();
  OpOperand *init =
      llvm::cast<DestinationStyleOpInterface>(task).getTiedOpOperand(result);
  memref::AllocOp buffer = getWholeAllocation(init->get(), MemoryKind::CMX_NN);
  if (!buffer || !buffer->hasOneUse() ||
      init->get().getType() != result.getType()) {
    return std::nullopt;
  }
  ArrayRef<Operation *> bufferWriters = writers.getWriters(buffer.getResult());
  if (bufferWriters.size() != 1 || bufferWriters.front() != task) {
    return std::nullopt;
  }
  FailureOr<BufferType> into = BufferType::get(part);
  BufferType from(buffer.getType());
  if (failed(into) || into->getMemoryKind() != MemoryKind::CMX_NN ||
      from.getClusterIndex() != into->getClusterIndex() ||
      from.getShape() != into->getShape() ||
      from.getElementType() != into->getElementType() ||
      from.getOrder() != into->getOrder() ||
      from.getElemTypeSize().count() % 8 != 0 ||
      !fitsWith(task, buffer, destination, limit)) {
    return std::nullopt;
  }
  // The readers of the result read `destination` then: they must take a
  // strided view, and their buffers must fit with it.
  SmallVector<Operation *, 4> readers;
  if (!collectReaders(result, skip, readers) ||
      !llvm::all_of(readers, [&](Operation *reader) {
        return fitsWith(reader, buffer, destination, limit);
      })) {
    return std::nullopt;
  }
  return SourceTask{result, init, buffer};
}

} // namespace

bool usersFitWith(Value value, memref::AllocOp buffer, MemRefType replacement,
                  const CmxLimit &limit) {
  return llvm::all_of(value.getUsers(), [&](Operation *user) {
    if (llvm::isa<ViewLikeOpInterface>(user)) {
      return llvm::all_of(user->getResults(), [&](Value view) {
        return usersFitWith(view, buffer, replacement, limit);
      });
    }
    return fitsWith(user, buffer, replacement, limit);
  });
}

CmxLimit getInPlaceLimit(int64_t cmxSize, int64_t alignment) {
  CmxLimit limit;
  limit.capacity =
      static_cast<int64_t>(static_cast<double>(cmxSize) * kInPlaceCmxShare);
  limit.alignment = alignment;
  return limit;
}

CmxLimit getCmxLimit(Operation *op) {
  CmxLimit limit;
  if (ResourcesAttr resources = getResources(op)) {
    limit.capacity = resources.getCmxSize();
    limit.alignment = resources.getCmxAlignment();
  }
  return limit;
}

bool isInPlaceSource(Value source, MemRefType part, MemRefType destination,
                     const WriterMap &writers, const CmxLimit &limit,
                     Operation *skip) {
  return getSourceTask(source, part, destination, writers, limit, skip)
      .has_value();
}

std::optional<InPlaceCopy>
canWriteInPlace(NNDMAOp copy, const WriterMap &writers, const CmxLimit &limit) {
  InPlaceCopy plan;
  plan.copy = copy;
  // The destination: a unit-step view of a whole CMX allocation that
  // nothing else writes there.
  Value part = copy.getOutputBuff();
  auto partType = llvm::dyn_cast<MemRefType>(part.getType());
  std::optional<Box> box = getBox(part);
  if (!partType || !box) {
    return std::nullopt;
  }
  plan.destination = getWholeAllocation(box->root, MemoryKind::CMX_NN);
  if (!plan.destination ||
      !getViewChain(part, plan.destination.getResult(), plan.chain) ||
      !othersWriteElsewhere(writers, box->root, copy, *box)) {
    return std::nullopt;
  }
  std::optional<SourceTask> source =
      getSourceTask(copy.getInput(), partType, plan.destination.getType(),
                    writers, limit, copy);
  if (!source || source->buffer == plan.destination) {
    return std::nullopt;
  }
  plan.result = source->result;
  plan.init = source->init;
  plan.buffer = source->buffer;
  return plan;
}

InPlaceWrite writeInPlace(const InPlaceCopy &plan, WriterMap &writers) {
  NNDMAOp copy = plan.copy;
  memref::AllocOp buffer = plan.buffer;
  memref::AllocOp destination = plan.destination;
  Value part = copy.getOutputBuff();
  auto partType = llvm::cast<MemRefType>(part.getType());
  Operation *task = plan.result.getOwner();
  // The destination and the views down to it before the task.
  if (!destination->isBeforeInBlock(task)) {
    destination->moveBefore(task);
  }
  for (SubViewOp view : plan.chain) {
    if (!view->isBeforeInBlock(task)) {
      view->moveBefore(task);
    }
  }
  InPlaceWrite done;
  done.bytes = static_cast<int64_t>(
      BufferType(buffer.getType()).getDataSize().count() / 8);
  plan.init->set(part);
  OpResult result = plan.result;
  result.setType(partType);
  if (auto kernel = llvm::dyn_cast<SwKernelOp>(task)) {
    retypeKernelArgument(kernel, *plan.init);
    done.kernel = true;
  }
  copy.getOutput().replaceAllUsesWith(result);
  writers.replaceWriter(destination.getResult(), copy, {task});
  copy.erase();
  buffer.erase();
  retypeReaders(result);
  return done;
}

void retypeKernelArgument(SwKernelOp kernel, OpOperand &use) {
  Block &body = kernel.getBody().front();
  unsigned index = use.getOperandNumber();
  assert(body.getNumArguments() == kernel->getNumOperands() &&
         "a kernel's body has an argument per buffer operand");
  body.getArgument(index).setType(use.get().getType());
}

} // namespace mlir::vpuc::VPUIP
