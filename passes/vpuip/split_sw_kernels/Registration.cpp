//===- Registration.cpp - Entry point of split_sw_kernels -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_split_sw_kernels`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/split_sw_kernels/SplitSwKernels.h"

extern "C" void
vpuc_register_vpuip_split_sw_kernels(mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createSplitSwKernelsPass(); });
}
