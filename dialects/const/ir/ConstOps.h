//===- ConstOps.h - Const dialect operations --------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares `const.Declare`.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_CONSTOPS_H_
#define VPUC_DIALECTS_CONST_IR_CONSTOPS_H_

#include "dialects/const/ir/ConstAttributes.h"
#include "dialects/const/ir/ConstDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/const/ir/ConstOps.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_CONST_IR_CONSTOPS_H_
