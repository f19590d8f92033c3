//===- ConstDialect.h - The Const dialect -----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the `const` dialect and its registration helper.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_CONSTDIALECT_H_
#define VPUC_DIALECTS_CONST_IR_CONSTDIALECT_H_

#include "mlir/IR/Dialect.h"

#include "dialects/const/ir/ConstDialect.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::Const {

/// Inserts the `const` dialect and the dialects it depends on (`quant`) into
/// `registry`.
void registerConstDialect(DialectRegistry &registry);

} // namespace mlir::vpuc::Const

#endif // VPUC_DIALECTS_CONST_IR_CONSTDIALECT_H_
