//===- Registration.cpp - handle_asymmetric_strides component ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_handle_asymmetric_strides`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/handle_asymmetric_strides/HandleAsymmetricStrides.h"

extern "C" void vpuc_register_ie_handle_asymmetric_strides(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createHandleAsymmetricStridesPass(); });
}
