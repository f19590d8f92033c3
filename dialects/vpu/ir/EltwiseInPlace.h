//===- EltwiseInPlace.h - Eltwise results over an input ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Whether an NCE eltwise op can write its result over one of its inputs: the
// tiling and the bufferisation's CMX check then count no output buffer for
// it, and vpuc-vpuip-eltwise-in-place makes the task write over that input.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_ELTWISEINPLACE_H_
#define VPUC_DIALECTS_VPU_IR_ELTWISEINPLACE_H_

namespace mlir {
class Operation;
} // namespace mlir

namespace mlir::vpuc::VPU {

/// True if `op` is a VPU.NCE.Eltwise with an input of its result's type that
/// is the result of an NCE op nothing else reads: directly, or through a
/// VPU.Concat joining the pieces of a split whose every user is a VPU.Slice
/// of exactly one piece (the join of a split over clusters), this op's slice
/// the only one of that piece.
bool canOverwriteInput(Operation *op);

} // namespace mlir::vpuc::VPU

#endif // VPUC_DIALECTS_VPU_IR_ELTWISEINPLACE_H_
