//===- Registration.cpp - fuse_swish component -------------------*- C++
//-*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_fuse_swish`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/fuse_swish/FuseSwish.h"

extern "C" void
vpuc_register_ie_fuse_swish(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createFuseSwishPass(); });
}
