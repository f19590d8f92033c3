//===- Registration.cpp - use_user_layout component -------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_use_user_layout`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/use_user_layout/UseUserLayout.h"

extern "C" void
vpuc_register_ie_use_user_layout(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createUseUserLayoutPass(); });
}
