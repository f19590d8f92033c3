//===- VPUToVPUIP.h - VPU to VPUIP bufferisation pass -----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertVPUToVPUIPPass() and ConvertVPUToVPUIPPassOptions.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_VPU_TO_VPUIP_VPUTOVPUIP_H_
#define VPUC_CONVERSIONS_VPU_TO_VPUIP_VPUTOVPUIP_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPUIP {

#define GEN_PASS_DECL_CONVERTVPUTOVPUIPPASS
#include "conversions/vpu_to_vpuip/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPUIP

#endif // VPUC_CONVERSIONS_VPU_TO_VPUIP_VPUTOVPUIP_H_
