//===- Registration.cpp - Entry point of sw_kernels_to_cmx ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_sw_kernels_to_cmx`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/sw_kernels_to_cmx/SwKernelsToCmx.h"

extern "C" void vpuc_register_vpuip_sw_kernels_to_cmx(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createSwKernelsToCmxPass(); });
}
