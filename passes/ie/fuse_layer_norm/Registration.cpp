//===- Registration.cpp - fuse_layer_norm component -----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_fuse_layer_norm`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/fuse_layer_norm/FuseLayerNorm.h"

extern "C" void
vpuc_register_ie_fuse_layer_norm(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createFuseLayerNormPass(); });
}
