//===- Registration.cpp - resolve_strided_slice component -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_resolve_strided_slice`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/resolve_strided_slice/ResolveStridedSlice.h"

extern "C" void vpuc_register_ie_resolve_strided_slice(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createResolveStridedSlicePass(); });
}
