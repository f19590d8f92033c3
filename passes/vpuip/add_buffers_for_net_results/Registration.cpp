//===- Registration.cpp - Entry point of add_buffers_for_net_results ------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_add_buffers_for_net_results`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/add_buffers_for_net_results/AddBuffersForNetResults.h"

extern "C" void vpuc_register_vpuip_add_buffers_for_net_results(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createAddBuffersForNetResultsPass(); });
}
