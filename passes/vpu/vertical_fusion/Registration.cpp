//===- Registration.cpp - Entry point of vertical_fusion --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpu_vertical_fusion`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpu/vertical_fusion/VerticalFusion.h"

extern "C" void
vpuc_register_vpu_vertical_fusion(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPU::createVerticalFusionPass(); });
}
