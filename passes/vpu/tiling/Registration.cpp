//===- Registration.cpp - Entry point of tiling -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpu_tiling`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpu/tiling/Tiling.h"

extern "C" void
vpuc_register_vpu_tiling(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPU::createTilingPass(); });
}
