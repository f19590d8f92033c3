//===- Registration.cpp - count_network_macs component ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_count_network_macs`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/count_network_macs/CountNetworkMacs.h"

extern "C" void
vpuc_register_ie_count_network_macs(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createCountNetworkMacsPass(); });
}
