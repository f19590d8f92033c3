//===- VPUDialect.h - The VPU dialect ---------------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares the VPU dialect class and its registration function.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUDIALECT_H_
#define VPUC_DIALECTS_VPU_IR_VPUDIALECT_H_

#include "mlir/IR/Dialect.h"

#include "dialects/vpu/ir/VPUDialect.h.inc" // IWYU pragma: keep

namespace mlir::vpuc::VPU {

/// Inserts the VPU dialect (and the dialects it depends on) into `registry`,
/// with the extension that attaches NCELegalityOpInterface to the IE layers.
void registerVPUDialect(DialectRegistry &registry);

} // namespace mlir::vpuc::VPU

#endif // VPUC_DIALECTS_VPU_IR_VPUDIALECT_H_
