//===- Registration.cpp - Entry point of list_schedule ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_list_schedule`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/list_schedule/ListSchedule.h"

extern "C" void
vpuc_register_vpuip_list_schedule(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPUIP::createListSchedulePass(); });
}
