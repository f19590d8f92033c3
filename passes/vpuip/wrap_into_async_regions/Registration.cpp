//===- Registration.cpp - Entry point of wrap_into_async_regions ----------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_wrap_into_async_regions`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/wrap_into_async_regions/WrapIntoAsyncRegions.h"

extern "C" void vpuc_register_vpuip_wrap_into_async_regions(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createWrapIntoAsyncRegionsPass(); });
}
