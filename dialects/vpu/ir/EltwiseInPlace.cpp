//===- EltwiseInPlace.cpp - Eltwise results over an input -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "dialects/vpu/ir/EltwiseInPlace.h"

#include "dialects/vpu/ir/VPUNCEInterfaces.h"
#include "dialects/vpu/ir/VPUOps.h"

namespace mlir::vpuc::VPU {

namespace {

/// The input of `concat` that `slice` is exactly, or null.
Value getSlicedInput(ConcatOp concat, SliceOp slice) {
  return getConcatInputAt(concat, slice.getStaticOffsets(),
                          slice.getStaticSizes());
}

} // namespace

bool canOverwriteInput(Operation *op) {
  if (!llvm::isa<NCEEltwiseOp>(op)) {
    return false;
  }
  Type outputType = op->getResult(0).getType();
  for (Value input : op->getOperands()) {
    if (input.getType() != outputType) {
      continue;
    }
    Value piece = input;
    auto slice = input.getDefiningOp<SliceOp>();
    auto concat = slice ? slice.getInput().getDefiningOp<ConcatOp>() : nullptr;
    if (slice) {
      piece = concat ? getSlicedInput(concat, slice) : nullptr;
      if (!piece || !piece.hasOneUse() || !slice->hasOneUse()) {
        continue;
      }
      // Every user of the join reads one piece, and only this one reads
      // `piece`.
      bool pieces = llvm::all_of(concat->getUsers(), [&](Operation *user) {
        auto other = llvm::dyn_cast<SliceOp>(user);
        Value read = other ? getSlicedInput(concat, other) : nullptr;
        return read && (read != piece || other == slice);
      });
      if (!pieces) {
        continue;
      }
    } else if (!input.hasOneUse()) {
      continue;
    }
    if (piece.getDefiningOp<NCEOpInterface>()) {
      return true;
    }
  }
  return false;
}

} // namespace mlir::vpuc::VPU
