//===- Registration.cpp - Entry point of adjust_layouts ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_adjust_layouts`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/adjust_layouts/AdjustLayouts.h"

extern "C" void
vpuc_register_ie_adjust_layouts(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createAdjustLayoutsPass(); });
}
