//===- Registration.cpp - Entry point of optimize_reorders ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_optimize_reorders`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/optimize_reorders/OptimizeReorders.h"

extern "C" void
vpuc_register_ie_optimize_reorders(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createOptimizeReordersPass(); });
}
