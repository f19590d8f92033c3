//===- VPURTTypes.cpp - VPURT enums, attributes and types -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Storage of the VPURT attributes and types and their registration.
//
//===----------------------------------------------------------------------===//

#include "dialects/vpurt/ir/VPURTTypes.h"

#include "dialects/vpurt/ir/VPURTDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "dialects/vpurt/ir/VPURTEnums.cpp.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/vpurt/ir/VPURTAttributes.cpp.inc" // IWYU pragma: keep

#define GET_TYPEDEF_CLASSES
#include "dialects/vpurt/ir/VPURTTypes.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPURT {

void VPURTDialect::registerAttributesAndTypes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/vpurt/ir/VPURTAttributes.cpp.inc" // IWYU pragma: keep
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/vpurt/ir/VPURTTypes.cpp.inc" // IWYU pragma: keep
      >();
}

} // namespace mlir::vpuc::VPURT
