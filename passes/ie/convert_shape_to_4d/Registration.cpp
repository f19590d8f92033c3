//===- Registration.cpp - convert_shape_to_4d component ---------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_ie_convert_shape_to_4d`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/ie/convert_shape_to_4d/ConvertShapeTo4D.h"

extern "C" void
vpuc_register_ie_convert_shape_to_4d(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::IE::createConvertShapeTo4DPass(); });
}
