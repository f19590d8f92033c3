//===- VPURTTypes.h - VPURT enums, attributes and types ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// BufferSection (and its attribute `#VPURT.section`) and `!VPURT.Barrier`.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPURT_IR_VPURTTYPES_H_
#define VPUC_DIALECTS_VPURT_IR_VPURTTYPES_H_

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"

#include "dialects/vpurt/ir/VPURTEnums.h.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/vpurt/ir/VPURTAttributes.h.inc" // IWYU pragma: keep

#define GET_TYPEDEF_CLASSES
#include "dialects/vpurt/ir/VPURTTypes.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_VPURT_IR_VPURTTYPES_H_
