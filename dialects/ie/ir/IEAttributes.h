//===- IEAttributes.h - Attributes of the IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The enums of the IE dialect (AutoBroadcastType, RoundMode) and their
// attributes.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEATTRIBUTES_H_
#define VPUC_DIALECTS_IE_IR_IEATTRIBUTES_H_

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "dialects/ie/ir/IEEnums.h.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/ie/ir/IEAttributes.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_IE_IR_IEATTRIBUTES_H_
