//===- Registration.cpp - Entry point of ddr_static_allocation --*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_ddr_static_allocation`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/ddr_static_allocation/DdrStaticAllocation.h"

extern "C" void vpuc_register_vpuip_ddr_static_allocation(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createDdrStaticAllocationPass(); });
}
