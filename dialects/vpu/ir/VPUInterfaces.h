//===- VPUInterfaces.h - Op interfaces of the VPU dialect -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// SWKernelOpInterface (documented in VPUInterfaces.td).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_VPU_IR_VPUINTERFACES_H_
#define VPUC_DIALECTS_VPU_IR_VPUINTERFACES_H_

#include "dialects/vpu/ir/SWKernelInfo.h"
#include "mlir/IR/OpDefinition.h"

#include "dialects/vpu/ir/VPUOpInterfaces.h.inc" // IWYU pragma: keep

#endif // VPUC_DIALECTS_VPU_IR_VPUINTERFACES_H_
