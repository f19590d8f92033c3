//===- IEToVPU.h - IE to VPU lowering pass ----------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createConvertIEToVPUPass() and ConvertIEToVPUPassOptions.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_CONVERSIONS_IE_TO_VPU_IETOVPU_H_
#define VPUC_CONVERSIONS_IE_TO_VPU_IETOVPU_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DECL_CONVERTIETOVPUPASS
#include "conversions/ie_to_vpu/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPU

#endif // VPUC_CONVERSIONS_IE_TO_VPU_IETOVPU_H_
