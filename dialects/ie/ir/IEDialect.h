//===- IEDialect.h - The IE dialect -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the IE dialect class and its registration function.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_IE_IR_IEDIALECT_H_
#define VPUC_DIALECTS_IE_IR_IEDIALECT_H_

#include "mlir/IR/Dialect.h"

#include "dialects/ie/ir/IEDialect.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::IE {

/// Inserts the IE dialect (and the dialects it depends on) into `registry`.
void registerIEDialect(DialectRegistry &registry);

} // namespace mlir::vpuc::IE

#endif // VPUC_DIALECTS_IE_IR_IEDIALECT_H_
