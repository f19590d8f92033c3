//===- Registration.cpp - vpu_to_vpuip component ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_conversion_vpu_to_vpuip`.
//
//===----------------------------------------------------------------------===//

#include "conversions/vpu_to_vpuip/VPUToVPUIP.h"
#include "core/registry/Registry.h"

extern "C" void vpuc_register_conversion_vpu_to_vpuip(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createConvertVPUToVPUIPPass(); });
}
