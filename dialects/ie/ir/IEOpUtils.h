//===- IEOpUtils.h - Shared verification and inference helpers of IE ops -*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Helpers the generated op definitions (IEOps.td extraClassDefinition) and the
// op family sources share: eltwise broadcast verification and result type
// inference, layout encoding checks and eltwise cost. Internal to
// dialects/ie/ir.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPUTILS_H_
#define VPUC_DIALECTS_IE_IR_IEOPUTILS_H_

#include <optional>
#include <string>

#include "dialects/ie/ir/IEAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace mlir::vpuc::IE::detail {

/// Formats a shape as "[1, 3, ?]".
std::string formatShape(ArrayRef<int64_t> shape);

/// Returns the layout permutation of `type` (its AffineMapAttr encoding), or a
/// null map for the identity order.
AffineMap getLayoutMap(Type type);

/// Verifies that the shapes of `operandTypes` are compatible under `mode`,
/// emitting "operands of shapes ... are not broadcastable" (NUMPY) or "... must
/// be equal" otherwise.
LogicalResult verifyEltwiseOperands(Operation *op, ArrayRef<Type> operandTypes,
                                    AutoBroadcastType mode);

/// Infers the result of an eltwise op over `operandTypes`: the broadcast shape,
/// the element type `resultElemType` (the first operand's when null) and the
/// operands' common layout encoding (none unless they all agree).
LogicalResult
inferEltwiseComponents(std::optional<Location> loc, ArrayRef<Type> operandTypes,
                       AutoBroadcastType mode, Type resultElemType,
                       SmallVectorImpl<ShapedTypeComponents> &components);

/// Returns the shape `slope` of an IE.PRelu broadcasts from, given the input
/// shape: a 1-D slope of C = input dim 1 elements (rank >= 2 input, C > 1)
/// reads as [1, C, 1, ...] (one slope per channel); otherwise the slope shape
/// itself if it broadcasts to the input shape by NumPy rules (dynamic dims
/// match anything); nullopt if neither applies.
std::optional<SmallVector<int64_t, 6>>
getPReluSlopeShape(ArrayRef<int64_t> inputShape, ArrayRef<int64_t> slopeShape);

/// Returns flopsPerElement times the element count of the op's first result, or
/// nullopt if its shape is dynamic.
std::optional<int64_t> countEltwiseFLOPs(Operation *op,
                                         int64_t flopsPerElement);

} // namespace mlir::vpuc::IE::detail

#endif // VPUC_DIALECTS_IE_IR_IEOPUTILS_H_
