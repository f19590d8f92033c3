//===- Registration.cpp - Entry point of assign_dma_ports -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_assign_dma_ports`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/assign_dma_ports/AssignDmaPorts.h"

extern "C" void
vpuc_register_vpuip_assign_dma_ports(mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createAssignDmaPortsPass(); });
}
