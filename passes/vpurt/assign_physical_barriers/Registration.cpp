//===- Registration.cpp - Entry point of assign_physical_barriers ---------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpurt_assign_physical_barriers`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpurt/assign_physical_barriers/AssignPhysicalBarriers.h"

extern "C" void vpuc_register_vpurt_assign_physical_barriers(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPURT::createAssignPhysicalBarriersPass(); });
}
