//===- Registration.cpp - Entry point of fuse_post_ops ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_fuse_post_ops`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/fuse_post_ops/FusePostOps.h"

extern "C" void
vpuc_register_ie_fuse_post_ops(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createFusePostOpsPass(); });
}
