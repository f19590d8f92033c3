//===- PipelineSwLayers.h - vpuc-vpu-pipeline-sw-layers pass -----*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Declares createPipelineSwLayersPass(): NCE ops and element-wise
// software layers cut into row tiles.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_PASSES_VPU_PIPELINE_SW_LAYERS_PIPELINE_SW_LAYERS_H_
#define VPUC_PASSES_VPU_PIPELINE_SW_LAYERS_PIPELINE_SW_LAYERS_H_

#include <memory>

#include "mlir/Pass/Pass.h"

namespace mlir::vpuc::VPU {

#define GEN_PASS_DECL_PIPELINESWLAYERSPASS
#include "passes/vpu/pipeline_sw_layers/Passes.h.inc" // IWYU pragma: keep

} // namespace mlir::vpuc::VPU

#endif // VPUC_PASSES_VPU_PIPELINE_SW_LAYERS_PIPELINE_SW_LAYERS_H_
