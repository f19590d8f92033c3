//===- Registration.cpp - Entry point of fuse_layers ------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_fuse_layers`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/fuse_layers/FuseLayers.h"

extern "C" void
vpuc_register_ie_fuse_layers(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createFuseLayersPass(); });
}
