//===- VPUIPInterfaces.h - Op interfaces of VPUIP ---------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// TaskOpInterface (documented in VPUIPInterfaces.td and the generated
// VPUIPInterfaces.md).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPUIP_IR_VPUIPINTERFACES_H_
#define VPUC_DIALECTS_VPUIP_IR_VPUIPINTERFACES_H_

#include "dialects/vpuip/ir/VPUIPAttributes.h"
#include "mlir/IR/OpDefinition.h"

#include "dialects/vpuip/ir/VPUIPOpInterfaces.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_VPUIP_IR_VPUIPINTERFACES_H_
