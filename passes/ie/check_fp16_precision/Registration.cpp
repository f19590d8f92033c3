//===- Registration.cpp - check_fp16_precision component --------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_check_fp16_precision`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/check_fp16_precision/CheckFP16Precision.h"

extern "C" void vpuc_register_ie_check_fp16_precision(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createCheckFP16PrecisionPass(); });
}
