//===- Registration.cpp - Entry point of eltwise_in_place -------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The component entry point `vpuc_register_vpuip_eltwise_in_place`.
//
//===----------------------------------------------------------------------===//

#include "core/registry/Registry.h"
#include "passes/vpuip/eltwise_in_place/EltwiseInPlace.h"

extern "C" void
vpuc_register_vpuip_eltwise_in_place(mlir::vpuc::registry::Registry &registry) {
  registry.addPass(
      [] { return mlir::vpuc::VPUIP::createEltwiseInPlacePass(); });
}
