//===- Registration.cpp - convert_deconv_to_conv component ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_convert_deconv_to_conv`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/convert_deconv_to_conv/ConvertDeconvToConv.h"

extern "C" void vpuc_register_ie_convert_deconv_to_conv(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createConvertDeconvToConvPass(); });
}
