//===- Registration.cpp - Entry point of async_to_vpurt ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpurt_async_to_vpurt`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpurt/async_to_vpurt/AsyncToVPURT.h"

extern "C" void
vpuc_register_vpurt_async_to_vpurt(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPURT::createAsyncToVPURTPass(); });
}
