//===- Registration.cpp - convert_conv1d_to_conv2d component ----*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_convert_conv1d_to_conv2d`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/convert_conv1d_to_conv2d/ConvertConv1DToConv2D.h"

extern "C" void vpuc_register_ie_convert_conv1d_to_conv2d(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createConvertConv1DToConv2DPass(); });
}
