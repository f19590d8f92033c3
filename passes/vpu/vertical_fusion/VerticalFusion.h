//===- VerticalFusion.h - vpuc-vpu-vertical-fusion pass -----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createVerticalFusionPass(): NCE chains through element-wise
// software layers tiled together over rows.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_VERTICAL_FUSION_VERTICAL_FUSION_H_
#define VPUC_PASSES_VPU_VERTICAL_FUSION_VERTICAL_FUSION_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DECL_VERTICALFUSIONPASS
#include "passes/vpu/vertical_fusion/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_VERTICAL_FUSION_VERTICAL_FUSION_H_
