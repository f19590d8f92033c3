//===- SplitSwLayers.h - vpuc-vpu-split-sw-layers pass ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createSplitSwLayersPass() and SplitSwLayersPassOptions: the split
// of software layers whose tensors do not fit a SHAVE tensor window.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_SPLIT_SW_LAYERS_SPLITSWLAYERS_H_
#define VPUC_PASSES_VPU_SPLIT_SW_LAYERS_SPLITSWLAYERS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DECL_SPLITSWLAYERSPASS
#include "passes/vpu/split_sw_layers/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_SPLIT_SW_LAYERS_SPLITSWLAYERS_H_
