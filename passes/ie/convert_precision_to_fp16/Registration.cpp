//===- Registration.cpp - convert_precision_to_fp16 component ---*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_convert_precision_to_fp16`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/convert_precision_to_fp16/ConvertPrecisionToFP16.h"

extern "C" void vpuc_register_ie_convert_precision_to_fp16(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createConvertPrecisionToFP16Pass(); });
}
