//===- Registration.cpp - use_user_precision component ----------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_use_user_precision`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/use_user_precision/UseUserPrecision.h"

extern "C" void
vpuc_register_ie_use_user_precision(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createUseUserPrecisionPass(); });
}
