//===- Registration.cpp - Entry point of split_sw_layers --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpu_split_sw_layers`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpu/split_sw_layers/SplitSwLayers.h"

extern "C" void
vpuc_register_vpu_split_sw_layers(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPU::createSplitSwLayersPass(); });
}
