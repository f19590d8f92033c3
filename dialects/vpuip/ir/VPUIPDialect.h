//===- VPUIPDialect.h - The VPUIP dialect -----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the VPUIP dialect class and its registration function.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPDIALECT_H_
#define VPUC_DIALECTS_VPUIP_IR_VPUIPDIALECT_H_

#include "mlir/IR/Dialect.h"

#include "dialects/vpuip/ir/VPUIPDialect.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPUIP {

/// Inserts the VPUIP dialect (and the dialects it depends on) into `registry`.
void registerVPUIPDialect(DialectRegistry &registry);

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPDIALECT_H_
