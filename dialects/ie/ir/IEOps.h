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
} // namespace detail
} // namespace mlir::vpuc::IE

#define GET_OP_CLASSES
#include "dialects/ie/ir/IEOps.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_IE_IR_IEOPS_H_
