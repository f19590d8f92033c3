//===- Registration.cpp - the registry component ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_convert_paddings_to_floor_mode`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/convert_paddings_to_floor_mode/ConvertPaddingsToFloorMode.h"

extern "C" void vpuc_register_ie_convert_paddings_to_floor_mode(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createConvertPaddingsToFloorModePass(); });
}
