//===- VPURTDialect.h - The VPURT dialect -----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the VPURT dialect class and its registration function.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPURT_IR_VPURTDIALECT_H_
#define VPUC_DIALECTS_VPURT_IR_VPURTDIALECT_H_

#include "mlir/IR/Dialect.h"

#include "dialects/vpurt/ir/VPURTDialect.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPURT {

/// Inserts the VPURT dialect (and the dialects it depends on) into `registry`.
void registerVPURTDialect(DialectRegistry &registry);

} // namespace mlir::vpuc::VPURT

#endif // VPUC_DIALECTS_VPURT_IR_VPURTDIALECT_H_
