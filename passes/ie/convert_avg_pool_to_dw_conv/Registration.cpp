//===- Registration.cpp - convert_avg_pool_to_dw_conv component -*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_convert_avg_pool_to_dw_conv`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/convert_avg_pool_to_dw_conv/ConvertAvgPoolToDWConv.h"

extern "C" void vpuc_register_ie_convert_avg_pool_to_dw_conv(
    mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::IE::createConvertAvgPoolToDWConvPass(); });
}
