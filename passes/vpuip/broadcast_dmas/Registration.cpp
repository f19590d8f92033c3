//===- Registration.cpp - Entry point of broadcast_dmas ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_broadcast_dmas`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/broadcast_dmas/BroadcastDmas.h"

extern "C" void
vpuc_register_vpuip_broadcast_dmas(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPUIP::createBroadcastDmasPass(); });
}
