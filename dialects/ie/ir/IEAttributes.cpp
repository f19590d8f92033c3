//===- IEAttributes.cpp - Attributes of the IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Generated enum and attribute definitions, and the dialect's attribute
// parser/printer.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/ir/IEAttributes.h"

#include "dialects/ie/ir/IEDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

#include "dialects/ie/ir/IEEnums.cpp.inc" // IWYU pragma: keep

#define GET_ATTRDEF_CLASSES
#include "dialects/ie/ir/IEAttributes.cpp.inc" // IWYU pragma: keep

namespace mlir::vpuc::IE {

void IEDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/ie/ir/IEAttributes.cpp.inc" // IWYU pragma: keep
      >();
}

} // namespace mlir::vpuc::IE
