//===- ConcatInPlace.cpp - Concatenation inputs written in place *- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements writeConcatInputsInPlace (Patterns.h): after the conversion, a
// concatenation input that a task wrote into a buffer of its own and a copy
// then moved into the input's part of the concatenation buffer is written
// into that part directly. The task's output buffer becomes a sub-view of
// the concatenation buffer (created, with the buffer, before the task), its
// result takes the sub-view's type, and the copy and the task's own buffer
// go away. Only tasks whose result every other user reads as a possibly
// strided buffer (copies, kernels, views joined or taken) are rewritten;
// function arguments, constants and views keep their copies.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/Patterns.h"

#include "dialects/vpuip/ir/BufferType.h"
#include "dialects/vpuip/ir/VPUIPOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

namespace mlir::vpuc::VPUIP {

/// The bytes a buffer value spans within the buffer it is a view of.
struct Span {
  Value root;
  int64_t begin = 0;
  int64_t end = 0;

  /// True if both are in one root and share a byte.
  bool overlaps(const Span &other) const {
    return root == other.root && begin < other.end && other.begin < end;
  }
};

/// The span of `value`, following sub-views (their byte offsets), joins,
/// reshapes and the results of tasks (their output buffers) to the root.
static Span getSpan(Value value) {
  Span span;
  span.end = BufferType(llvm::cast<MemRefType>(value.getType()))
                 .getTotalAllocSize()
                 .count();
  while (Operation *def = value.getDefiningOp()) {
    if (auto subView = llvm::dyn_cast<SubViewOp>(def)) {
      span.begin += subView.getByteOffset();
      span.end += subView.getByteOffset();
      value = subView.getSource();
    } else if (auto concat = llvm::dyn_cast<ConcatViewOp>(def)) {
      value = concat.getOutputBuff();
    } else if (auto reshape = llvm::dyn_cast<GenericReshapeOp>(def)) {
      value = reshape.getInput();
    } else if (auto dps = llvm::dyn_cast<DestinationStyleOpInterface>(def)) {
      OpOperand *tied = dps.getTiedOpOperand(llvm::cast<OpResult>(value));
      if (!tied) {
        break;
      }
      value = tied->get();
    } else {
      break;
    }
  }
  span.root = value;
  return span;
}

/// True if `user` reads a buffer of any (strided) layout.
static bool readsStridedBuffers(Operation *user) {
  return llvm::isa<CopyOp, NNDMAOp, SubViewOp, ConcatViewOp, UpaSwOp,
                   SwKernelOp>(user);
}

/// Lets the producer of the concatenation input `input` (the result of a
/// copy into a part of `concat`'s buffer) write into that part; returns the
/// value that replaces the copy's result, or null when it cannot.
static Value writeInPlace(ConcatViewOp concat, Value input) {
  auto copy = input.getDefiningOp<CopyOp>();
  if (!copy) {
    return {};
  }
  auto part = copy.getOutputBuff().getDefiningOp<SubViewOp>();
  Value buffer = concat.getOutputBuff();
  auto bufferAlloc = buffer.getDefiningOp<memref::AllocOp>();
  if (!part || part.getSource() != buffer || !bufferAlloc) {
    return {};
  }
  auto source = llvm::dyn_cast<OpResult>(copy.getInput());
  if (!source || !llvm::isa<CopyOp, UpaSwOp, SwKernelOp>(source.getOwner())) {
    return {};
  }
  Operation *producer = source.getOwner();
  OpOperand *tied =
      llvm::cast<DestinationStyleOpInterface>(producer).getTiedOpOperand(
          source);
  auto alloc = tied ? tied->get().getDefiningOp<memref::AllocOp>() : nullptr;
  if (!alloc || !alloc->hasOneUse() ||
      producer->getBlock() != bufferAlloc->getBlock() ||
      !isSameMemory(alloc.getType(), part.getType())) {
    return {};
  }
  if (!llvm::all_of(source.getUsers(), [&](Operation *user) {
        return user == copy.getOperation() || readsStridedBuffers(user);
      })) {
    return {};
  }
  // Tasks never read or write bytes they write elsewhere (the emulator and
  // the blob refuse overlapping operands): neither the producer's inputs nor
  // the outputs of the tasks reading its result may overlap the part.
  Span target = getSpan(part);
  auto dps = llvm::cast<DestinationStyleOpInterface>(producer);
  for (OpOperand *operand : dps.getDpsInputOperands()) {
    if (getSpan(operand->get()).overlaps(target)) {
      return {};
    }
  }
  for (Operation *user : source.getUsers()) {
    auto task = llvm::dyn_cast<DestinationStyleOpInterface>(user);
    if (!task || user == copy.getOperation()) {
      continue;
    }
    for (OpOperand &output : task.getDpsInitsMutable()) {
      if (getSpan(output.get()).overlaps(target)) {
        return {};
      }
    }
  }

  if (producer->isBeforeInBlock(bufferAlloc)) {
    bufferAlloc->moveBefore(producer);
  }
  OpBuilder builder(producer);
  auto view = builder.create<SubViewOp>(
      part.getLoc(), part.getType(), buffer, part.getStaticOffsetsAttr(),
      part.getStaticSizesAttr(), part.getStaticStridesAttr());
  tied->set(view);
  source.setType(view.getType());
  // The body arguments of kernels have the types of their buffers.
  auto retypeBodyArgument = [](OpOperand &operand) {
    if (auto kernel = llvm::dyn_cast<SwKernelOp>(operand.getOwner())) {
      kernel.getBody()
          .front()
          .getArgument(operand.getOperandNumber())
          .setType(operand.get().getType());
    }
  };
  retypeBodyArgument(*tied);
  for (OpOperand &use : source.getUses()) {
    retypeBodyArgument(use);
  }
  alloc.erase();
  copy.getResult().replaceAllUsesWith(source);
  copy.erase();
  if (part->use_empty()) {
    part.erase();
  }
  return source;
}

void writeConcatInputsInPlace(Operation *root) {
  SmallVector<ConcatViewOp> concats;
  root->walk([&](ConcatViewOp concat) { concats.push_back(concat); });
  for (ConcatViewOp concat : concats) {
    for (unsigned i = 0, e = concat.getInputs().size(); i < e; ++i) {
      writeInPlace(concat, concat.getInputs()[i]);
    }
  }
}

} // namespace mlir::vpuc::VPUIP
