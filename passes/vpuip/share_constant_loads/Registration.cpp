//===- Registration.cpp - Entry point of share_constant_loads ---------*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_share_constant_loads`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/share_constant_loads/ShareConstantLoads.h"

extern "C" void vpuc_register_vpuip_share_constant_loads(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createShareConstantLoadsPass(); });
}
