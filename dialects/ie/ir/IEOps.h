//===- IEOps.h - Ops of the IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the IE ops (generated from IEOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEOPS_H_
#define VPUC_DIALECTS_IE_IR_IEOPS_H_

#include <array>
#include <optional>
#include <string>

#include "dialects/ie/ir/IEAttributes.h"
#include "dialects/ie/ir/IEDialect.h"
#include "dialects/ie/ir/IEInterfaces.h"
#include "dialects/ie/ir/IETraits.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::vpuc::IE {
class DataInfoOp;

namespace detail {
/// Checks the element types of a (group) convolution with operand and result
/// types `input`, `filter`, `bias` (null if absent) and `output` against the
/// op's rules: one float type, or a quantized layer (see IE.Convolution).
/// Fails with the reason in `reason`.
LogicalResult checkConvElementTypes(Type input, Type filter, Type bias,
                                    Type output, std::string &reason);

/// Checks the element types of a binary eltwise layer that also runs on
/// quantized types (IE.Add, IE.Multiply) with operand types `input1`,
/// `input2` and result type `output` against the op's rules: one float or
/// integer type for the operands, or a quantized layer (8-bit per-tensor
/// quantized operands and result, see IE.Add). Fails with the reason in
/// `reason`.
LogicalResult checkEltwiseElementTypes(Type input1, Type input2, Type output,
                                       std::string &reason);

/// checkEltwiseElementTypes as the verifier of `op`.
LogicalResult verifyEltwiseElementTypes(Operation *op, Type input1, Type input2,
                                        Type output);
} // namespace detail
} // namespace mlir::vpuc::IE

#define GET_OP_CLASSES
#include "dialects/ie/ir/IEOps.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::IE {
/// The window [H, W] of `mean` as an average pool if it is a global one (a
/// mean over the axes 2 and 3 of a static rank-4 input, with keep_dims, as
/// ONNX GlobalAveragePool imports), else nothing.
std::optional<std::array<int64_t, 2>> getGlobalPoolWindow(ReduceMeanOp mean);
} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_IR_IEOPS_H_
