//===- Registration.cpp - the registry component ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point
// `vpuc_register_ie_convert_scale_shift_to_depthwise`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/convert_scale_shift_to_depthwise/ConvertScaleShiftToDepthwise.h"

extern "C" void vpuc_register_ie_convert_scale_shift_to_depthwise(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createConvertScaleShiftToDepthwisePass(); });
}
