//===- Registration.cpp - ie_to_vpu component -------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_conversion_ie_to_vpu`.
//
//===----------------------------------------------------------------------===//

#include "conversions/ie_to_vpu/IEToVPU.h"
#include "core/registry/Registry.h"

extern "C" void
vpuc_register_conversion_ie_to_vpu(mlir::vpuc::registry::Registry &registry) {
  registry.addPass([] { return mlir::vpuc::VPU::createConvertIEToVPUPass(); });
}
