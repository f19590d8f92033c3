//===- Registration.cpp - fuse_quantized_layers component -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_fuse_quantized_layers`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/fuse_quantized_layers/FuseQuantizedLayers.h"

extern "C" void vpuc_register_ie_fuse_quantized_layers(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createFuseQuantizedLayersPass(); });
}
