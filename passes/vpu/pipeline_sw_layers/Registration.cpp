//===- Registration.cpp - Entry point of pipeline_sw_layers --------*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpu_pipeline_sw_layers`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpu/pipeline_sw_layers/PipelineSwLayers.h"

extern "C" void
vpuc_register_vpu_pipeline_sw_layers(mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPU::createPipelineSwLayersPass(); });
}
