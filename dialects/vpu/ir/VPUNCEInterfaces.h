//===- VPUNCEInterfaces.h - Op interface of the NCE ops ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// NCEOpInterface and NCELegalityOpInterface (documented in
// VPUNCEInterfaces.td).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUNCEINTERFACES_H_
#define VPUC_DIALECTS_VPU_IR_VPUNCEINTERFACES_H_

#include "dialects/vpu/ir/NCELimits.h"
#include "dialects/vpu/ir/VPUAttributes.h"
#include "mlir/IR/OpDefinition.h"
#include "llvm/ADT/SmallVector.h"

#include "dialects/vpu/ir/VPUNCEOpInterfaces.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_VPU_IR_VPUNCEINTERFACES_H_
