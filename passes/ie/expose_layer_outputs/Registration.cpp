//===- Registration.cpp - expose_layer_outputs component --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_expose_layer_outputs`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/expose_layer_outputs/ExposeLayerOutputs.h"

extern "C" void vpuc_register_ie_expose_layer_outputs(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createExposeLayerOutputsPass(); });
}
