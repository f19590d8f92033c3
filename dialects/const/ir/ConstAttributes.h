//===- ConstAttributes.h - Const dialect attributes -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares `#const.Content`, the transformation interface and the
// transformation attributes.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_CONSTATTRIBUTES_H_
#define VPUC_DIALECTS_CONST_IR_CONSTATTRIBUTES_H_

#include "dialects/const/ir/Content.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include "dialects/const/ir/ConstInterfaces.h.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/const/ir/ConstAttributes.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_CONST_IR_CONSTATTRIBUTES_H_
