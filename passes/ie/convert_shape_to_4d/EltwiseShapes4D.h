//===- EltwiseShapes4D.h - 4-D shapes of an eltwise op ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// computeEltwiseShapes4D: the 4-D shapes on which an eltwise op with NumPy
// broadcasting computes the same thing as on its original shapes.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_ELTWISESHAPES4D_H_
#define VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_ELTWISESHAPES4D_H_

#include <cstdint>
#include <string>

#include "mlir/Support/LLVM.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::IE {

/// The 4-D shapes of the result and of each operand of an eltwise op.
struct EltwiseShapes4D {
  SmallVector<int64_t, 4> result;
  SmallVector<SmallVector<int64_t, 4>> operands;
};

/// Computes 4-D shapes for an eltwise op whose operands, of shapes
/// `operandShapes`, broadcast to `resultShape` by NumPy rules (shapes aligned
/// on the right, a dim of 1 stretches). Each new shape holds the elements of
/// the old one in the same row-major order (so an IE.Reshape or
/// #const.Reshape converts), and broadcasting the new operand shapes gives the
/// new result shape, element for element as before.
///
/// Up to rank 4, the shapes are aligned to the result's rank and then padded
/// with leading 1s. Above rank 4, the dims of extent 1 are dropped and
/// adjacent dims are merged where every operand either has the result's
/// extents on both or 1 on both; this fails when more than four dims remain.
/// It also fails for dynamic dims and for operands that do not broadcast to
/// the result; `reason` then says why.
FailureOr<EltwiseShapes4D>
computeEltwiseShapes4D(ArrayRef<int64_t> resultShape,
                       ArrayRef<SmallVector<int64_t, 4>> operandShapes,
                       std::string &reason);

} // namespace mlir::vpuc::IE

#endif // VPUC_PASSES_IE_CONVERT_SHAPE_TO_4D_ELTWISESHAPES4D_H_
