//===- Registration.cpp - dequantize_constants component --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_dequantize_constants`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/dequantize_constants/DequantizeConstants.h"

extern "C" void vpuc_register_ie_dequantize_constants(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createDequantizeConstantsPass(); });
}
